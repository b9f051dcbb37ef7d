"""Long pieces: one chunk of 100,000 characters (1,000,000 in the slow suite) encodes on every table with exact
ids and a lossless round trip (in linear time: tests/bench figure 6d), and its trace stays small (no
checkpoint words for tiktoken's rule)."""

from __future__ import annotations

import time
import tracemalloc

import pytest
import regex

from tests.engine.reference import reference_encode
from tui.engine.bpe import capture, encode
from tui.engine.decoding import decode

UNITS = {"letter": "a", "caret": "^", "zero": "0", "apostrophe-s": "'s", "space": " ", "newline": "\n"}


def piece(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


@pytest.fixture(params=["cl100k", "o200k"])
def tiktoken_pair(request, cl100k_table, o200k_table, tiktoken_cl100k, tiktoken_o200k):
    return (cl100k_table, tiktoken_cl100k) if request.param == "cl100k" else (o200k_table, tiktoken_o200k)


@pytest.mark.parametrize("unit", UNITS.values(), ids=UNITS.keys())
def test_100k_piece_on_tiktoken_tables(tiktoken_pair, unit):
    table, enc = tiktoken_pair
    text = piece(unit, 100_000)
    ids = encode(text, table)
    assert ids == enc.encode_ordinary(text)
    assert decode(ids, table) == text


@pytest.mark.parametrize("unit", UNITS.values(), ids=UNITS.keys())
def test_100k_piece_on_gpt2_and_teaching(gpt2_table, teaching_table, tiktoken_gpt2, unit):
    text = piece(unit, 100_000)
    for table in (gpt2_table, teaching_table):
        ids = encode(text, table)
        assert decode(ids, table) == text
    assert encode(text, gpt2_table) == tiktoken_gpt2.encode_ordinary(text)


@pytest.mark.parametrize("unit", UNITS.values(), ids=UNITS.keys())
def test_10k_piece_matches_the_reference_loop(gpt2_table, teaching_table, unit):
    text = piece(unit, 10_000)
    for table in (gpt2_table, teaching_table):
        assert encode(text, table) == reference_encode(text, table.ranks, table.encoder)


@pytest.mark.slow  # a long run (a 100,000-character piece captured and replayed): CI runs it with the slow set
def test_a_long_piece_trace_is_compact_and_replays(cl100k_table):
    """100,000 letters: 87,500 recorded steps held in arrays, not checkpoint words; any word rebuilds exactly."""
    text = piece("a", 100_000)
    tracemalloc.start()
    trace = capture(text, cl100k_table)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    chunk = trace.chunks[0]
    assert len(chunk.rounds) == 87_500
    assert peak < 50e6, f"capture peaked at {peak / 1e6:.1f} MB"
    assert trace.ids == encode(text, cl100k_table)
    r = len(chunk.rounds) // 2
    before, after = chunk.word(r - 1), chunk.word(r)
    k = chunk.position(r)
    assert after == (*before[:k], before[k] + before[k + 1], *before[k + 2 :])


def chunkwise(enc, pattern: str, text: str) -> list[int]:
    """tiktoken's ids chunk by chunk (its `_encode_single_piece`: a token emitted whole, else merged).

    tiktoken's own `encode_ordinary` overflows its regex engine's stack on a million spaces or line
    breaks (a Rust panic), so the long pieces are split by the `regex` package and merged by tiktoken.
    """
    return [i for chunk in regex.findall(pattern, text) for i in enc._encode_single_piece(chunk)]


@pytest.mark.slow
@pytest.mark.parametrize("unit", UNITS.values(), ids=UNITS.keys())
def test_1m_piece_on_every_table(tiktoken_pair, gpt2_table, teaching_table, tiktoken_gpt2, unit):
    """1,000,000 characters on each table, exact against tiktoken's merging where it has the table."""
    table, enc = tiktoken_pair
    text = piece(unit, 1_000_000)
    for ours, theirs in ((table, enc), (gpt2_table, tiktoken_gpt2), (teaching_table, None)):
        start = time.perf_counter()
        ids = encode(text, ours)
        assert time.perf_counter() - start < 20
        if theirs is not None:
            assert ids == chunkwise(theirs, ours.pattern, text)
        assert decode(ids, ours) == text
