"""Widgets drawn as rows of strips: a picture becomes strips once per change, and only the rows that
differ from what is on screen are repainted. A whole-widget repaint costs Textual every line of it,
and so does any `refresh()` without a region (a new border title included).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any

from rich.cells import cell_len, chop_cells, set_cell_size
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from .styles_cache import FramedLines

#: A line drawn as runs of (text, style: a name, '' for none, or a Style): no Rich Text is built for
#: it, and the tuple is its own key. Panes that are redrawn on every step draw their lines as these.
Row = tuple[tuple[str, "str | Style"], ...]


def to_strips(
    lines: Iterable[Text | Row], width: int, height: int, base: Style, console: Console, before: dict[object, Strip] | None = None
) -> list[Strip]:
    """`height` strips of `width` cells: the lines (each cut at the edge with …), then blank rows.

    `base` is the widget's own style, under every cell: the padding of a row carries it (NO_COLOR, browsers).
    `before` holds the strips of the last picture by line (filled here): a line drawn as before is not rendered again.
    """
    strips: list[Strip] = []
    drawn: dict[object, Strip] = {}
    for line in lines:
        if len(strips) == height:
            break
        key: object = line if isinstance(line, tuple) else (line.plain, line.style, tuple(line.spans))
        strip = None if before is None else before.get(key)
        if strip is None:
            if isinstance(line, tuple):
                strip = _row_strip(line, width, base, console)
            else:
                segments = [s for s in line.render(console) if s.text != "\n"]
                if line.style and not line.spans:  # Text.render leaves out the line's own style when it has no spans
                    segments = list(Segment.apply_style(segments, console.get_style(line.style)))
                strip = Strip(segments).apply_style(base).extend_cell_length(width, base).crop(0, width)
        drawn[key] = strip
        strips.append(strip)
    if before is not None:
        before.clear()
        before.update(drawn)
    return strips + [Strip.blank(width, base)] * (height - len(strips))


def _row_strip(row: Row, width: int, base: Style, console: Console) -> Strip:
    """A row as `width` cells: its runs on the widget's style, cut with … or padded at the edge."""
    segments = [Segment(text, _on(base, style, console)) for text, style in row if text]
    cells = sum(cell_len(text) for text, _ in row)
    if cells > width:
        return Strip(_cut(segments, width), width)
    if cells < width:
        segments.append(Segment(" " * (width - cells), base))
    return Strip(segments, width)


@lru_cache(maxsize=1024)
def _on(base: Style, style: str | Style, console: Console) -> Style:
    """A run's style on the widget's own (what Strip.apply_style(base) would make of it)."""
    if isinstance(style, str):
        return base + console.get_style(style) if style else base
    return base + style


def _cut(segments: list[Segment], width: int) -> list[Segment]:
    """A row's segments cut at `width` cells as Rich cuts a line with …: its last cell becomes '…', in
    the style of the text it replaces."""
    out: list[Segment] = []
    used = 0
    for text, style, _ in segments:
        size = cell_len(text)
        if used + size <= width - 1:
            out.append(Segment(text, style))
            used += size
            continue
        out.append(Segment(set_cell_size(text, max(width - 1 - used, 0)) + "…", style))
        break
    return out


def fold(runs: Sequence[tuple[str, str | Style]], width: int) -> list[Row]:
    """Runs folded into rows of `width` cells, as a terminal would fold the line (a grapheme is never
    cut, a wide one that does not fit starts the next row)."""
    plain = "".join(text for text, _ in runs)
    rows: list[Row] = []
    parts = iter(runs)
    text, style = next(parts, ("", ""))
    for line in chop_cells(plain, max(width, 1)) if plain else [""]:
        need, row = len(line), []
        while need:
            while not text:
                text, style = next(parts)
            piece, text = text[:need], text[need:]
            row.append((piece, style))
            need -= len(piece)
        rows.append(tuple(row))
    return rows


def text_row(line: Text) -> Text | Row:
    """A line of Text as a Row, when its spans follow each other without overlapping (as Text.append
    makes them) on no style of its own; else the Text itself."""
    if line.style:
        return line
    plain, at = line.plain, 0
    runs: list[tuple[str, str | Style]] = []
    for span in line.spans:
        if span.start < at:
            return line
        if span.start > at:
            runs.append((plain[at : span.start], ""))
        runs.append((plain[span.start : span.end], span.style))
        at = span.end
    if at < len(plain) or not runs:
        runs.append((plain[at:], ""))
    return tuple(runs)


def text_segments(line: Text, console: Console) -> list[Segment]:
    """A line of Text as the segments Rich renders for it (no newline, no wrapping): taken from its
    runs when they follow each other (text_row), which costs a tenth of rendering it."""
    row = text_row(line)
    if not isinstance(row, tuple):
        return [s for s in line.render(console) if s.text != "\n"]
    return [Segment(text, _style(style, console)) for text, style in row if text]


