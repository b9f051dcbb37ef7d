"""The current-word pane: the chunk's symbols as cells, the chosen pair marked, the new word beneath."""

from __future__ import annotations

import textwrap
from bisect import bisect_left
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from ..engine.frames import count
from ..position import Position
from ..safe import visible
from .pane import Pane


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
    note: str = ""  # under the word when there is room: why the rounds are bounded (start and end of a chunk)


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
    done = len(chunk.rounds)
    several = "each joined one pair" if step == "step" else "one round can merge several pairs"
    return f"{count(done, step)} for {count(n, 'symbol')} (at most {n - 1}): {several}."


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
        return WordPicture(caption, word, frozenset(), None, None, 0, ids, rounds_note(view))
    old = chunk.word(frame.round - 1)
    steps = view.steps
    chosen = frozenset(s.j for s in steps if s.kind == "merge" and s.j is not None)
    new_word = chunk.word(frame.round)
    rnd = chunk.rounds[frame.round - 1]
    caption = f"round {frame.round}: merge ({rnd.pair[0]} {rnd.pair[1]}) rank {rnd.rank}: {len(old)} → {count(len(new_word), 'symbol')}"
    if not view.scanning:
        return WordPicture(caption, old, chosen, new_word, None, min(chosen, default=0))
    done = steps[: view.step]
    written = done[-1].written if done else 0
    cursor = (done[-1].i, done[-1].j) if done else (0, None)
    focus = cursor[1] if cursor[1] is not None else cursor[0]
    return WordPicture(caption, old, chosen, new_word[:written], cursor, focus)


class WordPane(Pane):
    """Old word on top (chosen pair reversed, ^ under it), new word beneath; in scan detail, i and j."""

    TITLE = "Current word"
    SUBTITLE = "←→ frame · shift ←→ round"
    DEFAULT_CSS = "WordPane { text-wrap: nowrap; text-overflow: ellipsis; }"

    shown: WordPicture | None = None  # what the pane draws, made once per position

    def describe(self, position: Position) -> None:
        self.shown = picture(position)

    def draw(self, position: Position, width: int, height: int) -> Text:
        return render_picture(self.shown or picture(position), width, height)


class _Runs:
    """Text appended in runs of one style, so the pane hands Textual few spans to convert."""

    def __init__(self) -> None:
        self.text = Text(no_wrap=True, overflow="ellipsis")
        self._buffer: list[str] = []
        self._style = ""

    def add(self, chunk: str, style: str = "") -> None:
        if style != self._style:
            self.flush()
            self._style = style
        self._buffer.append(chunk)

    def flush(self) -> None:
        if self._buffer:
            self.text.append("".join(self._buffer), style=self._style or None)
            self._buffer = []


def render_picture(pic: WordPicture, width: int, height: int) -> Text:
    """Draw the picture in bands of rows (old word, marks, ids or new word), only as far as they fit.

    Only the symbols in view are measured, so a word of thousands of symbols costs what a short one does.
    """
    old = pic.old
    cells: dict[int, str] = {}
    widths: dict[int, int] = {}

    def width_of(k: int) -> int:
        if k not in widths:
            cells[k] = cell = visible(old[k], space="·")
            w = max(cell_len(cell), 1)
            widths[k] = max(w, len(str(pic.ids[k]))) if pic.ids is not None else w
        return widths[k]

    chosen = sorted(pic.chosen)
    start = pic.focus
    used = 0
    while start > 0 and used + width_of(start - 1) + 1 <= width // 3:
        start -= 1
        used += widths[start] + 1
    out = _Runs()
    out.add(pic.caption + "\n", "italic")
    lines_left = height - 1
    while lines_left >= 1 and start < len(old):
        end, used = start, 0
        while end < len(old) and used + width_of(end) + 1 <= width - 1:
            used += widths[end] + 1
            end += 1
        if end == start:
            width_of(start)
            end = start + 1
        out.add("…" if start > 0 else "│")
        for k in range(start, end):
            marked = k in pic.chosen or (k - 1) in pic.chosen
            out.add(cells[k].ljust(widths[k]), "bold reverse" if marked else "bold")
            out.add("│")
        if end < len(old):
            out.add("…")
        rows = 1
        if lines_left >= 2 and (pic.chosen or pic.cursor is not None or not pic.note):
            out.add("\n ")
            for k in range(start, end):
                out.add(_mark(k, pic, widths[k]) + ("^" if k in pic.chosen else " "))
            rows += 1
        if pic.ids is not None and lines_left >= 3:
            out.add("\n ")
            for k in range(start, end):
                out.add(str(pic.ids[k]).ljust(widths[k]) + "│")
            rows += 1
        if pic.new is not None and lines_left >= 3:
            out.add("\n ")
            _new_row(out, pic, chosen, start, end, widths)
            rows += 1
        lines_left -= rows + 1
        start = end
        if lines_left >= 1 and start < len(old):
            out.add("\n\n")
    if pic.note and start >= len(old):
        _note(out, pic.note, width, lines_left + 1)
    out.flush()
    return out.text


def _note(out: _Runs, note: str, width: int, rows: int) -> None:
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


def _new_row(out: _Runs, pic: WordPicture, chosen: list[int], start: int, end: int, widths: dict[int, int]) -> None:
    """The new word under old positions start..end: a merged symbol spans the two cells it came from."""
    assert pic.new is not None
    k = start
    if k > 0 and (k - 1) in pic.chosen:  # the band starts on the second half of a merged pair
        out.add(" " * (widths[k] + 1))
        k += 1
    while k < end:
        n = k - bisect_left(chosen, k)  # new index: one fewer for every merge that starts before k
        if n >= len(pic.new):  # scan detail: not written yet
            out.add(" " * (widths[k] + 1))
            k += 1
            continue
        size = 2 if k in pic.chosen else 1
        cover = sum(widths[m] + 1 for m in range(k, min(k + size, end))) - 1
        symbol = visible(pic.new[n], space="·")
        text = symbol.ljust(cover)[:cover] if cell_len(symbol) <= cover else symbol
        out.add(text, "bold reverse" if size == 2 else "")
        out.add("│")
        k += size


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
