"""A panel of wrapped text drawn line by line: a new text repaints only the lines that changed.

`Static.update` turns the whole text into Textual's Content and repaints the widget whole on every
change, and by default asks for a layout of the screen as well; a panel beside a list that moves on
every key (the Aliases view's selected byte, the explorer's explanation) pays that on each move.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size

from .strips import Row, StripRows, text_row


class TextPanel(StripRows):
    """Text wrapped to the panel's width. `show(text)` draws a new one; the screen is laid out again
    only when its number of lines changes (or as the caller says)."""

    DEFAULT_CSS = "TextPanel { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.text = Text()
        self._wrapped: tuple[int, list[Text]] | None = None  # (width, lines) of the text

    def lines(self, width: int) -> list[Text]:
        """The text's lines at `width` cells."""
        if self._wrapped is None or self._wrapped[0] != width:
            self._wrapped = (width, list(self.text.wrap(self.app.console, max(width, 1))))
        return self._wrapped[1]

    def show(self, text: Text, *, layout: bool | None = None) -> None:
        """Draw `text`; `layout` None: lay the screen out again when its number of lines changes."""
        self.text, self._wrapped = text, None
        if layout is None:
            self.refit()
            return
        if layout:
            self.refresh(layout=True)
        self.redraw()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def rows(self, width: int, height: int) -> list[Text | Row]:
        return [text_row(line) for line in self.lines(width)]

    def render(self) -> Text:
        """The text as a whole (what tests read; the screen draws it line by line)."""
        return self.text
