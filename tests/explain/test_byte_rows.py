"""A decode run's byte rows as plain data (tui/explain/byte_rows.py): no terminal."""

from __future__ import annotations

import doctest

import tui.explain.byte_rows
from tests.engine.support import CAFE_IDS
from tui.engine.decoding import decode_frames
from tui.engine.tables import Table
from tui.explain.byte_rows import byte_rows


def test_its_examples() -> None:
    assert doctest.testmod(tui.explain.byte_rows).failed == 0


def test_cafe_nihao_rows_mark_the_tokens_and_the_characters_crossing_them(gpt2_table: Table) -> None:
    """café 你好 from token 5 (ä½ = e4 bd): 你 and 好 each cross a token boundary; the rows wrap at `per_row`."""
    run = decode_frames(CAFE_IDS, gpt2_table, "replace")
    rows = byte_rows(run, 4, 4, 3)  # from token 3 (é = c3 a9), two before the cursor
    shown = [[(f"{c.byte:02x}", c.char or "", c.boundary, c.crossing) for c in row] for row in rows]
    assert shown == [
        [("c3", "é", False, False), ("a9", "", False, False), ("20", " ", True, False), ("e4", "你", True, False)],
        [("bd", "", False, False), ("a0", "", True, True), ("e5", "好", True, False), ("a5", "", False, False)],
        [("bd", "", True, True)],
    ]
    assert [c.selected for row in rows for c in row] == [False, False, False, True, True, False, False, False, False]  # token 5: e4 bd
