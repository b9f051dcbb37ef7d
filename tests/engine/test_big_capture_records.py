"""The big-paste speed-ups keep every record and figure exact: fast-made records, shared rounds, the
growing trace's figures, and Frames placed by the chunks that have rounds."""

from __future__ import annotations

import dataclasses
import random
from bisect import bisect_right
from itertools import accumulate

import pytest

from tui.engine.bpe import Trace, capture, run
from tui.engine.chunk import ChunkTrace, chunk_trace, seen_again
from tui.engine.growing import GrowingTrace
from tui.engine.rounds import Round, gpt2_round
from tui.explain.frames import Frames

TEXTS = [
    "aaababcabxyz",
    "Hi 你! Hi 你! the cat the hat",
    "internationalization internationalization x",
    "",
    " ",
    "a",
    "!!! ??? !!! 123 123 456",
]


def random_text(seed: int) -> str:
    rng = random.Random(seed)
    words = ["the", " cat", " 你好", " über", "123", " ", "\n", "!!", " hat", "e", " internationalization"]
    return "".join(rng.choice(words) for _ in range(rng.randint(0, 400)))


def fields(chunk: ChunkTrace) -> tuple[object, ...]:
    """Every field's value (a tiktoken-rule RoundLog as its tuple of rounds)."""
    return tuple(tuple(chunk.rounds) if f.name == "rounds" else getattr(chunk, f.name) for f in dataclasses.fields(ChunkTrace))


def test_a_fast_made_record_is_a_frozen_chunk_trace_like_the_constructors():
    made = chunk_trace(3, 10, "ab", b"ab", "ab", "miss", (), ("ab",), (1,), None, ((),))
    assert type(made) is ChunkTrace
    assert fields(made) == fields(ChunkTrace(3, 10, "ab", b"ab", "ab", "miss", (), ("ab",), (1,), None, ((),)))
    again = seen_again(7, 20, ("ab", b"ab", "ab", ("ab",), (1,), 3), "hit")
    assert fields(again) == fields(ChunkTrace(7, 20, "ab", b"ab", "ab", "hit", (), ("ab",), (1,), 3))
    single = seen_again(8, 22, ("a", b"a", "a", ("a",), (9,), 5), "single")
    assert single.source is None and single.stop == "single"
    with pytest.raises(dataclasses.FrozenInstanceError):
        again.index = 0  # type: ignore[misc]
    round_ = gpt2_round(("a", "b"), 4, 2)
    assert type(round_) is Round and round_ == Round(("a", "b"), 4, 2) and hash(round_) == hash(Round(("a", "b"), 4, 2))
    with pytest.raises(dataclasses.FrozenInstanceError):
        round_.rank = 0  # type: ignore[misc]


def test_repeats_share_the_first_chunks_objects_and_rounds_are_shared_values(gpt2_table):
    trace = capture("the cat the cat 你 你", gpt2_table)
    first, again = trace.chunks[1], trace.chunks[3]  # ' cat' twice
    assert (again.cache, again.source) == ("hit", 1)
    assert again.text is first.text and again.aliases is first.aliases and again.ids is first.ids and again.symbols is first.symbols
    assert again.data is first.data
    one = capture("internationalization national", gpt2_table)
    rounds = [r for c in one.chunks for r in c.rounds]
    by_value = {}
    for r in rounds:
        assert by_value.setdefault(r, r) is r  # every equal Round is the same object within a capture


def old_starts(trace: Trace) -> list[int]:
    return list(accumulate((len(c.rounds) + 2 for c in trace.chunks), initial=0))


def old_frame(trace: Trace, starts: list[int], index: int) -> tuple[int, str, int]:
    c = bisect_right(starts, index) - 1
    offset = index - starts[c]
    last = len(trace.chunks[c].rounds) + 1
    return c, "start" if offset == 0 else "done" if offset == last else "round", min(offset, last - 1)


def old_next_round(trace: Trace, starts: list[int], index: int) -> int:
    c, kind, rnd = old_frame(trace, starts, index)
    if kind != "done" and rnd < len(trace.chunks[c].rounds):
        return index + 1
    return next((starts[d] + 1 for d in range(c + 1, len(trace.chunks)) if trace.chunks[d].rounds), starts[-1] - 1)


def old_previous_round(trace: Trace, starts: list[int], index: int) -> int:
    c, kind, rnd = old_frame(trace, starts, index)
    if (kind == "done" and trace.chunks[c].rounds) or (kind == "round" and rnd > 1):
        return index - 1
    return next((starts[d] + len(trace.chunks[d].rounds) for d in range(c - 1, -1, -1) if trace.chunks[d].rounds), 0)


@pytest.mark.parametrize("seed", range(12))
def test_frames_by_the_chunks_with_rounds_are_the_frames_by_every_chunk(gpt2_table, teaching_table, cl100k_table, seed):
    table = (gpt2_table, teaching_table, cl100k_table)[seed % 3]
    text = TEXTS[seed % len(TEXTS)] + random_text(seed)
    trace = capture(text, table)
    frames, starts = Frames(trace), old_starts(trace)
    assert len(frames) == starts[-1]
    for index in range(len(frames)):
        frame = frames[index]
        assert (frame.index, frame.chunk, frame.kind, frame.round) == (index, *old_frame(trace, starts, index))
        assert frames.next_round(index) == old_next_round(trace, starts, index)
        assert frames.previous_round(index) == old_previous_round(trace, starts, index)
    for c, chunk in enumerate(trace.chunks):
        assert frames.chunk_start(c) == starts[c] and frames.chunk_start(c - len(trace.chunks)) == starts[c]
        for rnd in range(-1, len(chunk.rounds) + 3):
            assert frames.find(c, rnd) == starts[c] + max(0, min(rnd, len(chunk.rounds) + 1))
        assert frames.find(c, 0, "done") == starts[c] + len(chunk.rounds) + 1
    with pytest.raises(IndexError):
        frames.chunk_start(len(trace.chunks))


@pytest.mark.parametrize("batch", [1, 3, 64])
def test_a_growing_trace_has_the_figures_its_properties_compute(gpt2_table, cl100k_table, batch):
    names = ("byte_count", "token_count", "merges_fired", "round_count", "cache_hits", "round_chunks", "most_rounds", "widest")
    for table in (gpt2_table, cl100k_table):
        for seed, text in enumerate([*TEXTS, random_text(100 + batch)]):
            chunks = list(run(text, table, record=True))
            growing = GrowingTrace(table, text)
            for k in range(0, len(chunks), batch):
                growing.extend(chunks[k : k + batch])
                if seed == 1:  # a partial trace on the way: its figures are those of its chunks
                    partial = growing.trace(complete=False)
                    fresh = Trace(table, text, partial.chunks, complete=False)
                    assert [getattr(partial, n) for n in names] == [getattr(fresh, n) for n in names]
            trace, fresh = growing.trace(), capture(text, table)
            assert [getattr(trace, n) for n in names] == [getattr(fresh, n) for n in names], (table.name, text)
            assert trace.token_count == len(trace.ids) == len(fresh.ids) and trace.ids == fresh.ids
            assert [fields(c) for c in trace.chunks] == [fields(c) for c in fresh.chunks]
