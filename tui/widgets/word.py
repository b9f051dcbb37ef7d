"""The current-word pane: the chunk's symbols as cells, the chosen pair marked, the new word beneath."""

from __future__ import annotations

import itertools
import textwrap
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import lru_cache

from rich.cells import cell_len

from ..engine.chunk import ChunkTrace
from ..explain.frames import count
from ..explain.position import Position
from ..safe import visible
from .pane import LinePane
from .strips import Row, Runs
from .window import first_start


@dataclass(frozen=True)
class WordPicture:
    """What the pane draws, independent of the screen: old word, its marks, the (partial) new word."""

    caption: str
    old: tuple[str, ...]
    chosen: frozenset[int]  # old positions j where (first, second) starts an occurrence merged this round
    new: tuple[str, ...] | None  # the new word as written so far (None when nothing is being built)
    cursor: tuple[int, int | None] | None  # scan detail: (i, j)
    focus: int
    ids: tuple[int, ...] | None = None  # at the end of a chunk: the id of each final symbol
    order: tuple[int, ...] = ()  # `chosen` in order
    note: str = ""  # under the word when there is room: why the rounds are bounded (start and end of a chunk)


@lru_cache(maxsize=16)
def merged_at(chunk: ChunkTrace, r: int) -> frozenset[int]:
    """The old positions where round `r` merged its pair (found once per round, not on every scan step)."""
    return frozenset(merge_order(chunk, r))


@lru_cache(maxsize=16)
def merge_order(chunk: ChunkTrace, r: int) -> tuple[int, ...]:
    """The same positions in order (the new word's index of old position k is k minus the merges before it)."""
    return chunk.merge_positions(r)


def first_merged(chunk: ChunkTrace, r: int) -> int:
    order = merge_order(chunk, r)
    return order[0] if order else 0


def cursor(view: Position) -> tuple[int, int | None]:
    """Scan detail: (i, j) after the steps shown so far ((0, None) before the first)."""
    if view.step == 0:
        return (0, None)
    last = view.steps[view.step - 1]
    return (last.i, last.j)


def word_focus(view: Position) -> int:
    """The old position the panes keep in view: the scan's j (or i), else the round's first merged pair."""
    frame = view.frame
    if frame.kind != "round":
        return 0
    if not view.scanning:
        return first_merged(view.chunk, frame.round)
    i, j = cursor(view)
    return j if j is not None else i


def rounds_note(view: Position) -> str:
    """Seed 000's bound, at a chunk's first and last frame: N symbols allow at most N−1 rounds, which
    bounds the rounds but not the time (each round scans the whole word again). '' for other frames."""
    chunk, frame = view.chunk, view.frame
    n = len(chunk.aliases)
    if chunk.cache != "miss" or n < 2 or frame.kind == "round":
        return ""
    step = "step" if view.trace.table.rule == "tiktoken" else "round"
    if frame.kind == "start":
        merges = "joins one pair" if step == "step" else "merges a pair"
        # Two lines of the word pane at 80 columns: the lines under the initial word are free here.
        return f"At most {count(n - 1, step)}, as each {merges}; not a time bound: each rescans the word."
    # One line of the word pane at 80 columns (under the word and its ids).
    return f"{count(len(chunk.rounds), step)}; {count(n, 'symbol')} allow at most {n - 1}."


def picture(view: Position) -> WordPicture:
    """Describe the word pane for `view` (pure, so it can be tested without a terminal)."""
    chunk, frame = view.chunk, view.frame
    if frame.kind != "round":
        word = chunk.word(frame.round) if frame.kind == "start" or chunk.cache not in ("hit", "whole") else chunk.symbols
        if frame.kind == "done" and chunk.cache == "whole":
            caption = f"the whole chunk is one token: no merge ran (bpe returns {visible(chunk.bpe_string)[:40]!r})"
        elif frame.kind == "start":
            caption = f"initial word: {count(len(word), 'symbol')}"
        elif chunk.cache == "hit":
            caption = f"from the cache: {count(len(word), 'symbol')}"
        else:
            caption = f"final word: {count(len(word), 'symbol')} (bpe returns {visible(chunk.bpe_string)[:40]!r})"
        ids = chunk.ids if frame.kind == "done" else None
        return WordPicture(caption, word, frozenset(), None, None, 0, ids, note=rounds_note(view))
    old = chunk.word(frame.round - 1)
    chosen = merged_at(chunk, frame.round)
    new_word = chunk.word(frame.round)
    rnd = chunk.rounds[frame.round - 1]
    caption = f"round {frame.round}: merge ({rnd.pair[0]} {rnd.pair[1]}) rank {rnd.rank}: {len(old)} → {count(len(new_word), 'symbol')}"
    if not view.scanning:
        return WordPicture(caption, old, chosen, new_word, None, word_focus(view), order=merge_order(chunk, frame.round))
    written = view.steps[view.step - 1].written if view.step else 0
    return WordPicture(caption, old, chosen, new_word[:written], cursor(view), word_focus(view), order=merge_order(chunk, frame.round))


class WordPane(LinePane):
    """Old word on top (chosen pair reversed, ^ under it), new word beneath; in scan detail, i and j."""

    TITLE = "Current word"
    SUBTITLE = "←→ frame · shift ←→ round"
    DEFAULT_CSS = "WordPane { text-wrap: nowrap; text-overflow: ellipsis; }"

    shown: WordPicture | None = None  # what the pane draws, made once per position

    def describe(self, position: Position) -> None:
        self.shown = picture(position)

    def draw(self, position: Position, width: int, height: int) -> list[Row]:
        return render_picture(self.shown or picture(position), width, height)


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
