"""The explorer's model: one text cut by one tokenizer, as plain data (its chunks in order, the branch of
the pattern that matched each, each chunk's tokens and where they start).

>>> from tui.engine.tables import get_table
>>> row = build_row("HOW'S", get_table("gpt2"))
>>> [(c.text, c.branch) for c in row.chunks], row.tokens
([('HOW', 7), ("'", 9), ('S', 7)], 3)
>>> row.summary()
'3 chunks · 3 tokens · 1.67 bytes/token'
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..engine.bpe import chunk_ids, gc_paused
from ..engine.tables import Table, short_name
from ..engine.utf8 import token_offsets
from .branches import alternatives, spans
from .words import count

PROGRESS_EVERY = 4096  # chunks between checks for cancellation and progress reports


class RowChunk(NamedTuple):
    """One chunk of one row: its text and start, the branch that matched it, and its tokens.

    `token_starts` holds each token's start as a character offset in the chunk (a token that starts
    inside a character is given that character's offset); `cuts` are the starts that fall exactly on
    a character boundary (0 excluded): only there can a token boundary be drawn.
    """

    text: str
    start: int
    branch: int
    ids: tuple[int, ...]
    token_starts: tuple[int, ...]
    cuts: tuple[int, ...]

    @property
    def end(self) -> int:
        return self.start + len(self.text)


@dataclass(frozen=True)
class TokenizerRow:
    """One tokenizer's cut of the text: its chunks in order and their totals."""

    name: str
    label: str
    pattern: str
    chunks: tuple[RowChunk, ...]
    starts: tuple[int, ...]
    tokens: int
    bytes: int

    @property
    def branches(self) -> tuple[str, ...]:
        return alternatives(self.pattern)

    def chunk_at(self, offset: int) -> int:
        """The index of the chunk that holds text offset `offset` (the last one past the end)."""
        return max(0, min(bisect_right(self.starts, offset) - 1, len(self.chunks) - 1))

    def summary(self) -> str:
        """'3 chunks · 3 tokens · 1.67 bytes/token'."""
        per = f"{self.bytes / self.tokens:.2f}" if self.tokens else "—"
        return f"{count(len(self.chunks), 'chunk')} · {count(self.tokens, 'token')} · {per} bytes/token"

    def stretch(self, lo: int, hi: int, tokens: bool) -> Stretch:
        """What the row shows of the text [lo, hi): its pieces (chunks, or tokens when `tokens`) and the
        boundaries inside, looking only at the chunks and tokens that overlap the stretch (bisected), so
        the work is bounded by hi - lo whatever the size of the chunk around it."""
        pieces: list[Piece] = []
        marks: list[Mark] = []
        examined = 0
        k = self.chunk_at(lo)
        while k < len(self.chunks) and self.chunks[k].start < hi:
            c = self.chunks[k]
            if not tokens:
                pieces.append(Piece(max(c.start, lo), min(c.end, hi), k, -1))
                if c.start >= lo:
                    marks.append(Mark(c.start, True, True, str(c.branch)))
                k += 1
                continue
            starts = c.token_starts
            t = max(bisect_right(starts, lo - c.start) - 1, 0)
            t = bisect_left(starts, starts[t], 0, t)  # the first of the tokens that start in that character
            while t < len(c.ids) and c.start + starts[t] < hi:
                u = bisect_right(starts, starts[t], t)  # the tokens that start in the same character
                examined += u - t
                end = c.start + (starts[u] if u < len(starts) else len(c.text))
                at = c.start + starts[t]
                pieces.append(Piece(max(at, lo), min(end, hi), k, c.ids[t]))
                if at >= lo:
                    exact = starts[t] == 0 or _holds(c.cuts, starts[t])
                    marks.append(Mark(at, starts[t] == 0, exact, " ".join(map(str, c.ids[t:u]))))
                t = u
            k += 1
        return Stretch(tuple(pieces), tuple(marks), examined)


def _holds(ordered: tuple[int, ...], value: int) -> bool:
    i = bisect_left(ordered, value)
    return i < len(ordered) and ordered[i] == value


class Piece(NamedTuple):
    """A stretch of text inside one chunk (and one token, with `token` its first id; -1 for a whole chunk)."""

    start: int
    end: int
    chunk: int
    token: int


class Mark(NamedTuple):
    """A boundary of a row at text offset `at`: a chunk's start (or a token's), whether it falls exactly
    between characters (a token may start inside one), and what the row says there (branch or ids)."""

    at: int
    chunk: bool
    exact: bool
    label: str


class Stretch(NamedTuple):
    """A row's pieces and marks over a stretch of text, and how many token ids were looked at for it."""

    pieces: tuple[Piece, ...]
    marks: tuple[Mark, ...]
    examined: int


def build_row(
    text: str, table: Table, cancelled: Callable[[], bool] = lambda: False, progress: Callable[[float], None] | None = None
) -> TokenizerRow | None:
    """The row of `table` for `text`; None if `cancelled()` became true on the way.

    Raises the engine's CaptureError (one sentence) for text that has no UTF-8 form.
    """
    with gc_paused():  # hundreds of thousands of small tuples, no cycles: the collector would only rescan them
        return _build_row(text, table, cancelled, progress)


def _build_row(text: str, table: Table, cancelled: Callable[[], bool], progress: Callable[[float], None] | None) -> TokenizerRow | None:
    out: list[RowChunk] = []
    total_tokens = 0
    n = max(len(text), 1)
    size = table.decoder  # one alias character per byte: a token's size in bytes is its alias string's length
    cut = table.normalize(text)  # the chunks' offsets are in the normalised text
    for k, ((chunk, start, branch), ids) in enumerate(zip(spans(cut, table.pattern), chunk_ids(text, table), strict=True)):
        if len(ids) == 1:
            out.append(RowChunk(chunk, start, branch, ids, (0,), ()))
        else:
            first, cuts = token_offsets(chunk, [len(size[i]) for i in ids])
            out.append(RowChunk(chunk, start, branch, ids, first, cuts))
        total_tokens += len(ids)
        if k % PROGRESS_EVERY == PROGRESS_EVERY - 1:
            if cancelled():
                return None
            if progress is not None:
                progress(start / n)
    total_bytes = len(text.encode("utf-8"))
    chunks = tuple(out)
    return TokenizerRow(table.name, short_name(table), table.pattern, chunks, tuple(c.start for c in chunks), total_tokens, total_bytes)
