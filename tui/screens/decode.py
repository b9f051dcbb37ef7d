"""The Decode view: ids → alias strings → bytes → one buffer → one UTF-8 decode, one frame per id.

Beside each token: its bytes, whether they are complete UTF-8 on their own, and what a streaming
decoder releases or holds after it. Below: the wrong way (decode each token, then join) against
the right way (join the bytes, decode once), and the result under the chosen errors policy.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.geometry import Size
from textual.reactive import reactive
from textual.widgets import Footer, Input, Static

from ..commands import DECODE
from ..engine.byte_rows import byte_rows
from ..engine.decoding import DecodeRun, Errors, decode_frames, parse_ids
from ..engine.utf8 import hexbytes
from ..messages import IdsEntered
from ..position import Position
from ..safe import visible
from ..widgets.code import DecodeCode
from ..widgets.findrow import FindRow
from ..widgets.linelist import LineList
from ..widgets.strips import Row, Runs, StripRows, text_row
from ..widgets.text import clip, pad, quoted
from .base import TableChoice, ViewBar, ViewScreen, figures_text

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
        alone = f"✓ {quoted(f.alone)}" if f.complete else f"✗ {f.note} → {quoted(f.alone)}" if wide else f"✗ {quoted(f.alone)} {f.short}"
        if run.stream_stop is not None and index >= run.stream_stop:
            out, held = ("✗ raises" if index == run.stream_stop else "stopped"), ""
        else:
            out = quoted(f.released) if f.released else NOTHING
            held = hexbytes(f.held) if f.held else NOTHING
        text = Text(mark + pad(str(index + 1), c["pos"], True) + " " + pad(str(f.id), c["id"], True) + "  ")
        text.append(pad(quoted(f.alias), c["alias"]), style="bold")
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


def joined(pieces: list[str], width: int, total: str) -> str:
    """'a' + 'b' + … = 'ab', keeping as many pieces as fit in `width` cells."""
    tail = " = " + total
    out = ""
    for n, piece in enumerate(pieces):
        candidate = out + (" + " if n else "") + piece
        if cell_len(candidate) + cell_len(tail) + 4 > width and n:
            return out + " + …" + tail
        out = candidate
    return out + tail


class RunPanel(StripRows):
    """A bordered panel that draws one decode run at one cursor position."""

    DEFAULT_CSS = """
    RunPanel { height: auto; }
    """
    TITLE = ""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.run: DecodeRun | None = None
        self.cursor = 0
        self._drawn: tuple[int, list[Text | Row]] | None = None  # (width, lines) of the run at the cursor
        self._height: int | None = None  # the picture's lines when last shown

    def on_mount(self) -> None:
        self.border_title = self.TITLE

    def show(self, run: DecodeRun, cursor: int) -> None:
        """Draw the run at `cursor`: only the lines that changed are repainted, and the screen is laid
        out again only when the picture's height changes (a layout repaints the whole screen)."""
        self.run, self.cursor, self._drawn = run, cursor, None
        if not self.display:  # drawn when shown (its layout asks for the picture then)
            return
        width = self.content_size.width
        height = self.get_content_height(self.size, self.size, width) if width else None
        if height is None or height != self._height:
            self.refresh(layout=True)
        self._height = height
        self.redraw()

    def _picture(self, width: int) -> list[Text | Row]:
        if self._drawn is None or self._drawn[0] != width:
            self._drawn = (width, [text_row(line) if isinstance(line, Text) else line for line in self.picture(max(width, 20))])
        return self._drawn[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The picture's lines at `width` (the width a layout is about to give the panel)."""
        return len(self._picture(width))

    def rows(self, width: int, height: int) -> list[Text | Row]:
        return self._picture(width)

    def picture(self, width: int) -> Sequence[Text | Row]:  # pragma: no cover - each panel draws itself
        """The run at the cursor in `width` cells, a line per row (nothing is wrapped)."""
        raise NotImplementedError


class DecodeSummary(RunPanel):
    """The selected token's path, the stream so far, the wrong way against the right way, and the result."""

    TITLE = "Wrong way · right way"

    def picture(self, width: int) -> list[Text]:
        run = self.run
        if run is None:
            return []
        lines: list[Text] = []
        frames = run.frames
        k = min(self.cursor, len(frames) - 1)
        if frames:
            f = frames[k]
            path = Text()
            path.append(f"token {k + 1}/{len(run.ids)}: ", style="bold")
            path.append(f"id {f.id} → {quoted(f.alias)} → {hexbytes(f.data)} → ")
            path.append(("✓ complete alone" if f.complete else f"✗ {f.note}"), style="bold")
            lines.append(path)
            start = max(0, k - 400)
            released = "".join(x.released for x in frames[start : k + 1])
            if run.stream_stop is not None and k >= run.stream_stop:
                stream = Text(f"stream: {'stopped' if k > run.stream_stop else 'raises'} UnicodeDecodeError under 'strict'")
            else:
                shown = visible(released)
                room = width - 40
                while cell_len(shown) > room and len(shown) > 1:
                    shown = "…" + shown[max(len(shown) - room, 2) :]
                stream = Text("stream: ")
                stream.append(f"released '{shown}'" if shown else "released nothing yet", style="bold")
                stream.append(" · holding ")
                stream.append(
                    hexbytes(f.held) + " until its character is complete" if f.held else "nothing", style="underline" if f.held else ""
                )
            lines.append(stream)
        else:
            lines.append(Text("no token could be looked up", style="italic"))
        wrong = Text("wrong way  each token alone, then joined: ", style="")
        wrong.append(joined([quoted(x.alone) for x in frames[:width]], width - 42, quoted(run.wrong[: width * 2], max(width - 60, 12))))
        lines.append(wrong)
        right = Text("right way  bytes joined, decoded once:    ")
        data = hexbytes(run.buffer[:width])
        result = quoted(run.text, width) if run.text is not None else "✗ fails"  # the line is cut at `width` anyway
        room = width - 42 - cell_len(result) - 3
        right.append(clip(data, max(room, 4)) + " → ")
        right.append(result, style="bold")
        lines.append(right)
        if run.lookup is not None:
            u = run.lookup
            lines.append(Text(f"✗ KeyError: {u.id}", style="bold reverse"))
            if u.message.startswith(f"id {u.id} (token {u.position + 1}) is not in"):
                lines[-1].append(f" token {u.position + 1} is not in the {run.table} vocabulary; decoding stops", style="bold")
                lines.append(Text(f"  decoder[{u.id}] raises KeyError: there is no alias string to turn into bytes"))
            else:
                lines.append(Text("  " + visible(u.message)))
        elif run.failure is not None:
            fail = run.failure
            lines.append(Text("✗ UnicodeDecodeError", style="bold reverse"))
            where = f"position {fail.start}" if fail.end - fail.start == 1 else f"positions {fail.start}–{fail.end - 1}"
            lines[-1].append(f" at {where}: byte 0x{fail.byte:02x} of token {fail.token + 1} ({fail.reason})", style="bold")
            lines.append(Text("  " + visible(fail.message)))
        else:
            done = Text("✓ ", style="bold")
            done.append(f"decode({len(run.ids)} id{'s' * (len(run.ids) != 1)}, errors={run.errors!r}) = ")
            done.append(quoted(run.text or "", width), style="bold")
            if run.flushed:
                done.append(f" · the stream's held bytes end as {quoted(run.flushed)}")
            lines.append(done)
        for line in lines:
            line.truncate(width, overflow="ellipsis")
        return lines


def buffer_rows(run: DecodeRun, cursor: int, width: int, pairs: int) -> list[Row]:
    """The joined buffer: bytes grouped by token (│ between tokens) over the characters they decode to.

    A character whose bytes cross a token boundary is drawn across it with ─. Shows `pairs`
    byte/character row pairs, starting near the cursor (the layout is tui/engine/byte_rows.py's).
    Each row is dim, its marks and characters bold on it.
    """
    rows = byte_rows(run, cursor, max((width - 8) // 3, 4), pairs)
    if not rows:
        return [(("(no bytes)", "italic"),)]
    out: list[Row] = []
    for row in rows:
        top, bottom = Runs(), Runs()
        top.add("bytes ", "dim")
        bottom.add("text  ", "dim")
        for cell in row:
            if cell.boundary:
                top.add("│", "dim bold")
                bottom.add("─" if cell.crossing else "│", "dim bold" if cell.crossing else "dim")
            else:
                top.add(" ", "dim")
                bottom.add("─" if cell.joined else " ", "dim")
            top.add(f"{cell.byte:02x}", "dim bold reverse" if cell.selected else "dim")
            if cell.char is not None:
                glyph = visible(cell.char, space="·")
                bottom.add(glyph + " " * max(2 - cell_len(glyph), 0), "dim bold")
            else:
                bottom.add("──", "dim")
        out += [*top.done(), *bottom.done()]
    return out


class BufferPanel(RunPanel):
    """The one buffer every token's bytes are appended to, shown on tall screens."""

    TITLE = "One buffer · │ token boundary · ─ a character crossing it"

    def show(self, run: DecodeRun, cursor: int) -> None:
        self.border_subtitle = f"{len(run.buffer):,} bytes"
        super().show(run, cursor)

    def picture(self, width: int) -> list[Row]:
        if self.run is None:
            return []
        return buffer_rows(self.run, self.cursor, width, 3)


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
    DEFAULT_CSS = """
    DecodeScreen Policy { width: auto; padding: 0 1; }
    DecodeScreen #decode-figures { height: 1; padding: 0 1; color: $text-muted; }
    DecodeScreen #decode-buffer { display: none; }
    """
    errors: reactive[Errors] = reactive("replace", init=False)

    def __init__(self, tables: TableChoice, position: Position | None = None) -> None:
        super().__init__(tables, position)
        self.typed: list[int] | None = None
        self.run: DecodeRun | None = None
        self._code: bool | None = None  # the code pane: None follows the height, else as `v` last set it

    def compose(self) -> ComposeResult:
        yield ViewBar("decode")
        yield Static(id="decode-figures")
        yield FindRow("ids", "/: type ids (19526 254 · 50256) · empty: the trace's", Policy(), input_id="decode-ids", id="decode-row")
        yield FramesList(id="decode-frames")
        yield BufferPanel(id="decode-buffer")
        yield DecodeCode(id="decode-code")
        yield DecodeSummary(id="decode-summary")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        frames = self.query_one(FramesList)
        frames.focus()
        self.watch(frames, "cursor", self.moved, init=False)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one(BufferPanel).display = event.size.height >= 36
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        """The code pane is on from 30 rows (or as `v` set it); below 30 rows it takes the summary's place."""
        on = self._code if self._code is not None else height >= 30
        self.query_one(DecodeCode).display = on
        self.query_one(DecodeSummary).display = not on or height >= 30

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

    def reload(self) -> None:
        self.set_bar_note()
        table = self.table
        ids = self.ids()
        self.run = decode_frames(ids, table, self.errors)
        frames = self.query_one(FramesList)
        frames.show(self.run)
        trace = self.trace
        if self.typed is not None:
            source = "typed ids"
        elif trace is not None and trace.table is table:
            source = f"the trace of {quoted(trace.text, 30)}"
        else:
            source = "no ids: type some (/)"
        frames.border_title = f"Decode · {len(ids):,} id{'s' * (len(ids) != 1)} · {source}"
        frames.border_subtitle = "↑↓ token · p policy · / ids · c trace ids"
        self.query_one(Policy).errors = self.errors
        self._show(frames.cursor)
        self.query_one("#decode-figures", Static).update(figures_text(self.table, self.trace, self.size.width - 2))

    def moved(self, cursor: int) -> None:
        self._show(cursor)

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

    @on(IdsEntered)
    def ids_entered(self, message: IdsEntered) -> None:
        """Show the ids as typed ids, under their table when one is named (the Special view's decode([50256]))."""
        message.stop()
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
        self.post_message(IdsEntered(tuple(ids)))
