"""Views restyle only the widgets a change can reach, where Textual restyles the whole screen.

Textual works out every widget's styles again (every rule matched against every widget) in two
places where a view needs far less:

- **A view shown again** (about a third of a switch between views): a theme or stylesheet change
  made while a screen is out of the stack does not reach it, so Textual restyles it on its return
  every time. A view remembers what its styles were worked out under (the theme, the ANSI colours,
  whether the app has the focus, the stylesheet) and asks for that only when one of them differs; a
  class set on one of its widgets while it was away restyled that widget then, as every class does.
- **z, zoom** (about half of it): the screen's `-maximized-view` class is a class of the screen, so
  Textual restyles the screen and everything in it. The rules that read it (Textual's and
  global.tcss) style the screen and the zoomed widget only, which gets its `-maximized` class (and
  is restyled by it) right after: a view restyles the screen alone.

And a view's own lines (its background) are drawn once per size and colour (BackgroundLines), not
after every layout.
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.screen import Screen
from textual.widget import Widget

from ..widgets.styles_cache import BackgroundLines


def styled_under(app: App[Any]) -> tuple[object, ...]:
    """What a screen's styles depend on beyond its own widgets' classes."""
    return app.theme, app.current_theme, app.ansi_color, app.app_focus, app.stylesheet, len(app.stylesheet.source)


class KeptStyles(Screen[None]):
    """A screen that restyles only what a return or a zoom can change."""

    _styled: tuple[object, ...] | None = None

    def __init__(self) -> None:
        super().__init__()
        self._styles_cache = BackgroundLines()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        """Runs before Screen's own handler (Textual calls the handlers of the class first, then of its bases)."""
        under = styled_under(self.app)
        if under == self._styled:
            event.refresh_styles = False
        self._styled = under

    def _watch_maximized(self, previously_maximized: Widget | None, maximized: Widget | None) -> None:
        """Screen's watcher (the same classes), with the screen's class restyling the screen alone."""
        self.set_class(maximized is not None, "-maximized-view", update=False)
        self.app.stylesheet.update_nodes([self])
        if previously_maximized is not None:
            previously_maximized.remove_class("-maximized")
        if maximized is not None:
            maximized.add_class("-maximized")
