"""The key footer, repainted only when it changes: Textual asks each of its keys for its line on
every repaint of the screen, and a step repaints the screen (0.3 ms a step for an unchanged footer)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter

from .styles_cache import KeptLines


class KeyFooter(TextualFooter):
    """Textual's footer, whose keys hand back their last lines while they are not dirty."""

    def __init__(self, *, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__(compact=compact, show_command_palette=show_command_palette)
        self._styles_cache = KeptLines()

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            widget._styles_cache = KeptLines()
            yield widget
