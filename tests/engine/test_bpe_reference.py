"""The merge loop against an independent reimplementation of seed 000's loop (tests/engine/reference.py)."""

from __future__ import annotations

import itertools
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.engine.bpe import CHECKPOINT, capture, encode

from .reference import reference_bpe, reference_encode


def assert_chunk_matches_reference(chunk, ranks):
    words, chosen = reference_bpe(chunk.aliases, ranks)
    assert [(r.pair, r.rank) for r in chunk.rounds] == chosen
    assert [chunk.word(r) for r in range(len(chunk.rounds) + 1)] == words
    assert [r.merged for r in chunk.rounds] == [len(a) - len(b) for a, b in itertools.pairwise(words)]
    assert chunk.symbols == words[-1]


@pytest.mark.parametrize("seed", range(4))
def test_long_random_chunk_matches_reference_round_by_round(gpt2_table, seed):
    """300 random letters on gpt2: every round's pair, rank and word equal the seed's loop, in any reading order."""
    rng = random.Random(seed)
    text = "".join(rng.choice(string.ascii_lowercase) for _ in range(300))
    (chunk,) = capture(text, gpt2_table).chunks
    assert len(chunk.rounds) > 3 * CHECKPOINT  # words between checkpoints are replayed
    words, _chosen = reference_bpe(chunk.aliases, gpt2_table.ranks)
    assert_chunk_matches_reference(chunk, gpt2_table.ranks)
    # Stepping backwards and jumping around must give the same words (replay from checkpoints).
    order = list(range(len(words)))
    for r in reversed(order):
        assert chunk.word(r) == words[r]
    rng.shuffle(order)
    for r in order:
        assert chunk.word(r) == words[r]
    for r in range(1, len(words)):
        steps = chunk.scan(r)
        assert steps[-1].written == len(words[r])
        assert sum(s.kind == "merge" for s in steps) == chunk.rounds[r - 1].merged


def test_reference_encode_agrees_on_the_seed_examples(gpt2_table):
    """The independent encoder reproduces the seeds' ids, so it is a fair referee."""
    ranks, encoder = gpt2_table.ranks, gpt2_table.encoder
    assert reference_encode("Hi 你!", ranks, encoder) == [17250, 220, 19526, 254, 0]
    assert reference_encode("internationalization", ranks, encoder) == [45609, 1634]
    assert reference_encode("The cat sat on the", ranks, encoder) == [464, 3797, 3332, 319, 262]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abcxyz !", max_size=40))
def test_teaching_captures_match_reference(teaching_table, text):
    """On teaching-table text every chunk's rounds and words equal the seed's loop; ids equal its encode()."""
    trace = capture(text, teaching_table)
    for chunk in trace.chunks:
        if chunk.cache != "hit":
            assert_chunk_matches_reference(chunk, teaching_table.ranks)
    assert trace.ids == reference_encode(text, teaching_table.ranks, teaching_table.encoder)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=60))
def test_gpt2_encode_matches_reference(gpt2_table, text):
    """On arbitrary Unicode, encode() equals the seed's encode() and capture() records the same ids."""
    expected = reference_encode(text, gpt2_table.ranks, gpt2_table.encoder)
    assert encode(text, gpt2_table) == expected
    trace = capture(text, gpt2_table)
    assert trace.ids == expected
    assert "".join(c.text for c in trace.chunks) == text
    assert b"".join(c.data for c in trace.chunks) == text.encode("utf-8")
    for chunk in trace.chunks:
        # Every effective round removes at least one symbol, so N symbols allow at most N - 1 rounds.
        assert all(r.merged >= 1 for r in chunk.rounds)
        assert len(chunk.rounds) <= max(len(chunk.aliases) - 1, 0)
        if chunk.cache != "hit":
            assert len(chunk.symbols) == len(chunk.aliases) - chunk.merged
