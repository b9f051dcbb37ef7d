"""Seed 002's figures of a table and a text in one line (the Decode view's header)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ..engine.tables import Table
from ..explain.figures import figures, vocab_sum

if TYPE_CHECKING:
    from ..engine.bpe import Trace


def figures_text(table: Table, trace: Trace | None, width: int) -> Text:
    """Seed 002's header: base symbols, merges, vocabulary size, and this text's bytes → tokens, merges fired."""
    text = Text(no_wrap=True, overflow="ellipsis")
    f = figures(trace) if trace is not None and trace.table is table else None
    if width >= 110:
        text.append("base ")
        text.append("256", style="bold")
        text.append(" · merges ")
        text.append(f"{len(table.merges):,}", style="bold")
        text.append(" · ")
    text.append("vocab ")
    text.append(vocab_sum(table), style="bold")
    if f is not None:
        text.append(" · this text: " if width >= 90 else " · ")
        text.append(f.flow, style="bold")
        fired = f" · {f.fires}"
        if text.cell_len + len(fired) <= width:
            text.append(fired)
    if width >= 140:
        text.append("  ·  ids → alias strings → bytes → one UTF-8 decode", style="dim")
    text.truncate(max(width, 1), overflow="ellipsis")
    return text
