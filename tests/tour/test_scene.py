"""A tour scene's view options (issue 27): the explorer's `rows` and the comparison's two `tables` are shown in
that scene; and under play the comparison steps both sides from the start to the first divergence and holds there."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.app_support import make_app, opened, screen_text, until
from tui.app import BpeApp
from tui.explain.compare_rows import Cursor
from tui.screens.compare import CompareScreen
from tui.screens.explore import TABLES, ExploreScreen
from tui.tour.app import TourApp
from tui.tour.files import read_tour
from tui.widgets.tokenizer_rows import TokenizerRows

TOUR = """\
[[scene]]
view = "explore"
text = "Hello world"
rows = ["gpt2", "o200k_base", "qwen3"]

[[scene]]
view = "compare"
table = "teaching"
text = "The year 1234567 was unbelievable"
tables = ["o200k_base", "gpt2"]

[[scene]]
view = "explore"
text = "Hello world"
"""


def rows_shown(app: TourApp) -> tuple[str, ...]:
    return tuple(row.name for row in app.screen.query_one(TokenizerRows).tokenizers)


async def test_a_scenes_rows_and_two_tables_are_what_the_explorer_and_the_comparison_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    (tmp_path / "t.toml").write_text(TOUR, encoding="utf-8")
    app = TourApp(read_tour(tmp_path / "t.toml", deep=True))
    async with opened(app, size=(100, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ExploreScreen) and rows_shown(app) == ("gpt2", "o200k_base", "qwen3"))
        await pilot.press("right_square_bracket")
        await until(pilot, lambda: isinstance(app.screen, CompareScreen) and app.screen.shown is not None)
        screen = app.screen
        assert isinstance(screen, CompareScreen) and screen.names == ("o200k_base", "gpt2")
        sides = [line.strip() for line in screen_text(app).splitlines() if line.strip().startswith("A o200k_base")]
        # the same tokens on both sides (their paths part): the view opens at the start, no side marked parted
        assert sides == ["A o200k_base · tiktoken rule · 199,998 ranks      B GPT-2 · 50,000 merges · vocab.bpe 1ce16647…"]
        await pilot.press("right_square_bracket")  # a scene without rows: the explorer's own
        await until(pilot, lambda: isinstance(app.screen, ExploreScreen) and rows_shown(app) == TABLES)


async def compared(app: BpeApp, pilot: Pilot) -> CompareScreen:
    """The comparison view, once its worker has compared the two sides."""
    screen = app.screen
    assert isinstance(screen, CompareScreen)
    await until(pilot, lambda: screen.shown is not None)
    return screen


async def test_under_play_the_comparison_steps_both_sides_to_the_first_divergence_and_holds() -> None:
    """'hi, internationalization 1234567 ok' under GPT-2 and cl100k_base: the tokens first differ at the digits (cut
    otherwise); ' internationalization' parts by rank order at round 2 but ends in the same tokens, so play walks
    through it to the digits and holds there."""
    app = make_app("hi, internationalization 1234567 ok", "gpt2")
    async with opened(app, "compare", size=(80, 24)) as pilot:
        screen = await compared(app, pilot)
        screen.play_rewind()
        assert screen.cursor == Cursor(0, 0)
        assert screen.shown is not None and screen.shown.comparison.first is not None
        goal = screen.shown.at(screen.shown.comparison.first)
        walked = []
        while app.view_step():
            walked.append((screen.cursor.pair, screen.cursor.frame))
        assert walked[:5] == [(0, 1), (1, 0), (2, 0), (2, 1), (2, 2)] and walked[-1] == (goal.pair, goal.frame)
        assert not app.view_step() and screen.cursor == goal  # held at the first divergence
        await pilot.pause()
        assert "✗ first divergence · boundaries" in " ".join(screen_text(app).split())
        screen.play_rewind()  # a looping play walks again from the start
        assert screen.cursor == Cursor(0, 0) and app.view_step() and screen.cursor == Cursor(0, 1)


async def test_under_play_two_sides_with_the_same_tokens_walk_to_the_end() -> None:
    """'hi, internationalization': the paths part (rank order) but the tokens never differ: play walks to the last frame."""
    app = make_app("hi, internationalization", "gpt2")
    async with opened(app, "compare", size=(80, 24)) as pilot:
        screen = await compared(app, pilot)
        assert screen.shown is not None and screen.shown.comparison.first is None
        screen.play_rewind()
        while app.view_step():
            pass
        assert screen.cursor == screen.shown.moved(Cursor(), "last")
        await pilot.pause()
        assert "= the same tokens: GPT-2 and cl100k_base end with the same tokens" in " ".join(screen_text(app).split())
