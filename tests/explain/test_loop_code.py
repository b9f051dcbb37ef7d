"""The code pane and the engine agree: every frame of every example marks the line of the operation it records."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tui.engine.bpe import Trace, capture
from tui.engine.chunk import ChunkTrace
from tui.engine.decoding import decode_frames
from tui.engine.examples import bundled
from tui.engine.tables import RULES, Table, get_table, gpt2, teaching
from tui.engine.tracefile import load
from tui.explain.frames import Frame, Frames
from tui.explain.loop_code import DECODE, DISTINCT_LIMIT, GPT2, LISTINGS, TIKTOKEN, decode_mark, mark

#: The stop a 'done' frame records → the line that ends the chunk.
DONE = {"hit": "hit", "single": "single", "whole": "whole", "no-rule": "no-rule", "one-symbol": "one-symbol"}
#: What the code of each marked line says, read independently of the op names.
SAYS = {
    "read": ".encode(",
    "min": "min(",
    "hit": "in cache",
    "single": "return",
    "no-rule": "break",
    "one-symbol": "len(",
    "scan": "first, second = pair",
    "index": "index(",
    "tail": "except ValueError",
    "merge": "first + second",
    "keep": "append(first)",
    "whole": "data in ranks",
}
TIKTOKEN_SAYS = {**SAYS, "hit": "in seen", "merge": "parts.pop(k + 1)", "index": "joins.index(rank)"}


def example_traces() -> list[Trace]:
    """Every bundled example, plus a repeated tiktoken piece (no bundled tiktoken example has a cache hit)."""
    traces = [load(path) for path in bundled()]
    traces.append(capture("abc abc abc", get_table("cl100k_base")))
    return traces


TRACES = example_traces()


def frames_and_steps(trace: Trace) -> Iterator[tuple[ChunkTrace, Frame, int | None]]:
    """Every frame, and every scan step of every round frame (step None: the round shown whole)."""
    for frame in Frames(trace):
        chunk = trace.chunks[frame.chunk]
        yield chunk, frame, None
        if frame.kind == "round":
            for step in range(len(chunk.scan(frame.round)) + 1):
                yield chunk, frame, step


def expected(chunk: ChunkTrace, frame: Frame, step: int | None, tiktoken: bool) -> str:
    """The operation the frame records, from the trace alone."""
    if frame.kind == "start":
        return "read"
    if frame.kind == "done":
        return DONE[chunk.stop]
    if step is None:
        return "min"
    if step == 0:
        return "index" if tiktoken else "scan"
    return "merge" if tiktoken else chunk.scan(frame.round)[step - 1].kind


@pytest.mark.parametrize("trace", TRACES, ids=lambda t: f"{t.table.name}:{t.text[:20]}")
def test_every_frame_marks_the_line_of_what_it_records(trace: Trace) -> None:
    tiktoken = trace.table.rule.by_bytes
    listing = TIKTOKEN if tiktoken else GPT2
    says = TIKTOKEN_SAYS if tiktoken else SAYS
    for chunk, frame, step in frames_and_steps(trace):
        steps = chunk.scan(frame.round) if step is not None else None
        where = mark(chunk, frame, steps, step or 0, rule=trace.table.rule)
        op = expected(chunk, frame, step, tiktoken)
        assert where.op == op, (chunk.text, frame, step)
        assert says[op] in listing.line(op).code, op
        assert op in where.trail
        for line in where.trail:
            listing.index(line)  # every line of the trail is in the listing
        if frame.kind == "done" and chunk.stop in ("hit", "single"):
            assert "cache-write" not in where.trail  # an early return writes nothing
        if frame.kind == "done" and chunk.stop in ("no-rule", "one-symbol"):
            after = ("ids",) if tiktoken else ("join", "cache-write", "ids")  # tiktoken keeps no cache
            assert where.trail[-len(after) :] == after  # the break, then what follows the loop


def test_the_examples_reach_every_line_a_frame_can_stand_on() -> None:
    """Between them the examples stand on every operation of both listings (so the test above proves them all)."""
    seen: dict[str, set[str]] = {"gpt2": set(), "tiktoken": set()}
    for trace in TRACES:
        tiktoken = trace.table.rule.by_bytes
        for chunk, frame, step in frames_and_steps(trace):
            seen[trace.table.rule.name].add(expected(chunk, frame, step, tiktoken))
    assert seen["gpt2"] == {"read", "min", "scan", "merge", "keep", "tail", "hit", "single", "no-rule", "one-symbol"}
    # tiktoken's rule never ends on one part: a piece that merges to one part is a token, emitted whole.
    # and it keeps no cache (a repeated piece is encoded again), so it has no early return for one.
    assert seen["tiktoken"] == {"read", "min", "index", "merge", "single", "whole", "no-rule"}


def test_scan_steps_show_i_j_and_the_new_word_so_far() -> None:
    """Seed 000's aaababcabxyz, round 1 (a a): merge at j=0, keep the third a, then copy the rest."""
    chunk = capture("aaababcabxyz", teaching()).chunks[0]
    frame = Frames(capture("aaababcabxyz", teaching()))[1]  # round 1
    steps = chunk.scan(1)
    assert [s.kind for s in steps] == ["merge", "keep", "keep", "keep", "tail"]
    first = mark(chunk, frame, steps, 1)
    assert (first.op, first.values("index"), first.values("merge")) == ("merge", "i=0  j=0", "first='a'  second='a'  new_word=['aa']  i=2")
    kept = mark(chunk, frame, steps, 2)
    assert (kept.op, kept.values("index")) == ("keep", "i=2  j=2")
    assert kept.values("keep") == "next 'b' is not 'a': first='a'  new_word=['aa', 'a']  i=3"
    end = mark(chunk, frame, steps, len(steps))
    assert end.op == steps[-1].kind and end.trail[-1] == "replace"
    assert mark(chunk, frame, steps, 0).values("scan") == "first='a'  second='a'  new_word=[]  i=0"
    whole = mark(chunk, frame)
    assert (whole.op, whole.values("min")) == ("min", "pair=('a', 'a')  rank=0")
    assert whole.values("replace") == "word=('aa', 'a', 'b', 'a', 'b', 'c', 'a', 'b', 'x', 'y', 'z')  merged=1"


