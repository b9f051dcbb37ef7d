"""The training loop's listing and the line each round stands on: the values beside it are the engine's."""

from __future__ import annotations

import doctest

import pytest

import tui.explain.training_code
from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.training import train
from tui.explain.training_code import ROUND, TRAINING, mark

SEED = "the cat the hat"


def test_the_doctests_pass() -> None:
    assert doctest.testmod(tui.explain.training_code).failed == 0


def test_the_listing_defines_get_stats_and_merge_and_every_line_a_round_runs() -> None:
    codes = [line.code for line in TRAINING.lines]
    assert "def get_stats(ids, counts=None):" in codes and "def merge(ids, pair, idx):" in codes
    assert [TRAINING.line(op).code for op in ("stats", "pick", "merge")] == [
        "get_stats(c, counts)",
        "pair = max(counts, key=counts.get)",
        "chunks[k] = merge(c, pair, idx)",
    ]
    assert all(TRAINING.index(op) >= 0 for op in (*ROUND, "empty"))


@pytest.mark.parametrize("pattern", [GPT2_PATTERN, None])
def test_each_round_shows_the_engines_pair_count_and_id(pattern: str | None) -> None:
    """Seed 004's `the cat the hat`, 3 merges, in chunks and as one piece: every value is the engine's round."""
    result = train(SEED, 3, pattern, leaders=8)
    for r in result.rounds:
        where = mark(result, r.index)
        assert where.op == "pick" and where.trail == ROUND
        assert where.values("pick").startswith(f"pair=({r.pair[0]}, {r.pair[1]})  count={r.count}")
        assert where.values("id") == f"idx={r.id}"
        assert where.values("rule").startswith(f"merges[({r.pair[0]}, {r.pair[1]})] = {r.id}  vocab[{r.id}] = ")


def test_seed_rounds_exactly() -> None:
    """Round 1 wins a 3-way tie (th, he, at) in chunks; round 3 is (97, 116) in chunks, (257, 32) without."""
    chunked, plain = train(SEED, 3, leaders=8), train(SEED, 3, None, leaders=8)
    first = mark(chunked, 1)
    assert first.values("stats") == "15 ids counted; top {(116, 104): 2, (104, 101): 2, (97, 116): 2, …}"
    assert first.values("pick") == "pair=(116, 104)  count=2  (3-way tie, first inserted wins)"
    assert first.values("merge") == "2 replaced: 15 → 13 ids"
    assert mark(chunked, 3).values("rule") == "merges[(97, 116)] = 258  vocab[258] = b'at'"
    assert mark(plain, 3).values("pick") == "pair=(257, 32)  count=2  (2-way tie, first inserted wins)"
    assert mark(plain, 3).values("rule") == "merges[(257, 32)] = 258  vocab[258] = b'the '"


def test_a_round_after_the_pairs_ran_out_stops_at_the_break() -> None:
    """In chunks `the cat the hat` has no pair left after 8 merges: round 9 is the `break`, 4 ids left."""
    result = train(SEED, 20)
    assert len(result.rounds) == 8
    where = mark(result, 9)
    assert where.op == "empty" and TRAINING.line("empty").code == "if not counts: break"
    assert where.values("stats") == "4 ids left, no two side by side in a chunk"
    assert where.values("empty") == "no pair left after 8 merges: stop"
