"""Issue 28 item 4: a save runs in a thread, so the keys keep their pace while it writes.

Figure 28 (issue 28 item 4): a step (next frame) from its message to the repainted screen while a 100,000-character
GPT-2 trace is being saved, against the same steps in the same app before the save started, as a ratio
of medians.
"""

from __future__ import annotations

import asyncio
import statistics
from pathlib import Path
from time import perf_counter

import pytest

from tui.app import BpeApp
from tui.engine.bpe import capture

from .apptime import move_message, refreshed, settled
from .conftest import ms
from .texts import multilingual

pytestmark = pytest.mark.bench

RATIO = 3.0  # a step during a save may take at most this many times a step without one (median)


async def steps(app: BpeApp, count: int, going=lambda: True) -> list[float]:  # type: ignore[no-untyped-def]
    out: list[float] = []
    while len(out) < count and going():
        await asyncio.sleep(0.02)
        start = perf_counter()
        app.post_message(move_message("next"))
        out.append(await refreshed(app) - start)
    return out


async def test_28_steps_keep_their_pace_during_a_save(figure, gpt2_table, tmp_path: Path) -> None:
    trace = capture(multilingual(100_000), gpt2_table)
    app = BpeApp(trace)
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        before = await steps(app, 30)
        started = perf_counter()
        app.saves.start(trace, tmp_path / "t.json")
        during = await steps(app, 200, lambda: app.saves.running)
        while app.saves.running:
            await asyncio.sleep(0.01)
        took = perf_counter() - started
    ratio = statistics.median(during) / statistics.median(before)
    figure(
        "28",
        f"step during a {took:.1f} s save / step without ({len(during)} steps)",
        f"{ratio:.2f}× ({ms(statistics.median(during))})",
        f"≤ {RATIO:g}×",
        ratio <= RATIO,
    )
    assert len(during) >= 5 and ratio <= RATIO