def test_early_returns_say_what_they_return() -> None:
    trace = capture("abc!abc", teaching())
    frames = Frames(trace)
    hit = trace.chunks[2]
    done = mark(hit, frames[frames.find(2, 0, "done")])
    assert (done.op, done.trail, done.values("hit")) == (
        "hit",
        ("hit", "ids"),
        "filled by chunk 1: 'ab c'",
    )  # bpe() returns the joined string
    single = trace.chunks[1]
    assert mark(single, frames[frames.find(1, 0, "done")]).values("single") == "token='!'"
    start = mark(trace.chunks[0], frames[0])
    assert start.values("read") == "text='abc'  token='abc'"


def test_decode_marks_the_lookup_the_bytes_and_the_one_read() -> None:
    run = decode_frames([66, 1878, 2634, 220, 19526, 254, 25001, 121], gpt2())
    sixth = decode_mark(run, 5)
    assert (sixth.op, sixth.trail) == ("bytes", ("lookup", "bytes"))
    assert (sixth.values("lookup"), sixth.values("bytes")) == ("i=254  alias='ł'", "+a0 → 9 bytes")
    last = decode_mark(run, 7)
    assert last.trail == ("lookup", "bytes", "utf8") and last.values("utf8") == "errors='replace' → 'café 你好'"
    strict = decode_mark(decode_frames([19526], gpt2(), "strict"), 0)
    assert strict.values("utf8") == "errors='strict' raises UnicodeDecodeError"
    unknown = decode_frames([66, 99999], gpt2())
    assert decode_mark(unknown, 1).op == "lookup" and decode_mark(unknown, 1).values("lookup") == "i=99999: raises KeyError, decoding stops"
    for op in ("lookup", "bytes", "utf8"):
        DECODE.index(op)
    assert set(LISTINGS) == {*RULES, "decode"}  # each merge rule has its listing, and decoding has one


def test_the_pairs_line_counts_distinct_pairs_only_for_words_the_pane_can_count_per_step(gpt2_table: Table) -> None:
    """'N adjacent, M distinct' for a word of up to DISTINCT_LIMIT symbols; a longer one says 'N adjacent'."""

    def first_round(text: str) -> str:
        trace = capture(text, gpt2_table)
        frames = Frames(trace)
        frame = next(frames[i] for i in range(len(frames)) if frames[i].kind == "round")
        return mark(trace.chunks[frame.chunk], frame).values("pairs")

    assert first_round("abababab") == "7 adjacent, 2 distinct"
    long = "ab" * (DISTINCT_LIMIT // 2 + 1)
    assert first_round(long) == f"{len(long) - 1} adjacent"


def test_on_sentencepiece_the_values_beside_the_code_bear_its_names() -> None:
    """SentencePiece's listing merges `parts` of a normalised `word`: the values beside its lines use those names,
    a step shows the parts after the join, and a word no join can shorten says so in its listing's words."""
    table = get_table("mistral-v1")
    trace = capture("Hello", table)
    chunk = trace.chunks[0]
    frames = Frames(trace)
    start = mark(chunk, frames[0], rule=table.rule)
    assert start.values("read") == "word='▁Hello'  parts=['▁', 'H', 'e', 'l', 'l', 'o']"
    third = mark(chunk, frames[frames.find(0, 3, "round")], rule=table.rule)
    assert third.values("merge") == "k=1  parts=('▁H', 'ell', 'o')"
    assert LISTINGS["sentencepiece"].lines[LISTINGS["sentencepiece"].index("merge")].code == "parts[k] += parts.pop(k + 1)"
    stuck = capture("𝔘𝔘", table).chunks[0]  # '▁𝔘𝔘': no two of its characters join into a piece
    done = mark(stuck, Frames(capture("𝔘𝔘", table))[-1], rule=table.rule)
    assert (done.op, done.values("no-rule")) == ("no-rule", "no join is a piece (3 parts)")
