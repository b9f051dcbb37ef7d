"""Figure 28: the grid of issue 28 item 1, capture against plain encode on long texts.

1,000,000 characters of each kind (tests/engine/long_texts.py: one letter, two alternating, CJK,
random base64) on every table: `capture` (recording on) within 2× `encode` (the same loop with
recording off), each timed in the same run, alternating. One round each: a CJK text takes a minute.
The capture's peak memory is checked in a fresh process by tests/engine/test_trace_grid.py (slow).
"""

from __future__ import annotations

import pytest

from tests.engine.long_texts import KINDS, TABLES, long_text
from tui.engine.bpe import capture, encode
from tui.engine.tables import get_table

from .conftest import race

pytestmark = pytest.mark.bench


@pytest.mark.parametrize("name", TABLES)
@pytest.mark.parametrize("kind", KINDS)
def test_28_long_text_capture_vs_encode(benchmark, figure, kind, name):
    table = get_table(name)
    text = long_text(kind)
    r = race(benchmark, lambda: capture(text, table), lambda: encode(text, table), rounds=1, warmup=0)
    ok = r.ratio <= 2.0
    measured = f"{r.ratio:.2f}× ({r.ours_median:.1f} s vs {r.peer_median:.1f} s)"
    figure("28", f"1,000,000 characters ({kind}) on {name}: capture / plain encode", measured, "≤ 2×", ok)
    assert ok, f"capture is {r.ratio:.2f}× plain encode on {kind} × {name} (target ≤ 2×)"
