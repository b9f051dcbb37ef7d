"""The Decode view: ids → alias strings → bytes → one buffer → one UTF-8 decode, one frame per id.

Beside each token: its bytes, whether they are complete UTF-8 on their own, and what a streaming
decoder releases or holds after it. Below: the wrong way (decode each token, then join) against
the right way (join the bytes, decode once), and the result under the chosen errors policy.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.reactive import reactive
from textual.widgets import Input, Static

from ..commands import DECODE
from ..engine.decoding import DecodeRun, Errors, decode_frames, parse_ids
from ..engine.tables.choice import TableChoice
from ..engine.utf8 import hexbytes
from ..explain.position import Position
from ..explain.special import id_note
from ..explain.tokens import example_ids
from ..explain.words import plural
from ..messages import DecodeIds, Then
from ..safe import visible
from ..widgets.caption_bar import rows_for
from ..widgets.code import DecodeCode
from ..widgets.decode_panels import BufferPanel, DecodeSummary
from ..widgets.figures_line import figures_text
from ..widgets.findrow import FindRow
from ..widgets.footer import KeyFooter
from ..widgets.linelist import LineList
from ..widgets.text import clip, pad, quote_clipped
from .base import ViewScreen

NOTHING = "—"


def columns(width: int, count: int) -> dict[str, int]:
    """Column widths of the frames list: wide screens get full notes, narrow ones short ones."""
    wide = width >= 110
    cols = {"pos": max(len(str(count)), 1), "id": 6, "alone": 46 if wide else 18, "out": 14 if wide else 8, "held": 12 if wide else 9}
    fixed = 1 + cols["pos"] + 1 + cols["id"] + 2 + cols["alone"] + 1 + cols["out"] + 1 + cols["held"] + 2
    room = max(width - fixed, 12)
    cols["alias"] = max(6, min(room * 2 // 5, 24))
    cols["bytes"] = max(room - cols["alias"], 6)
    return cols


class FramesList(LineList):
    """One row per id: id, alias string, bytes, complete alone?, streamed out, held back."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.run: DecodeRun | None = None
        self._shown = 0  # counts the runs `show` was given: a row's key (see row_key)

    def show(self, run: DecodeRun) -> None:
        self.run = run
        self._shown += 1
        self.set_count(len(run.frames) + (run.lookup is not None))  # the count first: a move repaints the rows it changed
        self.cursor = 0
        self.scroll_to(y=0, animate=False, immediate=True)

    def header(self, width: int) -> Text:
        c = columns(width, self.count)
        return Text(
            " " + pad("#", c["pos"], True) + " " + pad("id", c["id"], True) + "  " + pad("alias", c["alias"]) + " "
            + pad("bytes", c["bytes"]) + " " + pad("decoded alone", c["alone"]) + " " + pad("released", c["out"]) + " " + pad("held", c["held"])
        )  # fmt: skip

    def row(self, index: int, width: int, selected: bool) -> Text:
        run = self.run
        if run is None:
            return Text("")
        c = columns(width, self.count)
        mark = "▶" if selected else " "
        if index >= len(run.frames) and run.lookup is not None:
            u = run.lookup
            text = Text(mark + pad(str(u.position + 1), c["pos"], True) + " " + pad(clip(str(u.id), c["id"]), c["id"], True) + "  ")
            text.append("✗ unknown: " + visible(u.message), style="bold")
            return text
        f = run.frames[index]
        wide = c["alone"] > 20
        alone = (
            f"✓ {quote_clipped(f.alone)}"
            if f.complete
            else (f"✗ raises: {f.raises}" if wide else f"✗ raises ({f.short})")
            if f.raises  # under 'strict' decoding it alone raises: there is no '�' to show
            else f"✗ {f.note} → {quote_clipped(f.alone)}"
            if wide
            else f"✗ {quote_clipped(f.alone)} {f.short}"
        )
        if run.stream_stop is not None and index >= run.stream_stop:
            out, held = ("✗ raises" if index == run.stream_stop else "stopped"), ""
        else:
            out = quote_clipped(f.released) if f.released else NOTHING
            held = hexbytes(f.held) if f.held else NOTHING
        text = Text(mark + pad(str(index + 1), c["pos"], True) + " " + pad(str(f.id), c["id"], True) + "  ")
        text.append(pad(quote_clipped(f.alias), c["alias"]), style="bold")
        text.append(" " + pad(hexbytes(f.data), c["bytes"]) + " ")
        text.append(pad(alone, c["alone"]), style="" if f.complete else "italic")
        text.append(" " + pad(out, c["out"]) + " ")
        text.append(pad(held, c["held"]), style="underline" if f.held else "")
        return text

    def row_key(self, index: int, selected: bool) -> object:
        """A token's row is known by the run it belongs to, its place and the cursor: a move
        repaints the two rows the cursor left and reached without drawing the others."""
        return (self._shown, index, selected)

    def row_style(self, index: int, selected: bool) -> Style:
        return Style(reverse=True, bold=True) if selected else Style()


