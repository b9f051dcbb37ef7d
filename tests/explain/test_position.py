"""The position's moves in plain Python: no app, no terminal (tui/position.py)."""

from __future__ import annotations

import pytest

from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.explain.position import Position


@pytest.fixture
def seven_rounds() -> Position:
    """aaababcabxyz under the teaching table: one chunk, start, 7 rounds, done (9 frames)."""
    return Position.of(capture("aaababcabxyz", get_table("teaching")))


@pytest.fixture
def three_chunks() -> Position:
    """'ab cd ab': chunks 'ab' (1 round), ' cd' (no round), ' ab' (1 round): 8 frames."""
    return Position.of(capture("ab cd ab", get_table("teaching")))


def test_next_and_previous_step_one_frame_and_stop_at_the_ends(seven_rounds: Position) -> None:
    p = seven_rounds
    assert p.previous() == p  # the first frame: nowhere to go back to
    assert p.next().index == 1 and p.next().previous() == p
    last = p.last()
    assert last.index == 8 and last.next() == last and last.frame.kind == "done"
    assert last.first() == p


def test_moves_are_new_positions_never_changes(seven_rounds: Position) -> None:
    p = seven_rounds
    p.next().next().last()
    assert p.index == 0 and p.step == 0  # stepping back is reading an earlier frame, never undoing


def test_rounds_and_chunks(three_chunks: Position) -> None:
    p = three_chunks
    assert [(f.chunk, f.kind) for f in p.frames] == [
        (0, "start"), (0, "round"), (0, "done"), (1, "start"), (1, "done"), (2, "start"), (2, "round"), (2, "done"),
    ]  # fmt: skip
    assert p.next_round().index == 1
    assert p.next_round().next_round().index == 6  # chunk 2 has no round: skipped whole
    assert p.last().previous_round().index == 6
    assert p.next_chunk().index == 3 and p.next_chunk().next_chunk().index == 5
    assert p.next_chunk().next_chunk().next_chunk() == p.last()  # past the last chunk: its last frame
    assert p.at(4).previous_chunk().index == 3  # inside a chunk: back to its start
    assert p.at(3).previous_chunk().index == 0  # at a chunk's start: the chunk before


def test_scan_detail_steps_through_the_inner_scan(seven_rounds: Position) -> None:
    p = seven_rounds.with_detail(True).next()  # round 1, scan step 0
    assert p.scanning and p.step == 0 and len(p.steps) == 5
    assert p.where == "chunk 1/1 · round 1/7 · frame 2/9 · scan 0/5"
    end = p
    for _ in range(5):
        end = end.next()
    assert end.index == 1 and end.step == 5
    assert end.next().index == 2 and end.next().step == 0
    assert end.next().previous() == end  # back into a round lands at the end of its scan
    assert p.previous().index == 0 and not p.previous().scanning


def test_with_trace_keeps_the_chunk_and_round(three_chunks: Position) -> None:
    p = three_chunks.at(6)  # chunk 3, round 1
    other = p.with_trace(capture("ab cd ab", get_table("gpt2")))
    assert other.frame.chunk == 2 and other.trace.table.name == "gpt2"


def test_the_header_lines(seven_rounds: Position) -> None:
    assert seven_rounds.where == "chunk 1/1 · round 0/7 · frame 1/9"
