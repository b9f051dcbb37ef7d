"""Shared pieces of the benchmarks: paired timing against a peer, and the figures table printed at the end.

Every figure is recorded with `figure(...)`; after the run, pytest prints them all as one markdown
table, whether each test passed or not, and writes them to `.benchmarks/figures.json` (with the date, the
machine's load and the versions), from which `tests/bench/figures_page.py` writes the table of docs/performance.md.
"""

from __future__ import annotations

import gc
import json
import os
import platform
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import datetime
from importlib.metadata import version
from pathlib import Path
from time import perf_counter

import pytest


@dataclass
class Figure:
    number: str
    what: str
    measured: str
    target: str
    ok: bool | None  # None: reported for scale, no target


FIGURES: list[Figure] = []


@pytest.fixture
def figure() -> Callable[..., None]:
    """Record one figure of the results table: figure('3', 'plain encode / peer', '0.41×', '≤ 0.5×', True)."""

    def record(number: str, what: str, measured: str, target: str = "—", ok: bool | None = None) -> None:
        FIGURES.append(Figure(number, what, measured, target, ok))

    return record


#: Where a run's figures are kept for tests/bench/figures_page.py (beside pytest-benchmark's own, not committed).
FIGURES_JSON = Path(__file__).parents[2] / ".benchmarks" / "figures.json"


def ordered(figures: list[Figure]) -> list[Figure]:
    return sorted(figures, key=lambda f: (int(f.number.rstrip("abcdefghijklmnopqrstuvwxyz")), f.number))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not FIGURES:
        return
    terminalreporter.section("bpe-tui performance figures (issue 5)")
    terminalreporter.write_line("| # | figure | measured | target | |")
    terminalreporter.write_line("|---|---|---|---|---|")
    for f in ordered(FIGURES):
        verdict = "—" if f.ok is None else ("pass" if f.ok else "**FAIL**")
        terminalreporter.write_line(f"| {f.number} | {f.what} | {f.measured} | {f.target} | {verdict} |")
    FIGURES_JSON.parent.mkdir(exist_ok=True)
    run = {
        "when": datetime.now().strftime("%Y-%m-%d %H:%M"),
        "load": " ".join(f"{x:.2f}" for x in os.getloadavg()),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "textual": version("textual"),
        "tiktoken": version("tiktoken"),
        "figures": [asdict(f) for f in ordered(FIGURES)],
    }
    FIGURES_JSON.write_text(json.dumps(run, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    terminalreporter.write_line(f"figures written to {FIGURES_JSON}: python tests/bench/figures_page.py puts them in docs/performance.md")


@dataclass
class Race:
    """Interleaved timings of ours and a peer (seconds), and the ratio of their medians."""

    ours: list[float]
    peer: list[float]

    @property
    def ours_median(self) -> float:
        return statistics.median(self.ours)

    @property
    def peer_median(self) -> float:
        return statistics.median(self.peer)

    @property
    def ratio(self) -> float:
        return self.ours_median / self.peer_median


def _timed(fn: Callable[[], object], into: list[float]) -> None:
    gc.collect()
    start = perf_counter()
    fn()
    into.append(perf_counter() - start)


def race(benchmark, ours: Callable[[], object], peer: Callable[[], object], *, rounds: int, warmup: int = 1) -> Race:
    """Time `ours` with pytest-benchmark and `peer` in its untimed setup, so the two alternate run by run.

    Each run starts after a full garbage collection. The peer's times go into the benchmark's extra_info.
    """
    result = Race([], [])
    for _ in range(warmup):
        peer()
        ours()

    def setup() -> None:
        _timed(peer, result.peer)
        gc.collect()

    def target() -> None:
        start = perf_counter()
        ours()
        result.ours.append(perf_counter() - start)

    benchmark.pedantic(target, setup=setup, rounds=rounds, iterations=1)
    while len(result.peer) < len(result.ours):  # --benchmark-disable skips the setup
        _timed(peer, result.peer)
    benchmark.extra_info.update(peer_median_s=result.peer_median, ours_median_s=result.ours_median, ratio=result.ratio)
    return result


def alternate(ours: Callable[[], object], peer: Callable[[], object], *, rounds: int) -> Race:
    """`ours` and `peer` timed in turn, `rounds` times each, without pytest-benchmark: for a second
    figure measured inside a test that already used its benchmark (a figure reported, not asserted)."""
    result = Race([], [])
    for _ in range(rounds):
        _timed(peer, result.peer)
        _timed(ours, result.ours)
    return result


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"
