"""Issue 26: a lock-step move in view 8 (Compare) within issue 11's targets, against the animator's own step.

GPT-2 against cl100k_base on the 2,000-character multilingual text, at 120x40 and 80x24: from the key posted
to the app to the screen repainted after the view's cursor moved (apptime.timed_keys), and in the same run the
animator's step (view 1's right / left, its position moved) measured the same way.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

import pytest

from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import Table
from tui.explain.compare_rows import Cursor
from tui.screens.compare import CompareScreen

from .apptime import move_figures, settled, timed_keys
from .conftest import ms
from .texts import multilingual

pytestmark = pytest.mark.bench

KEYS = (("right", 40), ("left", 40), ("pagedown", 10), ("pageup", 10))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_26_compare_steps(figure: Callable[..., None], gpt2_table: Table, size: tuple[int, int]) -> None:
    """Each key against issue 11's targets (median ≤ 8 ms, p99 ≤ 16.7 ms, reported), and asserted: the view's median
    step no slower than 1.25× the animator's step measured in the same run (on a machine shared by several
    sessions the absolute targets are missed by the animator itself)."""
    app = BpeApp(capture(multilingual(2000), gpt2_table))
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        animator = await timed_keys(app, app, "position", (("right", 40), ("left", 40)))
        await pilot.press("8")
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        while screen.shown is None:
            await pilot.pause(0.05)
        assert len(screen.shown.pairs) > 20
        screen.cursor = start = Cursor(5, 0)  # a walk that each key moves, and that comes back here
        await settled(pilot)
        results = await timed_keys(app, screen, "cursor", KEYS)
        assert screen.cursor == start  # every key arrived: the walk came back where it began
    peer = [t for times in animator.values() for t in times]
    misses = move_figures(figure, "26", f"Compare view: {{key}}, 2,000 chars, {size[0]}x{size[1]}", results, peer, "animator's step")
    ours = statistics.median([t for times in results.values() for t in times])
    ratio = ours / statistics.median(peer)
    said = f"Compare view step / the animator's step, {size[0]}x{size[1]} ({ms(ours)} / {ms(statistics.median(peer))})"
    figure("26", said, f"{ratio:.2f}×", "≤ 1.25×", ratio <= 1.25)
    assert ratio <= 1.25, f"{said}: {ratio:.2f}×; issue 11's targets missed by: " + ", ".join(misses)
