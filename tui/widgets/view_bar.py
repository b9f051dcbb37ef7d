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


class ViewBar(Widget):
    """One line: the five views with their keys (the current one reversed and in brackets), then the table."""

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
        # Every label with a space either side when it fits; else one space between; else the other
        # views by their keys alone, so the current one shows whole.
        roomy = sum(len(v.key) + len(v.label) + 3 for v in VIEWS) <= self.size.width
        short = sum(len(v.key) + len(v.label) + 2 for v in VIEWS) > self.size.width
        for name, key, label in ((v.name, v.key, v.label) for v in VIEWS):
            start = text.cell_len
            if name == self.current:
                text.append(f"[{key} {label}]", style="bold reverse")
            else:
                text.append(f" {key} {label} " if roomy else f" {key} " if short else f"{key} {label} ")
            self._spans.append((start, text.cell_len, name))
        room = self.size.width - text.cell_len - 2
        if self.note and room > 8:
            text.append("  ")
            text.append(clip(self.note, room), style="italic")
        return text

    def on_click(self, event: events.Click) -> None:
        for start, end, name in self._spans:
            if start <= event.x < end:
                self.post_message(ViewRequested(name))
