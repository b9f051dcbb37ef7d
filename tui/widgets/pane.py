"""What every animator pane shares: it is given the current Position and redraws only when the part it shows changes."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ..position import Position


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
        self.border_title = self.TITLE
        if self.SUBTITLE:
            self.border_subtitle = self.SUBTITLE

    def changed(self, position: Position) -> None:
        self.describe(position)
        self.refresh()

    def describe(self, position: Position) -> None:
        """Update titles for a new position (override); rendering happens in `draw`."""

    def render(self) -> RenderableType:
        if self.position is None:
            return Text("")
        width = max(self.content_size.width, 1)
        height = max(self.content_size.height, 1)
        return self.draw(self.position, width, height)

    def draw(self, position: Position, width: int, height: int) -> RenderableType:  # pragma: no cover - abstract
        raise NotImplementedError


class LinePane(Pane):
    """A pane drawn with the line API: its picture becomes strips once per change, and only the rows
    that differ from what is on screen are repainted (a whole-pane repaint costs Textual every line)."""

    _strips: list[Strip] | None = None
    _drawn_for: tuple[int, int] | None = None

    def changed(self, position: Position) -> None:
        self.describe(position)
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        """Draw the picture again; repaint the whole pane after a resize, else only the changed rows."""
        width, height = self.content_size.width, self.content_size.height
        old, self._strips = self._strips, self._build(width, height)
        if old is None or self._strips is None or self._drawn_for != (width, height):
            self._drawn_for = (width, height)
            self.refresh()
            return
        for y, strip in enumerate(self._strips):
            if list(old[y]) != list(strip):
                self.refresh(Region(0, y, width, 1))

    def _build(self, width: int, height: int) -> list[Strip] | None:
        """The pane's rows as strips (no wrapping, cut with … at the edge)."""
        if self.position is None or width < 1 or height < 1:
            return None
        base = self.rich_style  # padding carries the widget's style (NO_COLOR, browsers)
        console = self.app.console
        picture = self.draw(self.position, width, height)
        assert isinstance(picture, Text), "a line pane draws a Text"
        strips = []
        for line in picture.split("\n", allow_blank=True)[:height]:
            line.no_wrap = True
            line.truncate(width, overflow="ellipsis")
            segments = [s for s in line.render(console) if s.text != "\n"]
            strips.append(Strip(segments).apply_style(base).crop(0, width))  # Textual pads each row as it does any pane's
        return strips + [Strip.blank(width, self.visual_style.rich_style)] * (height - len(strips))  # as Textual fills below a picture

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size.width, self.content_size.height
        if self._strips is None or self._drawn_for != (width, height):
            self._strips, self._drawn_for = self._build(width, height), (width, height)
        strips = self._strips or []
        return strips[y] if y < len(strips) else Strip.blank(width, self.rich_style)
