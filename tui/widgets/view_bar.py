"""The view bar: one line at the top of every view after the animator naming the views and their keys (the current
one reversed and in brackets), then the table; a click on a view's name asks for it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.widget import Widget

from ..commands import VIEWS
from ..messages import ViewRequested
from .text import clip

#: The cells the table's note is left when the views' labels do not all fit.
NOTE_ROOM = 24


class ViewBar(Widget):
    """One line: the views with their keys (the current one reversed and in brackets), then the table."""

    DEFAULT_CSS = """
    ViewBar { height: 1; background: $boost; }
    """

    current: reactive[str] = reactive("encode")
    note: reactive[str] = reactive("")

    def __init__(self, current: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(ViewBar.current, current)
        self._spans: list[tuple[int, int, str]] = []

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        self._spans = []
        for name, shown in self.entries(self.size.width):
            start = text.cell_len
            text.append(shown, style="bold reverse" if name == self.current else "")
            self._spans.append((start, text.cell_len, name))
        room = self.size.width - text.cell_len - 2
        if self.note and room > 8:
            text.append("  ")
            text.append(clip(self.note, room), style="italic")
        return text

    def entries(self, width: int) -> list[tuple[str, str]]:
        """(view, what the bar shows for it): every label with a space either side when it fits; else one space
        between; else the current view whole, the others' labels nearest it first while they leave the table's
        note NOTE_ROOM cells, and the rest by their keys alone."""
        if sum(len(v.key) + len(v.label) + 3 for v in VIEWS) <= width:
            return [(v.name, f"[{v.key} {v.label}]" if v.name == self.current else f" {v.key} {v.label} ") for v in VIEWS]
        if sum(len(v.key) + len(v.label) + 2 for v in VIEWS) <= width:
            return [(v.name, f"[{v.key} {v.label}]" if v.name == self.current else f"{v.key} {v.label} ") for v in VIEWS]
        at = next((n for n, v in enumerate(VIEWS) if v.name == self.current), 0)
        used = sum(len(v.key) + 1 for v in VIEWS) + len(VIEWS[at].label) + 2 + (NOTE_ROOM if self.note else 0)
        labelled = {at}
        for n in sorted(range(len(VIEWS)), key=lambda n: (abs(n - at), -n)):
            if n not in labelled:
                if used + len(VIEWS[n].label) + 1 > width:
                    break
                used += len(VIEWS[n].label) + 1
                labelled.add(n)
        return [
            (v.name, f"[{v.key} {v.label}]" if n == at else f"{v.key} {v.label} " if n in labelled else f"{v.key} ")
            for n, v in enumerate(VIEWS)
        ]

    def on_click(self, event: events.Click) -> None:
        for start, end, name in self._spans:
            if start <= event.x < end:
                self.post_message(ViewRequested(name))
