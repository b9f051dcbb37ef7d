"""The chunks pane: the whole input cut by GPT-2's regex, the current chunk marked."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ..position import Position
from ..safe import based, visible
from .pane import Pane

MARKS = {"hit": "↺", "single": "¹", "whole": "■", "miss": ""}
#: The pane's key to its marks, by the table's merge rule (only tiktoken's emits a chunk whole).
LEGEND = {"gpt2": "·space ↵newline →tab ↺hit ¹single", "tiktoken": "·space ↵newline →tab ↺seen ¹single ■token"}


class ChunksPane(Pane):
    """Every chunk with its boundaries (│); done chunks show their cache state: ↺ hit, ¹ single, ■ a chunk that is itself a token.

    All chunks when they fit; otherwise a window around the current one, where (n…) and (…n) count the
    chunks left out.
    """

    TITLE = "Chunks · pgdn pgup"

    def on_mount(self) -> None:
        super().on_mount()
        self.border_subtitle = LEGEND["gpt2"]

    def describe(self, position: Position) -> None:
        self.border_subtitle = LEGEND.get(position.trace.table.rule, LEGEND["gpt2"])

    def key(self, view: Position) -> object:
        return (id(view.trace), view.frame.chunk, view.frame.kind == "done")

    def draw(self, view: Position, width: int, height: int) -> Text:
        chunks = view.trace.chunks
        current = view.frame.chunk
        done = view.frame.kind == "done"
        first, last = window(view, width, height)
        text = Text(no_wrap=False, overflow="fold")
        if first > 0:
            text.append(f"({first}…)", style="dim")
        for index in range(first, last + 1):
            chunk = chunks[index]
            shown = based(visible(chunk.text, space="·"))
            if index == current:
                text.append("⟦", style="bold")
                text.append(shown, style="bold reverse")
                text.append("⟧", style="bold")
            else:
                text.append(shown, style="dim" if index > current else "")
            if index < current or (index == current and done):
                text.append(MARKS[chunk.cache], style="bold")
            if index < last:
                text.append("│", style="dim")
        if last < len(chunks) - 1:
            text.append(f"(…{len(chunks) - 1 - last})", style="dim")
        return text


def window(view: Position, width: int, height: int) -> tuple[int, int]:
    """The chunks [first, last] the pane draws: all of them when they fit, else a window around the
    current one (about half of the room after it), measuring only the chunks in view."""
    chunks = view.trace.chunks
    current = view.frame.chunk
    done = view.frame.kind == "done"

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
