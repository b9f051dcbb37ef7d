"""The byte-aliases pane: each UTF-8 byte of the current chunk, in decimal and hex, under its alias."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ..engine.aliases import REMAPPED, bytes_to_unicode
from ..position import Position
from ..safe import visible
from .pane import Pane

LABELS = ("char ", "alias", "dec  ", "hex  ")
COLUMN = 4  # cells per byte


def char_groups(text: str) -> list[tuple[str, bytes]]:
    """Each character of `text` with its UTF-8 bytes: ' 你' -> [(' ', b' '), ('你', b'\\xe4\\xbd\\xa0')]."""
    return [(ch, ch.encode("utf-8")) for ch in text]


def bytes_that_fit(text: str, width: int, height: int) -> int:
    """How many of `text`'s UTF-8 bytes the pane's bands hold at this size (whole characters only)."""
    start = len(LABELS[0]) + 1
    used, bands, shown = start, 1, 0
    max_bands = max(1, (height + 1) // (len(LABELS) + 1))
    for _, data in char_groups(text):
        need = COLUMN * len(data) + 1
        if used + need > width and used > start:
            if bands >= max_bands:
                break
            bands, used = bands + 1, start
        used += need
        shown += len(data)
    return shown


class AliasesPane(Pane):
    """Bytes grouped by character; the 68 moved aliases (256 + n) are underlined and starred (Ġ*)."""

    TITLE = "Bytes → aliases"
    DEFAULT_CSS = "AliasesPane { text-wrap: nowrap; text-overflow: ellipsis; }"

    def on_mount(self) -> None:
        super().on_mount()
        self.border_subtitle = "* moved to 256+n"

    def describe(self, position: Position) -> None:
        self._caption(position)

    def on_resize(self) -> None:
        if self.position is not None:
            self._caption(self.position)

    def _caption(self, position: Position) -> None:
        """'40 of 120 bytes shown · * moved to 256+n': computed with the layout, not while drawing."""
        data = position.chunk.data
        shown = bytes_that_fit(position.chunk.text, max(self.content_size.width, 1), max(self.content_size.height, 1))
        more = f"{shown} of {len(data)} bytes shown · " if shown < len(data) else ""
        self.border_subtitle = f"{more}* moved to 256+n"

    def key(self, view: Position) -> object:
        return (id(view.trace), view.frame.chunk)

    def draw(self, view: Position, width: int, height: int) -> Text:
        chunk = view.chunk
        alias = bytes_to_unicode()
        rows = [Text(label + " ", style="dim") for label in LABELS]
        bands: list[list[Text]] = []
        start = len(LABELS[0]) + 1
        used = start
        shown = 0
        max_bands = max(1, (height + 1) // (len(LABELS) + 1))
        for ch, data in char_groups(chunk.text):
            need = COLUMN * len(data) + 1
            if used + need > width and used > start:
                bands.append(rows)
                if len(bands) >= max_bands:
                    rows = []
                    break
                rows = [Text(label + " ", style="dim") for label in LABELS]
                used = start
            glyph = visible(ch, space="·")
            span = COLUMN * len(data)
            rows[0].append(glyph + " " * max(span - cell_len(glyph), 0) + " ", style="bold")
            for b in data:
                moved = b in REMAPPED
                rows[1].append(alias[b], style="bold underline" if moved else "bold")
                rows[1].append(("*" if moved else "").ljust(COLUMN - 1))
                rows[2].append(f"{b:<{COLUMN}}")
                rows[3].append(f"{b:02x}".ljust(COLUMN), style="dim")
            for row in rows[1:]:
                row.append(" ")
            used += need
            shown += len(data)
        if rows:
            bands.append(rows)
        out = Text(no_wrap=True, overflow="ellipsis")
        for n, band in enumerate(bands):
            if n:
                out.append("\n")
            out.append(Text("\n").join(band))
        return out
