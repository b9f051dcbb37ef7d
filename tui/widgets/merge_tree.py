"""The merge tree of one token, drawn as `merge_tree.rows` lays it out (folded to the pane's width), one
node a row; and the ids a taken-apart token's text gets instead. Draw only: the data is explain.token_tree's."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ..explain.merge_tree import Node, Row, rows
from ..safe import visible
from .linelist import LineList


def node_row(row: Row) -> Text:
    """One row: the tree's lines as they are, the node's text (escaped) in bold, then its id and rank; a
    folded row in italics."""
    line = Text(row.lead, style="dim")
    if row.folded:
        line.append(row.text, style="italic")
        return line
    at = row.text.rfind(f" · id {row.node.id} · ")
    text, tail = (row.text[:at], row.text[at:]) if at >= 0 else (row.text, "")
    line.append(visible(text), style="bold")
    line.append(tail)
    return line


class MergeTreeList(LineList):
    """The tree as an outline, one node a row (the cursor moves through them, the list scrolls); the drawing
    is laid out again when the width changes, so deep trees fold to what fits."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.node: Node | None = None
        self.shown: list[Row] = []
        self._width = 0

    def show(self, node: Node) -> None:
        """Draw `node`'s tree from its root (laid out now if the width is known, else on the first resize)."""
        self.node, self._width = node, 0
        self.cursor = 0
        self.scroll_to(y=0, animate=False, immediate=True)
        if self.is_mounted and self.scrollable_content_region.width:
            self.lay_out(self.scrollable_content_region.width)

    def lay_out(self, width: int) -> None:
        if width != self._width and self.node is not None:
            self._width = width
            self.shown = rows(self.node, max(width - 1, 8))  # one cell for the cursor's ▶
            self.set_count(len(self.shown))
            self.styles.height = len(self.shown) + 3  # the header and the border: as tall as the tree, up to max-height

    def on_resize(self) -> None:
        self.lay_out(self.scrollable_content_region.width)

    def header(self, width: int) -> Text:
        return Text(" text · id · rank of the rule that made it (a byte: its value)")

    def row(self, index: int, width: int, selected: bool) -> Text:
        if index >= len(self.shown):
            return Text("")
        line = Text("▶" if selected else " ")
        line.append_text(node_row(self.shown[index]))
        return line

    def row_style(self, index: int, selected: bool) -> Style:
        return Style(reverse=True) if selected else Style()


def got_text(got: tuple[tuple[int, str], ...]) -> Text:
    """The ids a taken-apart token's text encodes to, one a line: 'a · id 64'."""
    text = Text()
    for n, (ident, alias) in enumerate(got):
        if n:
            text.append("\n")
        text.append(visible(alias), style="bold")
        text.append(f" · id {ident}")
    return text
