"""The merge heap (tui/engine/heap.py) gives the very rounds and words of the plain scans, on both rules."""

from __future__ import annotations

import itertools
import random
from array import array

import pytest

from tui.engine.aliases import to_aliases
from tui.engine.bpe import _bpe, capture, encode
from tui.engine.heap import HEAP_FROM, LONG_WORD, long_rounds, merge_long, merge_parts, merge_ranked
from tui.engine.rounds import Round, RoundLog


def words(seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice("aabbcxyz ") for _ in range(rng.randint(2, 300))) for _ in range(200)]


def heap_gpt2(word: str, ranks) -> tuple[tuple[str, ...], list[Round], array, array]:
    """GPT-2's rule by the heap: the final word, its rounds, removed boundaries and round ends."""
    log, ends = RoundLog(word), array("i")
    final = merge_long(word, ranks, log, ends)
    return final, long_rounds(log, ends), log.cuts(), ends


def steps(log: RoundLog) -> list[tuple[int, int, int, int]]:
    """Each recorded merge as (left start, removed boundary, right end, rank)."""
    return list(zip(log.at, log.cut, log.end, log.rank, strict=True))


# ---------------------------------------------------------------- exact cases, written out


def test_gpt2_rule_exact_rounds_by_the_heap_and_by_the_scan():
    """'abcab' with a-b (rank 1) and ab-c (rank 0): round 1 merges both a-b before the ab-c it made
    (a join made in a round waits for the next one), round 2 merges ab-c."""
    ranks = {("a", "b"): 1, ("ab", "c"): 0}
    expected = [Round(("a", "b"), 1, 2), Round(("ab", "c"), 0, 1)]
    final, rounds, cuts, ends = heap_gpt2("abcab", ranks)
    assert (final, rounds, list(cuts), list(ends)) == (("abc", "ab"), expected, [1, 4, 2], [2, 3])
    scan: list[Round] = []
    assert _bpe("abcab", ranks, {}, scan, [])[0] == ("abc", "ab") and scan == expected


def test_gpt2_rule_exact_rounds_on_the_teaching_table(teaching_table):
    """Seed 000's word: the heap's rounds are the scan's, pair by pair."""
    final, rounds, cuts, ends = heap_gpt2("aaababcabxyz", teaching_table.ranks)
    assert final == ("aaababc", "ab", "xyz")
    assert [(r.pair, r.rank, r.merged) for r in rounds] == [
        (("a", "a"), 0, 1),
        (("a", "b"), 1, 3),
        (("x", "y"), 4, 1),
        (("xy", "z"), 5, 1),
        (("aa", "ab"), 6, 1),
        (("aaab", "ab"), 7, 1),
        (("aaabab", "c"), 8, 1),
    ]
    assert list(ends) == [1, 4, 5, 6, 7, 8, 9] and sorted(cuts) == [1, 2, 3, 4, 5, 6, 8, 10, 11]
    scan: list[Round] = []
    assert _bpe("aaababcabxyz", teaching_table.ranks, {}, scan, [])[0] == final and scan == rounds


def test_tiktoken_rule_exact_steps_by_the_heap_and_by_the_list():
    """b'abcab': ab (rank 3) at 0, then the ab at 3 (leftmost of the lowest first), then abc (5)."""
    ranks = {b"a": 0, b"b": 1, b"c": 2, b"ab": 3, b"bc": 4, b"abc": 5}
    by_heap, by_list = RoundLog("abcab"), RoundLog("abcab")
    assert merge_parts(b"abcab", ranks, False, by_heap) == [0, 3, 5]
    assert merge_ranked(b"abcab", ranks, by_list) == [0, 3, 5]
    assert steps(by_heap) == steps(by_list) == [(0, 1, 2, 3), (3, 4, 5, 3), (0, 2, 3, 5)]
    assert [r.pair for r in by_heap] == [("a", "b"), ("a", "b"), ("ab", "c")]


def test_short_words_and_no_rule():
    """No pair, one part or none: the boundaries are the parts, nothing is recorded."""
    log = RoundLog("")
    assert merge_parts(b"", {}, False, log) == [0] and merge_parts("x", {}, True, log) == [0, 1]
    assert merge_parts(b"xyz", {b"ab": 0}, False, log) == [0, 1, 2, 3] and len(log) == 0
    assert merge_long("xyz", {("a", "b"): 0}) == ("x", "y", "z")


# ---------------------------------------------------------------- many words


@pytest.mark.parametrize("seed", range(3))
def test_same_rounds_as_the_scan(teaching_table, gpt2_table, seed):
    for table in (teaching_table, gpt2_table):
        for text in words(seed):
            token = to_aliases(text.encode())
            rounds_scan: list[Round] = []
            final, _ = _bpe(token, table.ranks, {}, rounds_scan, [])
            got, rounds, cuts, ends = heap_gpt2(token, table.ranks)
            assert got == final and rounds == rounds_scan
            assert len(cuts) == len(token) - len(final) and len(ends) == len(rounds)


@pytest.mark.parametrize("seed", range(3))
def test_same_steps_as_the_list(cl100k_table, seed):
    """tiktoken's rule on pieces the list merges (up to HEAP_FROM bytes): the heap takes the same steps."""
    rng = random.Random(seed)
    for _ in range(200):
        data = "".join(rng.choice("aabbcxyz 你") for _ in range(rng.randint(2, HEAP_FROM // 3))).encode()
        assert len(data) <= HEAP_FROM
        by_heap, by_list = RoundLog(""), RoundLog("")
        assert merge_parts(data, cl100k_table.byte_ranks, False, by_heap) == merge_ranked(data, cl100k_table.byte_ranks, by_list)
        assert steps(by_heap) == steps(by_list)


# ---------------------------------------------------------------- in the loop


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
