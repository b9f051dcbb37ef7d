"""A long list drawn one visible line at a time (the line API): a header line, then rows.

The pairs pane and the rule, alias and decode lists are all one of these: only the rows in view
are rendered, so 50,000 rules scroll as fast as ten. Lists with a cursor mark it ▶ and reversed.
"""

from __future__ import annotations

from functools import lru_cache

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .strips import text_segments
from .styles_cache import FramedLines

# Local, not in the command registry: a list's own cursor keys, which move within it while it has focus.
CURSOR_KEYS: list[BindingType] = [
    Binding("up,k", "cursor(-1)", "up", show=False),
    Binding("down,j", "cursor(1)", "down", show=False),
    Binding("pageup", "page(-1)", "page up", show=False),
    Binding("pagedown", "page(1)", "page down", show=False),
    Binding("home", "jump(0)", "top", show=False),
    Binding("end", "jump(-1)", "bottom", show=False),
]


@lru_cache(maxsize=256)
def row_look(base: Style, style: Style | None) -> tuple[Style, Style]:
    """A row's text style on the widget's own (`base`), and what pads the row after its text: the
    widget's style with the row's own background (a marked row's reverse or colour), so that a
    marked row is marked the full width of the pane."""
    if style is None:
        return base, base
    if not (style.reverse or style.bgcolor):
        return base + style, base
    return base + style, base + Style(reverse=style.reverse, bgcolor=style.bgcolor)


