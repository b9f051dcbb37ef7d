"""A TextArea document laid out as it is drawn.

Textual's TextArea measures, wraps and scrolls a line by the width of the document's line, but draws
whatever `get_line` returns. The text boxes draw each unsafe character as a one-character stand-in
(`one_for_one`: ␛ for ESC, ◌ for a joiner or a skin-tone modifier), so a line drawn wider than it was
measured lost its end off the box, and the cursor sat short of it. Here the lines Textual reads for
layout (`lines`, `get_line`, indexing) are the lines as drawn, of the same length, while the text,
its ranges and every edit keep the user's own characters.

>>> doc = ShownDocument("a\\x1bb", lambda line: line.replace("\\x1b", "␛"))
>>> doc.text, doc.get_line(0), doc.get_text_range((0, 0), (0, 2))
('a\\x1bb', 'a␛b', 'a\\x1b')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import overload

from rich.cells import cell_len
from textual.geometry import Size
from textual.widgets.text_area import Document


class ShownDocument(Document):
    """A Document whose lines, as read for layout, are `shown(line)`: one character for each character."""

    def __init__(self, text: str, shown: Callable[[str], str]) -> None:
        super().__init__(text)
        self.shown = shown

    @property
    def lines(self) -> list[str]:
        return [self.shown(line) for line in self._lines]

    @overload
    def __getitem__(self, line_index: int) -> str: ...

    @overload
    def __getitem__(self, line_index: slice) -> list[str]: ...

    def __getitem__(self, line_index: int | slice) -> str | list[str]:
        if isinstance(line_index, slice):
            return [self.shown(line) for line in self._lines[line_index]]
        return self.shown(self._lines[line_index])

    def get_size(self, tab_width: int) -> Size:
        widths = [cell_len(line.expandtabs(tab_width)) for line in self.lines]
        return Size(max(widths, default=0), len(widths))
