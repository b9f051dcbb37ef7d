"""The pairs pane's rows, lowest rank, target row and rule count, checked against every pair looked up.

pair_rows takes the lowest pair and its first occurrence from the trace and counts the rules from a
neighbouring round's count; here each frame is also worked out the slow way, by looking up every
adjacent pair of the word the frame reads, in forward, backward and scattered order.
"""

from __future__ import annotations

import itertools
import random

import pytest
from rich.cells import cell_len

from tests.bench.texts import letters, multilingual
from tui.engine.bpe import capture
from tui.engine.tables import Table
from tui.explain.position import Position
from tui.safe import visible
from tui.widgets import pairs as pairs_module
from tui.widgets.pairs import pair_rows


def looked_up(view: Position) -> tuple[int, int | None, int, list[tuple[int, tuple[str, str], int | None]]]:
    """(rules, lowest rank, row of its first occurrence, rows) from every pair of the frame's word."""
    frame = view.frame
    word = view.chunk.word(frame.round - 1 if frame.kind == "round" else frame.round)
    rows = [(p, pair, view.trace.table.ranks.get(pair)) for p, pair in enumerate(itertools.pairwise(word))]
    ranks = [rank for _, _, rank in rows if rank is not None]
    lowest = min(ranks) if ranks else None
    target = next((p for p, _, rank in rows if rank == lowest), 0) if lowest is not None else 0
    return len(ranks), lowest, target, rows


def check_walk(trace_frames: list[Position]) -> int:
    """Compare every frame of the walk; the number of frames that listed pairs."""
    pairs_module._COUNTS.clear()
    listed = 0
    for view in trace_frames:
        if view.chunk.cache == "hit" or len(view.chunk.word(0)) < 2:
            continue
        data = pair_rows(view, "position")
        if not len(data.rows):
            continue
        rules, lowest, target, rows = looked_up(view)
        assert (data.lowest, data.target, list(data.rows)) == (lowest, target, rows), view.where
        count = len(rows)
        said = f"{rules} rule{'s' * (rules != 1)}" if rules else "none is a rule"
        assert data.note == f"{count} pair{'s' * (count != 1)} · {said}", view.where
        listed += 1
    return listed


@pytest.mark.parametrize("text", ["multilingual", "letters"])
def test_every_frame_agrees_with_every_pair_looked_up(gpt2_table: Table, text: str) -> None:
    trace = capture(multilingual(400) if text == "multilingual" else letters(300), gpt2_table)
    start = Position.of(trace)
    views = [start.at(i) for i in range(len(start.frames))]
    shuffled = views[:]
    random.Random(4).shuffle(shuffled)
    assert check_walk(views) == check_walk(views[::-1]) == check_walk(shuffled) > 100


def test_tiktoken_rule_frames_agree_too(cl100k_table: Table) -> None:
    """One merge a step, the leftmost lowest: the count and target follow it as well."""
    trace = capture("Unbelievably, the tokenizer's tokenizers tokenized 12345 tokens!!!", cl100k_table)
    start = Position.of(trace)
    views = [start.at(i) for i in range(len(start.frames))]
    assert check_walk(views) == check_walk(views[::-1]) > 20


def test_rank_order_lists_the_lowest_first(gpt2_table: Table) -> None:
    trace = capture(letters(200), gpt2_table)
    view = Position.of(trace).at(3)
    data = pair_rows(view, "rank")
    _, lowest, _, rows = looked_up(view)
    ranked = sorted(rows, key=lambda row: (row[2] is None, row[2] or 0, row[0]))
    assert list(data.rows) == ranked and data.rows[0][2] == lowest and data.target == 0


@pytest.mark.parametrize("order", ["position", "rank"])
def test_the_pair_column_is_as_wide_as_the_widest_pair_near_the_target(gpt2_table: Table, order: str) -> None:
    """near_width reads the word, not the rows: the same width as the rows within 100 of the target, drawn."""
    trace = capture("日本語 " * 3 + letters(600) + " 🏳️‍🌈 ", gpt2_table)
    start = Position.of(trace)
    checked = set()
    for i in range(0, len(start.frames), 7):
        data = pair_rows(start.at(i), order)
        rows = data.rows
        for target in {data.target, 0, len(rows) // 2, max(len(rows) - 1, 0)}:
            near = rows[max(target - 100, 0) : target + 100]
            drawn = max((cell_len(f"{visible(a, space='·')} {visible(b, space='·')}") for _, (a, b), _ in near), default=1)
            assert pairs_module.near_width(rows, target) == drawn
            checked.add(drawn)
    assert len(checked) > 2  # the widths differ along the text: the test sees a column narrow and widen
