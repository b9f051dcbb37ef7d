"""Issue 27, Speed: recording a cast of the whole built-in tour takes at most a quarter of its play time.

Figure 27: `bpe-tui record tour.cast --tour` (at the tour's 2 frames per second), from the command to the file
written, against the cast's own length (the tour's play time, the time of its last event).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from time import perf_counter

import pytest

from tui.cli.main import main

pytestmark = pytest.mark.bench

RATIO = 0.25  # recording may take at most this share of the play time it records


def test_27_recording_the_tour_takes_a_quarter_of_its_play_time(figure: Callable[..., None], tmp_path: Path) -> None:
    out = tmp_path / "tour.cast"
    started = perf_counter()
    main(["record", str(out), "--tour"])
    took = perf_counter() - started
    *_, last = out.read_text(encoding="utf-8").splitlines()
    played = json.loads(last)[0]
    ratio = took / played
    figure(
        "27", f"record the tour ({played:.1f} s of play) / its play time", f"{ratio:.2f}× ({took:.1f} s)", f"≤ {RATIO:g}×", ratio <= RATIO
    )
    assert played > 60 and ratio <= RATIO
