"""App figures of issue 5: start-up against a minimal Textual app, step latency, table switch, big paste.

Start-up is timed as whole processes in a pseudo-terminal (120x40); both apps exit on their first
screen under BPE_TUI_EXIT_ON_READY=1. Step latency and table switch are measured in-process with
`App.run_test(size=(120, 40))` (see apptime.py). The big paste runs in a subprocess of its own so
its peak memory (ru_maxrss) is the app's alone.
"""

from __future__ import annotations

import asyncio
import gc
import json
import subprocess
import sys
from dataclasses import replace
from statistics import median
from time import perf_counter

import pytest

from tui.app import BpeApp
from tui.engine import tables
from tui.engine.bpe import capture
from tui.engine.tables import registry
from tui.messages import TableSwitchRequested

from .apptime import BPE_TUI, MINIMAL, ROOT, run_in_pty, shown, startup_env
from .conftest import ms, race
from .texts import multilingual

pytestmark = pytest.mark.bench

SIZE = (120, 40)


def test_1_startup(benchmark, figure, tmp_path):
    """`python -m tui` to its first complete screen ≤ 1.1× a minimal Textual app (one Static, a Footer).

    The figure is the time from the start to the first bytes of Textual's shutdown: the first screen is
    on the terminal by then, and the shutdown (which Textual's input thread stretches by up to 200 ms)
    is left out. 1b, the whole process with its exit, is recorded beside it (see RESULTS.md, figure 1).
    """
    env = startup_env(tmp_path / "pycache")
    ours: list[float] = []
    peer: list[float] = []
    r = race(benchmark, lambda: run_in_pty(BPE_TUI, env, drawn=ours), lambda: run_in_pty(MINIMAL, env, drawn=peer), rounds=9, warmup=2)
    drawn, drawn_peer = median(ours[-len(r.ours) :]), median(peer[-len(r.peer) :])  # the timed runs, not the warm-ups
    benchmark.extra_info.update(drawn_median_s=drawn, drawn_peer_median_s=drawn_peer)
    ratio = drawn / drawn_peer
    ok = ratio <= 1.1
    figure("1", "start-up to first screen / minimal Textual app", f"{ratio:.2f}× ({ms(drawn)} vs {ms(drawn_peer)})", "≤ 1.1×", ok)
    figure(
        "1b",
        "the whole process, its exit included / minimal Textual app",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
    )
    assert ok, f"start-up to the first screen is {ratio:.2f}× the minimal Textual app (target ≤ 1.1×)"


# ---------------------------------------------------------------- step latency: see test_latency_bench.py


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# ---------------------------------------------------------------- table switch


async def test_8_table_switch(figure, teaching_table, monkeypatch):
    """`t` on a 2,000-character text shows gpt2's first frame ≤ 300 ms, the first gpt2 load included."""
    text = multilingual(2000)
    load: list[float] = []

    def timed_gpt2() -> tables.Table:  # the app's own call, timed for the record
        start = perf_counter()
        table = tables.gpt2()
        load.append(perf_counter() - start)
        return table

    monkeypatch.setitem(registry.BY_NAME, "gpt2", replace(registry.BY_NAME["gpt2"], load=timed_gpt2))
    app = BpeApp(capture(text, teaching_table))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await asyncio.sleep(0.1)
        tables.gpt2.cache_clear()  # the switch pays the official table's first load
        gc.collect()  # and not for what earlier tests left behind
        start = perf_counter()
        app.post_message(TableSwitchRequested())
        elapsed = await shown(app, lambda view: view.trace.table.name == "gpt2" and view.trace.complete) - start
        assert app.position.index == 0
    ok = elapsed <= 0.3
    figure(
        "8",
        "table switch teaching → gpt2, 2,000 chars, first gpt2 load included",
        f"{ms(elapsed)} (gpt2 load {ms(load[0])})",
        "≤ 300 ms",
        ok,
    )
    assert ok, f"the table switch took {ms(elapsed)}, of which {ms(load[0])} loading gpt2 (target ≤ 300 ms)"


# ---------------------------------------------------------------- big paste


def test_7_big_paste(figure, gpt2_table):
    """A 1,000,000-character text applied in the app: first frame, full capture, peak memory (in a subprocess)."""
    out = subprocess.run([sys.executable, "-m", "tests.bench.big_paste"], cwd=ROOT, capture_output=True, text=True, timeout=600, check=True)
    r = json.loads(out.stdout.strip().splitlines()[-1])
    text = multilingual(r["chars"])
    start = perf_counter()
    capture(text, gpt2_table)  # for the record: the same capture outside the app, in this process
    capture_s = perf_counter() - start
    first_ok = r["first_frame_s"] <= 0.5
    full_ratio = r["complete_s"] / r["encode_s"]
    full_ok = full_ratio <= 1.5
    mem_ok = r["peak_rss_mb"] <= 250
    figure(
        "7a",
        f"big paste ({r['chars']:,} chars, {r['chunks']:,} chunks): first frame on screen",
        ms(r["first_frame_s"]),
        "≤ 500 ms",
        first_ok,
    )
    figure(
        "7b",
        "big paste: complete trace on screen (worker) / plain encode",
        f"{full_ratio:.2f}× ({ms(r['complete_s'])} vs {ms(r['encode_s'])}; capture() alone {ms(capture_s)})",
        "≤ 1.5×",
        full_ok,
    )
    figure("7c", "big paste: peak memory of the process (VmHWM)", f"{r['peak_rss_mb']:.0f} MB", "≤ 250 MB", mem_ok)
    failures = [
        f"first frame after {ms(r['first_frame_s'])} (target ≤ 500 ms)" * (not first_ok),
        f"complete trace after {full_ratio:.2f}× plain encode (target ≤ 1.5×)" * (not full_ok),
        f"peak memory {r['peak_rss_mb']:.0f} MB (target ≤ 250 MB)" * (not mem_ok),
    ]
    assert first_ok and full_ok and mem_ok, "big paste: " + "; ".join(f for f in failures if f)
