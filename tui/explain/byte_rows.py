"""The joined decode buffer laid out in rows of byte cells: which byte starts a token, which a character.

Plain data for the Decode view's buffer panel, which only styles it. A character whose bytes cross
a token boundary is the point of the picture: decoding must wait until the bytes are joined.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.decoding import DecodeRun
from ..engine.utf8 import char_spans


@dataclass(frozen=True)
class ByteCell:
    """One byte of the buffer and what is drawn before it and under it."""

    byte: int
    selected: bool  # one of the selected token's bytes
    boundary: bool  # a token starts here (not counting the row's first cell)
    crossing: bool  # ... and a character started before it is still going on
    joined: bool  # no boundary, and the character under it began further left
    char: str | None  # the character that starts at this byte; None for a continuation byte


def byte_rows(run: DecodeRun, cursor: int, per_row: int, rows: int) -> list[list[ByteCell]]:
    """Up to `rows` rows of `per_row` cells, starting two tokens before the `cursor` token.

    'c' then 你 in two tokens (e4 bd | a0): the boundary before a0 crosses the character.

    >>> from tui.engine.decoding import decode_frames
    >>> from tui.engine.tables import gpt2
    >>> [(f"{c.byte:02x}", c.char, c.crossing) for c in byte_rows(decode_frames([66, 19526, 254], gpt2(), "replace"), 1, 8, 2)[0]]
    [('63', 'c', False), ('e4', '你', False), ('bd', None, False), ('a0', None, True)]
    """
    frames = run.frames
    if not frames:
        return []
    buffer = run.buffer
    k = min(cursor, len(frames) - 1)
    first = frames[max(k - 2, 0)].start
    # Only a window of the buffer is read; it starts on a character boundary and reads a little past its end.
    start = first
    while start > 0 and first - start < 3 and 0x80 <= buffer[start] <= 0xBF:
        start -= 1
    end = min(first + per_row * rows + 4, len(buffer))
    spans = [(s + start, e + start, c) for s, e, c in char_spans(buffer[start:end])]
    char_at = {s: c for s, _, c in spans}
    inside: dict[int, int] = {}  # byte -> end of the character it belongs to
    for s, e, _ in spans:
        for b in range(s, e):
            inside[b] = e
    lo = max(k - 2, 0)
    starts = {f.start for f in frames[lo : lo + per_row * rows + 1]}
    mine = range(frames[k].start, frames[k].end)
    out: list[list[ByteCell]] = []
    pos = first
    while len(out) < rows and pos < len(buffer):
        row: list[ByteCell] = []
        while pos < len(buffer) and len(row) < per_row:
            boundary = pos in starts and pos != first
            char = char_at.get(pos)
            row.append(
                ByteCell(
                    byte=buffer[pos],
                    selected=pos in mine,
                    boundary=boundary,
                    crossing=boundary and inside.get(pos - 1, pos) > pos,
                    joined=not boundary and char is None and pos != first,
                    char=char,
                )
            )
            pos += 1
        out.append(row)
    return out