class LineList(ScrollView, can_focus=True, inherit_bindings=False):
    """A header line and `count` rows; subclasses answer `header`, `row` and `row_style`."""

    BINDINGS = CURSOR_KEYS
    cursor: reactive[int] = reactive(0, always_update=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._styles_cache = FramedLines()  # the repainted rows framed once per repaint
        self.count = 0
        self._drawn: dict[int, object] = {}  # line y → what render_line last drew there (see refresh_changed)
        self._strips: dict[object, Strip] = {}  # rows drawn lately, by key: a scroll moves them without drawing them again
        self._view: tuple[int, int, int, Style] | None = None  # during a repaint: see _where

    # subclasses answer these three
    def header(self, width: int) -> Text:
        return Text("")

    def row(self, index: int, width: int, selected: bool) -> Text:
        return Text("")

    def row_style(self, index: int, selected: bool) -> Style:
        return Style(reverse=True, bold=True) if selected else Style()

    header_style = Style(dim=True, bold=True)

    def fit(self, line: Text, width: int) -> None:
        """Cut a line that is too long with … (a list that scrolls sideways keeps it whole)."""
        line.truncate(width, overflow="ellipsis")  # padded by render_line, with the widget's style

    @property
    def has_cursor(self) -> bool:
        """False for a list that only scrolls (the pairs pane): no row is selected, clicks report rows."""
        return True

    def set_count(self, count: int, *, height: int | None = None, repaint: bool = True) -> None:
        """Hold `count` rows; `height` keeps the scroll height fixed (a layout only when it changes).
        Without `repaint` the caller repaints (refresh_changed, or a scroll)."""
        self.count = count
        size = Size(max(self.scrollable_content_region.width, 1), (height if height is not None else count) + 1)
        if self.virtual_size.height != size.height:
            self.virtual_size = size
        elif self.virtual_size != size:  # the width follows a new region: no list scrolls sideways, so no layout
            self.set_reactive(LineList.virtual_size, size)
        if self.has_cursor:
            self.cursor = max(0, min(self.cursor, count - 1)) if count else 0
        if repaint:
            self.refresh_changed()

    def refresh_changed(self) -> None:
        """Repaint only the lines whose picture differs from what is on screen: a step moves a marker
        and renumbers a few rows, and a whole-pane repaint would cost Textual every line."""
        if not self._drawn or not self.is_mounted:
            self.refresh()
            return
        self._view = where = self._where()
        try:
            regions = [
                Region(0, y, self.size.width, 1)
                for y in range(self.scrollable_content_region.height)
                if self._drawn.get(y) != self._line(y, where[0])[0]
            ]
        finally:
            self._view = None
        if regions:
            self.refresh(*regions)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """As ScrollView's, but a scrollbar of no width (the pairs pane's) is not moved: a refresh of a
        widget that is not on screen makes Textual map the whole screen again, on every scroll."""
        if self.show_vertical_scrollbar and self.styles.scrollbar_size_vertical:
            self.vertical_scrollbar.position = new_value
        if round(old_value) != round(new_value):
            self.refresh(self.size.region)

    @property
    def page_rows(self) -> int:
        return max(self.scrollable_content_region.height - 1, 1)

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, self.count - 1)) if self.count else 0

    def watch_cursor(self, cursor: int) -> None:
        """Repaint the rows the move changed (all of them when it scrolls). A screen that shows more
        about the row under the cursor watches `cursor` itself: its watcher runs in this same handler,
        so the list and what the screen shows reach the terminal in one repaint."""
        if not self.keep_visible(cursor):
            self.refresh_changed()

    def keep_visible(self, row: int, *, center: bool = False, third: bool = False) -> bool:
        """Scroll so `row` is in view: just in, in the middle (`center`), or a third from the top (`third`).
        True when the list scrolled (and so repaints every line)."""
        rows = self.page_rows
        top = round(self.scroll_offset.y)
        if center:
            target = max(row - rows // 2, 0)
        elif top <= row < top + rows:
            return False
        elif third:
            target = max(row - rows // 3, 0)
        elif row < top:
            target = row
        else:
            target = row - rows + 1
        self.scroll_to(y=target, animate=False, immediate=True)
        return round(self.scroll_offset.y) != top

    def show_row(self, row: int) -> None:
        """Move the cursor to `row` with its neighbours above and below it in view."""
        self.cursor = row
        self.keep_visible(self.cursor, center=True)

    def action_cursor(self, delta: int) -> None:
        self.cursor += delta

    def action_page(self, direction: int) -> None:
        self.cursor += direction * self.page_rows

    def action_jump(self, where: int) -> None:
        self.cursor = self.count - 1 if where < 0 else where

    def row_key(self, index: int, selected: bool) -> object:
        """A cheap key that changes whenever row `index`'s picture does (None: build the row to know)."""
        return None

    def render_lines(self, crop: Region) -> list[Strip]:
        """Textual's repaint of the lines in `crop`: where the list is scrolled to is read once for all of them."""
        self._view = self._where()
        try:
            return super().render_lines(crop)
        finally:
            self._view = None

    def _where(self) -> tuple[int, int, int, Style]:
        """(width, scroll x, scroll y, base style): what every line of one repaint shares."""
        offset = self.scroll_offset
        return (self.scrollable_content_region.width, round(offset.x), round(offset.y), self._base_style())

    def render_line(self, y: int) -> Strip:
        view = self._view or self._where()
        width = view[0]
        key, line, style, whole = self._line(y, width)
        self._drawn[y] = key
        strip = self._strips.get(key)
        if strip is not None:
            return strip
        # Every cell carries the widget's style (the theme's background): a segment without one is drawn
        # in the terminal's own colours, a dark block in a light pane (and black in a browser or an SVG).
        base = view[3]
        if line is None and key[1] == "row":  # known by its key alone: build it now
            key, line, style, whole = self._line(y, width, build=key)
        if line is None:
            strip = Strip.blank(width, base)
        else:
            on, fill = row_look(base, style)
            if whole:  # one style for the whole row: one segment, no Text rendering (the pairs pane)
                segments = [Segment(line.plain, on)]
            else:
                line.no_wrap = True
                segments = list(Segment.apply_style(text_segments(line, self.app.console), base))
            strip = self._strip(segments, width, fill, line.cell_len)
        if len(self._strips) > 4 * max(self.size.height, 8):
            self._strips.clear()
        self._strips[key] = strip
        return strip

    def _base_style(self) -> Style:
        return self.visual_style.rich_style

    def _line(
        self, y: int, width: int, *, build: tuple[object, ...] | None = None
    ) -> tuple[tuple[object, ...], Text | None, Style | None, bool]:
        """What line `y` shows: a key that changes whenever its picture does, the line (None: blank, or
        not built because `row_key` knew the key), the row's style (None: the header) and whether the row
        is drawn as a single segment in that style (else the line carries its styles). `build`: the key
        `row_key` gave this row; build it."""
        _, x, top, base = self._view or self._where()
        place = (width, x, base)
        keyed = None  # the key of a row that row_key knows
        style: Style | None = None
        if y == 0:
            line = self.header(width)
            line.stylize(self.header_style)
            self.fit(line, width)
        else:
            index = top + y - 1
            if index >= self.count:
                return (place, None), None, None, False
            selected = self.has_cursor and index == self.cursor
            if build is not None:
                keyed = build
            else:
                known = self.row_key(index, selected)
                keyed = None if known is None else (place, "row", known)
                if keyed is not None:
                    return keyed, None, None, False
            line = self.row(index, width, selected)
            style = self.row_style(index, selected)
            self.fit(line, width)
            if not line.spans and not line.style:
                return keyed or (place, line.plain, style), line, style, True
            line.stylize(style)
        return keyed or (place, line.plain, line.style, tuple(line.spans)), line, style, False

    def _strip(self, segments: list[Segment], width: int, fill: Style, cells: int | None = None) -> Strip:
        """The line's segments as `width` cells from the list's scroll x, padded in `fill`; `cells`, when
        known, their length."""
        x = (self._view or self._where())[1]
        if x == 0 and cells is not None and cells <= width:  # the common case: padded as it is made, one strip
            if cells < width:
                segments.append(Segment(" " * (width - cells), fill))
            return Strip(segments, width)
        return Strip(segments).crop(x, x + width).extend_cell_length(width, fill)

    def row_at(self, event: events.Click) -> int | None:
        """The row under a click, or None for the header and below the last row."""
        offset = event.get_content_offset(self)  # inside the border: the header is line 0
        if offset is None or offset.y < 1:
            return None
        index = round(self.scroll_offset.y) + offset.y - 1
        return index if 0 <= index < self.count else None

    def on_click(self, event: events.Click) -> None:
        index = self.row_at(event)
        if index is not None and self.has_cursor:
            self.cursor = index

    def on_resize(self) -> None:
        self.set_count(self.count, height=self.virtual_size.height - 1 if not self.has_cursor else None)
