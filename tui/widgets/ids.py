"""The output-ids pane: the id stream so far, each id under its alias string, grouped by chunk."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ..position import Position
from ..safe import visible
from .pane import LinePane
from .strips import retitle
from .token_colours import indices, tints


def emitted_chunks(view: Position) -> int:
    """How many chunks have produced their ids at this frame (the current one at its 'done' frame)."""
    frame = view.frame
    return frame.chunk + (1 if frame.kind == "done" else 0)


def shown_ids(view: Position) -> list[int]:
    """The ids emitted up to the current frame (what the pane shows, with nothing cut)."""
    return [i for chunk in view.trace.chunks[: emitted_chunks(view)] for i in chunk.ids]


class IdsPane(LinePane):
    """`alias id` for each emitted id on its token's tint, two spaces apart; │ separates chunks.
    Older ids scroll off the top: only the newest that fit the pane are laid out, however long the chunk."""

    TITLE = "Output ids"

    def key(self, view: Position) -> object:
        return (id(view.trace), emitted_chunks(view))

    def describe(self, view: Position) -> None:
        done = emitted_chunks(view)
        count = sum(len(c.ids) for c in view.trace.chunks[:done]) if done < 5000 else None
        total = len(view.trace.ids) if len(view.trace.chunks) < 5000 else None
        retitle(self, subtitle=f"{count} of {total} ids" if count is not None and total is not None else "")

    def draw(self, view: Position, width: int, height: int) -> Text:
        if not emitted_chunks(view):
            return Text("(no ids yet: a chunk's ids appear when its loop is done)", style="dim italic")
        decoder = view.trace.table.decoder
        items = newest_ids(view, 2 * width * height)  # more than fit, whatever the line breaks waste
        text = Text()
        first_chunk, first_id = items[0]
        if first_chunk:
            text.append(f"({first_chunk}…) ", style="dim")  # the chunks left out
        if first_id:
            text.append("… ", style="dim")  # and the first ids of this one
        palette = tints(self.background_colors[1])
        slots = indices(view.trace.chunks[c].ids[k] for c, k in items)
        lines = [text]
        for n, (c, k) in enumerate(items):
            if n and k == 0:
                place(lines, Text("│ ", style="dim"), width)
            i = view.trace.chunks[c].ids[k]
            tint = palette[slots[n]]
            item = Text(visible(decoder[i]), style=tint + Style(bold=True))
            item.append(f" {i}", style=tint)
            place(lines, item, width)
            place(lines, Text("  "), width)
        return Text("\n").join(lines[-height:])


def place(lines: list[Text], piece: Text, width: int) -> None:
    """Append `piece` to the last line, or start a new line with it when it does not fit (spaces are
    dropped at a line's end): an `alias id` pair is never cut in two."""
    last = lines[-1]
    if last.cell_len + piece.cell_len <= width:
        last.append_text(piece)
    elif piece.plain.strip():
        lines.append(piece.copy())


def newest_ids(view: Position, budget: int) -> list[tuple[int, int]]:
    """(chunk, place in its ids) of the newest emitted ids whose cells fill `budget`, oldest first:
    only these are measured, so a chunk of thousands of ids costs what the pane shows."""
    chunks, decoder = view.trace.chunks, view.trace.table.decoder
    out: list[tuple[int, int]] = []
    used = 0
    c = emitted_chunks(view)
    while c > 0 and used < budget:
        c -= 1
        ids = chunks[c].ids
        k = len(ids)
        while k > 0 and used < budget:
            k -= 1
            used += cell_len(visible(decoder[ids[k]])) + len(str(ids[k])) + 3
            out.append((c, k))
        used += 2  # the separator
    out.reverse()
    return out
