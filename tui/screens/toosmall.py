"""What the app shows when the terminal is smaller than the smallest layout it supports, and when."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from ..commands import QUIT, bindings

#: The smallest terminal every view is laid out for (columns, rows).
MIN_SIZE = Size(60, 18)


def too_small(size: Size) -> bool:
    return size.width < MIN_SIZE.width or size.height < MIN_SIZE.height


def size_sentence(size: Size) -> str:
    """'bpe-tui needs at least 60x18 cells; this terminal is 40x15.' and what to do."""
    return (
        f"bpe-tui needs at least {MIN_SIZE.width}x{MIN_SIZE.height} cells; this terminal is {size.width}x{size.height}."
        " Enlarge it or use a smaller font; q quits."
    )


class TooSmallScreen(Screen[None]):
    """One sentence in place of every view until the terminal is large enough; the views keep their state below."""

    BINDINGS = bindings((QUIT,))
    CSS_PATH = "toosmall.tcss"

    def __init__(self, size: Size) -> None:
        super().__init__()
        self._size = size

    def compose(self) -> ComposeResult:
        yield Static(size_sentence(self._size), markup=False)

    def show(self, size: Size) -> None:
        self._size = size
        self.query_one(Static).update(size_sentence(size))


def fit(app: App[Any], size: Size) -> None:
    """Below the smallest supported size one sentence replaces the views (kept below, as they were)."""
    screen = app.screen
    if too_small(size):
        if isinstance(screen, TooSmallScreen):
            screen.show(size)
        else:
            app.push_screen(TooSmallScreen(size))
    elif isinstance(screen, TooSmallScreen):
        app.pop_screen()
