"""The explorer's rows: one text cut by several tokenizers, one row each, aligned by text offset.

The rows come from tui.explain.explorer (`build_row`); `layout` lays a window of them out in columns:
every offset where any row has a boundary becomes a separator column, `│` in a row that cuts there (a chunk boundary), `¦` for a token boundary inside a
chunk (tokens shown), a blank in a row that does not. So a boundary only some tokenizers have stands
out without colour.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from rich.cells import cell_len
from rich.style import Style
from textual.binding import Binding
from textual.reactive import reactive

from ..explain.explorer import RowChunk, TokenizerRow
from ..safe import visible
from . import strips
from .token_colours import indices, tints

CHUNK_MARK, TOKEN_MARK, NO_MARK = "│", "¦", " "


# -- layout ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Segment:
    """Text between two neighbouring boundaries of the window: each row's mark before it and its under-line."""

    start: int
    shown: str
    marks: tuple[str, ...]
    under: tuple[str, ...]
    width: int


def layout(text: str, rows: Sequence[TokenizerRow], anchor: int, reach: int, tokens: bool) -> list[Segment]:
    """The segments of text around offset `anchor` (`reach` characters either side, at least)."""
    lo, hi = max(0, anchor - reach), min(len(text), anchor + 2 * reach)
    if rows:
        k = rows[0].chunk_at(lo)
        lo = min(lo, rows[0].chunks[k].start) if rows[0].chunks else lo
    cuts: list[tuple[set[int], set[int]]] = [row.cuts_between(lo, hi, tokens) for row in rows]
    points = sorted({lo, hi}.union(*(a | b for a, b in cuts)))
    out = []
    for start, end in pairwise(points):
        shown = visible(text[start:end], space="·")
        marks = tuple(CHUNK_MARK if start in a or start == 0 else TOKEN_MARK if start in b else NO_MARK for a, b in cuts)
        under = tuple(row.under(start, end, tokens) for row in rows)
        out.append(Segment(start, shown, marks, under, max(cell_len(shown), *(cell_len(u) for u in under))))
    return out


def token_slots(row: TokenizerRow, segments: Sequence[Segment]) -> list[int]:
    """Each segment's token colour slot in `row`: segments of one token share it, neighbouring tokens differ."""
    keys: list[tuple[int, int]] = []
    for seg in segments:
        k = row.chunk_at(seg.start)
        chunk = row.chunks[k]
        keys.append((k, max(bisect_right(chunk.token_starts, seg.start - chunk.start) - 1, 0)))
    runs = [key for n, key in enumerate(keys) if n == 0 or keys[n - 1] != key]
    slots = dict(zip(runs, indices(row.chunks[k].ids[t] for k, t in runs), strict=True))
    return [slots[key] for key in keys]


def crop(pieces: Sequence[tuple[str, str | Style]], x0: int, width: int) -> strips.Row:
    """The cells [x0, x0 + width) of a line made of (text, style) pieces, as runs (neighbours of one
    style joined); a wide character cut in half becomes a space. A piece wholly in view is taken
    whole: only the two at the window's edges are read character by character."""
    runs: list[tuple[str, str | Style]] = []

    def add(text: str, style: str | Style) -> None:
        if runs and runs[-1][1] == style:
            runs[-1] = (runs[-1][0] + text, style)
        elif text:
            runs.append((text, style))

    x, end = 0, x0 + width
    for piece, style in pieces:
        w = cell_len(piece)
        if x >= x0 and x + w <= end:
            add(piece, style)
            x += w
        elif x + w > x0:
            for char in piece:
                cw = cell_len(char)
                if x >= x0 and x + cw <= end:
                    add(char, style)
                elif x < x0 < x + cw or x < end < x + cw:
                    add(" ", style)
                x += cw
                if x >= end:
                    break
        else:
            x += w
        if x >= end:
            break
    return tuple(runs)


# -- the widget --------------------------------------------------------------------------------


