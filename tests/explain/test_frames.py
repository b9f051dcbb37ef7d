"""Frames (the positions the animator stands on) and their narration."""

from __future__ import annotations

import pytest

from tui.engine.bpe import capture
from tui.engine.tables import Table
from tui.explain.frames import SAID_IDS, Frame, Frames, narrate


@pytest.fixture(scope="module")
def hi_trace(gpt2_table):
    return capture("Hi 你!", gpt2_table)


def test_frame_count_and_kinds(hi_trace):
    """Each chunk has a start frame, one frame per round and a done frame: 3 + 3 + 2 for 'Hi 你!'."""
    frames = Frames(hi_trace)
    assert len(frames) == sum(len(c.rounds) + 2 for c in hi_trace.chunks) == 8
    assert [f.kind for f in frames] == ["start", "round", "done", "start", "round", "done", "start", "done"]
    assert [f.chunk for f in frames] == [0, 0, 0, 1, 1, 1, 2, 2]
    assert [f.round for f in frames] == [0, 1, 1, 0, 1, 1, 0, 0]
    assert [f.index for f in frames] == list(range(8))


def test_frame_count_for_fourteen_rounds(gpt2_table):
    """'internationalization': 1 start + 14 rounds + 1 done = 16 frames."""
    frames = Frames(capture("internationalization", gpt2_table))
    assert len(frames) == 16
    assert [f.kind for f in frames].count("round") == 14
    assert frames[15] == Frame(15, 0, "done", 14)


def test_indexing_negative_slices_and_bounds(hi_trace):
    """Frames is a sequence: negative indices, slices, and IndexError past either end."""
    frames = Frames(hi_trace)
    assert frames[-1] == Frame(7, 2, "done", 0)
    assert frames[-8] == frames[0] == Frame(0, 0, "start", 0)
    assert frames[3:5] == [Frame(3, 1, "start", 0), Frame(4, 1, "round", 1)]
    assert frames[::-1][0] == frames[7]
    for bad in (8, -9):
        with pytest.raises(IndexError):
            frames[bad]


def test_each_frame_word_is_the_word_after_its_rounds(gpt2_table):
    """chunk.word(frame.round) is the word shown at a frame; at 'done' it is the final symbols."""
    trace = capture("internationalization Hi", gpt2_table)
    for frame in Frames(trace):
        chunk = trace.chunks[frame.chunk]
        word = chunk.word(frame.round)
        if frame.kind == "start":
            assert word == tuple(chunk.aliases)
        if frame.kind == "done":
            assert word == chunk.symbols


def test_empty_trace_has_no_frames(teaching_table):
    """An empty text gives an empty frame sequence."""
    assert len(Frames(capture("", teaching_table))) == 0
    assert list(Frames(capture("", teaching_table))) == []


def test_find_and_chunk_start(hi_trace):
    """find() goes to (chunk, round), clamped to what exists; kind picks the start or done frame."""
    frames = Frames(hi_trace)
    assert [frames.chunk_start(c) for c in range(3)] == [0, 3, 6]
    assert frames.find(1, 0) == 3
    assert frames.find(1, 1) == 4
    assert frames.find(1, 2) == 5
    assert frames.find(1, 99) == 5
    assert frames.find(1, -4) == 3
    assert frames.find(99, 0) == 6
    assert frames.find(-5, 0) == 0
    assert frames.find(0, 1, "start") == 0
    assert frames.find(0, 0, "done") == 2
    assert frames.find(2, 0, "done") == 7


def test_next_and_previous_round(hi_trace):
    """Round stepping skips start/done frames and stops at the first or last frame."""
    frames = Frames(hi_trace)
    assert frames.next_round(0) == 1
    assert frames.next_round(1) == 4
    assert frames.next_round(4) == 7
    assert frames.next_round(7) == 7
    assert frames.previous_round(7) == 4
    assert frames.previous_round(4) == 1
    assert frames.previous_round(1) == 0
    assert frames.previous_round(0) == 0


def test_narrate_hi_ni(hi_trace, gpt2_table):
    """Start, round, 'one symbol left', 'no rule' and 'single' frames each get their sentence."""
    frames = Frames(hi_trace)
    rank_hi = gpt2_table.ranks[("H", "i")]
    rank_ni = hi_trace.chunks[1].rounds[0].rank
    assert hi_trace.chunks[1].rounds[0].pair == ("ä", "½")
    assert [narrate(hi_trace, f) for f in frames] == [
        "chunk 1: 'Hi' is 2 UTF-8 bytes, written as aliases 'Hi'",
        f"round 1: lowest rank among 1 pair is {rank_hi} (H i); merging 1 occurrence",
        "one symbol left: the loop ends; id [17250]",
        "chunk 2: ' 你' is 4 UTF-8 bytes, written as aliases 'Ġä½ł'",
        f"round 1: lowest rank among 3 pairs is {rank_ni} (ä ½); merging 1 occurrence",
        "no remaining pair is a rule: done; 3 symbols give ids [220, 19526, 254]",
        "chunk 3: '!' is 1 UTF-8 byte, written as aliases '!'",
        "single symbol: returned without loop or cache write; id [0]",
    ]


def test_narrate_several_occurrences(teaching_table):
    """'aaaaaaa' round 1 looks at 6 adjacent pairs and merges 3 occurrences of a a."""
    trace = capture("aaaaaaa", teaching_table)
    frames = Frames(trace)
    assert narrate(trace, frames[1]) == "round 1: lowest rank among 6 pairs is 0 (a a); merging 3 occurrences"
    assert narrate(trace, frames[2]) == "no remaining pair is a rule: done; 4 symbols give ids [256, 256, 256, 64]"


def test_narrate_cache_hit(teaching_table):
    """A cache hit names the chunk whose run filled the cache (1-based, as shown)."""
    trace = capture("abc!abc", teaching_table)
    frames = Frames(trace)
    done = frames.find(2, 0, "done")
    assert [f.kind for f in frames[frames.chunk_start(2) :]] == ["start", "done"]
    assert narrate(trace, frames[done]) == "cache hit: 'abc' was encoded before (chunk 1); ids [257, 66]"


def test_the_last_frame_of_a_chunk_of_thousands_of_ids_names_the_first_500_and_an_ellipsis(gpt2_table: Table) -> None:
    """3,500 ids: the sentence lists the first SAID_IDS of them, then '…' (the header shows two lines)."""
    trace = capture("".join("abcdefghij"[(n * 7) % 10] for n in range(5000)), gpt2_table)
    frames = Frames(trace)
    said = narrate(trace, frames[len(frames) - 1])
    ids = trace.chunks[0].ids
    assert len(ids) == 3500
    assert said == "no remaining pair is a rule: done; 3500 symbols give ids [" + ", ".join(map(str, ids[:SAID_IDS])) + ", …]"
