"""The key footer, repainted only when it changes: Textual asks each of its keys for its line on
every repaint of the screen, and a step repaints the screen (0.3 ms a step for an unchanged footer).

It also ends at a key's end: keys that do not fit whole beside the palette key are left out (with
all keys after them), where Textual's footer would let the docked palette key cover part of a key
and leave that key's last cell showing after it (`▏^p palette-` at 60 columns).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter

from .styles_cache import KeptLines


def cells(widget: Widget, viewport: Size) -> int:
    """The columns `widget` takes in the footer's row: its text, padding, border and margins."""
    return widget.get_content_width(viewport, viewport) + widget.styles.gutter.width + widget.styles.margin.width


class KeyFooter(TextualFooter):
    """Textual's footer, whose keys hand back their last lines while they are not dirty."""

    def __init__(self, *, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__(compact=compact, show_command_palette=show_command_palette)
        self._styles_cache = KeptLines()

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            widget._styles_cache = KeptLines()
            yield widget

    async def recompose(self) -> None:
        await super().recompose()
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Show the keys, in order, while each fits whole left of the palette key; hide the rest."""
        width = self.size.width
        if width <= 0:
            return
        keys = [w for w in self.children if not w.has_class("-command-palette")]
        room = width - sum(cells(w, self.size) for w in self.children if w.has_class("-command-palette"))
        used, fits = 0, True
        for key in keys:
            used += cells(key, self.size)
            fits = fits and used - key.styles.margin.right <= room
            key.display = fits
