"""The output-ids pane: the id stream so far, each id under its alias string, grouped by chunk."""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from ..position import Position
from ..safe import visible
from .pane import Pane
from .token_colours import indices, tints


def emitted_chunks(view: Position) -> int:
    """How many chunks have produced their ids at this frame (the current one at its 'done' frame)."""
    frame = view.frame
    return frame.chunk + (1 if frame.kind == "done" else 0)


def shown_ids(view: Position) -> list[int]:
    """The ids emitted up to the current frame (what the pane shows, with nothing cut)."""
    return [i for chunk in view.trace.chunks[: emitted_chunks(view)] for i in chunk.ids]


class IdsPane(Pane):
    """`alias id` for each emitted id on its token's tint, two spaces apart; │ separates chunks.
    Older chunks scroll off to the left."""

    TITLE = "Output ids"

    def key(self, view: Position) -> object:
        return (id(view.trace), emitted_chunks(view))

    def describe(self, view: Position) -> None:
        done = emitted_chunks(view)
        count = sum(len(c.ids) for c in view.trace.chunks[:done]) if done < 5000 else None
        total = len(view.trace.ids) if len(view.trace.chunks) < 5000 else None
        self.border_subtitle = f"{count} of {total} ids" if count is not None and total is not None else ""

    def draw(self, view: Position, width: int, height: int) -> Text:
        chunks = view.trace.chunks
        done = emitted_chunks(view)
        decoder = view.trace.table.decoder
        budget = width * height
        first, used = done, 0
        while first > 0 and used < budget:
            first -= 1
            used += sum(cell_len(decoder[i]) + len(str(i)) + 2 for i in chunks[first].ids) + 2
        text = Text(overflow="fold")
        if first > 0:
            text.append(f"({first}…) ", style="dim")
        palette = tints(self.background_colors[1])
        slots = iter(indices(i for index in range(first, done) for i in chunks[index].ids))
        for index in range(first, done):
            for i in chunks[index].ids:
                tint = palette[next(slots)]
                text.append(visible(decoder[i]), style=tint + Style(bold=True))
                text.append(f" {i}", style=tint)
                text.append("  ")
            if index < done - 1:
                text.append("│ ", style="dim")
        if not done:
            text.append("(no ids yet: a chunk's ids appear when its loop is done)", style="dim italic")
        # Keep the newest ids in view: drop lines from the top that do not fit.
        lines = text.wrap(self.app.console, width)
        if len(lines) > height:
            return Text("\n").join(lines[-height:])
        return text
