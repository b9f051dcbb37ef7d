"""The explorer's row chooser (r): tick up to six of the installed tables; the rows follow and stay chosen while
the app runs; six rows at 80x24 show as many as fit with a count, and the cursor brings the others in."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from tests.app_support import make_app, opened, screen_text, settle, until
from tui.app import BpeApp
from tui.screens.explore import ExploreScreen
from tui.screens.rows_dialog import RowsScreen
from tui.widgets.tokenizer_rows import TokenizerRows

TEXT = "Hi 1234567 分词"


def labels(app: BpeApp) -> list[str]:
    screen = app.get_screen("explore")
    return [row.label for row in screen.query_one(TokenizerRows).tokenizers]


async def choose(app: BpeApp, pilot, ticks: list[str], then: str = "enter") -> None:  # type: ignore[no-untyped-def]
    """Open the chooser, move to each table of `ticks` and press space on it, then `then`."""
    await pilot.press("r")
    await until(pilot, lambda: isinstance(app.screen, RowsScreen))
    dialog = app.screen
    assert isinstance(dialog, RowsScreen)
    for name in ticks:
        dialog.query_one(OptionList).highlighted = dialog.available.index(name)
        await pilot.press("space")
    await pilot.press(then)
    await settle(app, pilot)


async def test_ticking_three_modern_tables_gives_six_rows_that_stay_chosen() -> None:
    app = make_app(TEXT, "gpt2")
    async with opened(app, "explore") as pilot:
        assert labels(app) == ["GPT-2", "cl100k_base", "o200k_base"]
        await choose(app, pilot, ["deepseek-v4", "qwen3", "tekken"])
        await until(pilot, lambda: len(labels(app)) == 6)
        assert labels(app) == ["GPT-2", "cl100k_base", "o200k_base", "DeepSeek V4", "Qwen 3", "Tekken"]
        text = screen_text(app)
        assert "rows 1–4 of 6 · ↑ ↓ for the others" in text  # 80x24: four rows and the count
        assert "Qwen 3  " not in text
        for _ in range(5):
            await pilot.press("down")
        text = screen_text(app)
        assert "rows 3–6 of 6" in text and "▶ Tekken  " in text and "▶ GPT-2" not in text
        await pilot.press("1")
        await settle(app, pilot)
        await pilot.press("6")
        await settle(app, pilot)
        assert labels(app)[3:] == ["DeepSeek V4", "Qwen 3", "Tekken"]  # kept while the app runs


async def test_the_deepseek_row_cuts_digits_by_three_as_its_first_split_does() -> None:
    app = make_app(TEXT, "gpt2")
    async with opened(app, "explore") as pilot:
        await choose(app, pilot, ["gpt2", "cl100k_base", "o200k_base", "deepseek-v4"])
        await until(pilot, lambda: labels(app) == ["DeepSeek V4"])
        rows = app.get_screen("explore").query_one(TokenizerRows).tokenizers
        assert [c.text for c in rows[0].chunks] == ["Hi", " ", "123", "456", "7", " ", "分词"]
        lines = screen_text(app).splitlines()
        (at,) = [n for n, line in enumerate(lines) if line.startswith(" ▶ DeepSeek V4  ")]
        assert lines[at + 1].strip() == "Hi·1234567·分词"
        assert lines[at + 2].strip() == "│6││1 │1 │││3"  # a label with one free column is left out


async def test_a_seventh_tick_and_an_empty_choice_are_refused_and_escape_keeps_the_rows() -> None:
    app = make_app(TEXT, "gpt2")
    async with opened(app, "explore") as pilot:
        await choose(app, pilot, ["teaching", "deepseek-v4", "qwen3", "qwen3.6"], then="")
        dialog = app.screen
        assert isinstance(dialog, RowsScreen)
        assert dialog.ticked == ("teaching", "gpt2", "cl100k_base", "o200k_base", "deepseek-v4", "qwen3")
        assert "[ ] Qwen 3.6 (qwen3.6)" in screen_text(app)  # a tick is a mark, not a colour
        assert "6 at most: untick one first. 6 of 6 ticked" in screen_text(app)
        await pilot.press("escape")
        await settle(app, pilot)
        assert labels(app) == ["GPT-2", "cl100k_base", "o200k_base"]
        await choose(app, pilot, ["gpt2", "cl100k_base", "o200k_base"])
        assert isinstance(app.screen, RowsScreen) and "Tick at least one." in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_the_chooser_and_its_key_fit_without_colour(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(TEXT, "gpt2")
    async with opened(app, "explore", size=size) as pilot:
        assert "r rows" in screen_text(app).splitlines()[-1]
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RowsScreen))
        text = screen_text(app)
        assert "[✓] GPT-2 (gpt2)" in text and "[ ] teaching (teaching)" in text and "3 of 6 ticked" in text
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, ExploreScreen))
        palette = [c.title for c in app.get_system_commands(app.screen)]
        assert "Explore: choose the rows' tokenizers (up to six)" in palette


async def test_explore_tables_sets_the_first_rows() -> None:
    """`--explore-tables deepseek-v4,gpt2` (app.explore_rows): the explorer opens on those two rows, in that order."""
    app = make_app(TEXT, "gpt2")
    app.explore_rows = ("deepseek-v4", "gpt2")
    async with opened(app, "explore") as pilot:
        await until(pilot, lambda: labels(app) == ["DeepSeek V4", "GPT-2"])
        assert labels(app) == ["DeepSeek V4", "GPT-2"]


def test_a_wrong_explore_tables_is_one_sentence_and_exit_2() -> None:
    import subprocess
    import sys

    result = subprocess.run(
        [sys.executable, "-m", "tui", "--text", "x", "--explore-tables", "gpt2,llama3"],
        input=b"",
        capture_output=True,
        timeout=60,
        check=False,
        start_new_session=True,
    )
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.decode().startswith("bpe-tui: --explore-tables: no table 'llama3' to explore; choose among: teaching, gpt2,")
    assert len(result.stderr.decode().strip().splitlines()) == 1
