"""The candidate pairs' rows, lowest rank, target row and rule count, checked against every pair looked up.

pair_rows takes the lowest pair and its first occurrence from the trace and counts the rules from a
neighbouring round's count; here each frame is also worked out the slow way, by looking up every
adjacent pair of the word the frame reads, in forward, backward and scattered order.
"""

from __future__ import annotations

import itertools
import random

import pytest

from tests.bench.texts import letters, multilingual
from tui.engine.bpe import capture
from tui.engine.tables import Table
from tui.explain import pairs as pairs_module
from tui.explain.pairs import pair_rows, why_pair
from tui.explain.position import Position


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
        whole = view.chunk.cache == "whole"  # a whole-token chunk merges nothing: no pair is marked
        assert (data.lowest, data.target, list(data.rows)) == ((None, 0) if whole else (lowest, target)) + (rows,), view.where
        count = len(rows)
        said = f"{rules} rule{'s' * (rules != 1)}" if rules else "none is a rule"
        said += " · whole token" if whole else ""
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


def test_a_chunk_too_long_to_follow_is_said_to_be(teaching_table: Table) -> None:
    at = Position.of(capture("ab" * 501, teaching_table)).last()
    assert pair_rows(at, "position").never == ()
    said = why_pair(at, ("a", "b"), 1, None, str)
    assert said.split("\n")[1] == "This chunk has 1,002 symbols: too many to follow round by round here."


def test_aaabdaaabac_never_puts_b_and_c_side_by_side(teaching_table: Table) -> None:
    """On aaabdaaabac the rules (b c) and (c a) are never candidates: the text has no 'bc' or 'ca'."""
    at = Position.of(capture("aaabdaaabac", teaching_table)).last()
    assert why_pair(at, ("b", "c"), 2, None, str).split("\n") == [
        "rule 2: b + c → bc, id 258. Rank 2 orders the rule; id 258 names its token.",
        "(b c) (rank 2) is in the table, but its symbols are never next to each other in this chunk.",
    ]
    assert why_pair(at, ("d", "a"), None, 4, str) == "(d a) at position 4 is not a rule of this table: it can never be merged."


def test_the_sentence_is_shown_through_the_function_it_is_given(teaching_table: Table) -> None:
    """The symbols go through `show` (tui.safe.visible where it is drawn); the plain words after them do not."""
    at = Position.of(capture("aaabdaaabac", teaching_table)).last()
    assert why_pair(at, ("d", "a"), None, None, str.upper) == "(D A) IS NOT A RULE OF THIS TABLE: IT CAN NEVER BE MERGED."
    assert (
        why_pair(at, ("b", "c"), 2, 3, str.upper).split("\n")[0]
        == "RULE 2: B + C → BC, ID 258. Rank 2 orders the rule; id 258 names its token."
    )


def test_a_whole_token_chunk_marks_no_pair_as_merged(cl100k_table: Table) -> None:
    """'hello' is one cl100k_base token: tiktoken emits it without merging, so no pair gets ▶."""
    start = Position.of(capture("hello world", cl100k_table))
    at = start.at(1)
    assert at.chunk.cache == "whole" and at.chunk.text == "hello"
    data = pair_rows(at, "position")
    assert (data.lowest, len(data.rows), data.note) == (None, 4, "4 pairs · 4 rules · whole token")
