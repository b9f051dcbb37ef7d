"""Frames: the positions the animator can stand on, derived from a trace without copying it.

Each chunk contributes a 'start' frame (its bytes and aliases), one 'round' frame per
effective outer round, and a 'done' frame (why the loop stopped, and the ids).

>>> from .bpe import capture
>>> from .tables import teaching
>>> frames = Frames(capture("aaa", teaching()))
>>> len(frames), [f.kind for f in frames]
(3, ['start', 'round', 'done'])
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, overload

from .bpe import ChunkTrace, Trace

Kind = Literal["start", "round", "done"]


@dataclass(frozen=True, slots=True)
class Frame:
    """One position: frame `index` is in chunk `chunk`; `round` rounds have been applied to its word."""

    index: int
    chunk: int
    kind: Kind
    round: int


class Frames(Sequence[Frame]):
    """The frames of a trace as a lazy sequence (nothing per frame is stored)."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace
        self._starts = trace.frame_starts  # each chunk's first frame, then the frame count
        self._total: int = self._starts[-1]

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
        c = bisect_right(self._starts, index) - 1
        offset = index - self._starts[c]
        last = len(self.trace.chunks[c].rounds) + 1
        kind: Kind = "start" if offset == 0 else "done" if offset == last else "round"
        return Frame(index, c, kind, min(offset, last - 1))

    def chunk_start(self, chunk: int) -> int:
        """Index of the 'start' frame of `chunk`."""
        return self._starts[chunk]

    def find(self, chunk: int, round: int, kind: Kind | None = None) -> int:
        """The frame nearest to (chunk, round), clamped to what exists."""
        chunk = max(0, min(chunk, len(self._starts) - 2))
        rounds = len(self.trace.chunks[chunk].rounds)
        if kind == "start":
            return self._starts[chunk]
        if kind == "done":
            return self._starts[chunk] + rounds + 1
        return self._starts[chunk] + max(0, min(round, rounds + 1))

    def next_round(self, index: int) -> int:
        """The next 'round' frame after `index`, or the last frame (chunks without rounds are skipped whole)."""
        frame = self[index]
        chunks = self.trace.chunks
        if frame.kind != "done" and frame.round < len(chunks[frame.chunk].rounds):
            return index + 1
        for c in range(frame.chunk + 1, len(chunks)):
            if chunks[c].rounds:
                return self._starts[c] + 1
        return self._total - 1

    def previous_round(self, index: int) -> int:
        """The previous 'round' frame before `index`, or the first frame."""
        frame = self[index]
        chunks = self.trace.chunks
        if frame.kind == "done" and chunks[frame.chunk].rounds:
            return index - 1
        if frame.kind == "round" and frame.round > 1:
            return index - 1
        for c in range(frame.chunk - 1, -1, -1):
            if chunks[c].rounds:
                return self._starts[c] + len(chunks[c].rounds)
        return 0


def count(n: int, noun: str) -> str:
    """'1 chunk', '2,054 chunks': a number with its noun, plural where it belongs."""
    return f"{n:,} {noun}{'s' * (n != 1)}"


def quoted(text: str) -> str:
    """The user's text in quotes, as it is: no repr escapes, so the view's one escaping (tui.safe) shows
    every invisible character the same way in the narration as in the panes.

    >>> print(quoted("Hello've"), quoted("a b"))
    "Hello've" 'a b'
    """
    mark = '"' if "'" in text and '"' not in text else "'"
    return f"{mark}{text}{mark}"


def narrate(trace: Trace, frame: Frame) -> str:
    """One plain sentence for what happens at `frame`."""
    chunk = trace.chunks[frame.chunk]
    if frame.kind == "start":
        return (
            f"chunk {frame.chunk + 1}: {quoted(chunk.text)} is {len(chunk.data)} UTF-8 "
            f"byte{'s' * (len(chunk.data) != 1)}, written as aliases {chunk.aliases!r}"
        )
    if frame.kind == "round":
        rnd = chunk.rounds[frame.round - 1]
        pairs = len(chunk.word(frame.round - 1)) - 1
        if rnd.at >= 0:  # tiktoken's rule: one position
            return (
                f"step {frame.round}: of {pairs} adjacent join{'s' * (pairs != 1)}, the lowest-ranked is "
                f"{rnd.pair[0]} + {rnd.pair[1]} at position {chunk.position(frame.round)} "
                f"(rank {rnd.rank}, id {rnd.rank + 256}, leftmost if tied); merging that one"
            )
        return (
            f"round {frame.round}: lowest rank among {pairs} pair{'s' * (pairs != 1)} is {rnd.rank} "
            f"({rnd.pair[0]} {rnd.pair[1]}); merging {rnd.merged} occurrence{'s' * (rnd.merged != 1)}"
        )
    return _done_sentence(chunk, trace.table.rule)


def _done_sentence(chunk: ChunkTrace, rule: str) -> str:
    ids = "[" + ", ".join(map(str, chunk.ids)) + "]"
    stop = chunk.stop
    if stop == "single" and rule == "tiktoken":
        return f"one byte: its token is emitted without merging (tiktoken keeps no cache); id {ids}"
    if stop == "hit":
        return f"cache hit: {quoted(chunk.text)} was encoded before (chunk {chunk.source + 1}); ids {ids}"  # type: ignore[operator]
    if stop == "single":
        return f"single symbol: returned without loop or cache write; id {ids}"
    if stop == "whole":
        return f"the whole chunk is a token: tiktoken emits it without merging; id {ids}"
    if stop == "one-symbol":
        return f"one symbol left: the loop ends; id {ids}"
    if chunk.rounds and chunk.rounds[0].at >= 0:
        return f"no adjacent join is a token: done; {len(chunk.symbols)} symbols give ids {ids}"
    return f"no remaining pair is a rule: done; {len(chunk.symbols)} symbols give ids {ids}"
