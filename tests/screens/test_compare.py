"""View 8, Compare (issue 26): two tables on the text, their cuts, a shared chunk stepped in lock-step, both ids and
the divergences explained; stacked at 80x24 and 60x18, without colour; a, b, s, n and the step keys."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from tests.app_support import make_app, opened, screen_text, until
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.screens.compare import CompareScreen, ids_line
from tui.screens.help import help_text

TEXT = "The year 1234567 was unbelievable"


async def compare_screen(app: BpeApp, pilot: Pilot) -> CompareScreen:
    """View 8, once both sides are encoded."""
    await until(pilot, lambda: compared(app))
    screen = app.screen
    assert isinstance(screen, CompareScreen)
    return screen


def compared(app: BpeApp) -> bool:
    screen = app.screen
    return isinstance(screen, CompareScreen) and screen.shown is not None


async def test_gpt2_against_cl100k_at_80x24(monkeypatch: pytest.MonkeyPatch) -> None:
    """Side A is the trace's table, B the next; the cuts only cl100k_base makes are marked ▲. The view leads with
    where the tokens first differ (the digits, cut otherwise); 'The', taken whole by cl100k_base while GPT-2 merges
    h + e, ends in the same token on both sides: n from the start shows it as another path, not another result."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(TEXT, "gpt2")
    async with opened(app, "compare", size=(80, 24)) as pilot:
        await until(pilot, lambda: compared(app))
        lines = screen_text(app).splitlines()
        assert "[8 Compare]" in lines[0]
        assert lines[1].rstrip() == " A │The│ year│ ┆123┆456┆7│ was│ unbelievable"
        assert lines[2].rstrip() == " B │The│ year│ │123│456│7│ was│ unbelievable"
        for row in lines[1:3]:  # no blank inside a chunk: each row without its marks is the text
            assert row[3:].rstrip().replace("│", "").replace("┆", "") == TEXT[: len(row[3:].rstrip().replace("│", "").replace("┆", ""))]
        assert lines[3].rstrip() == "               ▲   ▲   ▲"
        assert app.screen.has_class("-stacked")
        gpt2_ids = capture(TEXT, get_table("gpt2")).ids
        cl_ids = capture(TEXT, get_table("cl100k_base")).ids
        assert lines[11].rstrip() == " A 7 ids: " + " ".join(map(str, gpt2_ids))
        assert lines[12].rstrip() == " B 8 ids: " + " ".join(map(str, cl_ids))
        why = " ".join(" ".join(lines[13:16]).split())
        assert why == (
            "✗ first divergence · boundaries: chunk 3: GPT-2 cuts ' 1234567' (branch 9: ?\\p{N}+) where cl100k_base cuts ' ' "
            "(branch 8: \\s); the tokens first differ at ' 123': GPT-2 17031, cl100k_base 220 4513."
        )
        await pilot.press("home", "n")
        lines = screen_text(app).splitlines()
        assert [line.rstrip() for line in lines[4:10]] == [
            " A GPT-2 · 50,000 merges · vocab.bpe 1ce16647… ≈ other path",
            " round 1 of 2 · h + e · rank 2",
            " T ⟦he⟧",
            " B cl100k_base · tiktoken rule · 100,256 ranks ≈ other path",
            " taken whole: its bytes are one token",
            " ⟦The⟧",
        ]
        why = " ".join(" ".join(lines[13:16]).split())
        assert why == (
            "≈ another path, the same tokens · whole chunk: chunk 1 'The', round 1: cl100k_base takes the chunk whole, "
            "as its bytes are one token (tiktoken's rule), while GPT-2 merges 'h' + 'e' first; both still end in the same tokens."
        )


async def test_keys_step_both_sides_jump_swap_and_pick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(TEXT, "gpt2")
    async with opened(app, "compare", size=(60, 18)) as pilot:
        screen = await compare_screen(app, pilot)
        await pilot.press("home", "right", "right")  # GPT-2's second round of 'The', cl100k_base done
        text = screen_text(app)
        assert get_table("gpt2").ranks[("T", "he")] == 208
        assert [line.rstrip() for line in text.splitlines()[5:10]] == [
            " round 2 of 2 · T + he · rank 208",
            " ⟦The⟧",
            " B cl100k_base · tiktoken rule · 100,256 ranks ≈ other path",
            " done after 1 step",
            " The",
        ]
        assert max(len(line.rstrip()) for line in text.splitlines()) <= 60
        await pilot.press("n", "n")  # ' year' taken whole, then the digits cut otherwise
        why = " ".join(" ".join(screen_text(app).splitlines()[13:17]).split())
        assert why.startswith("✗ first divergence · boundaries: chunk 3: GPT-2 cuts ' 1234567'")
        await pilot.press("s")
        await until(pilot, lambda: compared(app))
        assert screen.names == ("cl100k_base", "gpt2")
        assert screen_text(app).splitlines()[4].startswith(" A cl100k_base")
        await pilot.press("b")  # gpt2 → cl100k_base: the same table on both sides
        await until(pilot, lambda: compared(app) and screen.names == ("cl100k_base", "cl100k_base"))
        assert screen.told is None and "= no divergence: both sides are cl100k_base" in screen_text(app)
        await pilot.press("b")
        await until(pilot, lambda: compared(app) and screen.names == ("cl100k_base", "o200k_base"))
        await pilot.press("a", "a")  # cl100k_base → o200k_base → deepseek-v4…: the cycle of installed tables
        assert screen.names is not None and screen.names[0] not in ("cl100k_base", "o200k_base")
        await pilot.press("t")  # the app's next table: side A follows the trace's table
        await until(pilot, lambda: app.position is not None and app.position.trace.table.name == "cl100k_base" and compared(app))
        assert screen.names == ("cl100k_base", "o200k_base")


