"""Seed 000's "why" on screen: what a rank and an id each mean, the N−1 bound on rounds (not on time),
GPT-2's split('\\n')[1:-1] trap for a vocab.bpe, and why a rule that was a candidate was never chosen."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.app_support import Notes, PairsPane, make_app, opened, pairs, screen_text, settle, submit, until, word
from tui.app import BpeApp
from tui.app.notes import note_cells, pages
from tui.engine.bpe import capture
from tui.engine.tables import byte_symbol_order, load_two_files
from tui.explain.whynot import why_not
from tui.screens import tables
from tui.screens.help import help_text
from tui.screens.tables import RulesList, TablesScreen

WHY_BC = (
    "rule 2: b + c → bc, id 258. Rank 2 orders the rule; id 258 names its token.\n"
    "(b c) (rank 2) was a candidate in rounds 1–2, but a lower rank was always present; round 2 merged (a b) "
    "(rank 1), which took its 'b': present in the table, unusable on this input."
)
WHY_CA = (
    "rule 3: c + a → ca, id 259. Rank 3 orders the rule; id 259 names its token.\n"
    "(c a) (rank 3) was a candidate in rounds 1–2, but a lower rank was always present; round 2 merged (a b) "
    "(rank 1), which took its 'a': present in the table, unusable on this input."
)


def first_page(explanation: str, columns: int = 80) -> str:
    """The one line an explanation first shows on the footer line (tui/app/notes.py: w again shows the next)."""
    return pages(explanation, note_cells(columns))[0]


async def tables_view(pilot) -> None:  # type: ignore[no-untyped-def]
    """Press 4 and let the Tables view draw."""
    await pilot.press("4")
    await pilot.pause()


def shown(app: BpeApp, selector: str) -> str:
    """The plain text of one Static of the screen on top."""
    return str(app.screen.query_one(selector, Static).content)


# -- 1. rank and id ----------------------------------------------------------------------------


async def test_the_tables_view_says_what_a_rank_and_an_id_each_mean() -> None:
    app = make_app("internationalization", "gpt2")
    async with opened(app) as pilot:
        await tables_view(pilot)
        assert shown(app, "#tables-check") == (
            "✓ encoder[left + right] == 256 + rank holds for 50,000 of 50,000 rules\n"
            "yet a rank says which rule comes first, an id names the model's token: "
            "ids 0–255 (bytes) and 50256 '<|endoftext|>' (special) have no rank."
        )
        assert "yet a rank says which rule comes first, an id names the model's token: ids" in screen_text(app)


async def test_a_picked_pair_names_its_rank_and_its_id_apart(notes: Notes) -> None:
    """Round 1 of the teaching text: a click on (a b) at position 2 says rank 1 orders it and id 257 names its token."""
    app = make_app()
    async with opened(app, notes=notes, notifications=True) as pilot:
        await pilot.press("right")
        await pilot.click("#pairs", offset=(4, 4))  # row 2: a b
        await pilot.pause()
        assert notes.messages[-1] == first_page(
            "rule 1: a + b → ab, id 257. Rank 1 orders the rule; id 257 names its token.\n(a b) (rank 1) was chosen in round 2."
        )
    flat = " ".join(help_text().split())
    assert "A rank says which rule comes first; an id names the model's token (here id = 256 + rank)." in flat


# -- 2. at most N−1 rounds -----------------------------------------------------------------------


async def test_the_word_pane_bounds_the_rounds_not_the_time_at_a_chunks_start_and_end() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.pause()
        assert word(app).note == "At most 11 rounds, as each merges a pair; not a time bound: each rescans the word."
        text = screen_text(app)
        for line in (
            "At most 11 rounds, as each merges a pair;",
            "not a time bound: each rescans the word.",
        ):
            assert line in text
        await pilot.press("right")
        assert word(app).note == ""
        await pilot.press("end")
        await pilot.pause()
        assert word(app).note == "7 rounds; 12 symbols allow at most 11."
        assert "7 rounds; 12 symbols allow at most 11." in screen_text(app)


async def test_tiktokens_steps_are_bounded_the_same_way() -> None:
    app = make_app("HelloWorld", "cl100k_base")
    async with opened(app) as pilot:
        await pilot.pause()
        assert word(app).note == "At most 9 steps, as each joins one pair; not a time bound: each rescans the word."
        await pilot.press("end")
        assert word(app).note == "8 steps; 10 symbols allow at most 9."


# -- 3. the loader's split('\n')[1:-1] -----------------------------------------------------------


def custom_table(tmp_path: Path, vocab: str):  # type: ignore[no-untyped-def]
    """A two-rule table (a b, ab c) in GPT-2's two files, its vocab.bpe exactly `vocab`."""
    encoder = {s: i for i, s in enumerate(byte_symbol_order())} | {"ab": 256, "abc": 257}
    (tmp_path / "vocab.bpe").write_text(vocab, encoding="utf-8", newline="")
    (tmp_path / "encoder.json").write_text(json.dumps(encoder), encoding="utf-8")
    return load_two_files(tmp_path / "vocab.bpe", tmp_path / "encoder.json")


