"""What the round-trip views share: the view bar, the base screen, and a cursor list drawn with the line API."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from ...engine.tables import Table, TableError, get_table, table_cycle
from ...safe import visible

if TYPE_CHECKING:
    from ...engine.bpe import Trace

#: (view name, key, label). "encode" is the animator: the app's own screen; the others are SCREENS names.
VIEWS: tuple[tuple[str, str, str], ...] = (
    ("encode", "1", "Encode"),
    ("decode", "2", "Decode"),
    ("aliases", "3", "Aliases"),
    ("tables", "4", "Tables"),
    ("special", "5", "Special"),
)


def clip(text: str, width: int) -> str:
    """`text` cut to `width` terminal cells, ending in … when something was cut (wide characters count 2)."""
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        w = cell_len(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` clipped and padded to exactly `width` cells."""
    text = clip(text, width)
    fill = " " * max(width - cell_len(text), 0)
    return fill + text if right else text + fill


def quoted(text: str, width: int | None = None) -> str:
    """An untrusted string, made visible and shown in quotes: 'Ġthe' (spaces kept, controls replaced)."""
    if width is not None and len(text) > width:
        text = text[: width + 1]  # no need to make visible what will be cut
    shown = "'" + visible(text) + "'"
    return shown if width is None else clip(shown, width)


def figures_text(table: Table, trace: Trace | None, width: int) -> Text:
    """Seed 002's header: base symbols, merges, vocabulary size, and this text's bytes → tokens, merges fired."""
    from ...engine.rules import figures

    special = len(table.special)
    vocab = f"{len(table.encoder):,} = 256 + {len(table.merges):,}" + (f" + {special}" if special else "")
    text = Text(no_wrap=True, overflow="ellipsis")
    if width >= 110:
        text.append("base ")
        text.append("256", style="bold")
        text.append(" · merges ")
        text.append(f"{len(table.merges):,}", style="bold")
        text.append(" · ")
    text.append("vocab ")
    text.append(vocab, style="bold")
    if trace is not None and trace.table is table:
        f = figures(trace)
        text.append(" · this text: " if width >= 90 else " · ")
        text.append(f"{f.bytes:,} bytes → {f.tokens:,} tokens", style="bold")
        fired = f" · {f.fired:,} merge{'s' * (f.fired != 1)} fire{'s' * (f.fired == 1)}"
        if text.cell_len + len(fired) <= width:
            text.append(fired)
    if width >= 140:
        text.append("  ·  ids → alias strings → bytes → one UTF-8 decode", style="dim")
    text.truncate(max(width, 1), overflow="ellipsis")
    return text


