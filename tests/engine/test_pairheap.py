"""GPT-2's rule by a heap (tui/engine/pairheap.py) gives the very rounds and words of GPT-2's scan."""

from __future__ import annotations

import itertools
import random
from array import array

import pytest

from tui.engine.bpe import _bpe, capture, encode
from tui.engine.pairheap import LONG_WORD, merge_long


def words(seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice("aabbcxyz ") for _ in range(rng.randint(2, 300))) for _ in range(200)]


@pytest.mark.parametrize("seed", range(3))
def test_same_rounds_as_the_scan(teaching_table, gpt2_table, seed):
    from tui.engine.aliases import to_aliases

    for table in (teaching_table, gpt2_table):
        for text in words(seed):
            token = to_aliases(text.encode())
            rounds_scan, rounds_heap = [], []
            final, _ = _bpe(token, table.ranks, {}, rounds_scan, [])
            cuts, ends = array("i"), array("i")
            assert merge_long(tuple(token), table.ranks, rounds_heap, cuts, ends) == final
            assert rounds_heap == rounds_scan and len(cuts) == len(token) - len(final)


def test_a_long_gpt2_word_replays_from_its_boundaries(gpt2_table, tiktoken_gpt2):
    """Above LONG_WORD characters the heap runs; every word is rebuilt from the removed boundaries."""
    rng = random.Random(1)
    text = "".join(rng.choice("abcdefghij") for _ in range(LONG_WORD + 500))
    trace = capture(text, gpt2_table)
    chunk = trace.chunks[0]
    assert chunk._cuts is not None and chunk._words == ()
    assert trace.ids == encode(text, gpt2_table) == tiktoken_gpt2.encode_ordinary(text)
    for r in (1, len(chunk.rounds) // 2, len(chunk.rounds)):
        before, after = chunk.word(r - 1), chunk.word(r)
        pair = chunk.rounds[r - 1].pair
        assert len(before) - len(after) == chunk.rounds[r - 1].merged and pair in itertools.pairwise(before)


def test_a_long_run_of_one_pair_type_stays_on_the_scan(gpt2_table, tiktoken_gpt2):
    """100,000 letters a: two rounds of the scan (C speed), so no heap and no boundaries kept."""
    text = "a" * (LONG_WORD * 5)
    chunk = capture(text, gpt2_table).chunks[0]
    assert len(chunk.rounds) == 2 and chunk._cuts is None
    assert chunk.ids == tuple(tiktoken_gpt2.encode_ordinary(text))
