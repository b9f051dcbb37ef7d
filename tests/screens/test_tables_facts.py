"""Seed 004's facts on screen: the Tables view's id space, space-only entries, merge rule, the two rules
compared on the current text, the regex as tiktoken spells it with the seed's spelling beside it; and
the example picker saying what each example shows."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from tests.app_support import make_app, opened, screen_text, settle
from tui.engine.tables import CL100K_PATTERN, CL100K_VIDEO_PATTERN, O200K_PATTERN
from tui.screens.dialogs import PickerScreen
from tui.screens.tables import RulesList, TablesScreen


def top(app) -> str:  # type: ignore[no-untyped-def]
    """The plain text at the top of the Tables view (built maps, facts or regex)."""
    return str(app.screen.query_one("#tables-built", Static).content)


async def test_cl100k_base_shows_its_id_space_spaces_and_rule_then_its_regex() -> None:
    app = make_app("hello world", "cl100k_base")
    async with opened(app, "tables") as pilot:
        assert isinstance(app.screen, TablesScreen)
        assert top(app) == (
            "cl100k_base: a tiktoken rank file, no merge list, no per-chunk cache · p regex\n"
            "ids: 100,256 ordinary + 5 special, highest 100,276: 16 unused (100,277 is the id space's size, not the number of entries)\n"
            "ids 100,257–100,260, 100,276 are cl100k_base's 5 special tokens\n"
            "85 entries are only spaces (two or more)\n"
            "tiktoken rule: each step merges the one adjacent join of lowest rank (leftmost on ties)"
        )
        assert app.screen.query_one(RulesList).border_title == "Rules · cl100k_base · tiktoken rule · 100,000 by rank"
        await pilot.press("p")
        lines = top(app).split("\n")
        lines = lines[: next(n for n, line in enumerate(lines) if line.startswith("\\p{L} is any letter"))]
        assert lines[:2] == ["cl100k_base's chunks · p what loading builds", "regex, as tiktoken 0.14.0 spells it:"]
        assert all(len(line) <= 78 for line in lines)
        history = lines.index("an older spelling, kept as history: the same chunks but for whitespace with")
        assert "".join(lines[2:history]) == CL100K_PATTERN  # cut at the width, never at its spaces
        assert lines[history + 1] == "line breaks at the end:"
        assert "".join(lines[history + 2 :]) == CL100K_VIDEO_PATTERN
        assert "16 unused" not in screen_text(app)
        await pilot.press("p")
        built = top(app)
        assert built.startswith("built by loading the cl100k_base table (trained tokenizer files, separate from the model's weights):")
        assert "a tiktoken rank file, no merge list, no per-chunk cache" in built  # what a table of its rule holds
        assert "bpe_ranks" not in built and "lru_cache" not in built and "chunk → symbols" not in built
        await pilot.press("p", "t")  # the facts stay chosen across tables
        await settle(app, pilot)
        assert top(app).split("\n")[1:4] == [
            "ids: 199,998 ordinary + 2 special, highest 200,018: 19 unused (200,019 is the id space's size, not the number of entries)",
            "ids 199,999, 200,018 are o200k_base's 2 special tokens",
            "83 entries are only spaces (two or more)",
        ]
        await pilot.press("p")
        assert "".join(top(app).split("\n")[2:-2]) == O200K_PATTERN


async def test_gpt2s_table_says_both_rules_give_its_ids_on_the_current_text() -> None:
    app = make_app("分词是大模型许多怪现象的根源。", "gpt2")
    async with opened(app, "tables") as pilot:
        assert top(app).startswith(
            "built by get_encoder() from vocab.bpe + encoder.json (trained tokenizer files, separate from the model's weights):"
        )
        await pilot.press("p")
        assert top(app) == (
            "GPT-2: a merge list · p regex\n"
            "ids: 50,256 ordinary + 1 special, highest 50,256, none unused\n"
            "id 50,256 is GPT-2's special token\n"
            "no entry is only spaces (two or more): each space is its own token\n"
            "GPT-2 rule: each round merges every occurrence of the lowest-ranked pair\n"
            "✓ tiktoken's rule gives the same 32 ids on this text (and over the tests' multilingual corpus): "
            "the rule changes the steps shown, not the ids"
        )
        assert app.screen.query_one(RulesList).border_title == "Rules · GPT-2 · 50,000 by rank"


async def test_the_picker_says_what_each_example_shows() -> None:
    app = make_app("q", "teaching")
    async with opened(app) as pilot:
        await pilot.press("x")
        assert isinstance(app.screen, PickerScreen)
        options = app.screen.query_one(OptionList)
        prompts = [str(options.get_option_at_index(n).prompt) for n in range(options.option_count)]
        assert "gpt2        ····if\n  GPT-2: ····if is ··· + ·if; the three spaces get no merge" in prompts
        assert "cl100k_base HOW'S\n  cl100k_base: HOW|'S (case-insensitive contractions)" in prompts
        assert "o200k_base  HelloWorld·getElementById\n  o200k_base: camelCase cut at letter-case boundaries, 6 tokens" in prompts
        assert "cl100k_base x·=·self.append(y)↵↵↵return·x\n  cl100k_base: code, .append, (y and )↵↵↵ are chunks" in prompts
        assert all("\n  " in p for p in prompts)  # every bundled example says what it shows


async def test_at_60x18_p_shows_the_facts_in_the_checks_place(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app("hello world", "cl100k_base")
    async with opened(app, "tables", size=(60, 18)) as pilot:
        assert "16 unused" not in screen_text(app)  # below 24 rows the check and the rules come first
        await pilot.press("p")
        await settle(app, pilot)
        text = " ".join(screen_text(app).split())
        assert "ids: 100,256 ordinary + 5 special, highest 100,276: 16 unused" in text
        assert "85 entries are only spaces (two or more)" in text and "holds for 100,000" not in text
        assert "▶ 0 Ġ Ġ ĠĠ 256" in text  # rules still on screen
        await pilot.press("p")
        assert "an older spelling, kept as history" in " ".join(screen_text(app).split())
        await pilot.press("p")
        await settle(app, pilot)
        assert "holds for 100,000 of 100,000" in " ".join(screen_text(app).split())


def test_the_regex_page_says_pythons_re_has_no_unicode_classes() -> None:
    """Seed 004: the standard re module supports neither \\p{L} nor \\p{N}; at 40 columns the sentence wraps, whole."""
    from tui.engine.tables import get_table
    from tui.widgets.table_facts import UNICODE_CLASSES, regex_text

    for name in ("gpt2", "cl100k_base", "o200k_base"):
        lines = regex_text(get_table(name), 40).plain.split("\n")
        assert all(len(line) <= 40 for line in lines[-3:]) and " ".join(lines[-3:]) == UNICODE_CLASSES
    assert UNICODE_CLASSES == "\\p{L} is any letter (Hanzi too), \\p{N} any number: Python's re has neither, the regex module both."