class Policy(Static):
    """errors: [replace] strict — the active policy is bracketed and bold."""

    errors: reactive[Errors] = reactive("replace")

    def render(self) -> Text:
        text = Text("errors: ")
        for name in ("replace", "strict"):
            if name == self.errors:
                text.append(f"[{name}]", style="bold reverse")
            else:
                text.append(f" {name} ", style="dim")
        text.append(" p")
        return text


class DecodeScreen(ViewScreen):
    """Decode the current trace's ids, or typed ones, frame by frame."""

    VIEW = "decode"
    AUTO_FOCUS = "#decode-frames"
    REGISTRY = DECODE
    CSS_PATH = "decode.tcss"
    errors: reactive[Errors] = reactive("replace", init=False)

    def __init__(self, tables: TableChoice, position: Position | None = None) -> None:
        super().__init__(tables, position)
        self.typed: list[int] | None = None
        self.run: DecodeRun | None = None
        self._code: bool | None = None  # the code pane: None follows the height, else as `v` last set it

    def compose(self) -> ComposeResult:
        yield from self.bars()
        yield Static(id="decode-figures")
        yield FindRow("ids", self._hint(), Policy(), input_id="decode-ids", id="decode-row")
        yield FramesList(id="decode-frames")
        yield BufferPanel(id="decode-buffer")
        yield DecodeCode(id="decode-code")
        yield DecodeSummary(id="decode-summary")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        frames = self.query_one(FramesList)
        frames.focus()
        self.watch(frames, "cursor", self.moved, init=False)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(BufferPanel).display = event.size.height >= 36
        self._fit(event.size.height)
        self.call_after_refresh(self._place_hint)  # once the input has its new width

    def _fit(self, height: int) -> None:
        """The code pane is on from 30 rows (or as `v` set it); below 30 rows it takes the summary's place.
        Under the tour's caption at 60x18 the figures line (the view bar names the table) gives its row
        to the tokens."""
        on = self._code if self._code is not None else height >= 30
        self.query_one(DecodeCode).display = on
        self.query_one(DecodeSummary).display = not on or height >= 30
        self.query_one("#decode-figures").display = height - rows_for(self.caption, self.app.size.width) >= 16

    def watch_caption(self) -> None:
        self._fit(self.app.size.height)

    def action_code(self) -> None:
        self._code = not self.query_one(DecodeCode).display
        self._fit(self.app.size.height)

    def _show(self, cursor: int) -> None:
        """The panels under the frames list, at the token under the cursor."""
        if self.run is not None:
            for panel in (self.query_one(DecodeSummary), self.query_one(BufferPanel), self.query_one(DecodeCode)):
                panel.show(self.run, cursor)

    # -- what is decoded -----------------------------------------------------------------------

    def ids(self) -> list[int]:
        if self.typed is not None:
            return self.typed
        trace = self.trace
        return list(trace.ids) if trace is not None and self.table_name in (None, trace.table.name) else []

    def _hint(self) -> str:
        """The input's hint, the longest of its wordings that fits the input (never cut mid-sentence)."""
        example = example_ids(self.table)
        width = self.query_one("#decode-ids", Input).content_size.width - 1 if self.is_mounted else 0  # the cursor's cell
        said = (f"/: type ids ({example}) · empty: the trace's", f"/: type ids ({example})", "/: type ids · empty: the trace's")
        return next((hint for hint in said if width <= 0 or cell_len(hint) <= width), "/: type ids")

    def _place_hint(self) -> None:
        self.query_one("#decode-ids", Input).placeholder = self._hint()

    def reload(self) -> None:
        self.set_bar_note()
        table = self.table
        self._place_hint()
        ids = self.ids()
        self.run = decode_frames(ids, table, self.errors)
        frames = self.query_one(FramesList)
        frames.show(self.run)
        trace = self.trace
        if self.typed is not None:
            source = "typed ids"
        elif trace is not None and trace.table is table:
            source = f"the trace of {quote_clipped(trace.text, 30)}"
        else:
            source = "no ids: type some (/)"
        frames.border_title = f"Decode · {len(ids):,} {plural(len(ids), 'id')} · {source}"
        frames.border_subtitle = "↑↓ token · p policy · / ids · c trace ids"
        self.query_one(DecodeSummary).border_subtitle = visible(id_note(table))
        self.query_one(Policy).errors = self.errors
        self._show(frames.cursor)
        self.query_one("#decode-figures", Static).update(figures_text(self.table, self.trace, self.size.width - 2))

    def moved(self, cursor: int) -> None:
        self._show(cursor)

    def play_step(self) -> bool:
        """Under play the ids stream: one token more a tick (its bytes join the buffer; a character's held
        bytes are released when it completes)."""
        frames = self.query_one(FramesList)
        if frames.cursor + 1 >= frames.count:
            return False
        frames.cursor += 1
        return True

    def play_rewind(self) -> None:
        self.query_one(FramesList).cursor = 0

    def watch_errors(self) -> None:
        cursor = self.query_one(FramesList).cursor
        self.reload()
        self.query_one(FramesList).cursor = cursor

    # -- actions -------------------------------------------------------------------------------

    def action_policy(self) -> None:
        self.errors = "strict" if self.errors == "replace" else "replace"

    def action_type_ids(self) -> None:
        self.query_one(FindRow).focus_input()

    def action_leave_input(self) -> None:
        self.query_one(FramesList).focus()

    def action_trace_ids(self) -> None:
        self.typed = None
        self.table_name = None
        self.query_one(FindRow).value = ""
        self.reload()

    def action_tree(self) -> None:
        """The merge tree of the id under the cursor."""
        from .tree import open_tree

        run, at, ident = self.run, self.query_one(FramesList).cursor, None
        if run is not None and at < len(run.frames):
            ident = run.frames[at].id
        elif run is not None and run.lookup is not None:  # the unknown id's row
            ident = run.lookup.id
        open_tree(self, self.table, ident, "No ids to look at: type some (/).")

    def handle(self, request: Then) -> None:
        """Ids to decode from another view (the Special view's decode([50256]), a tour scene)."""
        super().handle(request)
        if isinstance(request, DecodeIds):
            self.show_ids(request)

    def show_ids(self, message: DecodeIds) -> None:
        """Show the ids as typed ids, under their table when one is named."""
        if message.table is not None:
            self.table_name = message.table
        self.typed = list(message.ids)
        self.query_one(FindRow).value = " ".join(map(str, message.ids))
        self.reload()
        self.query_one(FramesList).focus()

    @on(Input.Submitted, "#decode-ids")
    def submitted(self, event: Input.Submitted) -> None:
        event.stop()
        value = event.value.strip()
        if not value:
            self.action_trace_ids()
            self.query_one(FramesList).focus()
            return
        try:
            ids = parse_ids(value)
        except ValueError as exc:
            self.notify(visible(str(exc)), title="Not ids", severity="error")
            return
        self.show_ids(DecodeIds(tuple(ids)))
