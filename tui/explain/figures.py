"""Seed 002's figures for a table and a text, defined once: base symbols, merges, special tokens and the
vocabulary they add up to; the text's bytes and tokens, the merges that fired, the cache hits, and
whether the capture is still growing. `said` is the one wording of the text's figures.

>>> from tui.engine.bpe import capture
>>> from tui.engine.tables import teaching
>>> f = figures(capture("aaab aaab aaab", teaching()))  # ' aaab' twice: the second from the cache
>>> f.said, f.flow, f.fires, vocab_sum(teaching())
('14 bytes → 5 tokens · 6 merges fire · 1 cache hit', '14 bytes → 5 tokens', '6 merges fire', '265 = 256 + 9')
>>> from tui.engine.tables import get_table
>>> figures(capture("cafe\u0301", get_table("qwen3"))).flow  # NFC joins e and its accent: one byte fewer
'6 bytes, 5 after NFC → 2 tokens'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.bpe import Trace
from ..engine.tables import Table
from .words import agreeing, count


@dataclass(frozen=True, slots=True)
class Figures:
    """A table's sizes and one text's figures under it."""

    base: int
    merges: int
    special: int
    vocab: int
    bytes: int
    tokens: int
    fired: int
    cache_hits: int = 0
    growing: int | None = None  # the chunks captured so far, while the capture is still running
    typed: tuple[int, str] | None = None  # the text's own bytes and the normaliser, when it changed their number

    @property
    def flow(self) -> str:
        """'18 bytes → 5 tokens'; '26 bytes, 25 after NFC → 9 tokens' where the normaliser changed the count."""
        if self.typed is not None:
            own, normaliser = self.typed
            return f"{count(own, 'byte')}, {self.bytes:,} after {normaliser} → {count(self.tokens, 'token')}"
        return f"{count(self.bytes, 'byte')} → {count(self.tokens, 'token')}"

    @property
    def fires(self) -> str:
        """'13 merges fire', '1 merge fires'."""
        return f"{count(self.fired, 'merge')} {agreeing(self.fired, 'fire')}"

    @property
    def said(self) -> str:
        """The text's figures in one line: '18 bytes → 5 tokens · 13 merges fire', then the cache hits if
        any, and ' so far (N chunks)' while the capture grows."""
        text = f"{self.flow} · {self.fires}"
        if self.cache_hits:
            text += f" · {count(self.cache_hits, 'cache hit')}"
        if self.growing is not None:
            text += f" so far ({self.growing:,} chunks)"
        return text


def figures(trace: Trace) -> Figures:
    """The figures of `trace`'s text under its table."""
    table = trace.table
    growing = None if trace.complete else len(trace.chunks)
    own = len(trace.text.encode("utf-8"))
    normalizer = table.normalizer if not table.rule.on_characters else None  # a rule on characters counts the text's own
    typed = (own, normalizer.describe()) if normalizer is not None and own != trace.byte_count else None
    return Figures(
        256,
        len(table.merges),
        len(table.special),
        len(table.encoder),
        trace.byte_count,
        trace.token_count,
        trace.merges_fired,
        trace.cache_hits,
        growing,
        typed,
    )


def vocab_sum(table: Table) -> str:
    """The vocabulary and what it adds up to: '50,257 = 256 + 50,000 + 1' (no special term without specials)."""
    special = len(table.special)
    return f"{len(table.encoder):,} = 256 + {len(table.merges):,}" + (f" + {special:,}" if special else "")