async def test_the_same_table_twice_has_no_divergence() -> None:
    app = make_app("aaababcabxyz", "teaching")
    async with opened(app, "compare", size=(80, 24)) as pilot:
        screen = await compare_screen(app, pilot)
        screen.names = ("teaching", "teaching")
        screen.recompare()
        await until(pilot, lambda: compared(app))
        said = " ".join(" ".join(screen_text(app).splitlines()[13:16]).split())
        assert said == "= no divergence: both sides are teaching, the same table, so they never part ways."
        await pilot.press("n")
        assert screen.told is None


def test_view_8_is_in_the_help_with_its_keys() -> None:
    """The help page's paragraph for view 8 and its own keys, from the registry."""
    flat = " ".join(help_text().split())
    assert "8 Compare" in flat or "View 8: compare two tables" in flat
    for words in ("next divergence", "swap sides", "next table on side A / B", "next / previous frame (both)"):
        assert words in flat


async def test_one_table_under_both_merge_rules_in_the_view() -> None:
    """After the tables, a / b reach GPT-2's tokens under tiktoken's rule: ' unbelievable' parts by the merge rule."""
    app = make_app(" unbelievable", "gpt2")
    async with opened(app, "compare", size=(80, 24)) as pilot:
        screen = await compare_screen(app, pilot)
        last = screen.tables.names[-1]
        assert (screen.after(last), screen.after("teaching@tiktoken"), screen.after("gpt2@tiktoken")) == (
            "teaching@tiktoken",
            "gpt2@tiktoken",
            "teaching",
        )
        screen.names = ("gpt2", "teaching@tiktoken")
        await pilot.press("b")
        await until(pilot, lambda: compared(app) and screen.names == ("gpt2", "gpt2@tiktoken"))
        lines = [line.rstrip() for line in screen_text(app).splitlines()]
        assert lines[11:13] == [" A 1 id: 24479", " B 1 id: 24479"]
        assert " ".join(" ".join(lines[13:16]).split()) == (
            "= the same tokens: GPT-2 and GPT-2 (tiktoken's rule) end with the same tokens, though their paths part 1 time "
            "(n in view 8 shows each; the first: chunk 1, merge rule)."
        )
        await pilot.press("n")
        lines = [line.rstrip() for line in screen_text(app).splitlines()]
        assert lines[7] == " B GPT-2 (tiktoken's rule) ≈ other path"
        assert " ".join(" ".join(lines[13:16]).split()).startswith(
            "≈ another path, the same tokens · merge rule: chunk 1 ' unbelievable', round 1:"
        )


def test_a_long_id_list_is_cut_to_the_width() -> None:
    assert ids_line("A 3 ids:", [1, 22, 333], 12) == "A 3 ids: 1 …"
    assert ids_line("A 3 ids:", [1, 22, 333], 40) == "A 3 ids: 1 22 333"


async def test_t_moves_side_b_to_the_table_after_side_a_until_b_is_picked() -> None:
    """Side B follows t as the next table of the cycle (after the last, the first): never a rule view it was not asked
    for (after Mistral v7 and t, B once stayed 'teaching (tiktoken's rule)' beside teaching)."""
    app = make_app("aaab", "mistral-v7")
    async with opened(app, "compare", size=(80, 24)) as pilot:
        screen = await compare_screen(app, pilot)
        await until(pilot, lambda: compared(app))
        assert screen.names == ("mistral-v7", "teaching")
        await pilot.press("t")
        await until(pilot, lambda: compared(app) and screen.names is not None and screen.names[0] == "teaching")
        assert screen.names == ("teaching", "gpt2")
        await pilot.press("b")  # B picked: it stays while t moves A
        await until(pilot, lambda: compared(app) and screen.names == ("teaching", "cl100k_base"))
        await pilot.press("t")
        await until(pilot, lambda: compared(app) and screen.names is not None and screen.names[0] == "gpt2")
        assert screen.names == ("gpt2", "cl100k_base")
