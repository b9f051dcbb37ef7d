"""What every animator pane shares: it is given the current Position and redraws only when the part it shows changes."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..explain.position import Position
from .strips import Row, StripRows, retitle, rows_text


class FollowsPosition:
    """Mixed into a pane (a plain widget or a line list): `position` is bound from its screen.

    `key` says what the pane's picture depends on; `changed` runs only when that changes, so a step
    that leaves a pane's picture as it is costs that pane nothing.
    """

    position: reactive[Position | None] = reactive(None, always_update=True, repaint=False)
    _shown: object = None

    def key(self, position: Position) -> object:
        """What this pane's picture depends on; by default the whole position."""
        return (id(position.trace), position.index, position.step, position.detail)

    def watch_position(self, position: Position | None) -> None:
        if position is None:
            return
        key = self.key(position)
        if key != self._shown:
            self._shown = key
            self.changed(position)

    def changed(self, position: Position) -> None:  # pragma: no cover - each pane redraws itself
        """The part of `position` this pane shows has changed."""


class Pane(FollowsPosition, Widget):
    """A bordered pane drawn from its position at its current size (the look is in global.tcss)."""

    TITLE = ""
    SUBTITLE = ""  # e.g. the keys that move what the pane shows

    def on_mount(self) -> None:
        retitle(self, title=self.TITLE, subtitle=self.SUBTITLE or None)

    def describe(self, position: Position) -> None:
        """Update titles for a new position (override); rendering happens in `draw`."""

    def render(self) -> Text:
        """The pane's picture as one Text (what it shows, for tests and a plain render)."""
        if self.position is None:
            return Text("")
        return rows_text(self.draw(self.position, max(self.content_size.width, 1), max(self.content_size.height, 1)))

    def draw(self, position: Position, width: int, height: int) -> list[Row]:  # pragma: no cover - abstract
        """The picture's rows at this size, each cut at the edge when drawn (see strips.Row)."""
        raise NotImplementedError


class LinePane(Pane, StripRows):
    """A pane drawn with the line API: the rows `draw` gives become strips once per change, and only
    the rows that differ from what is on screen are repainted."""

    def changed(self, position: Position) -> None:
        self.describe(position)
        self.redraw()

    def rows(self, width: int, height: int) -> Sequence[Text | Row] | None:
        if self.position is None:
            return None
        return self.draw(self.position, width, height)[:height]
