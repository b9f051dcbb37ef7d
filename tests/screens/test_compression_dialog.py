"""The compression chart (issue 26): b in the Tables view measures every table of the app on the bundled samples in a
worker and draws one bar per table per sample, at 80x24 and at 60x18 under NO_COLOR (scrolling); escape closes it."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll

from tests.app_support import make_app, opened, screen_text, until
from tui.engine.tables.registry import table_cycle
from tui.screens.compression_dialog import CompressionScreen
from tui.widgets.compression_chart import CompressionChart


def measured(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, CompressionScreen) and app.screen.query_one(CompressionChart).report is not None


async def test_b_in_the_tables_view_draws_every_table_on_every_sample() -> None:
    app = make_app()
    async with opened(app, "tables") as pilot:
        await pilot.press("L")
        await until(pilot, lambda: measured(app))
        report = app.screen.query_one(CompressionChart).report
        assert report is not None and report.tables == tuple(table_cycle())
        await pilot.pause()
        shown = screen_text(app).splitlines()
        assert any("Compression by language: bytes per token" in line for line in shown)
        assert any(f"{len(table_cycle())} tables × 15 samples · ★ the fewest tokens" in line for line in shown)
        assert any("English · 2,788 bytes · 499 words" in line for line in shown)
        assert any("  gpt2 " in line and "4.61   1.21" in line for line in shown)
        await pilot.press("escape")
        await until(pilot, lambda: type(app.screen).__name__ == "TablesScreen")
        assert type(app.screen).__name__ == "TablesScreen"


async def test_at_60x18_without_colour_the_chart_scrolls_to_the_last_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with opened(app, "tables", size=(60, 18)) as pilot:
        await pilot.press("L")
        await until(pilot, lambda: measured(app))
        await pilot.press("end")
        scroll = app.screen.query_one(VerticalScroll)
        await until(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y > 0)
        await pilot.pause()
        shown = screen_text(app).splitlines()
        assert len(shown) == 18 and all(len(line) <= 60 for line in shown)
        assert any(line.strip("│ ").startswith("Numbers · 2,050 bytes") for line in shown), shown
        assert any("★ gpt2" in line and "1.97" in line for line in shown)  # GPT-2 keeps long digit runs whole
        assert any("escape: close" in line for line in shown)


async def test_L_in_the_training_view_measures_the_trained_table_beside_the_apps() -> None:
    """Trained on 'the cat the hat' with 3 merges (th, the, at), the table saves exactly the English sample's 'th', 'the'
    and 'at' pairs in GPT-2's chunks: 2,788 bytes become 2,657 tokens (counted by hand, merge by merge), drawn as the last bar."""
    from tests.screens.test_train import open_training

    app = make_app("the cat the hat")
    async with opened(app) as pilot:
        await open_training(app, pilot)
        await pilot.press("L")
        await until(pilot, lambda: measured(app))
        report = app.screen.query_one(CompressionChart).report
        assert report is not None and report.tables == (*table_cycle(), "trained")
        assert report.tokens["english"]["trained"] == 2657
        await pilot.pause()
        assert any(line.strip("│ ").startswith("trained ") and "1.05" in line for line in screen_text(app).splitlines())


async def test_escape_while_measuring_closes_at_once_and_the_app_keeps_running() -> None:
    """Closed before its worker is done, the dialog is gone and nothing the worker still reports reaches it."""
    app = make_app()
    async with opened(app, "tables") as pilot:
        await pilot.press("L", "escape")
        await until(pilot, lambda: type(app.screen).__name__ == "TablesScreen")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert type(app.screen).__name__ == "TablesScreen" and app.is_running
        await pilot.press("L")
        await until(pilot, lambda: measured(app))
        assert measured(app)
