"""The presenter keys' peer: a bare Textual app of two screens, each of five bordered panes of text and a
footer (the animator's shape, none of our code), at the tour's size. `]` shows the other screen (pushed
and popped, installed once, as our views are), `z` maximizes the focused pane with Textual's own
maximize and puts it back. What Textual itself costs for a view switch and a zoom on this machine."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Static

LINES = "\n".join(f"line {n}: the quick brown fox jumps over the lazy dog {n * 7919 % 50257}" for n in range(30))


class Pane(Static, can_focus=True):
    DEFAULT_CSS = "Pane { border: round $primary; height: 1fr; width: 1fr; } Pane:focus { border: round $accent; }"


class PaneScreen(Screen[None]):
    def __init__(self, name: str) -> None:
        super().__init__()
        self.label = name

    def compose(self) -> ComposeResult:
        yield Static(f"screen {self.label} · five panes")
        yield Pane(f"{self.label} chunks\n{LINES}")
        with Horizontal():
            yield Pane(f"{self.label} word\n{LINES}")
            yield Pane(f"{self.label} pairs\n{LINES}")
        yield Pane(f"{self.label} ids\n{LINES}")
        yield Footer()


class PeerViews(App[None]):
    BINDINGS = [("right_square_bracket", "switch", "other screen"), ("z", "zoom", "zoom"), ("q", "quit", "quit")]
    switches = 0

    def on_mount(self) -> None:
        self.install_screen(PaneScreen("b"), "b")
        self.push_screen(PaneScreen("a"))

    def action_switch(self) -> None:
        self.switches += 1
        if isinstance(self.screen, PaneScreen) and self.screen.label == "b":
            self.pop_screen()
        else:
            self.push_screen("b")

    def action_zoom(self) -> None:
        screen = self.screen
        if screen.maximized is not None:
            screen.minimize()
        elif screen.focused is not None:
            screen.maximize(screen.focused)