class TokenizerRows(strips.StripRows, can_focus=True):
    """The rows, three lines each (name and totals; the chunks; branches or token ids beneath), a
    window of columns around the selected chunk, which is shown reversed and underlined.

    Drawn line by line (the strips module): a move rebuilds only the window's lines, and only the
    lines that changed are repainted."""

    DEFAULT_CSS = """
    TokenizerRows { height: auto; min-height: 3; padding: 0 1; }
    TokenizerRows:focus { background: $boost; }
    """
    # Local, not in the command registry: the rows' own cursor keys, which move the selected chunk while they have focus.
    BINDINGS = [
        Binding("left", "move(0, -1)", show=False),
        Binding("right", "move(0, 1)", show=False),
        Binding("up", "move(-1, 0)", show=False),
        Binding("down", "move(1, 0)", show=False),
        Binding("home", "end(-1)", show=False),
        Binding("end", "end(1)", show=False),
    ]

    tokens: reactive[bool] = reactive(False, repaint=False)
    #: (row, chunk) of the cursor, set after each move and each new set of rows. Whoever explains the
    #: selected chunk watches it: a watcher runs in the same handler as the move, so the rows and the
    #: explanation reach the screen in one repaint (a message would be read after the rows' repaint,
    #: and its own repaint would wait for Textual's next 60 Hz tick).
    selection: reactive[tuple[int, int]] = reactive((0, 0), always_update=True, init=False, repaint=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = ""
        self.tokenizers: tuple[TokenizerRow, ...] = ()
        self.row = 0
        self.chunk = 0

    def show(self, text: str, rows: Sequence[TokenizerRow]) -> None:
        """Show new rows; the cursor stays on the same row, on the chunk at the same offset."""
        offset = self.selected.start if self.selected is not None else 0
        height = len(self.tokenizers)
        self.text, self.tokenizers = text, tuple(rows)
        self.row = min(self.row, max(len(self.tokenizers) - 1, 0))
        self.chunk = self.tokenizers[self.row].chunk_at(offset) if self.tokenizers else 0
        if len(self.tokenizers) != height:
            self.refresh(layout=True)
        self._moved()

    def _moved(self) -> None:
        self.redraw()
        self.selection = (self.row, self.chunk)

    def watch_tokens(self) -> None:
        self.redraw()

    @property
    def selected(self) -> RowChunk | None:
        if not self.tokenizers or not self.tokenizers[self.row].chunks:
            return None
        return self.tokenizers[self.row].chunks[self.chunk]

    def action_move(self, down: int, right: int) -> None:
        if not self.tokenizers:
            return
        if down:
            offset = self.selected.start if self.selected is not None else 0
            self.row = (self.row + down) % len(self.tokenizers)
            self.chunk = self.tokenizers[self.row].chunk_at(offset)
        else:
            self.chunk = max(0, min(self.chunk + right, len(self.tokenizers[self.row].chunks) - 1))
        self._moved()

    def action_end(self, direction: int) -> None:
        if self.tokenizers:
            self.chunk = 0 if direction < 0 else max(len(self.tokenizers[self.row].chunks) - 1, 0)
            self._moved()

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return max(3 * len(self.tokenizers), 1)

    def rows(self, width: int, height: int) -> list[strips.Row]:
        width = max(width, 1)
        if not self.tokenizers:
            return [(("(nothing to show yet)", "dim"),)]
        selected = self.selected
        anchor = selected.start if selected is not None else 0
        segments = layout(self.text, self.tokenizers, anchor, max(width, 16), self.tokens)
        # Where the selected chunk begins on the line, so the window can keep it in view.
        x_sel = x = 0
        for seg in segments:
            if seg.start == anchor:
                x_sel = x
            x += seg.width + 1
        x0 = max(0, min(x_sel - width // 3, x - width))
        lines: list[strips.Row] = []
        palette = tints(self.background_colors[1])
        for r, row in enumerate(self.tokenizers):
            shades: list[str | Style] = [palette[slot] for slot in token_slots(row, segments)] if self.tokens else [""] * len(segments)
            head: strips.Row = (("▶ " if r == self.row else "  ", "bold"), (row.label, "bold"), (f"  {row.summary()}", ""))
            top: list[tuple[str, str | Style]] = []
            bottom: list[tuple[str, str | Style]] = []
            for seg, shade in zip(segments, shades, strict=True):
                mark = seg.marks[r]
                on = r == self.row and selected is not None and selected.start <= seg.start < selected.end
                style: str | Style = "bold reverse underline" if on else shade
                top += [(mark, "bold" if mark == CHUNK_MARK else "dim"), (seg.shown + " " * (seg.width - cell_len(seg.shown)), style)]
                bottom += [(mark, "dim"), (seg.under[r].ljust(seg.width), "bold" if on else "dim")]
            lines += [head, crop(top, x0, width), crop(bottom, x0, width)]
        return lines
