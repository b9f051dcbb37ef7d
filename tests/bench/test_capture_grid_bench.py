"""Figure 36 (issue 36, item 10): capture against plain encode on every table and text shape at the 1,000,000-character
limit: capture ≤ 3× encode's time and ≤ 500 MB peak memory, each measured in a process of its own (the peak resident
set of a fresh process: the table loaded, the text built, then the one call), encode's in the next, for scale."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tui.engine.tables.registry import table_cycle

from .texts import SHAPES

pytestmark = pytest.mark.bench

LIMIT = 1_000_000
ROOT = Path(__file__).parents[2]

#: The child: build the text and the table, warm the table, then time one call and report it with the peak memory.
CHILD = """
import gc, json, resource, sys, time
from tests.bench.texts import shaped
from tui.engine.bpe import capture, encode
from tui.engine.tables import get_table
name, shape, mode, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
table, text = get_table(name), shaped(shape, n)
encode("warm", table)
gc.collect()
start = time.perf_counter()
(capture if mode == "capture" else encode)(text, table)
seconds = time.perf_counter() - start
print(json.dumps({"seconds": seconds, "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measured(table: str, shape: str, mode: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, table, shape, mode, str(LIMIT)], cwd=ROOT, capture_output=True, text=True, timeout=900, check=True
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("table", table_cycle())
def test_capture_within_three_encodes_and_500_mb(table: str, figure) -> None:  # type: ignore[no-untyped-def]
    missed = []
    for shape in SHAPES:
        ours, peer = measured(table, shape, "capture"), measured(table, shape, "encode")
        ratio = ours["seconds"] / peer["seconds"]
        ok = ratio <= 3 and ours["peak_mb"] <= 500
        figure(
            "36",
            f"{table}, {shape}: capture / encode, 1,000,000 chars; capture's peak",
            f"{ratio:.2f}× ({ours['seconds']:.2f} s vs {peer['seconds']:.2f} s); {ours['peak_mb']:.0f} MB (encode {peer['peak_mb']:.0f})",
            "≤ 3×, ≤ 500 MB",
            ok,
        )
        if not ok:
            missed.append(f"{shape}: {ratio:.2f}×, {ours['peak_mb']:.0f} MB")
    assert not missed, f"{table}: capture past 3× encode or 500 MB on " + "; ".join(missed)
