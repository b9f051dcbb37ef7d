"""The Decode view's panels under the token list: the selected token's path, the stream, the wrong
way against the right way (DecodeSummary), and the one buffer every token's bytes join (BufferPanel).

Each draws one decode run at one cursor position, line by line; a move repaints the lines that
changed and lays the screen out again only when a panel's height changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size

from ..engine.decoding import DecodeRun
from ..engine.utf8 import hexbytes
from ..explain.byte_rows import byte_rows
from ..explain.words import plural
from ..safe import visible
from .strips import Row, Runs, StripRows, text_row
from .text import clip, quote_clipped


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

    def on_mount(self) -> None:
        self.border_title = self.TITLE

    def show(self, run: DecodeRun, cursor: int) -> None:
        """Draw the run at `cursor`: only the lines that changed are repainted, and the screen is laid
        out again only when the picture's height changes (a layout repaints the whole screen)."""
        self.run, self.cursor, self._drawn = run, cursor, None
        if self.display:  # else drawn when shown (its layout asks for the picture then)
            self.refit()

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
            path.append(f"id {f.id} → {quote_clipped(f.alias)} → {hexbytes(f.data)} → ")
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
        first = run.wrong_raises
        if first is not None:  # under 'strict' the first token that is not complete UTF-8 raises; the sentence says why
            wrong.append(f"✗ raises at token {first.position + 1}", style="bold")
            lines += [wrong, Text("  " + first.raises)]
        else:
            wrong.append(
                joined(
                    [quote_clipped(x.alone) for x in frames[:width]], width - 42, quote_clipped(run.wrong[: width * 2], max(width - 60, 12))
                )
            )
            lines.append(wrong)
        right = Text("right way  bytes joined, decoded once:    ")
        data = hexbytes(run.buffer[:width])
        result = quote_clipped(run.text, width) if run.text is not None else "✗ fails"  # the line is cut at `width` anyway
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
            done.append(f"decode({len(run.ids)} {plural(len(run.ids), 'id')}, errors={run.errors!r}) = ")
            done.append(quote_clipped(run.text or "", width), style="bold")
            if run.flushed:
                done.append(f" · the stream's held bytes end as {quote_clipped(run.flushed)}")
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
