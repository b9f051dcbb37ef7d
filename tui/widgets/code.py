"""The code pane: the merge loop (or the decoder) as code, the line the current frame is on marked.

The marked line has ▶ and reverse video; the other lines the same frame runs have ·; under a line
the values of its variables at this frame (↳). The listings and which line a frame is on are the
engine's (tui/engine/loop_code.py); this module only draws them.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip

from ..explain.position import Position
from ..safe import visible
from .pane import LinePane
from .strips import Row, StripRows, retitle, rows_text
from .text import clip

if TYPE_CHECKING:  # the decoder's module is imported when the Decode view first opens, not at start-up
    from ..engine.decoding import DecodeRun
    from ..explain.loop_code import Line, Listing, Mark

MARKED = "▶"
RUN = "·"
VALUE_ROWS = 3  # the values under a line wrap to at most this many rows


def listing(rule: str) -> Listing:
    """The listing of a table rule ('gpt2', 'tiktoken') or of the decoder ('decode').

    The listings are imported when a code pane is first drawn: below 160 columns view 1's is hidden."""
    from ..explain.loop_code import LISTINGS

    return LISTINGS[rule]


def position_mark(position: Position) -> tuple[Listing, Mark]:
    """The listing of the position's table rule and the line its frame (or scan step) is on."""
    from ..explain.loop_code import mark

    rule = position.trace.table.rule
    steps = position.steps if position.scanning else None
    return listing(rule.code or rule.name), mark(position.chunk, position.frame, steps, position.step, rule=rule)


@lru_cache(maxsize=1024)
def _code_line(line: Line, sign: str, unit: int, width: int) -> str:
    """A listing line as drawn: its mark, its indented code and its comment where it fits, cut to `width`."""
    text = f"{sign} {' ' * (unit * line.depth)}{line.code}"
    if line.comment and cell_len(text) + 4 + cell_len(line.comment) <= width:
        text += "  # " + line.comment
    text = clip(text, width)
    return text.ljust(width) if sign == MARKED else text


def code_rows(listing: Listing, where: Mark, width: int) -> tuple[list[tuple[str, str]], int]:
    """The rows to draw as (text, style), and the row of the marked line.

    Comments are kept where they fit; values sit under their line. Indentation halves on narrow panes.
    """
    unit = 4 if width >= 58 else 2
    trail = set(where.trail)
    rows: list[tuple[str, str]] = []
    marked = 0
    for line in listing.lines:
        on = bool(line.op) and line.op == where.op
        sign = MARKED if on else RUN if line.op and line.op in trail else " "
        if on:
            marked = len(rows)
        rows.append((_code_line(line, sign, unit, width), "bold reverse" if on else "" if sign == " " else "bold"))
        values = where.values(line.op) if line.op in trail else ""
        if values:
            indent = " " * (unit * line.depth + 2)
            lines = textwrap.wrap(visible(values), max(width - len(indent) - 2, 8), max_lines=VALUE_ROWS, placeholder=" …")
            for n, part in enumerate(lines):
                rows.append((clip(indent + ("↳ " if n == 0 else "  ") + part, width), "bold italic" if on else "italic"))
    return rows, marked


def code_text(listing: Listing, where: Mark, width: int, height: int) -> list[Row]:
    """The listing in `height` rows: its credit (where the code comes from) at the top, then a window that
    keeps the marked line and its values in view."""
    credit: list[Row] = []
    for part in textwrap.wrap(listing.credit, max(width - 2, 8))[: max(height - 4, 0)]:
        credit.append((("# " + part, "dim"),))
    return credit + rows_around(*code_rows(listing, where, width), height - len(credit))


def rows_around(rows: list[tuple[str, str]], marked: int, height: int) -> list[Row]:
    """`height` of the listing's rows, the marked one a third of the way down when they do not all fit."""
    start = 0
    if len(rows) > height:
        start = max(0, min(marked - height // 3, len(rows) - height))
    return [((row, style),) for row, style in rows[start : start + height]]


class CodePane(LinePane, can_focus=True):
    """The animator's code pane: GPT-2's bpe() or tiktoken's rule, following the frame."""

    TITLE = "Code"
    SUBTITLE = "▶ this frame · c hide"

    shown: tuple[Listing, Mark] | None = None  # the listing and the marked line, made once per position

    def describe(self, position: Position) -> None:
        self.shown = None  # the mark is made when the pane is drawn: a hidden pane costs a step nothing

    def render_lines(self, crop: Region) -> list[Strip]:
        """The title names the listing, set in the pass that draws the border (a hidden pane never needs it)."""
        if self.position is not None:
            retitle(self, title=f"Code · {listing(self.position.trace.table.rule.code or self.position.trace.table.rule.name).title}")
        return super().render_lines(crop)

    def draw(self, position: Position, width: int, height: int) -> list[Row]:
        if self.shown is None:
            self.shown = position_mark(position)
        listing, where = self.shown
        return code_text(listing, where, width, height)


class DecodeCode(StripRows, can_focus=True):
    """The Decode view's code pane: the decoder, on the line of the token under the cursor."""

    DEFAULT_CSS = "DecodeCode { height: auto; max-height: 50%; border: round $primary 60%; padding: 0 1; border-title-style: bold; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.where: Mark | None = None
        self._rows: tuple[Mark, int, list[tuple[str, str]], int] | None = None  # (mark, width, rows, marked row)

    def on_mount(self) -> None:
        self.border_title = f"Code · {listing('decode').title}"

    def show(self, run: DecodeRun, cursor: int) -> None:
        """Mark the token's line; only the rows that changed are repainted, and the screen is laid out
        again only when the listing's rows (its height) change."""
        from ..explain.loop_code import decode_mark

        self.where = decode_mark(run, cursor)
        self.refit()

    def _code_rows(self, where: Mark, width: int) -> tuple[list[tuple[str, str]], int]:
        """code_rows of the decoder at `width`, made once for the height and again for the rows."""
        if self._rows is None or self._rows[0] is not where or self._rows[1] != width:
            self._rows = (where, width, *code_rows(listing("decode"), where, width))
        return self._rows[2], self._rows[3]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._code_rows(self.where, max(width, 20))[0]) if self.where is not None else 1

    def rows(self, width: int, height: int) -> list[Row]:
        if self.where is None:
            return []
        return rows_around(*self._code_rows(self.where, max(width, 20)), max(height, 1))

    def render(self) -> Text:
        """The listing as drawn, as one Text (what tests read; the screen draws it line by line)."""
        return rows_text(self.rows(max(self.content_size.width, 1), max(self.content_size.height, 1)))
