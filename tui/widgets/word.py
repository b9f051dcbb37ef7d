"""The current-word pane: the chunk's symbols as cells, the chosen pair marked, the new word beneath."""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text

from ..safe import visible
from ..view import View
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


def picture(view: View) -> WordPicture:
    """Describe the word pane for `view` (pure, so it can be tested without a terminal)."""
    chunk, frame = view.chunk, view.frame
    if frame.kind != "round":
        word = chunk.word(frame.round) if frame.kind == "start" or chunk.cache != "hit" else chunk.symbols
        if frame.kind == "start":
            caption = f"initial word: {len(word)} symbol{'s' * (len(word) != 1)}"
        elif chunk.cache == "hit":
            caption = f"from the cache: {len(word)} symbols"
        else:
            caption = f"final word: {len(word)} symbol{'s' * (len(word) != 1)} (bpe returns {visible(chunk.bpe_string)[:40]!r})"
        ids = chunk.ids if frame.kind == "done" else None
        return WordPicture(caption, word, frozenset(), None, None, 0, ids)
    old = chunk.word(frame.round - 1)
    steps = view.steps
    chosen = frozenset(s.j for s in steps if s.kind == "merge")  # type: ignore[misc]
    new_word = chunk.word(frame.round)
    rnd = chunk.rounds[frame.round - 1]
    caption = f"round {frame.round}: merge ({rnd.pair[0]} {rnd.pair[1]}) rank {rnd.rank}: {len(old)} → {len(new_word)} symbols"
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
    DEFAULT_CSS = "WordPane { text-wrap: nowrap; text-overflow: ellipsis; }"

    def draw(self, view: View, width: int, height: int) -> Text:
        pic = picture(view)
        return render_picture(pic, width, height)


def render_picture(pic: WordPicture, width: int, height: int) -> Text:
    cells = [visible(s, space="·") for s in pic.old]
    widths = [max(cell_len(c), 1) for c in cells]
    if pic.ids is not None:
        widths = [max(w, len(str(i))) for w, i in zip(widths, pic.ids)]
    # Map every old position to the new symbol that covers it (merged pairs cover two).
    owner: dict[int, int] = {}
    spans: list[tuple[int, int]] = []  # per new symbol: (first old position, count)
    if pic.new is not None:
        k = 0
        for n in range(len(pic.new)):
            size = 2 if k in pic.chosen else 1
            spans.append((k, size))
            for m in range(k, k + size):
                owner[m] = n
            k += size
    start = _window_start(widths, pic.focus, width // 3)
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(pic.caption + "\n", style="italic")
    lines_left = height - 1
    while lines_left >= 1 and start < len(cells):
        end, used = start, 0
        while end < len(cells) and used + widths[end] + 1 <= width - 1:
            used += widths[end] + 1
            end += 1
        end = max(end, start + 1)
        out.append("…" if start > 0 else "│", style="dim")
        for k in range(start, end):
            marked = k in pic.chosen or (k - 1) in pic.chosen
            out.append(cells[k].ljust(widths[k]), style="bold reverse" if marked else "bold")
            out.append("│", style="dim")
        if end < len(cells):
            out.append("…", style="dim")
        rows = 1
        if lines_left >= 2:
            out.append("\n ")
            for k in range(start, end):
                out.append(_mark(k, pic, widths[k]))
                out.append("^" if k in pic.chosen else " ")
            rows += 1
        if pic.ids is not None and lines_left >= 3:
            out.append("\n ")
            for k in range(start, end):
                out.append(str(pic.ids[k]).ljust(widths[k]))
                out.append("│", style="dim")
            rows += 1
        if pic.new is not None and lines_left >= 3:
            out.append("\n ")
            for k in range(start, end):
                n = owner.get(k)
                if n is None:
                    out.append(" " * (widths[k] + 1))
                    continue
                first, size = spans[n]
                if first != k and k != start:
                    continue
                cover = sum(widths[m] + 1 for m in range(max(first, start), min(first + size, end))) - 1
                symbol = visible(pic.new[n], space="·")
                out.append(symbol.ljust(cover)[:cover] if cell_len(symbol) <= cover else symbol, style="bold reverse" if size == 2 else "")
                out.append("│", style="dim")
            rows += 1
        lines_left -= rows + 1
        start = end
        if lines_left >= 1 and start < len(cells):
            out.append("\n\n")
    return out


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


def _window_start(widths: list[int], focus: int, lead: int) -> int:
    """The first position to draw so that `focus` appears about `lead` cells from the left."""
    start, used = focus, 0
    while start > 0 and used + widths[start - 1] + 1 <= lead:
        start -= 1
        used += widths[start] + 1
    return start
