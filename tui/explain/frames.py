"""Frames: the positions the animator can stand on, derived from a trace without copying it.

Each chunk contributes a 'start' frame (its bytes and aliases), one 'round' frame per
effective outer round, and a 'done' frame (why the loop stopped, and the ids).

>>> from ..engine.bpe import capture
>>> from ..engine.tables import teaching
>>> frames = Frames(capture("aaa", teaching()))
>>> len(frames), [f.kind for f in frames]
(3, ['start', 'round', 'done'])
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from operator import add
from typing import Literal, overload

from ..engine.bpe import ChunkTrace, Trace
from ..engine.pipeline import pipeline_of
from ..engine.tables import MergeRule, Table
from .words import plural, quoted

Kind = Literal["start", "round", "done"]


@dataclass(frozen=True, slots=True)
class Frame:
    """One position: frame `index` is in chunk `chunk`; `round` rounds have been applied to its word."""

    index: int
    chunk: int
    kind: Kind
    round: int


class Frames(Sequence[Frame]):
    """The frames of a trace as a lazy sequence (nothing per frame is stored).

    Chunk c starts at frame 2c plus the rounds of the chunks before it, so only the chunks that have
    rounds are listed (`Trace.round_chunks`: 11,800 of the 270,000 chunks of a 1 MB text), with the
    frame each starts at; the chunks between them have two frames each.
    """

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        chunks = trace.chunks
        self._rounded = rounded = trace.round_chunks
        #: _before[k]: the rounds of the listed chunks before the k-th; the last is every round
        self._before = array("q", accumulate((len(chunks[c].rounds) for c in rounded), initial=0))
        #: the frame the k-th listed chunk starts at
        self._first = array("q", map(add, map((2).__mul__, rounded), self._before))
        self._count = len(chunks)
        self._total: int = 2 * len(chunks) + self._before[-1]

    def __len__(self) -> int:
        return self._total

    @overload
    def __getitem__(self, index: int) -> Frame: ...
    @overload
    def __getitem__(self, index: slice) -> list[Frame]: ...
    def __getitem__(self, index: int | slice) -> Frame | list[Frame]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._total))]
        if index < 0:
            index += self._total
        if not 0 <= index < self._total:
            raise IndexError(index)
        c, offset = index // 2, index % 2  # before the first listed chunk
        k = bisect_right(self._first, index) - 1  # the last listed chunk that starts at or before `index`
        if k >= 0:
            c, offset = self._rounded[k], index - self._first[k]
            size = self._before[k + 1] - self._before[k] + 2
            if offset >= size:  # in the chunks without rounds after it
                c, offset = c + 1 + (offset - size) // 2, (offset - size) % 2
        last = len(self.trace.chunks[c].rounds) + 1
        kind: Kind = "start" if offset == 0 else "done" if offset == last else "round"
        return Frame(index, c, kind, min(offset, last - 1))

    def chunk_start(self, chunk: int) -> int:
        """Index of the 'start' frame of `chunk` (negative counts from the end, as in a list)."""
        if chunk < 0:
            chunk += self._count
        if not 0 <= chunk < self._count:
            raise IndexError(chunk)
        return 2 * chunk + self._before[bisect_left(self._rounded, chunk)]

    def find(self, chunk: int, round: int, kind: Kind | None = None) -> int:
        """The frame nearest to (chunk, round), clamped to what exists."""
        chunk = max(0, min(chunk, self._count - 1))
        rounds = len(self.trace.chunks[chunk].rounds)
        start = self.chunk_start(chunk)
        if kind == "start":
            return start
        if kind == "done":
            return start + rounds + 1
        return start + max(0, min(round, rounds + 1))

    def next_round(self, index: int) -> int:
        """The next 'round' frame after `index`, or the last frame (chunks without rounds are skipped whole)."""
        frame = self[index]
        if frame.kind != "done" and frame.round < len(self.trace.chunks[frame.chunk].rounds):
            return index + 1
        k = bisect_right(self._rounded, frame.chunk)  # the first listed chunk after this one
        return self._first[k] + 1 if k < len(self._rounded) else self._total - 1

    def previous_round(self, index: int) -> int:
        """The previous 'round' frame before `index`, or the first frame."""
        frame = self[index]
        if frame.kind == "done" and self.trace.chunks[frame.chunk].rounds:
            return index - 1
        if frame.kind == "round" and frame.round > 1:
            return index - 1
        k = bisect_left(self._rounded, frame.chunk) - 1  # the last listed chunk before this one
        return self._first[k] + self._before[k + 1] - self._before[k] if k >= 0 else 0


def narrate(trace: Trace, frame: Frame) -> str:
    """One plain sentence for what happens at `frame`."""
    chunk = trace.chunks[frame.chunk]
    rule = trace.table.rule
    if frame.kind == "start" and rule.on_characters:
        return (
            f"word {frame.chunk + 1}: {quoted(chunk.text)} is {len(chunk.text)} {plural(len(chunk.text), 'character')}, each a first symbol "
            f"({rule.owner} merges characters, not bytes; a space is written ▁)"
        )
    if frame.kind == "start":
        cut = _cut_by(trace, frame.chunk) if pipeline_of(trace.table.pattern) else None
        return (
            f"chunk {frame.chunk + 1}{'' if cut is None else f' ({cut})'}: {quoted(chunk.text)} is {len(chunk.data)} UTF-8 "
            f"{plural(len(chunk.data), 'byte')}, written as aliases {chunk.aliases!r}"
        )
    if frame.kind == "round":
        rnd = chunk.rounds[frame.round - 1]
        pairs = len(chunk.word(frame.round - 1)) - 1
        if rnd.at >= 0 and trace.table.rule.by_bytes:  # tiktoken's rule: one position
            return (
                f"step {frame.round}: of {pairs} adjacent {plural(pairs, 'join')}, the lowest-ranked is "
                f"{rnd.pair[0]} + {rnd.pair[1]} at position {chunk.position(frame.round)} "
                f"(rank {rnd.rank}, id {trace.table.rank_offset + rnd.rank}, leftmost if tied); merging that one"
            )
        if rnd.at >= 0 and rule.on_characters:  # SentencePiece: the highest score, its rank in score order
            return (
                f"step {frame.round}: of {pairs} adjacent {plural(pairs, 'pair')}, the one {rule.picks} "
                f"is {rnd.pair[0]} + {rnd.pair[1]} at position {chunk.position(frame.round)} (rank {rnd.rank} {rule.rank_is}, "
                f"id {trace.table.encoder.get(rnd.pair[0] + rnd.pair[1])}, leftmost if tied); merging that one"
            )
        if rnd.at >= 0:  # tokenizers' order: one occurrence a step
            return (
                f"{rule.step} {frame.round}: lowest merge rank among {pairs} {plural(pairs, 'pair')} is {rnd.rank} "
                f"({rnd.pair[0]} {rnd.pair[1]}) at position {chunk.position(frame.round)}, leftmost if tied; "
                f"{rule.owner} merges that one occurrence, then ranks the pairs again"
            )
        return (
            f"round {frame.round}: lowest rank among {pairs} {plural(pairs, 'pair')} is {rnd.rank} "
            f"({rnd.pair[0]} {rnd.pair[1]}); merging {rnd.merged} {plural(rnd.merged, 'occurrence')}"
        )
    done = _done_sentence(chunk, rule)
    fallback = fallback_sentence(chunk, trace.table) if rule.falls_back else ""
    return f"{done}. {fallback}" if fallback else done


#: A pipeline's chunk is explained in the text from this many chunks before it to this many after it: a
#: step's pieces start again at every chunk boundary, and only a lookahead looks past a chunk's end.
AROUND = 4


def _cut_by(trace: Trace, k: int) -> str | None:
    """Which step of the table's pipeline cut chunk k, found in the text around it (a step every frame
    would otherwise rescan the text from its start); the whole text if the window cuts it otherwise."""
    chunks, pattern = trace.chunks, trace.table.pattern
    if pipeline_of(pattern) is None:
        return None  # one regex: nothing to say (and `branches`, with `regex`, is not imported at start-up)
    from .branches import said_origin

    first, last, chunk = chunks[max(k - AROUND, 0)], chunks[min(k + AROUND, len(chunks) - 1)], chunks[k]
    text = trace.normalized
    lo, hi = first.start, last.start + len(last.text)
    try:
        return said_origin(text[lo:hi], pattern, chunk.start - lo, chunk.start - lo + len(chunk.text))
    except ValueError:
        return said_origin(text, pattern, chunk.start, chunk.start + len(chunk.text))


#: A chunk's last frame names at most this many of its ids (the header shows two lines of them).
SAID_IDS = 500


def fallback_sentence(chunk: ChunkTrace, table: Table) -> str:
    """On a rule with byte fallback, what becomes of each final symbol that is no piece: '𝔘' is not a piece:
    it falls back to its 4 bytes <0xF0> <0x9D> <0x94> <0x98>; "" when every symbol is a piece."""
    if len(chunk.ids) == len(chunk.symbols) or table.pieces is None:
        return ""
    said = []
    for symbol in chunk.symbols:
        if symbol not in table.encoder:
            pieces = " ".join(table.decoder[i] for i in table.pieces.piece_ids(symbol))  # the table's own fallback
            size = len(symbol.encode("utf-8"))
            said.append(f"{quoted(symbol)} is not a piece: it falls back to its {size} {plural(size, 'byte')} {pieces}")
    return "; ".join(said)


def _done_sentence(chunk: ChunkTrace, rule: MergeRule) -> str:
    ids = "[" + ", ".join(map(str, chunk.ids[:SAID_IDS])) + (", …]" if len(chunk.ids) > SAID_IDS else "]")
    stop = chunk.stop
    if stop == "single" and rule.on_characters and len(chunk.text) > 1:
        return f"a user-defined piece: one symbol from the start, never merged; id {ids}"
    if stop == "single" and rule.on_characters:
        return f"one character: no pair to merge; ids {ids}"
    if stop == "whole" and rule.on_characters:
        return f"the word is an entry (ignore_merges): taken whole, unmerged; id {ids}"
    if stop == "single" and not rule.caches_chunks:
        return f"one byte: its token is emitted without merging (tiktoken keeps no cache); id {ids}"
    if stop == "hit":
        return f"cache hit: {quoted(chunk.text)} was encoded before (chunk {chunk.source + 1}); ids {ids}"  # type: ignore[operator]
    if stop == "single":
        return f"single symbol: returned without loop or cache write; id {ids}"
    if stop == "whole":
        return f"the whole chunk is a token: tiktoken emits it without merging; id {ids}"
    if stop == "one-symbol":
        return f"one symbol left: the loop ends; id {ids}"
    if rule.on_characters:
        return f"no adjacent pair joins into a piece: done; {len(chunk.symbols)} symbols give ids {ids}"
    if rule.by_bytes:
        return f"no adjacent join is a token: done; {len(chunk.symbols)} symbols give ids {ids}"
    return f"no remaining pair is a rule: done; {len(chunk.symbols)} symbols give ids {ids}"
