"""The base of every pane: it holds the View it was given and draws it at its current size."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..view import View


class Pane(Widget):
    """A bordered pane that re-renders whenever its `view` changes or it is resized."""

    DEFAULT_CSS = """
    Pane {
        border: round $primary 60%;
        border-title-color: $text;
        border-title-style: bold;
        padding: 0 1;
        height: 1fr;
    }
    """

    view: reactive[View | None] = reactive(None, layout=False, always_update=True)
    TITLE = ""

    def on_mount(self) -> None:
        self.border_title = self.TITLE

    def show(self, view: View) -> None:
        """Take `view` if it changes what this pane draws (see `key`); otherwise keep the picture."""
        if self.view is None or self.key(view) != self.key(self.view):
            self.view = view

    def key(self, view: View) -> object:
        """What this pane's picture depends on; by default the whole position."""
        return (id(view.trace), view.index, view.step, view.detail)

    def watch_view(self, view: View | None) -> None:
        if view is not None:
            self.describe(view)

    def describe(self, view: View) -> None:
        """Update titles for a new view (override); rendering happens in `draw`."""

    def render(self) -> RenderableType:
        if self.view is None:
            return Text("")
        width = max(self.content_size.width, 1)
        height = max(self.content_size.height, 1)
        return self.draw(self.view, width, height)

    def draw(self, view: View, width: int, height: int) -> RenderableType:  # pragma: no cover - abstract
        raise NotImplementedError