DROPS_LAST = (
    "✗ GPT-2's loader would drop 1 of these 2 rules, (ab c): it does not end with a newline, "
    "so [:-1] cuts the last rule. This loader keeps them all."
)
KEEPS_ALL = (
    "✓ split('\\n')[1:-1] drops nothing here: the file starts with its header and ends with a newline, "
    "so both loaders read the same 2 rules."
)


@pytest.mark.parametrize(("vocab", "sentence"), [("#version: 0.2\na b\nab c", DROPS_LAST), ("#version: 0.2\na b\nab c\n", KEEPS_ALL)])
async def test_a_custom_vocab_shows_what_gpt2s_loader_would_drop_beside_what_this_one_keeps(
    tmp_path: Path, vocab: str, sentence: str
) -> None:
    """Without its final newline the custom file loses its last rule to split('\\n')[1:-1]; with it, nothing."""
    table = custom_table(tmp_path, vocab)
    app = BpeApp(capture("abc", table), custom=table)
    async with opened(app) as pilot:
        await tables_view(pilot)
        assert shown(app, "#tables-loader") == sentence
        assert app.screen.query_one(RulesList).count == 2  # this loader kept both either way
        text = screen_text(app)
        assert sentence[:60] in text


async def test_the_built_in_tables_say_their_file_ends_with_a_newline() -> None:
    app = make_app("abc", "teaching")
    async with opened(app) as pilot:
        await tables_view(pilot)
        assert shown(app, "#tables-loader") == (
            "✓ the teaching rules are built in; written as a vocab.bpe they have a header and end with a newline, "
            "so split('\\n')[1:-1] would lose none of the 9."
        )
        await pilot.press("t")
        await pilot.pause()
        assert shown(app, "#tables-loader") == (
            "✓ split('\\n')[1:-1] drops nothing here: the file starts with its header and ends with a newline, "
            "so both loaders read the same 50,000 rules."
        )


# -- 4. why not ------------------------------------------------------------------------------


async def test_the_last_frame_lists_the_rules_never_chosen_and_w_says_why(notes: Notes) -> None:
    """Seed 000: (b c) and (c a) were candidates in rounds 1–2; round 2's (a b) took their symbols."""
    app = make_app()
    async with opened(app, notes=notes, notifications=True) as pilot:
        await pilot.press("end")
        await pilot.pause()
        assert [(w.pair, w.rank, w.last_round) for w in pairs(app).never] == [(("b", "c"), 2, 2), (("c", "a"), 3, 2)]
        text = screen_text(app)
        assert "never chosen (w: why)" in text
        assert "✗ b c  rank 2: by a b, round 2" in text and "✗ c a  rank 3: by a b, round 2" in text
        await pilot.press("w")  # no pair is a rule any more: w explains the first rule never chosen
        await pilot.pause()
        assert notes.messages[-1] == first_page(WHY_BC)
        await pilot.press("down", "down", "w")  # the first down selects (b c), the next (c a)
        await pilot.pause()
        assert notes.messages[-1] == first_page(WHY_CA)
        assert "› c a  rank 3: by a b, round 2" in screen_text(app)
        assert len(list(app._notifications)) == 1  # each explanation replaces the last


async def test_a_selected_pair_of_a_round_is_explained_with_the_engines_values(notes: Notes) -> None:
    """At round 1, down selects this round's pair (a a), then down moves on; w on (b c) at position 5 says why not."""
    app = make_app()
    async with opened(app, notes=notes, notifications=True) as pilot:
        await pilot.press("right", "down")
        pane = app.query_one(PairsPane)
        assert pane.selected == 0 and pane.row(0, 30, False).plain == "▶ 0  a a       0"  # the chosen row keeps its ▶
        await pilot.press("down", "down", "down", "down", "down", "w")
        await pilot.pause()
        expected = why_not(app.position.trace, 0, ("b", "c"))  # type: ignore[union-attr]
        assert (expected.first_round, expected.last_round, expected.consumed_by) == (1, 2, ("a", "b"))
        assert notes.messages[-1] == first_page(WHY_BC)
        pane = app.query_one(PairsPane)
        assert pane.selected == 5 and pane.row(5, 30, False).plain == "› 5  b c       2"


async def test_w_with_no_pair_says_so(notes: Notes) -> None:
    """A cache hit lists no pairs: w says there is nothing to explain."""
    app = make_app("abc!abc")
    async with opened(app, notes=notes, notifications=True) as pilot:
        await pilot.press("end", "w")
        await pilot.pause()
        assert notes.messages[-1] == "No pair to explain here: the pairs pane is empty at this frame."


# -- 5. a tiktoken table's parts, in a worker ------------------------------------------------------


