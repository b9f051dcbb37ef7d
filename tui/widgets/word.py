"""The current-word pane: the chunk's symbols as cells, the chosen pair marked, the new word beneath."""

from __future__ import annotations

import itertools
import textwrap
from bisect import bisect_left, bisect_right
from functools import lru_cache

from rich.cells import cell_len

from ..explain.position import Position
from ..explain.word import WordPicture, picture
from ..safe import visible
from .earliest_start import first_start
from .pane import LinePane
from .strips import Row, Runs


class WordPane(LinePane, can_focus=True):
    """Old word on top (chosen pair reversed, ^ under it), new word beneath; in scan detail, i and j."""

    TITLE = "Current word"
    SUBTITLE = "←→ frame · shift ←→ round"
    DEFAULT_CSS = "WordPane { text-wrap: nowrap; text-overflow: ellipsis; }"

    shown: WordPicture | None = None  # what the pane draws, made once per position

    def describe(self, position: Position) -> None:
        self.shown = picture(position, visible)

    def draw(self, position: Position, width: int, height: int) -> list[Row]:
        return render_picture(self.shown or picture(position, visible), width, height)


def render_picture(pic: WordPicture, width: int, height: int) -> list[Row]:
    """Draw the picture in bands of rows (old word, marks, ids or new word), only as far as they fit.

    The whole word when it fits; otherwise the earliest start that keeps the focus (the chosen pair, or
    the scan's position) and a little after it in view. Only the symbols a layout can reach are
    measured, and a band's end is found by bisection, so a word of thousands of symbols costs what a
    short one does.
    """
    old = pic.old
    n = len(old)
    extra = pic.ids is not None or pic.new is not None
    # Without a pair or a scan to mark, the marks row gives its place to the note (a chunk's start and end).
    marks = bool(pic.chosen) or pic.cursor is not None or not pic.note
    focus = min(pic.focus, n - 1)
    target, left = min(focus + 1, n - 1), width // 4  # the pair, and a few cells after it
    while target + 1 < n and left > 0:
        target += 1
        left -= _width(pic, target) + 1
    # A band takes two lines at least and holds at most (width - 1) // 2 symbols (each is a cell and a '│').
    room = (height // 2 + 1) * max((width - 1) // 2, 1)
    cells = Cells(pic, max(target + 1 - room, 0), min(focus + room, n))

    def layout(start: int) -> list[tuple[int, int, bool, bool]]:
        """Bands (start, end, marks row?, ids or new word row?) from old position `start`: '…' or '│',
        then 'cell│' each, then '…' if more; a blank line between bands."""
        bands: list[tuple[int, int, bool, bool]] = []
        lines_left = height - 1
        while lines_left >= 1 and start < n:
            end = cells.band_end(start, width)
            with_marks = marks and lines_left >= 2
            with_extra = extra and lines_left >= 2 + with_marks
            bands.append((start, end, with_marks, with_extra))
            lines_left -= 2 + with_marks + with_extra
            start = end
        return bands

    def reach(start: int) -> int:
        """How far the layout from `start` shows the word whole: a band cut short of its marks or its
        new word does not count, so the focus is never kept in view without them."""
        whole = [end for _, end, m, e in layout(start) if m == marks and e == extra]
        return max(whole, default=start)

    start = first_start(focus, target, reach, room=room)
    widths, chosen = cells.widths, pic.chosen
    out = Runs()
    out.add(fit_caption(pic.caption, width) + "\n", "italic")
    bands = layout(start)
    for number, (first, end, with_marks, with_extra) in enumerate(bands):
        if number:
            out.add("\n\n")
        out.add("…" if first > 0 else "│")
        for hot, run in itertools.groupby(range(first, end), key=lambda k: k in chosen or (k - 1) in chosen):
            if hot:  # the cells of a chosen pair reversed, their │ not
                for k in run:
                    out.add(cells.cell(k).ljust(widths[k]), "bold reverse")
                    out.add("│", "bold")
            else:  # the │ as bold as the cells: one run for a row of them, not two per symbol
                out.add("".join([cells.cell(k).ljust(widths[k]) + "│" for k in run]), "bold")
        if end < n:
            out.add("…")
        if with_marks:
            out.add("\n ")
            out.add(
                "".join([(_mark(k, pic, widths[k]) + ("^" if k in chosen else " "))[: widths[k] + 1] for k in range(first, end)])
            )  # 'ij' may fill the separator
        if with_extra and pic.ids is not None:
            out.add("\n ")
            out.add("".join([str(pic.ids[k]).ljust(widths[k]) + "│" for k in range(first, end)]))
        elif with_extra:
            out.add("\n ")
            _new_row(out, pic, first, end, widths)
    if pic.note and bands and bands[-1][1] >= n:
        used = sum(2 + m + e for _, _, m, e in bands)  # the caption, each band's rows, the blanks between
        _note(out, pic.note, width, height - used)
    return out.done()


class _Widths(dict[str, int]):
    """The width of each symbol as the word pane draws it (see _cell), remembered: a word repeats its
    symbols, and a step measures thousands of them."""

    def __missing__(self, symbol: str) -> int:
        if len(self) > 1 << 17:
            self.clear()
        self[symbol] = width = _cell(symbol)[1]
        return width


_WIDTHS = _Widths()


@lru_cache(maxsize=1 << 14)
def _cell(symbol: str) -> tuple[str, int]:
    """A symbol as the word pane draws it (spaces as ·) and its width, at least one cell."""
    cell = visible(symbol, space="·")
    return cell, max(cell_len(cell), 1)


def _width(pic: WordPicture, k: int) -> int:
    """The width of old position k's cell: its symbol's, or its id's when that is wider."""
    width = _WIDTHS[pic.old[k]]
    return width if pic.ids is None else max(width, len(str(pic.ids[k])))


class Cells:
    """The cells of old positions lo..hi of a picture: each one's width, and their running sums, so
    the end of a band is found by bisection instead of symbol by symbol."""

    def __init__(self, pic: WordPicture, lo: int, hi: int) -> None:
        self.pic, self.lo, self.n = pic, lo, len(pic.old)
        shown = list(map(_WIDTHS.__getitem__, pic.old[lo:hi]))
        if pic.ids is not None:  # a final word's cells are as wide as their ids, too
            shown = [max(w, len(str(i))) for w, i in zip(shown, pic.ids[lo:hi], strict=True)]
        self.widths = dict(enumerate(shown, lo))
        self.sums = [0, *itertools.accumulate(map((1).__add__, shown))]  # sums[e - lo] - sums[s - lo]: cells s..e-1 and their '│'

    def cell(self, k: int) -> str:
        return _cell(self.pic.old[k])[0]

    def band_end(self, start: int, width: int) -> int:
        """The end of the band from `start`: as many cells as fit after its first mark, keeping a cell
        for the '…' when more follow; one cell at least."""
        sums, lo, n = self.sums, self.lo, self.n
        before = sums[start - lo]
        if n - lo < len(sums) and sums[n - lo] - before + 1 <= width:
            return n
        end = bisect_right(sums, before + width - 2) - 1 + lo
        return max(min(end, n - 1), start + 1)


def fit_caption(caption: str, width: int) -> str:
    """The caption, said in fewer words when it is wider than the pane (nothing it says is lost):
    'round 6: merge (aaab ab) rank 7: …' drops 'merge'; 'final word: 3 symbols (bpe returns …)' becomes
    'bpe returns the 3 symbols space-joined' (the word row above the ids shows them)."""
    if cell_len(caption) <= width:
        return caption
    if caption.startswith("round "):
        caption = caption.replace(": merge (", ": (", 1)
        return caption if cell_len(caption) <= width else caption.removesuffix(" symbols").removesuffix(" symbol")
    if caption.startswith("final word: ") and " (bpe returns " in caption:
        said = f"bpe returns the {caption[len('final word: ') : caption.index(' (bpe returns ')]} space-joined"
        return said if cell_len(said) <= width else "bpe returns them space-joined"
    if " (bpe returns " in caption:
        return caption[: caption.index(" (bpe returns ")] + " (bpe returns it)"
    return caption


def _note(out: Runs, note: str, width: int, rows: int) -> None:
    """The note in the rows left under the word (a blank row first when it fits), cut with … if need be."""
    lines = textwrap.wrap(note, max(width - 1, 10))
    if rows >= len(lines) + 1:
        out.add("\n")
        rows -= 1
    if rows <= 0:
        return
    if len(lines) > rows:
        lines = [*lines[: rows - 1], lines[rows - 1][: max(width - 2, 1)] + "…"]
    for line in lines:
        out.add("\n " + line, "dim")


def _new_row(out: Runs, pic: WordPicture, start: int, end: int, widths: dict[int, int]) -> None:
    """The new word under old positions start..end: a merged symbol spans the two cells it came from."""
    assert pic.new is not None
    k = start
    if k > 0 and (k - 1) in pic.chosen:  # the band starts on the second half of a merged pair
        out.add(" " * (widths[k] + 1))
        k += 1
    before = bisect_left(pic.order, k)  # merges that start before k: the new index of k is k - before
    new, chosen = pic.new, pic.chosen
    plain: list[str] = []  # unstyled cells since the last merged one
    while k < end:
        n = k - before
        if n >= len(new):  # scan detail: not written yet
            plain.append(" " * (widths[k] + 1))
            before += k in chosen
            k += 1
            continue
        symbol, shown = _cell(new[n])
        if k in chosen:
            cover = widths[k] + (widths[k + 1] + 1 if k + 1 < end else 0)
            out.add("".join(plain))
            out.add(symbol.ljust(cover)[:cover] if shown <= cover else symbol, "bold reverse")
            plain = ["│"]
            before += 1
            k += 2
        else:
            cover = widths[k]
            plain.append((symbol.ljust(cover)[:cover] if shown <= cover else symbol) + "│")
            k += 1
    out.add("".join(plain))


def _mark(k: int, pic: WordPicture, width: int) -> str:
    """The marker row under old position k: ^ under the chosen pair, i and j of the scan."""
    if pic.cursor is not None:
        i, j = pic.cursor
        label = ("i" if k == i else "") + ("j" if k == j else "")
        if label:
            return label.ljust(width)
    if k in pic.chosen or (k - 1) in pic.chosen:
        return "^" * width
    return " " * width
