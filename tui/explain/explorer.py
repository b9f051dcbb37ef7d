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

    def cuts_between(self, lo: int, hi: int, tokens: bool) -> tuple[set[int], set[int]]:
        """(chunk starts, token cuts) strictly inside (lo, hi); no token cuts unless `tokens`."""
        first, last = bisect_right(self.starts, lo), bisect_left(self.starts, hi)
        chunk_cuts = set(self.starts[first:last])
        token_cuts: set[int] = set()
        if tokens:
            for c in self.chunks[max(first - 1, 0) : last]:
                token_cuts.update(c.start + cut for cut in c.cuts if lo < c.start + cut < hi)
        return chunk_cuts, token_cuts

    def under(self, start: int, end: int, tokens: bool) -> str:
        """What the row says under the text [start, end): the branch of a chunk starting there, or (`tokens`)
        the ids of the tokens starting there, space-joined."""
        if not tokens:
            k = self.chunk_at(start)
            return str(self.chunks[k].branch) if self.chunks and self.chunks[k].start == start else ""
        ids: list[str] = []
        k = self.chunk_at(start)
        while k < len(self.chunks) and self.chunks[k].start < end:
            c = self.chunks[k]
            ids += [str(i) for i, s in zip(c.ids, c.token_starts, strict=True) if start <= c.start + s < end]
            k += 1
        return " ".join(ids)


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
    for k, ((chunk, start, branch), ids) in enumerate(zip(spans(text, table.pattern), chunk_ids(text, table), strict=True)):
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
