"""The key footer, rebuilt and repainted only when it changes.

Textual's footer builds its keys again (a dozen new widgets, each styled) every time the screen's
bindings may have changed: a focus move, a screen shown again, a reactive with bindings, about 11
times per switch between views (a quarter of the switch), under the view left as on the one shown.
This one builds them again only when the keys it would show differ from those it shows, and not
while another view hides it. And Textual asks each key for its line on every repaint of the screen,
and a step repaints the screen (0.3 ms a step for an unchanged footer): these keys hand back their
last lines while they are not dirty.

It also ends at a key's end: keys that do not fit whole beside the palette key are left out (with
all keys after them, but never `? help` and `q quit`, whose room is kept first), where Textual's footer would let the docked palette key cover part of a key
and leave that key's last cell showing after it (`▏^p palette-` at 60 columns).
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Footer as TextualFooter

from ..commands import HELP, QUIT
from .styles_cache import KeptLines

#: The keys a footer never leaves out, however narrow: a newcomer's way to help and out.
KEPT = (HELP.action, QUIT.action)

#: What the footer's keys are made of: each active binding's key, binding, whether it is enabled, its tooltip.
Shown = tuple[tuple[str, Binding, bool, str], ...]


def shown_keys(active: Mapping[str, ActiveBinding]) -> Shown:
    """What Textual's footer would build from `active` (the screen's active bindings), as one comparable value."""
    return tuple((key, binding, enabled, tooltip) for key, (_node, binding, enabled, tooltip) in active.items())


def cells(widget: Widget, viewport: Size) -> int:
    """The columns `widget` takes in the footer's row: its text, padding, border and margins."""
    return widget.get_content_width(viewport, viewport) + widget.styles.gutter.width + widget.styles.margin.width


class KeyFooter(TextualFooter):
    """Textual's footer, whose keys hand back their last lines while they are not dirty."""

    def __init__(self, *, compact: bool = False, show_command_palette: bool = True) -> None:
        super().__init__(compact=compact, show_command_palette=show_command_palette)
        self._styles_cache = KeptLines()
        self._shown: Shown | None = None  # the keys the children show (None: none built yet)
        self._fitted: tuple[int, Shown | None] | None = None  # the width and keys `fit` last worked out

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            widget._styles_cache = KeptLines()
            yield widget

    async def recompose(self) -> None:
        """Build the keys again only if the screen's bindings would show other keys than those shown, and
        only while the footer can be seen: its screen is shown, or under a dialog (whose keys it then shows,
        as Textual's does). Under another view it would build that view's keys, unseen; it is asked again
        when its screen is back."""
        shown_screen = self.app.screen
        if self.screen is not shown_screen and not shown_screen.is_modal:
            return
        shown = shown_keys(self.screen.active_bindings)
        if shown == self._shown:
            return
        self._shown = shown
        await super().recompose()
        self.fit()

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Show the keys, in order, while each fits whole left of the palette key; hide the rest. Measuring
        a key renders it, so keys are measured again only for another width or other keys (a zoom resizes
        the footer's container, not the footer)."""
        width = self.size.width
        if width <= 0 or self._fitted == (width, self._shown):
            return
        self._fitted = (width, self._shown)
        keys = [w for w in self.children if not w.has_class("-command-palette")]
        room = width - sum(cells(w, self.size) for w in self.children if w.has_class("-command-palette"))
        kept = [key for key in keys if getattr(key, "action", None) in KEPT]
        used = sum(cells(key, self.size) for key in kept)  # help and quit are shown first, wherever they stand
        fits = True
        for key in keys:
            if key in kept:
                continue
            used += cells(key, self.size)
            fits = fits and used - key.styles.margin.right <= room
            key.display = fits
