"""The status header: which table, the text's figures, where we are, and what happens now."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..position import Position
from ..safe import visible


class Status(Widget):
    """Three lines that are always visible: table identity and figures, position, narration.

    All three reactives are bound from the encode screen: nothing writes to the header.
    """

    DEFAULT_CSS = """
    Status {
        height: 3;
        padding: 0 1;
        background: $boost;
    }
    """

    position: reactive[Position | None] = reactive(None, always_update=True)
    playing: reactive[bool] = reactive(False)
    busy: reactive[str] = reactive("")

    def watch_position(self) -> None:
        self._fit()

    def watch_busy(self) -> None:
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Grow or shrink to the lines the text wraps to (3 to 5); a layout only when that number changes."""
        width = self.content_size.width
        if width <= 0:
            return
        rows = max(3, min(5, len(self.render().wrap(self.app.console, width))))
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows

    def render(self) -> Text:
        view = self.position
        if view is None:
            return Text(self.busy or "no trace")
        text = Text()
        title, figures = f" {view.trace.table.title} ", view.figures
        text.append(title, style="bold reverse")
        # Title and figures share the first line when they fit; otherwise the figures go first on the next.
        fits = cell_len(title) + 2 + cell_len(figures) <= self.content_size.width
        text.append(f"  {figures}\n" if fits else f"\n{figures} · ")
        text.append(view.where, style="bold")
        if view.detail:
            text.append("  [scan detail]")
        if self.playing:
            text.append("  ▶ playing")
        if self.busy:
            text.append(f"  {self.busy}", style="italic")
        text.append("\n")
        text.append(visible(view.sentence))
        return text
