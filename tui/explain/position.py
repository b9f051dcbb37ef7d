"""Where the animator stands in a trace: an immutable position, and the moves between positions.

Plain Python (no Textual), so stepping is tested without a terminal. Stepping back
is reading an earlier frame of the same trace, never undoing anything.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from ..engine.bpe import ChunkTrace, ScanStep, Trace
from .frames import Frame, Frames, narrate


@lru_cache(maxsize=16)
def scan_steps(chunk: ChunkTrace, round: int) -> tuple[ScanStep, ...]:
    """The inner-scan steps of `round` of `chunk` (replayed once, then remembered)."""
    return tuple(chunk.scan(round))


@dataclass(frozen=True)
class Position:
    """A trace, its frames, the frame shown, and (in scan detail) the inner-scan step shown."""

    trace: Trace
    frames: Frames
    index: int = 0
    detail: bool = False
    step: int = 0

    @classmethod
    def of(cls, trace: Trace, *, detail: bool = False) -> Position:
        return cls(trace, Frames(trace), 0, detail, 0)

    @property
    def frame(self) -> Frame:
        return self.frames[self.index]

    @property
    def chunk(self) -> ChunkTrace:
        return self.trace.chunks[self.frame.chunk]

    @property
    def steps(self) -> tuple[ScanStep, ...]:
        """The scan steps of the current round frame (empty for other frames)."""
        frame = self.frame
        return scan_steps(self.chunk, frame.round) if frame.kind == "round" else ()

    @property
    def scanning(self) -> bool:
        """True while scan detail shows a round being built step by step."""
        return self.detail and self.frame.kind == "round"

    # -- moves ---------------------------------------------------------------------------------

    def at(self, index: int, *, end_of_scan: bool = False) -> Position:
        index = max(0, min(index, len(self.frames) - 1))
        moved = replace(self, index=index, step=0)
        if end_of_scan and moved.scanning:
            moved = replace(moved, step=len(moved.steps))
        return moved

    def next(self) -> Position:
        if self.scanning and self.step < len(self.steps):
            return replace(self, step=self.step + 1)
        return self.at(self.index + 1)

    def previous(self) -> Position:
        if self.scanning and self.step > 0:
            return replace(self, step=self.step - 1)
        return self.at(self.index - 1, end_of_scan=True)

    def next_round(self) -> Position:
        return self.at(self.frames.next_round(self.index))

    def previous_round(self) -> Position:
        return self.at(self.frames.previous_round(self.index))

    def next_chunk(self) -> Position:
        chunk = self.frame.chunk
        if chunk + 1 >= len(self.trace.chunks):
            return self.last()
        return self.at(self.frames.chunk_start(chunk + 1))

    def previous_chunk(self) -> Position:
        chunk = self.frame.chunk
        start = self.frames.chunk_start(chunk)
        return self.at(start if self.index > start else self.frames.chunk_start(max(chunk - 1, 0)))

    def first(self) -> Position:
        return self.at(0)

    def last(self) -> Position:
        return self.at(len(self.frames) - 1)

    def with_detail(self, detail: bool) -> Position:
        return replace(self, detail=detail, step=0)

    def with_trace(self, trace: Trace) -> Position:
        """The same text under another table: the nearest frame (same chunk, same round, clamped)."""
        frame = self.frame
        frames = Frames(trace)
        return Position(trace, frames, frames.find(frame.chunk, frame.round, frame.kind if frame.kind != "round" else None), self.detail, 0)

    # -- what the header says ------------------------------------------------------------------

    @property
    def where(self) -> str:
        """'chunk 2/5 · round 3/14 · frame 41/120', plus the scan step in detail."""
        frame, chunk = self.frame, self.chunk
        text = (
            f"chunk {frame.chunk + 1}/{len(self.trace.chunks)} · round {frame.round}/{len(chunk.rounds)}"
            f" · frame {self.index + 1}/{len(self.frames)}"
        )
        if self.scanning:
            text += f" · scan {self.step}/{len(self.steps)}"
        return text

    @property
    def sentence(self) -> str:
        """The narration of the current frame or scan step."""
        if not self.scanning:
            return narrate(self.trace, self.frame)
        rnd = self.chunk.rounds[self.frame.round - 1]
        first, second = rnd.pair
        if self.step == 0:
            return f"round {self.frame.round}: scanning for ({first} {second}) from the left; the new word starts empty"
        s = self.steps[self.step - 1]
        if s.kind == "tail":
            return f"scan: {first!r} not found from i={s.i}: copy the rest; the new word is complete"
        where = f"scan: from i={s.i}, word.index({first!r}) finds j={s.j}"
        if s.kind == "merge":
            return f"{where}; next is {second!r}: write {first + second!r}, i → {s.j + 2}"  # type: ignore[operator]
        if s.j is not None and s.j + 1 >= len(self.chunk.word(self.frame.round - 1)):
            return f"{where}, the last symbol; there is no next symbol: keep {first!r}, i → {s.j + 1}"
        return f"{where}; next is not {second!r}: keep {first!r}, i → {s.j + 1}"  # type: ignore[operator]