class ViewBar(Widget):
    """One line: the five views with their keys (the current one reversed and in brackets), then the table."""

    DEFAULT_CSS = """
    ViewBar { height: 1; background: $boost; }
    """

    current: reactive[str] = reactive("encode")
    note: reactive[str] = reactive("")

    class Picked(Message):
        """A view name was clicked."""

        def __init__(self, view: str) -> None:
            super().__init__()
            self.view = view

    def __init__(self, current: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(ViewBar.current, current)
        self._spans: list[tuple[int, int, str]] = []

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        self._spans = []
        for name, key, label in VIEWS:
            start = text.cell_len
            if name == self.current:
                text.append(f"[{key} {label}]", style="bold reverse")
            else:
                text.append(f" {key} {label} ")
            self._spans.append((start, text.cell_len, name))
        room = self.size.width - text.cell_len - 2
        if self.note and room > 8:
            text.append("  ")
            text.append(clip(self.note, room), style="italic")
        return text

    def on_click(self, event: events.Click) -> None:
        for start, end, name in self._spans:
            if start <= event.x < end:
                self.post_message(self.Picked(name))


class RoundTripScreen(Screen[None]):
    """A round-trip view: it shows the current trace's table (t cycles the tables) and follows the app's view."""

    VIEW: ClassVar[str] = ""
    BINDINGS = [Binding("t", "cycle_table", "table")]

    def __init__(self) -> None:
        super().__init__()
        self.table_name: str | None = None  # None: the table of the current trace
        self._seen: object = None

    # -- what is shown -------------------------------------------------------------------------

    @property
    def trace(self) -> Trace | None:
        view = getattr(self.app, "view", None)
        return None if view is None else view.trace

    @property
    def table(self) -> Table:
        trace = self.trace
        name = self.table_name
        if trace is not None and (name is None or trace.table.name == name):
            return trace.table
        resolve = getattr(self.app, "resolve_table", None) or get_table
        return resolve(name or "teaching")

    def table_names(self) -> list[str]:
        names = getattr(self.app, "table_names", None)
        return list(names()) if names is not None else table_cycle()

    def action_cycle_table(self) -> None:
        names = self.table_names()
        current = self.table.name
        target = names[(names.index(current) + 1) % len(names)] if current in names else names[0]
        previous = self.table_name
        self.table_name = target
        try:
            self.table  # noqa: B018 - load it now, so a missing table is reported here
        except TableError as exc:
            self.table_name = previous
            self.notify(visible(str(exc)), severity="error")
            return
        self.reload()
        self.notify(f"{self.VIEW}: {self.table.title}", timeout=2)

    # -- keeping up with the app ---------------------------------------------------------------

    def on_mount(self) -> None:
        """Textual also runs each subclass's on_mount (handlers run for every class of the MRO)."""
        self._seen = self.trace
        self.reload()

    def on_screen_resume(self) -> None:
        if self.is_mounted and self.trace is not self._seen:
            self._seen = self.trace
            self.reload()

    def reload(self) -> None:  # pragma: no cover - each view draws itself
        """Recompute what the view shows from the current trace and table."""

    async def on_view_bar_picked(self, message: ViewBar.Picked) -> None:
        await self.app.run_action(f"view({message.view!r})")

    def set_bar_note(self) -> None:
        for bar in self.query(ViewBar):
            bar.note = self.table.title


class LineList(ScrollView, can_focus=True, inherit_bindings=False):
    """A long list drawn one visible line at a time (the line API): a header line, rows, a cursor (▶, reversed)."""

    DEFAULT_CSS = """
    LineList {
        border: round $primary 60%;
        border-title-color: $text;
        border-title-style: bold;
        height: 1fr;
        scrollbar-size-vertical: 1;
        scrollbar-size-horizontal: 0;
    }
    LineList:focus { border: round $accent; }
    """

    BINDINGS = [
        Binding("up,k", "cursor(-1)", "up", show=False),
        Binding("down,j", "cursor(1)", "down", show=False),
        Binding("pageup", "page(-1)", "page up", show=False),
        Binding("pagedown", "page(1)", "page down", show=False),
        Binding("home", "jump(0)", "top", show=False),
        Binding("end", "jump(-1)", "bottom", show=False),
    ]

    cursor: reactive[int] = reactive(0, always_update=True)

    class Moved(Message):
        """The cursor moved to `row`."""

        def __init__(self, row: int) -> None:
            super().__init__()
            self.row = row

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.count = 0

    # subclasses answer these three
    def header(self, width: int) -> Text:
        return Text("")

    def row(self, index: int, width: int, selected: bool) -> Text:
        return Text("")

    def row_style(self, index: int, selected: bool) -> Style:
        return Style(reverse=True, bold=True) if selected else Style()

    def set_count(self, count: int) -> None:
        self.count = count
        self.virtual_size = Size(max(self.scrollable_content_region.width, 1), count + 1)
        self.cursor = max(0, min(self.cursor, count - 1)) if count else 0
        self.refresh()

    @property
    def page_rows(self) -> int:
        return max(self.scrollable_content_region.height - 1, 1)

    def validate_cursor(self, cursor: int) -> int:
        return max(0, min(cursor, self.count - 1)) if self.count else 0

    def watch_cursor(self, cursor: int) -> None:
        self.keep_visible(cursor)
        self.refresh()
        self.post_message(self.Moved(cursor))

    def keep_visible(self, row: int, *, center: bool = False) -> None:
        rows = self.page_rows
        top = round(self.scroll_offset.y)
        if center:
            target = max(row - rows // 2, 0)
        elif row < top:
            target = row
        elif row >= top + rows:
            target = row - rows + 1
        else:
            return
        self.scroll_to(y=target, animate=False, immediate=True)

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

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if y == 0:
            line = self.header(width)
            line.stylize(Style(dim=True, bold=True))
        else:
            index = round(self.scroll_offset.y) + y - 1
            if index >= self.count:
                return Strip.blank(width)
            selected = index == self.cursor
            line = self.row(index, width, selected)
            line.stylize(self.row_style(index, selected))
        line.truncate(width, overflow="ellipsis", pad=True)
        line.no_wrap = True
        segments = [s for s in line.render(self.app.console) if s.text != "\n"]
        return Strip(segments).crop(0, width).extend_cell_length(width)

    def on_click(self, event: events.Click) -> None:
        if event.y < 1:
            return
        index = round(self.scroll_offset.y) + event.y - 1
        if 0 <= index < self.count:
            self.cursor = index

    def on_resize(self) -> None:
        self.set_count(self.count)
