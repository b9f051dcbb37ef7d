"""The pairs pane's column of pairs: as wide as the widest pair near the chosen row, measured from the word."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from tests.app_support import make_app, opened, screen_text
from tests.bench.texts import letters
from tui.engine.bpe import capture
from tui.engine.tables import Table
from tui.explain.pairs import pair_rows
from tui.explain.position import Position
from tui.safe import visible
from tui.widgets import pairs as pairs_module


@pytest.mark.parametrize("order", ["position", "rank"])
def test_the_pair_column_is_as_wide_as_the_widest_pair_near_the_target(gpt2_table: Table, order: str) -> None:
    """near_width reads the word, not the rows: the same width as the rows within 100 of the target, drawn."""
    trace = capture("日本語 " * 3 + letters(600) + " 🏳️‍🌈 ", gpt2_table)
    start = Position.of(trace)
    checked = set()
    for i in range(0, len(start.frames), 7):
        data = pair_rows(start.at(i), order)
        rows = data.rows
        for target in {data.target, 0, len(rows) // 2, max(len(rows) - 1, 0)}:
            near = rows[max(target - 100, 0) : target + 100]
            drawn = max((cell_len(f"{visible(a, space='·')} {visible(b, space='·')}") for _, (a, b), _ in near), default=1)
            assert pairs_module.near_width(rows, target) == drawn
            checked.add(drawn)
    assert len(checked) > 2  # the widths differ along the text: the test sees a column narrow and widen


async def test_the_pairs_pane_names_its_columns_at_80_and_60_columns() -> None:
    """A row is ' 0  h e     127': the title names the columns: # (the position), pair, rank."""
    for size in ((80, 24), (60, 18)):
        app = make_app()
        async with opened(app, size=size) as pilot:
            await pilot.press("right")
            assert "─ Pairs: # pair rank ─" in screen_text(app)