@lru_cache(maxsize=1024)
def _style(style: str | Style, console: Console) -> Style:
    return console.get_style(style) if isinstance(style, str) else style


def row_plain(row: Row) -> str:
    """What a row says, without its styles."""
    return "".join(text for text, _ in row)


def rows_text(rows: Iterable[Row]) -> Text:
    """Rows as one Text, a line each (for a widget that renders a Text)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    for n, row in enumerate(rows):
        if n:
            text.append("\n")
        for part, style in row:
            text.append(part, style=style or None)
    return text


def changed_rows(old: Sequence[Strip], new: Sequence[Strip]) -> Iterator[int]:
    """The rows of `new` that differ from `old` (a row missing from `old` differs)."""
    for y, strip in enumerate(new):
        if y >= len(old) or not (old[y] is strip or list(old[y]) == list(strip)):
            yield y


def retitle(widget: Widget, *, title: str | None = None, subtitle: str | None = None) -> None:
    """Set a border title or subtitle only when it is new: each assignment repaints the whole widget."""
    shown: dict[str, str] = widget.__dict__.setdefault("_titles_shown", {})
    for name, value in (("title", title), ("subtitle", subtitle)):
        if value is not None and shown.get(name) != value:
            shown[name] = value
            setattr(widget, f"border_{name}", value)


class StripRows(Widget):
    """A widget whose picture is `rows(width, height)`, lines of Text or Rows; `redraw()` after each change."""

    _strips: list[Strip] | None = None
    _drawn_for: tuple[int, int] | None = None
    _lines_drawn: dict[object, Strip] | None = None  # the last picture's strips, by line (see to_strips)
    _laid_for: int | None = None  # the content height `refit` last laid the widget out for

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._styles_cache = FramedLines()  # the repainted rows framed once per repaint

    def rows(self, width: int, height: int) -> Sequence[Text | Row] | None:  # pragma: no cover - each widget draws itself
        """The picture's lines at this size (None: nothing to show yet)."""
        raise NotImplementedError

    def on_resize(self) -> None:
        if self._strips is None or self._drawn_for != (self.content_size.width, self.content_size.height):
            self.redraw()  # else the first paint at this size has drawn the picture as it is now

    def notify_style_update(self) -> None:
        """A new theme or class changes the colours under the picture: draw it again when asked for."""
        super().notify_style_update()
        self._strips = self._lines_drawn = None

    def redraw(self) -> None:
        """Draw the picture again; repaint the whole widget after a resize, else only the changed rows."""
        width, height = self.content_size.width, self.content_size.height
        old, self._strips = self._strips, self._build(width, height)
        if old is None or self._strips is None or self._drawn_for != (width, height):
            self._drawn_for = (width, height)
            self.refresh()
            return
        regions = [Region(0, y, width, 1) for y in changed_rows(old, self._strips)]
        if regions:
            self.refresh(*regions)

    def refit(self) -> None:
        """`redraw` for a widget as tall as its content (height: auto, `get_content_height`): the
        screen is laid out again only when that height changes, as a layout repaints all of it."""
        width = self.content_size.width
        height = self.get_content_height(self.size, self.size, width) if width else None
        if height is None or height != self._laid_for:
            self.refresh(layout=True)
        self._laid_for = height
        self.redraw()

    def _build(self, width: int, height: int) -> list[Strip] | None:
        if width < 1 or height < 1:
            return None
        lines = self.rows(width, height)
        if lines is None:
            return None
        if self._lines_drawn is None or self._drawn_for != (width, height):
            self._lines_drawn = {}
        return to_strips(lines, width, height, self.visual_style.rich_style, self.app.console, self._lines_drawn)

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size.width, self.content_size.height
        if self._strips is None or self._drawn_for != (width, height):
            self._strips, self._drawn_for = self._build(width, height), (width, height)
        strips = self._strips or []
        return strips[y] if y < len(strips) else Strip.blank(width, self.rich_style)


class Runs:
    """Rows appended in runs of one style: neighbours of the same style become one run, so a picture
    of many small pieces hands Textual few segments to render, filter and crop. A newline in what is
    added starts the next row."""

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self._row: list[tuple[str, str]] = []
        self._buffer: list[str] = []
        self._style = ""

    def add(self, chunk: str, style: str = "") -> None:
        if "\n" in chunk:
            first, *rest = chunk.split("\n")
            self.add(first, style)
            for part in rest:
                self.flush()
                self.rows.append(tuple(self._row))
                self._row = []
                self.add(part, style)
            return
        if style != self._style:
            self.flush()
            self._style = style
        self._buffer.append(chunk)

    def flush(self) -> None:
        if self._buffer:
            text = "".join(self._buffer)
            if text:
                self._row.append((text, self._style))
            self._buffer = []

    def done(self) -> list[Row]:
        """The rows, the last one included."""
        self.flush()
        return [*self.rows, tuple(self._row)]
