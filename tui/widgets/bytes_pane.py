"""The byte-aliases pane: each UTF-8 byte of the current chunk, in decimal and hex, under its alias.

A chunk too long for the pane is shown as a window of whole characters that follows the round's
chosen pair (or the scan's position), and the caption says which bytes are in view.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from rich.cells import cell_len
from textual.geometry import Region
from textual.strip import Strip

from ..engine.aliases import REMAPPED, bytes_to_unicode
from ..engine.chunk import ChunkTrace
from ..explain.position import Position
from ..explain.word import char_starts, focus_bytes
from ..safe import alone
from .earliest_start import first_start
from .pane import LinePane
from .strips import Row, Runs, retitle

LABELS = ("char ", "alias", "dec  ", "hex  ")
COLUMN = 4  # cells per byte
START = len(LABELS[0]) + 1  # cells before the first column of a band


def glyph(ch: str) -> str:
    return "·" if ch == " " else alone(ch)


@lru_cache(maxsize=4096)
def span(ch: str, size: int) -> int:
    """Cells of a character's column: 4 a byte, or its glyph's width if that is wider."""
    return max(COLUMN * size, cell_len(glyph(ch)))


@dataclass(frozen=True)
class Plan:
    """Which characters of a chunk the pane draws at one size: bands of [start, end) character ranges."""

    size: tuple[int, int]
    bands: tuple[tuple[int, int], ...]
    chunk: ChunkTrace | None = None

    @property
    def first(self) -> int:
        return self.bands[0][0]

    @property
    def end(self) -> int:
        return self.bands[-1][1]


def layout(chunk: ChunkTrace, start: int, width: int, height: int) -> tuple[tuple[int, int], ...]:
    """The bands of characters that fit from character `start` on (measuring only those)."""
    starts = char_starts(chunk)
    text, n = chunk.text, len(chunk.text)
    max_bands = max(1, (height + 1) // (len(LABELS) + 1))
    bands: list[tuple[int, int]] = []
    c = start
    while c < n and len(bands) < max_bands:
        used, first = START, c
        while c < n:
            need = span(text[c], starts[c + 1] - starts[c]) + 1
            if used + need > width and c > first:
                break
            used += need
            c += 1
        bands.append((first, c))
    return tuple(bands) or ((start, start),)


def plan(at: Position, width: int, height: int, keep: Plan | None = None) -> Plan:
    """The window that shows the focus bytes with a character after them, starting as early as it can;
    `keep`, the window on screen, stays while it still shows them, so a step moves only the highlight."""
    chunk = at.chunk
    n = len(chunk.text)
    lo, hi = focus_bytes(at)
    starts = char_starts(chunk)
    lo_char = bisect_right(starts, lo) - 1
    target = min(bisect_right(starts, max(hi - 1, lo)), n - 1)  # the character after the pair
    if keep is not None and keep.chunk is chunk and keep.size == (width, height) and keep.first <= lo_char and target < keep.end:
        return keep

    def reach(start: int) -> int:
        return layout(chunk, start, width, height)[-1][1]

    start = first_start(lo_char, target, reach, room=width * height // (COLUMN + 1))  # 5 cells a character at least
    return Plan((width, height), layout(chunk, start, width, height), chunk)


class BytesPane(LinePane):
    """Bytes grouped by character; the 68 moved aliases (256 + n) are underlined and starred (Ġ*), and
    the aliases of the pair this round merges (or the scan is at) are reversed."""

    TITLE = "Bytes → aliases"
    SUBTITLE = "* moved to 256+n"

    shown: Plan | None = None
    subtitle_tail = SUBTITLE

    def key(self, at: Position) -> object:
        return (id(at.trace), at.frame.chunk, focus_bytes(at))

    def describe(self, position: Position) -> None:
        self._plan(position)

    def on_resize(self) -> None:
        if self.position is not None and (self.shown is None or self.shown.size != self._area()):
            self._plan(self.position)  # else the first paint at this size has planned it (render_lines)

    def render_lines(self, crop: Region) -> list[Strip]:
        """The first paint at a new size plans the window first: Textual draws the border, and so its
        caption, in this same pass, and the Resize event that would plan it comes only after it."""
        if self.position is not None and (self.shown is None or self.shown.size != self._area()):
            self._plan(self.position)
        return super().render_lines(crop)

    def _area(self) -> tuple[int, int]:
        return max(self.content_size.width, 1), max(self.content_size.height, 1)

    def _title(self, position: Position) -> None:
        """The pane's title: SentencePiece's first symbols are characters, shown above their UTF-8 bytes."""
        characters = position.trace.table.rule.on_characters
        retitle(self, title="Characters → bytes" if characters else self.TITLE)
        self.subtitle_tail = "a symbol is a character" if characters else self.SUBTITLE

    def _plan(self, position: Position) -> None:
        """Choose the window and caption it ('bytes 9–15 of 20 shown'), when the data or the size changes, not while drawing.

        Not before the first layout: a caption for no size would be painted once and replaced at once."""
        if not self.content_size:
            return
        self._title(position)
        self.shown = shown = plan(position, *self._area(), keep=self.shown)
        starts = char_starts(position.chunk)
        first, last, total = starts[shown.first], starts[shown.end], len(position.chunk.data)
        if first == 0 and last == total:
            more = ""
        elif first == 0:
            more = f"{last} of {total} bytes shown · "
        else:
            more = f"bytes {first + 1}–{last} of {total} shown · "
        retitle(self, subtitle=f"{more}{self.subtitle_tail}")

    def draw(self, at: Position, width: int, height: int) -> list[Row]:
        shown = self.shown if self.shown is not None and self.shown.size == (width, height) else plan(at, width, height)
        chunk = at.chunk
        lo, hi = focus_bytes(at)
        out: list[Row] = []
        for first, end in shown.bands:
            chars, dec, hexa = band_rows(chunk, first, end)
            aliases = (symbol_row if at.trace.table.rule.on_characters else alias_row)(chunk, first, end, lo, hi)
            out.extend((chars, aliases, dec, hexa) if height > 1 else (aliases,))
        return out  # one row (60x18 under the tour's caption): the aliases, the pane's point


@lru_cache(maxsize=64)
def band_rows(chunk: ChunkTrace, first: int, end: int) -> tuple[Row, Row, Row]:
    """The char, dec and hex rows of characters [first, end): the same on every frame of the chunk."""
    starts, data = char_starts(chunk), chunk.data
    rows = [Runs() for _ in (0, 2, 3)]
    for row, label in zip(rows, (LABELS[0], LABELS[2], LABELS[3]), strict=True):
        row.add(label + " ", "dim")
    chars, dec, hexa = rows
    for c in range(first, end):
        ch, group = chunk.text[c], data[starts[c] : starts[c + 1]]
        cells = span(ch, len(group))
        shown_ch = glyph(ch)
        chars.add(shown_ch + " " * (cells - cell_len(shown_ch)) + " ", "bold dim")
        for b in group:
            dec.add(f"{b:<{COLUMN}}", "dim")
            hexa.add(f"{b:02x}".ljust(COLUMN), "dim")
        pad = " " * (cells - COLUMN * len(group) + 1)
        dec.add(pad, "dim")
        hexa.add(pad, "dim")
    return chars.done()[0], dec.done()[0], hexa.done()[0]


def alias_row(chunk: ChunkTrace, first: int, end: int, lo: int, hi: int) -> Row:
    """The alias row of characters [first, end), the aliases of bytes [lo, hi) reversed."""
    starts, data, alias = char_starts(chunk), chunk.data, bytes_to_unicode()
    row = Runs()
    row.add(LABELS[1] + " ", "dim")
    for c in range(first, end):
        size = starts[c + 1] - starts[c]
        for offset in range(starts[c], starts[c + 1]):
            b = data[offset]
            moved = b in REMAPPED
            style = "bold dim underline" if moved else "bold dim"  # on the row's dim, as the labels
            row.add(alias[b], style + " reverse" if lo <= offset < hi else style)
            if moved:
                row.add("*".ljust(COLUMN - 1), "dim")
            else:  # spaces: in the alias's own style, so a run of aliases is one span
                row.add(" " * (COLUMN - 1), "bold dim")
        row.add(" " * (span(chunk.text[c], size) - COLUMN * size + 1), "bold dim")
    return row.done()[0]


def symbol_row(chunk: ChunkTrace, first: int, end: int, lo: int, hi: int) -> Row:
    """On a rule on characters, the row of characters [first, end) by code point ('U+2581'), over their
    bytes' columns, each reversed when it is in the pair in focus (its bytes in [lo, hi))."""
    starts = char_starts(chunk)
    row = Runs()
    row.add("code  ", "dim")
    for c in range(first, end):
        code = f"U+{ord(chunk.text[c]):X}"
        row.add(code, "bold dim reverse" if lo <= starts[c] < hi else "bold dim")
        row.add(" " * (span(chunk.text[c], starts[c + 1] - starts[c]) - len(code) + 1), "bold dim")
    return row.done()[0]
