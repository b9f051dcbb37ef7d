"""What the comparison view draws, as plain data: a cursor over the chunks both tables cut alike (frame by
frame, in lock-step), the text with each side's cuts, and each side's frame as words.

>>> from ..engine.tables import get_table
>>> from .compare import compare
>>> c = Shown.of(compare("1234567 the", get_table("gpt2"), get_table("cl100k_base")))
>>> [d.cause for d in c.divergences], c.pairs
(['boundaries', 'whole chunk'], ((1, 3),))
>>> cut_rows(c.comparison, 0, 40)
('A │123┆456┆7│ the', 'B │123│456│7│ the', '      ▲   ▲')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..engine.chunk import ChunkTrace
from .compare import Comparison, Divergence, played, step, steps
from .words import count

Move = Literal["next", "previous", "next_chunk", "previous_chunk", "first", "last"]


@dataclass(frozen=True, slots=True)
class Cursor:
    """Where the lock-step is: the `pair`-th chunk both cut alike, lock-step frame `frame`."""

    pair: int = 0
    frame: int = 0


@dataclass(frozen=True)
class Shown:
    """A comparison with all its divergences found (in a worker: a long text's take a while)."""

    comparison: Comparison
    divergences: tuple[Divergence, ...]

    @classmethod
    def of(cls, comparison: Comparison) -> Shown:
        return cls(comparison, tuple(comparison.divergences()))

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        return self.comparison.pairs

    def chunks(self, cursor: Cursor) -> tuple[ChunkTrace, ChunkTrace] | None:
        """The two runs of the cursor's chunk (the source's rounds for a cache hit), or None without a shared chunk."""
        if not self.pairs:
            return None
        i, j = self.pairs[cursor.pair]
        return played(self.comparison.a, i), played(self.comparison.b, j)

    def frames(self, pair: int) -> int:
        """The last lock-step frame of the `pair`-th shared chunk: the longer side's steps."""
        i, j = self.pairs[pair]
        return max(steps(played(self.comparison.a, i)), steps(played(self.comparison.b, j)))

    def moved(self, cursor: Cursor, move: Move) -> Cursor:
        """The cursor after `move`: a frame (on into the next chunk), a chunk, or the first / last frame of all."""
        if not self.pairs:
            return cursor
        p, k, last = cursor.pair, cursor.frame, len(self.pairs) - 1
        if move == "next":
            return Cursor(p, k + 1) if k < self.frames(p) else Cursor(p + 1, 0) if p < last else cursor
        if move == "previous":
            return Cursor(p, k - 1) if k > 0 else Cursor(p - 1, self.frames(p - 1)) if p > 0 else cursor
        if move == "next_chunk":
            return Cursor(min(p + 1, last), 0)
        if move == "previous_chunk":
            return Cursor(max(p - 1, 0), 0)
        return Cursor(0, 0) if move == "first" else Cursor(last, self.frames(last))

    def at(self, divergence: Divergence) -> Cursor:
        """Where the cursor shows `divergence`: its chunk and frame, or for a cut the next chunk both cut alike."""
        for p, (i, _) in enumerate(self.pairs):
            if i == divergence.chunk and divergence.round:
                return Cursor(p, divergence.round)
            if i >= divergence.chunk:
                return Cursor(p, 0)
        return Cursor(max(len(self.pairs) - 1, 0), 0)

    def after(self, cursor: Cursor, told: Divergence | None = None) -> Divergence | None:
        """The next divergence after the cursor (wrapping to the first), None when there is none. While the
        cursor still shows `told` (the divergence last explained), the one after `told` in the list."""
        if not self.divergences:
            return None
        if told is not None and told in self.divergences and self.at(told) == cursor:
            return self.divergences[(self.divergences.index(told) + 1) % len(self.divergences)]
        here = self.pairs[cursor.pair][0] if self.pairs else -1
        for d in self.divergences:
            if (d.chunk, d.round) > (here, cursor.frame if d.round else 1 << 30):
                return d
        return self.divergences[0]

    def parted(self, cursor: Cursor) -> Divergence | None:
        """The divergence of the cursor's chunk, once the cursor is at or past its frame."""
        if not self.pairs:
            return None
        i = self.pairs[cursor.pair][0]
        return next((d for d in self.divergences if d.chunk == i and 0 < d.round <= cursor.frame), None)


def cells(glyph: str) -> int:
    """Columns a glyph takes: two for wide and full-width characters, none for a combining mark."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in glyph)


def each_char(text: str, start: int) -> list[str]:
    """text[start:] one character a column (the view passes safe.glyphs, which makes each one visible)."""
    return list(text[start:])


def cut_rows(comparison: Comparison, around: int, width: int, glyphs: Callable[[str, int], list[str]] = each_char) -> tuple[str, str, str]:
    """Three rows over the text from near offset `around`: A's chunks and B's, each cut with │ where that side
    cuts and ┆ where only the other does (a mark, never a blank inside a chunk: each row, marks removed, is
    the text), and ▲ under every cut only one side makes."""
    text = comparison.a.normalized
    cuts_a, cuts_b = comparison.cut_marks
    start = max(0, min(around - width // 4, len(text) - 1))
    row_a, row_b, marks, used = ["A "], ["B "], ["  "], 2
    for pos, glyph in enumerate(glyphs(text, start), start):
        a, b = pos in cuts_a, pos in cuts_b
        if a or b:
            row_a.append("│" if a else "┆")
            row_b.append("│" if b else "┆")
            marks.append("▲" if a != b else " ")
            used += 1
            if cells(glyph) == 0:  # a chunk that starts with a mark (Qwen 3 cuts niqqud off): ◌ carries it, not the │
                glyph = "◌" + glyph
        wide = cells(glyph)
        if used + wide > width:
            break
        row_a.append(glyph)
        row_b.append(glyph)
        marks.append(" " * wide)
        used += wide
    return "".join(row_a), "".join(row_b), "".join(marks).rstrip()


@dataclass(frozen=True, slots=True)
class SideFrame:
    """One side at the cursor's frame: what it did to get there, and its word with the merged symbols in ⟦ ⟧."""

    did: str
    word: str


def side_frame(chunk: ChunkTrace, k: int, visible: Callable[[str], str] = str) -> SideFrame:
    """What the animator would show for `chunk` after `k` of its steps (each symbol drawn by `visible`)."""
    s, total = step(chunk, k), steps(chunk)
    marked: set[int] = set()
    if s.whole:
        did, marked = "taken whole: its bytes are one token", {0}
    elif s.pair is not None:
        did = f"round {k} of {total} · {visible(s.pair[0])} + {visible(s.pair[1])} · rank {s.rank:,}"
        marked = {j - n for n, j in enumerate(chunk.merge_positions(k))}
    elif k == 0:
        did = f"the chunk's bytes · {count(total, 'step')} to go"
    else:
        did = f"done after {count(total, 'step')}"
    word = " ".join(f"⟦{visible(sym)}⟧" if n in marked else visible(sym) for n, sym in enumerate(s.word))
    return SideFrame(did, word)
