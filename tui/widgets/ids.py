"""The output-ids pane: the id stream so far, each id under its alias string, grouped by chunk."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rich.cells import cell_len
from rich.style import Style

from ..explain.position import Position
from ..explain.tokens import emitted_chunks
from ..safe import visible
from .pane import LinePane
from .strips import Row, retitle
from .token_colours import indices, tints


class IdsPane(LinePane, can_focus=True):
    """`alias id` for each emitted id on its token's tint, two spaces apart; │ separates chunks.
    Older ids scroll off the top: only the newest that fit the pane are laid out, however long the chunk."""

    TITLE = "Output ids"

    def key(self, at: Position) -> object:
        return (id(at.trace), emitted_chunks(at))

    def describe(self, at: Position) -> None:
        done = emitted_chunks(at)
        count = sum(len(c.ids) for c in at.trace.chunks[:done]) if done < 5000 else None
        total = len(at.trace.ids) if len(at.trace.chunks) < 5000 else None
        retitle(self, subtitle=f"{count} of {total} ids" if count is not None and total is not None else "")

    def draw(self, at: Position, width: int, height: int) -> list[Row]:
        if not emitted_chunks(at):
            return [(("(no ids yet: a chunk's ids appear when its loop is done)", "dim italic"),)]
        chunks = at.trace.chunks
        shown = id_labels(at.trace.table.decoder)
        lines = id_lines(at, width, height)
        items = [item for line in lines for item in line]
        palette = tints(self.background_colors[1])
        slots = iter(indices(chunks[c].ids[k] for c, k in items))
        rows: list[Row] = []
        first_chunk, first_id = items[0]
        for row, line in enumerate(lines):
            runs: list[tuple[str, str | Style]] = []
            if row == 0 and (first_chunk or first_id):
                runs.append((left_out(first_chunk, first_id), "dim"))
            for n, (c, k) in enumerate(line):
                if n:
                    runs.append(("  ", ""))
                if k == 0 and (c, k) != items[0]:
                    runs.append(("│ ", "dim"))
                i = chunks[c].ids[k]
                tint = palette[next(slots)]
                runs.append((shown[i][0], tint + BOLD))
                runs.append((f" {i}", tint))
            rows.append(tuple(runs))
        return rows


BOLD = Style(bold=True)


class Labels(dict[int, tuple[str, int]]):
    """A table's ids as the pane draws them, made when first asked for: id → (its alias string, made
    visible, and the cells of `alias id`). A long chunk's last frame lays out hundreds of ids."""

    def __init__(self, decoder: Mapping[int, str]) -> None:
        super().__init__()
        self.decoder = decoder

    def __missing__(self, i: int) -> tuple[str, int]:
        alias = visible(self.decoder[i])
        made = self[i] = (alias, cell_len(alias) + 1 + len(str(i)))
        return made


_LABELS: list[Labels] = []  # the last table's: one table is shown at a time


def id_labels(decoder: Mapping[int, str]) -> Labels:
    """The labels of the table whose decoder this is (kept while its trace is the one shown)."""
    if not _LABELS or _LABELS[0].decoder is not decoder:
        _LABELS[:] = [Labels(decoder)]
    return _LABELS[0]


def left_out(first_chunk: int, first_id: int) -> str:
    """The mark before the first id shown: how many chunks are left out, and … when the ids of the first one are cut."""
    return (f"({first_chunk}…) " if first_chunk else "") + ("… " if first_id else "")


def id_lines(at: Position, width: int, height: int) -> list[list[tuple[int, int]]]:
    """The ids the pane shows, line by line, as (chunk, place in its ids): all of them from the top when
    they fit; else the newest, each line filled from the bottom up, so only what is shown is measured
    (a chunk of thousands of ids costs what the pane holds). An `alias id` pair is never cut in two."""
    chunks, labels = at.trace.chunks, id_labels(at.trace.table.decoder)

    def cells(c: int, k: int) -> int:
        return labels[chunks[c].ids[k]][1] + (2 if k == 0 and c else 0)  # │ before each chunk's first id but the text's first

    lines: list[list[tuple[int, int]]] = []
    line: list[tuple[int, int]] = []
    used = 0
    c = emitted_chunks(at)
    k = 0
    while True:  # from the newest id back
        if k == 0:
            c -= 1
            if c < 0:
                break
            k = len(chunks[c].ids)
            if not k:
                continue
        k -= 1
        size = cells(c, k)
        if line and used + 2 + size > width:
            lines.append(line)
            if len(lines) == height:
                break
            line, used = [], 0
        line.insert(0, (c, k))
        used += size + (2 if len(line) > 1 else 0)
    if len(lines) < height:  # everything fits: laid out from the top
        return fill_forward(at, width, cells)
    top = lines[-1]
    while len(top) > 1 and sum(cells(*item) + 2 for item in top) - 2 + len(left_out(*top[0])) > width:
        top.pop(0)  # room for the mark of what is left out
    return lines[::-1]


def fill_forward(at: Position, width: int, cells: Callable[[int, int], int]) -> list[list[tuple[int, int]]]:
    """Every emitted id, lines filled from the top (the text's ids all fit the pane)."""
    lines: list[list[tuple[int, int]]] = [[]]
    used = 0
    for c in range(emitted_chunks(at)):
        for k in range(len(at.trace.chunks[c].ids)):
            size = cells(c, k)
            if lines[-1] and used + 2 + size > width:
                lines.append([])
                used = 0
            used += size + (2 if lines[-1] else 0)
            lines[-1].append((c, k))
    return lines
