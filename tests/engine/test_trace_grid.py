"""The grid of issue 28 item 1 (slow): 1,000,000 characters of each kind on every table, captured in a
fresh process: the capture's peak memory, and its saved file reopens within the open limit.

The time against `encode` is measured by tests/bench/test_trace_bench.py (a ratio in the same run).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tui.engine.tracefile import MAX_FILE_BYTES

from .long_texts import KINDS, TABLES

pytestmark = pytest.mark.slow

#: Run in a fresh interpreter, so its maximum resident size is this capture's: the table is loaded and
#: warmed first, then the peak the capture adds is measured, then the trace is saved and opened again.
SCRIPT = """
import json, os, resource, sys, tempfile
from tests.engine.long_texts import long_text
from tui.engine.bpe import capture, encode
from tui.engine.tables import get_table
from tui.engine.tracefile import load, save

kind, name = sys.argv[1:3]
table = get_table(name)
text = long_text(kind)
encode("warm up " + text[:1000], table)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
trace = capture(text, table)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
path = os.path.join(tempfile.mkdtemp(), "t.json")
save(trace, path)
size = os.path.getsize(path)
ids, rounds = trace.ids, trace.round_count
del trace
again = load(path)
print(json.dumps({"added_mb": (peak - before) / 1024, "size": size, "same": again.ids == ids, "rounds": rounds}))
"""


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("kind", KINDS)
def test_a_long_text_captures_in_bounded_memory_and_reopens(kind, table):
    """Capturing adds at most 500 MB at peak, and the saved file is under the open limit and opens again."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", SCRIPT, kind, table], cwd=root, capture_output=True, text=True, timeout=1800, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout)
    assert got["added_mb"] <= 500, got
    assert got["size"] <= MAX_FILE_BYTES and got["same"], got
