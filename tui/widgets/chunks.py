"""The chunks pane: the whole input cut by GPT-2's regex, the current chunk marked."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from ..position import Position
from ..safe import visible
from .pane import Pane

MARKS = {"hit": "↺", "single": "¹", "whole": "■", "miss": ""}
#: The pane's key to its marks, by the table's merge rule (only tiktoken's emits a chunk whole).
LEGEND = {"gpt2": "·space ↵newline →tab ↺hit ¹single", "tiktoken": "·space ↵newline →tab ↺seen ¹single ■token"}


class ChunksPane(Pane):
    """Every chunk with its boundaries (│); done chunks show their cache state: ↺ hit, ¹ single, ■ a chunk that is itself a token.

    Only a window of chunks around the current one is drawn; (n…) and (…n) count the chunks left out.
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
        budget = width * height
        # Window of chunks around the current one, so a huge text costs no more than a small one.
        first, used = current, 0
        while first > 0 and used + cell_len(chunks[first - 1].text) + 1 < budget // 2 - 8:
            first -= 1
            used += cell_len(chunks[first].text) + 1
        last, used = current, 0
        while last < len(chunks) - 1 and used < budget:
            last += 1
            used += cell_len(chunks[last].text) + 1
        text = Text(no_wrap=False, overflow="fold")
        if first > 0:
            text.append(f"({first}…)", style="dim")
        for index in range(first, last + 1):
            chunk = chunks[index]
            shown = visible(chunk.text, space="·")
            if index == current:
                text.append("⟦", style="bold")
                text.append(shown, style="bold reverse")
                text.append("⟧", style="bold")
            else:
                text.append(shown, style="dim" if index > current else "")
            if index < current or (index == current and view.frame.kind == "done"):
                text.append(MARKS[chunk.cache], style="bold")
            if index < last:
                text.append("│", style="dim")
        if last < len(chunks) - 1:
            text.append(f"(…{len(chunks) - 1 - last})", style="dim")
        return text
