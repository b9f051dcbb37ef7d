"""The explorer's rows: one text cut by several tokenizers, one row each, aligned by text offset.

The rows come from tui.explain.explorer (`build_row`). Every row draws the text itself, character for
character in the same columns (nothing is ever put inside a chunk or a token, so the rows line up and
each reads as the text); the line beneath marks where that row cuts: `│` where a chunk starts, `¦`
where a token starts inside a chunk (tokens shown), each followed by the chunk's branch or the token's
ids as far as they fit. A boundary only some tokenizers have stands out without colour. A line cut by
the window's edge ends (or begins) with `…`.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from rich.cells import cell_len
from rich.style import Style
from textual.binding import Binding
from textual.reactive import reactive

from ..explain.explorer import Mark, Stretch, TokenizerRow
from ..explain.row_chunks import RowChunk
from ..safe import glyphs
from . import strips
from .token_colours import indices, tints

CHUNK_MARK, TOKEN_MARK, MORE = "│", "¦", "…"
SELECTED = "bold reverse underline"


def legend(tokens: bool) -> str:
    """What the line beneath each row says, in words short enough for a caption at 60 columns: its
    marks, and the numbers after them (the regex branch of each chunk, or the ids of each token)."""
    if tokens:
        return f"under each row {CHUNK_MARK} chunk {TOKEN_MARK} token start, then its ids"
    return f"under each row {CHUNK_MARK}n: chunk matched by regex branch n (below)"


# -- layout ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Window:
    """The stretch of text in view: its characters from offset `lo` as drawn (`glyphs`), the column
    each starts at (`xs`, one more for the end), and the columns shown, [x0, x0 + width)."""

    lo: int
    glyphs: list[str]
    xs: list[int]
    x0: int
    width: int
    before: bool  # text hidden left of the window
    after: bool  # text hidden right of it

    @property
    def hi(self) -> int:
        return self.lo + len(self.glyphs)

    def column(self, offset: int) -> int:
        return self.xs[offset - self.lo]

    def shown(self, start: int, end: int) -> str:
        return "".join(self.glyphs[start - self.lo : end - self.lo])


def window(text: str, anchor: int, width: int) -> Window:
    """The window around offset `anchor`, which sits a third of the way in unless the text starts or
    ends sooner: the characters with a cell in view, and no more (a row then looks at the chunks and
    tokens of those only). About 3 × width characters either side are measured to place it: a
    character takes one cell at least, but for two combining marks on it (a third is spelled out)."""
    lo, hi = max(0, anchor - 3 * width), min(len(text), anchor + 3 * width)
    drawn = glyphs(text, lo, hi, space="·")
    xs = list(accumulate((len(g) if g.isascii() else cell_len(g) for g in drawn), initial=0))
    x0 = max(0, xs[anchor - lo] - width // 3)
    if hi == len(text):
        x0 = max(0, min(x0, xs[-1] - width))
    before, after = lo > 0 or x0 > 0, hi < len(text) or xs[-1] > x0 + width
    first = max(bisect_right(xs, x0, 0, len(drawn)) - 1, 0)  # the character in the first column
    last = max(bisect_left(xs, x0 + width, 0, len(drawn)), first)  # the first one past the last column
    shift = xs[first]
    return Window(lo + first, drawn[first:last], [x - shift for x in xs[first : last + 1]], x0 - shift, width, before, after)


def under_line(marks: Sequence[Mark], win: Window, bold: range) -> list[tuple[str, str | Style]]:
    """The line beneath a row: each mark at its character's column, then its label as far as the next
    mark allows (cut with …, left out where only one column is free). Labels of offsets in `bold` (the selected chunk) are bold."""
    out: list[tuple[str, str | Style]] = []
    x = 0
    for n, mark in enumerate(marks):
        col = max(win.column(mark.at), x)
        if col > x:
            out.append((" " * (col - x), ""))
        room = (win.column(marks[n + 1].at) if n + 1 < len(marks) else win.xs[-1] + 1 + len(mark.label)) - col - 1
        sign = (CHUNK_MARK if mark.chunk else TOKEN_MARK) if mark.exact else " "
        label = mark.label if len(mark.label) <= room else mark.label[: room - 1] + MORE if room > 1 else ""
        out += [(sign, "bold" if mark.chunk else "dim"), (label, "bold" if mark.at in bold else "dim")]
        x = col + 1 + len(label)
    return out


def crop(pieces: Sequence[tuple[str, str | Style]], win: Window) -> strips.Row:
    """The window's columns of a line made of (text, style) pieces, as runs (neighbours of one style
    joined); `…` in the first or last column where text is hidden beyond it. A wide character cut in
    half becomes a space; a mark left with no character to sit on is dropped. A piece wholly in view
    is taken whole: only the two at the edges are read character by character."""
    x0, end = win.x0 + win.before, win.x0 + win.width - win.after
    runs: list[tuple[str, str | Style]] = [(MORE, "dim")] if win.before else []
    first = len(runs)

    def add(text: str, style: str | Style) -> None:
        if len(runs) > first and runs[-1][1] == style:
            runs[-1] = (runs[-1][0] + text, style)
        elif text:
            runs.append((text, style))

    x = 0
    for piece, style in pieces:
        w = cell_len(piece)
        if x >= x0 and x + w <= end and (len(runs) > first or cell_len(piece[:1]) > 0):
            add(piece, style)
        elif x + w >= x0 and x < end:
            cx = x
            for char in piece:
                cw = cell_len(char)
                if cx >= x0 and cx + cw <= end and (cw > 0 or len(runs) > first):
                    add(char, style)
                elif cx < x0 < cx + cw or cx < end < cx + cw:
                    add(" ", style)
                cx += cw
        x += w
        if x >= end:
            break
    if win.after:
        runs.append((" " * max(0, end - max(x, x0)), ""))
        runs.append((MORE, "dim"))
    return tuple(runs)


def text_line(stretch: Stretch, win: Window, selected: int | None, shades: Sequence[str | Style]) -> list[tuple[str, str | Style]]:
    """A row's text line: the window's characters, each piece in its own style (the selected chunk
    reversed, tokens tinted when shown); the same characters in the same columns in every row."""
    slots = indices(p.token for p in stretch.pieces) if shades else []
    out: list[tuple[str, str | Style]] = []
    for n, piece in enumerate(stretch.pieces):
        style: str | Style = SELECTED if piece.chunk == selected else shades[slots[n]] if shades else ""
        out.append((win.shown(piece.start, piece.end), style))
    return out


def shown_rows(rows: int, cursor: int, height: int) -> tuple[int, int]:
    """The rows [first, last) drawn in `height` lines: all when they fit (three lines each), else as many
    as fit above a count line, the cursor's among them.

    >>> shown_rows(6, 0, 18), shown_rows(6, 0, 13), shown_rows(6, 5, 13), shown_rows(6, 3, 4)
    ((0, 6), (0, 4), (2, 6), (3, 4))
    """
    if 3 * rows <= height:
        return 0, rows
    fit = max((height - 1) // 3, 1)
    first = min(max(cursor - fit // 2, 0), rows - fit)
    return first, first + fit


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
        self.examined = 0  # token ids looked at for the last drawing: bounded by the width, not the text
        self.room = 18  # the lines the screen can give the rows (it sets this on resize)

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
        """Three lines a row; when they do not fit in `room`, as many rows as fit and the count line."""
        height = 3 * len(self.tokenizers)
        return max(height if height <= self.room else 3 * max((self.room - 1) // 3, 1) + 1, 1)

    def rows(self, width: int, height: int) -> list[strips.Row]:
        width = max(width, 1)
        if not self.tokenizers:
            return [(("(nothing to show yet)", "dim"),)]
        selected = self.selected
        anchor = selected.start if selected is not None else 0
        win = window(self.text, anchor, width)
        bold = range(selected.start, selected.end) if selected is not None else range(0)
        palette: Sequence[str | Style] = tints(self.background_colors[1]) if self.tokens else ()
        lines: list[strips.Row] = []
        self.examined = 0
        first, last = shown_rows(len(self.tokenizers), self.row, height)
        for r, row in enumerate(self.tokenizers[first:last], first):
            stretch = row.stretch(win.lo, win.hi, self.tokens)
            self.examined += stretch.examined
            summary = f"  {row.summary()}"
            room = width - 2 - cell_len(row.label)
            if cell_len(summary) > room:
                summary = summary[: max(room - 1, 0)] + MORE
            head: strips.Row = (("▶ " if r == self.row else "  ", "bold"), (row.label, "bold"), (summary, ""))
            on = self.chunk if r == self.row else None
            top = text_line(stretch, win, on, palette)
            bottom = under_line(stretch.marks, win, bold if r == self.row else range(0))
            lines += [head, crop(top, win), crop(bottom, win)]
        if last - first < len(self.tokenizers):
            lines.append(((f"rows {first + 1}–{last} of {len(self.tokenizers)} · ↑ ↓ for the others"[:width], "bold"),))
        return lines
