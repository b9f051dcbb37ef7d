"""The Aliases view: GPT-2's 256-entry byte ↔ alias bijection as a 16 × 16 grid, with lookups both ways.

Row = high hex digit, column = low hex digit. The 188 bytes that keep their code point are plain;
the 68 moved to 256 + n carry a * and are underlined. The selected cell is reversed, and its row
and column are marked ▸ / ▾, so nothing depends on colour.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.widgets import Input, Static

from ..commands import ALIAS_GRID, ALIASES, bindings
from ..engine.tables import short_name
from ..engine.tables.choice import TableChoice
from ..engine.utf8 import utf8_length
from ..explain.aliasgrid import (
    AliasEntry,
    alias_counts,
    alias_grid,
    byte_of_alias,
    byte_piece,
    id_legend,
    kept_breakdown,
    pieces_legend,
    spell,
)
from ..explain.position import Position
from ..messages import LookUp, Then
from ..safe import visible
from ..widgets.findrow import FindRow
from ..widgets.footer import KeyFooter
from ..widgets.strips import Row, Runs, StripRows
from ..widgets.text import clip
from ..widgets.text_panel import TextPanel
from .base import ViewScreen

LABEL = 5  # cells before the first column: '0x_ ▸'


class AliasGrid(StripRows, can_focus=True):
    """16 × 16 bytes; arrows move the selection; wide screens also show each alias's id.

    Drawn line by line: a move repaints the rows it changed (the old and new selection's, the column marks)."""

    DEFAULT_CSS = """
    AliasGrid { width: auto; height: auto; padding: 0; }
    """
    BINDINGS = bindings(ALIAS_GRID)

    selected: reactive[int] = reactive(32, repaint=False)
    wide: reactive[bool] = reactive(False, layout=True, repaint=False)

    def __init__(self, entries: tuple[AliasEntry, ...], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries = entries

    def on_mount(self) -> None:
        self.border_title = "256 bytes → aliases"
        self.border_subtitle = "* moved to 256+n"

    @property
    def cell(self) -> int:
        return 8 if self.wide else 3

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return LABEL + 16 * self.cell

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 17

    def action_move(self, delta: int) -> None:
        self.selected = (self.selected + delta) % 256

    def action_select(self, byte: int) -> None:
        self.selected = byte

    def watch_selected(self) -> None:
        self.redraw()

    def watch_wide(self) -> None:
        self.redraw()

    def rows(self, width: int, height: int) -> list[Row]:
        sel = self.selected
        cell = self.cell
        head = Runs()
        head.add(" " * LABEL)
        for col in range(16):
            mark = "▾" if col == sel % 16 else " "
            head.add(f"{mark}{col:X}".ljust(cell), "bold" if mark != " " else "dim")
        lines = head.done()
        for row in range(16):
            out = Runs()
            out.add(f"{row:X}_ {'▸' if row == sel // 16 else ' '} ", "bold" if row == sel // 16 else "dim")
            for col in range(16):
                e = self.entries[row * 16 + col]
                mark = " " if e.kept else "*"
                style = "underline" if not e.kept else ""
                if e.byte == sel:
                    style += " bold reverse"
                body = e.alias + mark
                if self.wide:
                    body += f"{'' if e.id is None else e.id:>5}"
                out.add(body, style.strip())
                out.add(" " * (cell - len(body)))
            lines.extend(out.done())
        return lines

    def on_click(self, event: events.Click) -> None:
        x, y = event.x - 1 - LABEL, event.y - 1  # inside the border
        if 0 <= y - 1 < 16 and x >= 0 and x // self.cell < 16:
            self.selected = (y - 1) * 16 + x // self.cell


def byte_role(b: int) -> str:
    """What byte `b` is in text, in a few words: "'a'", 'space', 'control ␀', 'UTF-8 lead of 3'."""
    if 32 < b < 127:
        return f"'{chr(b)}'"
    if b == 32:
        return "space"
    if b < 32 or b == 127:
        return f"control {visible(chr(b))}"
    n = utf8_length(b)
    if n is not None:
        return f"UTF-8 lead of {n}"
    return "UTF-8 continuation" if b <= 0xBF else "never in UTF-8"


def describe(entry: AliasEntry) -> Text:
    """What one byte is: its alias, the alias's code point, kept or moved, and the alias symbol's id."""
    b = entry.byte
    text = Text()
    text.append(f"byte {b} = 0x{b:02x}", style="bold")
    text.append(f" {byte_role(b)}\nalias ")
    text.append(entry.alias, style="bold reverse")
    text.append(f"  U+{entry.code_point:04X}\n")
    if entry.kept:
        text.append("kept: own code point\n")
    else:
        text.append(f"* moved: 256+{entry.moved} = {entry.code_point}\n", style="underline")
    text.append("no id" if entry.id is None else f"id {entry.id}", style="bold")
    text.append(f" = encoder['{entry.alias}']")
    return text


def describe_piece(entry: AliasEntry, lookup: Text | None) -> Text:
    """On a table on characters, what one byte is: its byte piece and that piece's id, the look-up after it."""
    text = Text()
    text.append(f"byte {entry.byte} = 0x{entry.byte:02x}", style="bold")
    text.append(f" {byte_role(entry.byte)}\npiece ")
    text.append(byte_piece(entry.byte), style="bold reverse")
    text.append("\n")
    text.append("no id" if entry.id is None else f"id {entry.id}", style="bold")
    text.append("\nused only when a character is no piece: its UTF-8 bytes, one piece each")
    if lookup is not None:
        text.append("\n\n")
        text.append(lookup)
    return text


#: The columns the selected byte's panel needs beside the grid; narrower, it goes under it.
SIDE = 22


WALK = 32  # bytes of a text hands-free play walks through (the first of a longer text)


class AliasesScreen(ViewScreen):
    """The byte ↔ alias grid, one byte described, and lookups from a byte, an alias or any text."""

    VIEW = "aliases"
    AUTO_FOCUS = "#aliases-grid"
    REGISTRY = ALIASES
    CSS_PATH = "aliases.tcss"

    def __init__(self, tables: TableChoice, position: Position | None = None) -> None:
        super().__init__(tables, position)
        self.lookup: Text | None = None
        self.looked_up = ""  # the text last looked up ('' for a byte number)
        self._walk: tuple[int, ...] | None = None  # the bytes hands-free play walks through

    def compose(self) -> ComposeResult:
        yield from self.bars()
        with Horizontal(id="aliases-body"):
            with Vertical(id="aliases-left"):
                yield AliasGrid(alias_grid(self.table), id="aliases-grid")
                yield Static(self.legend(alias_grid(self.table)), id="aliases-legend")
            yield TextPanel(id="aliases-side")
        yield FindRow("find", "/: a byte (97, 0x20), an alias (Ġ) or any text (你)", input_id="aliases-find", id="aliases-row")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        grid = self.query_one(AliasGrid)
        grid.focus()
        # A watcher, not a message: it runs in the move's own handler, so the grid and the side panel
        # reach the screen in one repaint (a message's repaint would wait for Textual's next tick).
        self.watch(grid, "selected", self.selected, init=False)
        self.query_one("#aliases-side", TextPanel).border_title = "Selected"

    def on_resize(self, event: events.Resize) -> None:
        grid = self.query_one(AliasGrid)
        grid.wide = event.size.width >= 140
        width = LABEL + 16 * grid.cell + 2
        narrow = event.size.width < width + SIDE
        # The legend wraps under the grid; narrow, the grid scrolls, and its scroll bar takes two columns more.
        self.query_one("#aliases-left").styles.width = width + 2 * narrow
        self.set_class(narrow, "-narrow")
        self.call_after_refresh(self.selected, grid.selected)  # narrow: the selected row in view from the start

    def legend(self, entries: tuple[AliasEntry, ...]) -> str:
        return pieces_legend(entries, self.table) if self.table.rule.on_characters else id_legend(entries)

    def reload(self) -> None:
        self._walk = None
        self.set_bar_note()
        grid = self.query_one(AliasGrid)
        grid.entries = alias_grid(self.table)
        self.query_one("#aliases-legend", Static).update(self.legend(grid.entries))
        pieces = self.table.rule.on_characters
        grid.border_title = (  # at 80 columns the view bar has no room for the table
            f"256 bytes → {'byte pieces' if pieces else 'aliases'} · {visible(short_name(self.table))} ids"
        )
        grid.border_subtitle = "<0xNN>: the byte fallback" if pieces else "* moved to 256+n"
        grid.redraw()
        self.update_side()

    def selected(self, byte: int) -> None:
        self.update_side()
        if self.has_class("-narrow"):  # keep the selected row (and the column header above it) in view
            grid = self.query_one(AliasGrid)
            row = grid.virtual_region.y + 1 + byte // 16
            self.query_one("#aliases-left").scroll_to_region(Region(0, row - 1, 1, 3), animate=False)

    def update_side(self) -> None:
        grid = self.query_one(AliasGrid)
        entry = grid.entries[grid.selected]
        if self.table.rule.on_characters:
            self.query_one("#aliases-side", TextPanel).show(
                describe_piece(entry, self.lookup), layout=None if self.has_class("-narrow") else False
            )
            return
        kept, moved = alias_counts()
        text = describe(entry)
        text.append("\n\n")
        if self.lookup is not None:  # what was asked for first, the general facts after it
            text.append(self.lookup)
            text.append("\n\n")
        text.append(f"{kept} kept", style="bold")
        text.append(" · ")
        text.append(f"{moved} moved*", style="bold underline")
        text.append(f"\nkept: {kept_breakdown()}")
        text.append("\nmoved: 0–32 127–160 173\n  → 256, 257, … 323\n\n")
        a = grid.entries[97]
        space = grid.entries[32]
        literal = spell("Ġ")
        text.append(f"alias {space.alias} = byte 32\n")
        text.append(f"text {literal.text} = {' '.join(f'{b:02x}' for b in literal.data)} → {' '.join(literal.aliases)}\n")
        text.append(f"byte 97 → {a.alias} → id {a.id}")
        # Beside the grid the panel's height is the screen's; under it (narrow) it is the text's, at most
        # NARROW_ROWS, and only a text of another number of lines needs the screen laid out again.
        side = self.query_one("#aliases-side", TextPanel)
        side.show(text, layout=None if self.has_class("-narrow") else False)

    # -- hands-free play -------------------------------------------------------------------------

    def walk(self) -> tuple[int, ...]:
        """What play walks through, a byte a tick: the bytes of the text looked up (else of the trace's
        text), the first WALK of them; after a look-up, back to the byte it selected (the scene's point)."""
        if self._walk is None:
            text = self.looked_up or (self.trace.text if self.trace is not None else "")
            walk = tuple(spell(text[:WALK]).data[:WALK])
            home = self.query_one(AliasGrid).selected
            self._walk = (*walk, home) if self.looked_up and walk and walk[-1] != home else walk
        return self._walk

    def play_steps(self) -> int:
        return len(self.walk())

    def play_show(self, step: int) -> None:
        self.query_one(AliasGrid).selected = self.walk()[step]

    # -- lookups -------------------------------------------------------------------------------

    def action_find(self) -> None:
        self.query_one(FindRow).focus_input()

    def action_leave_input(self) -> None:
        self.query_one(AliasGrid).focus()

    @on(Input.Submitted, "#aliases-find")
    def find(self, event: Input.Submitted) -> None:
        event.stop()
        self.look_up(event.value)
        self.query_one(AliasGrid).focus()

    def handle(self, request: Then) -> None:
        """Another view's (a tour scene's) request: look a byte, an alias or a text up."""
        super().handle(request)
        if isinstance(request, LookUp):
            self.look_up(request.query)

    def look_up(self, query: str) -> None:
        """A byte number selects that byte; one alias character selects its byte and is also spelled as
        text; anything else is spelled as text (its UTF-8 bytes and their aliases)."""
        grid = self.query_one(AliasGrid)
        q = query.strip() if query.strip() else query
        self.looked_up, self._walk, self.walked = "", None, -1
        out = Text()
        number = None
        if q.isascii() and q.isdigit() and len(q) <= 3:
            number = int(q)
        elif q.lower().startswith("0x") and len(q) <= 4:
            try:
                number = int(q, 16)
            except ValueError:
                number = None
        if number is not None and 0 <= number < 256:
            self.lookup = None
            grid.selected = number
            self.update_side()
            return
        if not q:
            self.lookup = None
            self.update_side()
            return
        byte = byte_of_alias(q) if len(q) == 1 else None
        written = spell(q)
        self.looked_up = q
        shown = visible(q)
        if byte is not None:
            out.append(f"alias {shown} = byte {byte}\n", style="bold")
        more = " …" if len(written.data) > 6 else ""
        out.append(f"text '{clip(shown, 12)}' = {' '.join(f'{b:02x}' for b in written.data[:6])}{more}", style="bold")
        if self.table.rule.on_characters:  # no aliases: the characters the normaliser gives are the first symbols
            symbols = self.table.normalize(q)
            out.append(f"\n  → characters {visible(' '.join(symbols[:6]))}{' …' if len(symbols) > 6 else ''}")
        else:
            out.append(f"\n  → aliases {visible(' '.join(written.aliases[:6]))}{more}")
        self.lookup = out
        if byte is not None:
            grid.selected = byte
        elif written.data:
            grid.selected = written.data[0]
        self.selected(grid.selected)  # the side panel, and the row in view even when the byte was selected already
