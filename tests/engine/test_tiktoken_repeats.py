"""tiktoken keeps no per-chunk cache (GPT-2's encoder.py does): on tiktoken's rule a repeated chunk is
never a cache hit; it is merged again with the same steps, or emitted whole again, and the narration,
figures and trace files say only that."""

from __future__ import annotations

from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.engine.tracefile import dumps, loads
from tui.explain.frames import Frames, narrate

TEXT = " xyzzy! xyzzy! the the"


def test_a_repeat_is_merged_again_on_tiktokens_rule() -> None:
    trace = capture(TEXT, get_table("cl100k_base"))
    assert [(c.text, c.cache, len(c.rounds), c.ids) for c in trace.chunks] == [
        (" xyzzy", "miss", 4, (41611, 4341)),
        ("!", "single", 0, (0,)),
        (" xyzzy", "miss", 4, (41611, 4341)),
        ("!", "single", 0, (0,)),
        (" the", "whole", 0, (279,)),
        (" the", "whole", 0, (279,)),
    ]
    first, again = trace.chunks[0], trace.chunks[2]
    assert [again.word(r) for r in range(5)] == [first.word(r) for r in range(5)]
    assert again.source is None and trace.cache_hits == 0
    assert trace.merges_fired == 8  # both runs of ' xyzzy' count: tiktoken does the work twice


def test_gpt2s_rule_reads_the_same_repeats_from_its_cache() -> None:
    trace = capture(TEXT, get_table("gpt2"))
    assert [c.cache for c in trace.chunks] == ["miss", "single", "hit", "single", "miss", "hit"]
    assert trace.cache_hits == 2 and trace.merges_fired == 6


def test_the_narration_never_speaks_of_a_cache_on_tiktokens_rule() -> None:
    trace = capture(TEXT, get_table("cl100k_base"))
    said = [narrate(trace, frame) for frame in Frames(trace)]
    assert not [s for s in said if "cache hit" in s or "cache write" in s]
    assert said.count("one byte: its token is emitted without merging (tiktoken keeps no cache); id [0]") == 2
    assert said.count("no adjacent join is a token: done; 2 symbols give ids [41611, 4341]") == 2
    assert said.count("the whole chunk is a token: tiktoken emits it without merging; id [279]") == 2


def test_a_trace_with_repeats_round_trips() -> None:
    trace = capture(TEXT, get_table("o200k_base"))
    again = loads(dumps(trace))
    assert [c.cache for c in again.chunks] == [c.cache for c in trace.chunks]
    assert "hit" not in [c.cache for c in trace.chunks] and again.ids == trace.ids