async def test_the_tables_view_on_cl100k_base_recovers_parts_in_a_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening the view returns at once with a placeholder; keys work meanwhile; the check appears when the worker is done."""
    release = threading.Event()
    real = tables.recover_all

    def held(table, progress=None, cancelled=None):  # type: ignore[no-untyped-def]
        assert release.wait(30), "the test never released the worker"
        return real(table, progress, cancelled)

    monkeypatch.setattr(tables, "recover_all", held)
    monkeypatch.setattr(tables, "CHECKS", {})
    app = make_app("hello world", "cl100k_base")
    async with opened(app) as pilot:
        await pilot.pause()
        assert not [w for w in app.workers if w.group == "tables-parts"]  # nothing at start-up
        await tables_view(pilot)
        assert isinstance(app.screen, TablesScreen)
        assert shown(app, "#tables-check").startswith("recovering parts… — a rank file lists tokens, not rules")
        await pilot.press("down")
        assert app.screen.query_one(RulesList).cursor == 1  # the UI thread was not held
        await submit(pilot, "#tables-find", "Ġworld")
        assert "still recovering this table's parts: a rank can be found now" in screen_text(app)
        await submit(pilot, "#tables-find", "1661")
        assert app.screen.query_one(RulesList).cursor == 1661
        release.set()
        await settle(app, pilot)
        assert shown(app, "#tables-check") == (
            "✓ encoder[left + right] == 256 + rank holds for 100,000 of 100,000 rules\n"
            "yet a rank says which rule comes first, an id names the model's token (tiktoken's file rank is the id): "
            "ids 0–255 (bytes) and the 5 special tokens have no rank."
        )
        await submit(pilot, "#tables-find", "Ġworld")
        assert app.screen.query_one(RulesList).cursor == 1917 - 256  # ' world' is id 1917
        assert shown(app, "#tables-loader") == (
            "✓ cl100k_base comes from a tiktoken rank file, not a vocab.bpe: GPT-2's split('\\n')[1:-1] never reads it."
        )


async def test_at_60x18_the_tables_view_keeps_the_sentences_and_some_rules(tmp_path: Path) -> None:
    """Below 24 rows the sizes give way: the check, the two sentences and rule rows all stay on screen."""
    table = custom_table(tmp_path, "#version: 0.2\na b\nab c")
    app = BpeApp(capture("abc", table), custom=table)
    async with opened(app, size=(60, 18)) as pilot:
        await tables_view(pilot)
        text = screen_text(app)
        assert "byte_encoder" not in text and "✓ encoder[left + right] == 256 + rank holds for 2 of 2" in text
        assert "✗ GPT-2's loader would drop 1 of these 2 rules, (ab c):" in text and "This loader keeps them all." in text
        assert "│▶•   0 a       b       ab" in text and "│ •   1 ab      c       abc" in text


def page_of(line: str) -> tuple[int, int]:
    """'… [w 2/4]' → (2, 4)."""
    k, n = line.rsplit(" [w ", 1)[1].rstrip("]").split("/")
    return int(k), int(n)


@pytest.mark.parametrize("size", [(80, 24), (60, 18), (160, 50)])
async def test_an_explanation_is_one_line_above_the_footer_and_w_again_shows_the_rest(notes: Notes, size: tuple[int, int]) -> None:
    """The guide: notes sit on the line above the footer. w's explanation is one line there, never over the ids
    or the footer; pressed again on the same pair it shows the next page, and the pages together say the whole
    explanation."""
    app = make_app()
    async with opened(app, size=size, notes=notes, notifications=True) as pilot:
        await pilot.press("end", "w")
        await pilot.pause()
        shown: list[str] = []
        while len(shown) < 12:
            await until(pilot, lambda: bool(app.screen.query("Toast")))
            (toast,) = app.screen.query("Toast")
            assert toast.region.height == 1 and toast.region.bottom == size[1] - 1, toast.region  # above the footer
            assert toast.region.right == size[0]  # to the screen's edge: no cell of the footer left beside it
            shown.append(notes.messages[-1])
            if page_of(shown[-1])[0] == page_of(shown[-1])[1]:
                break
            await pilot.press("w")
            await pilot.pause()
        assert len(shown) >= 2 and [page_of(line) for line in shown] == [(k, len(shown)) for k in range(1, len(shown) + 1)]
        assert " ".join(line.rsplit(" [w ", 1)[0] for line in shown) == " ".join(WHY_BC.split("\n"))
        assert len(list(app._notifications)) == 1


@pytest.mark.parametrize("table", ["custom", "teaching", "gpt2", "cl100k_base", "o200k_base"])
async def test_the_tables_view_draws_no_rule_inside_doubled_parentheses(tmp_path: Path, table: str) -> None:
    """Every table's Tables view, with each page of p: a rule is '(ab c)', never '((ab c))'."""
    doubled = re.compile(r"\(\([^()]*\)\)")
    if table == "custom":
        custom = custom_table(tmp_path, "#version: 0.2\na b\nab c")
        app = BpeApp(capture("abc", custom), custom=custom)
    else:
        app = make_app("the cat at the hat", table)
    async with opened(app, "tables", size=(160, 50)) as pilot:
        for _ in range(4):
            await settle(app, pilot)
            assert not doubled.search(screen_text(app)), screen_text(app)
            await pilot.press("p")
        if table == "custom":
            await pilot.press("p")
            await settle(app, pilot)
            assert "would drop 1 of these 2 rules, (ab c):" in " ".join(screen_text(app).split())
