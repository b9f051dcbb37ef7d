"""The tokens at one position, as plain data: which chunks have emitted their ids so far, the ids emitted,
and how a chunk's text divides among its tokens.

>>> from tui.engine.bpe import capture
>>> from tui.engine.tables import teaching
>>> from .position import Position
>>> at = Position.of(capture("aaab ab", teaching()))  # "aaab" is one rule (262); " ab" is Ġ (220) and ab (257)
>>> emitted_chunks(at), shown_ids(at), shown_ids(at.last())
(0, [], [262, 220, 257])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..engine.bpe import encode
from ..engine.tables import Table
from ..engine.utf8 import token_offsets
from .position import Position


def emitted_chunks(at: Position) -> int:
    """How many chunks have produced their ids at this frame (the current one at its 'done' frame)."""
    frame = at.frame
    return frame.chunk + (1 if frame.kind == "done" else 0)


def shown_ids(at: Position) -> list[int]:
    """The ids emitted up to the current frame, all of them."""
    return [i for chunk in at.trace.chunks[: emitted_chunks(at)] for i in chunk.ids]


def token_pieces(text: str, ids: Sequence[int], decoder: Mapping[int, str]) -> list[tuple[str, int]]:
    """`text` cut where its tokens start, with each token's id; a token that starts inside a character
    gets an empty piece (the character goes to the token after it).

    >>> token_pieces("a你", (64, 1, 2), {64: "a", 1: "ä½", 2: "ł"})
    [('a', 64), ('', 1), ('你', 2)]
    """
    if len(ids) == 1:
        return [(text, ids[0])]
    starts, _ = token_offsets(text, [len(decoder[i]) for i in ids])
    ends = (*starts[1:], len(text))
    return [(text[a:b], i) for a, b, i in zip(starts, ends, ids, strict=True)]


def example_ids(table: Table) -> str:
    """Ids worth typing in the Decode view, all of them in `table`: 你's (under GPT-2 '19526 254', a
    token that ends inside the character), then the table's first special token ('· 50256'), if any."""
    shown = " ".join(map(str, encode("你", table)))
    special = min(table.special.values(), default=None)
    return shown if special is None else f"{shown} · {special}"
