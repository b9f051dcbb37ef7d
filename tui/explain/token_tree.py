"""What the tree dialog shows for one id, as plain data: the token's merge tree, the line above it, and
for a token its own text never encodes to (`taken_apart`) the ids that text does give: the tree is then
the path the merges did not take. Also which token the animator's tree key means at a frame.

>>> from ..engine.bpe import capture
>>> from ..engine.tables import teaching
>>> from .position import Position
>>> shown = token_tree(teaching(), 263)
>>> shown.summary, shown.got
("id 263 'aaabab': 6 bytes, 5 merges, 3 levels", ())
>>> at = Position.of(capture("aaab ab", teaching()))
>>> current_token(at), current_token(at.next()), current_token(at.last())
(None, 256, 257)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.bpe import chunk_ids
from ..engine.tables import Table
from .merge_tree import Node, summary, tree
from .position import Position
from .reach import reach_of


@dataclass(frozen=True)
class TokenTree:
    """The tree of one id of `table`, the line above it, and (for a `taken_apart` token) the (id, alias text)
    its own text encodes to instead; empty for every other token."""

    table: str
    node: Node
    summary: str
    got: tuple[tuple[int, str], ...] = ()

    @property
    def taken_apart(self) -> bool:
        return bool(self.got)


def token_tree(table: Table, ident: int) -> TokenTree:
    """The dialog's data for id `ident`; `merge_tree.TreeError` (one sentence) for an unknown id or a special token."""
    node = tree(table, ident)
    got: tuple[tuple[int, str], ...] = ()
    if node.parts and reach_of(table, ident) == "taken_apart":
        (ids,) = chunk_ids(table.symbol_bytes(node.text).decode("utf-8"), table)  # taken apart: its text is one chunk
        got = tuple((i, table.decoder[i]) for i in ids)
    return TokenTree(table.name, node, summary(node), got)


def current_token(at: Position) -> int | None:
    """The token the animator's tree key means at `at`: at a round, the token that round made; else the newest
    id the ids pane shows (None before any)."""
    frame = at.frame
    if frame.kind == "round" and frame.round:
        left, right = at.chunk.rounds[frame.round - 1].pair
        return at.trace.table.encoder.get(left + right)
    chunks = at.trace.chunks
    done = frame.chunk + (1 if frame.kind == "done" else 0)
    for c in range(done - 1, -1, -1):
        if chunks[c].ids:
            return chunks[c].ids[-1]
    return None
