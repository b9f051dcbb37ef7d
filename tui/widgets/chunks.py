"""The chunks pane: the whole input cut by GPT-2's regex, the current chunk marked."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style

from ..engine.tables import GPT2
from ..explain.normalisation import normalisation, said
from ..explain.position import Position
from ..explain.tokens import token_pieces
from ..safe import based, visible
from .pane import LinePane
from .strips import Row, fold, retitle
from .text import clip_chars
from .token_colours import indices, tints

MARKS = {"hit": "↺", "single": "¹", "whole": "■", "miss": ""}
#: The pane's key to its marks, by the table's merge rule (only tiktoken's emits a chunk whole).
CONTINUED: tuple[str, str] = ("↪", "dim")  # starts each further row of a chunk longer than a row


class ChunksPane(LinePane):
    """Every chunk with its boundaries (│); done chunks show their cache state: ↺ hit, ¹ single, ■ a chunk that is itself a token.

    All chunks when they fit; otherwise a window around the current one, where (n…) and (…n) count the
    chunks left out. Rows break between chunks, never inside one (unless it is longer than a row: ↪).
    """

    TITLE = "Chunks · pgdn pgup"
    SUBTITLE = GPT2.legend

    _noted: tuple[int, str] | None = None  # (id of the trace, its title): the normalisation is read once per trace

    def describe(self, position: Position) -> None:
        trace = position.trace
        if self._noted is None or self._noted[0] != id(trace):
            note = said(normalisation(trace))
            self._noted = (id(trace), self.TITLE if note is None else f"Chunks · {visible(note)} · pgdn pgup")
        retitle(self, title=self._noted[1], subtitle=trace.table.rule.legend)

    def key(self, at: Position) -> object:
        return (id(at.trace), at.frame.chunk, at.frame.kind == "done")

    def draw(self, at: Position, width: int, height: int) -> list[Row]:
        first, last = chunks_in_view(at, width, height)
        rows = self.placed(at, first, last, width, height)
        while len(rows) > height and last > at.frame.chunk:  # whole chunks a line take more rows than packed text
            last -= 1
            rows = self.placed(at, first, last, width, height)
        return rows[:height]

    def placed(self, at: Position, first: int, last: int, width: int, height: int) -> list[Row]:
        """Chunks [first, last] as rows of `width` cells, each chunk on one row (chunk boundaries are
        where the rows break); a chunk longer than a row goes on in rows that start with CONTINUED."""
        chunks = at.trace.chunks
        current = at.frame.chunk
        units: list[list[tuple[str, str | Style]]] = []
        if first > 0:
            units.append([(f"({first}…)", "dim")])
        done = current + (at.frame.kind == "done")
        palette = tints(self.background_colors[1])
        slots = iter(indices(i for chunk in chunks[first:current] for i in chunk.ids))  # the chunks drawn as tokens
        room = width * height  # a chunk longer than the pane is shown as far as it fits
        for index in range(first, last + 1):
            chunk = chunks[index]
            runs: list[tuple[str, str | Style]] = []
            if index == current:
                runs.append(("⟦", "bold"))
                runs.append((based(visible(clip_chars(chunk.text, room), space="·")), "bold reverse"))
                runs.append(("⟧", "bold"))
            elif index < current:  # its tokens, each on its tint
                first_piece = True  # only the chunk's first text can start with a lone mark
                for piece, _ in token_pieces(chunk.text, chunk.ids, at.trace.table.decoder):
                    tint = palette[next(slots)]
                    if piece:
                        shown = visible(piece, space="·")
                        runs.append((based(shown) if first_piece else shown, tint))
                        first_piece = False
            else:
                runs.append((based(visible(clip_chars(chunk.text, room), space="·")), "dim"))
            if index < done and chunk.cache != "miss":
                runs.append((MARKS[chunk.cache], "bold"))
            if index < last:
                runs.append(("│", "dim"))
            units.append(runs)
        if last < len(chunks) - 1:
            units.append([(f"(…{len(chunks) - 1 - last})", "dim")])
        return rows_of(units, width)


def rows_of(units: list[list[tuple[str, str | Style]]], width: int) -> list[Row]:
    """Units (a chunk's runs) on rows of `width` cells, a unit never broken unless it is wider than a row:
    then it starts a row and goes on in rows that begin with CONTINUED."""
    rows: list[list[tuple[str, str | Style]]] = [[]]
    used = 0
    for unit in units:
        cells = sum(cell_len(text) for text, _ in unit)
        if used + cells <= width:
            rows[-1].extend(unit)
            used += cells
            continue
        if rows[-1]:
            rows.append([])
        if cells <= width:
            rows[-1].extend(unit)
            used = cells
            continue
        head = fold(unit, width)[0]
        rows[-1].extend(head)
        taken = sum(len(text) for text, _ in head)
        for row in fold(after(unit, taken), max(width - 1, 1)):
            rows.append([CONTINUED, *row])
        used = sum(cell_len(text) for text, _ in rows[-1])
    return [tuple(row) for row in rows]


def after(runs: list[tuple[str, str | Style]], skip: int) -> list[tuple[str, str | Style]]:
    """`runs` without their first `skip` characters."""
    out: list[tuple[str, str | Style]] = []
    for text, style in runs:
        if skip >= len(text):
            skip -= len(text)
            continue
        out.append((text[skip:], style))
        skip = 0
    return out


def chunks_in_view(at: Position, width: int, height: int) -> tuple[int, int]:
    """The chunks [first, last] the pane draws: all of them when they fit, else a window around the
    current one (about half of the room after it), measuring only the chunks in view."""
    chunks = at.trace.chunks
    current = at.frame.chunk
    done = at.frame.kind == "done"

    def cost(index: int) -> int:
        """Cells of one chunk with its separator, its cache mark and (the current one) its brackets."""
        marked = index < current or (index == current and done)
        return (
            cell_len(based(visible(chunks[index].text, space="·")))
            + 1
            + (len(MARKS[chunks[index].cache]) if marked else 0)
            + 2 * (index == current)
        )

    budget = width * height - (height - 1)  # a wide character that does not fit at a line's end leaves a cell
    used, last = 0, -1
    while last + 1 < len(chunks) and used <= budget:
        last += 1
        used += cost(last)
    if last == len(chunks) - 1 and used <= budget + 1:  # everything fits (the last chunk has no separator)
        return 0, len(chunks) - 1
    after = len(chunks) - 1 - current
    budget += 1  # the last chunk drawn has no separator
    budget -= (len(f"({current}…)") if current else 0) + (len(f"(…{after})") if after else 0)  # room for the counts
    used, first, last = cost(current), current, current
    while last + 1 < len(chunks) and used + cost(last + 1) <= budget // 2:
        last += 1
        used += cost(last)
    while first > 0 and used + cost(first - 1) <= budget:
        first -= 1
        used += cost(first)
    while last + 1 < len(chunks) and used + cost(last + 1) <= budget:
        last += 1
        used += cost(last)
    return first, last
