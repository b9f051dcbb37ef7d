"""A pane's repainted rows framed cheaply: border and padding worked out once per repaint, not per row.

Textual's styles cache frames every repainted row on its own: it reads the border, outline, gutter
and padding styles again and builds the border cells' styles again, about 45 µs a row, more than
the row itself costs us, and a step repaints 50 to 80 rows of the animator. `FramedLines` works the
border out once per repaint, with Textual's own box segments, and builds each content row from it.
The top and bottom borders (the titles) and any look other than a full border with side padding (an
outline, tint, opacity, hatch, text opacity, padding above or below) are left to Textual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.terminal_theme import TerminalTheme
from textual._border import get_box
from textual._styles_cache import RenderLineCallback, StylesCache
from textual.color import Color
from textual.content import Content
from textual.geometry import Region, Size, Spacing
from textual.strip import Strip
from textual.style import Style

if TYPE_CHECKING:
    from textual.css.styles import StylesBase
    from textual.widget import Widget

Label = tuple[Content, Color, Color, Style]


class RowBorder(NamedTuple):
    """What Textual puts around a content row: the border cells, the padding and the inner style."""

    left: Segment
    right: Segment
    pad: Segment | None
    inner: RichStyle


class KeptLines(StylesCache):
    """A widget's styles cache that hands back its last lines as they are while none of them is dirty:
    Textual asks every widget on screen for all its lines on every repaint, however few changed."""

    _last: tuple[tuple[object, ...], list[Strip]] | None = None

    def render_widget(self, widget: Widget, crop: Region) -> list[Strip]:
        base_background, background = widget.background_colors
        key = (
            crop,
            widget.size,
            base_background,
            background,
            widget._border_title,
            widget._border_subtitle,
            tuple(widget.get_line_filters()),
            widget.hover_style if widget.auto_links else None,
        )
        last = self._last
        if last is not None and not self._dirty_lines and last[0] == key:
            return last[1]
        strips = self.render_anew(widget, crop, base_background, background)
        self._last = (key, strips)
        return strips

    def render_anew(self, widget: Widget, crop: Region, base_background: Color, background: Color) -> list[Strip]:
        return super().render_widget(widget, crop)

    def clear(self) -> None:
        super().clear()
        self._last = None


class BackgroundLines(KeptLines):
    """A view screen's lines. An opaque screen draws its background colour and nothing else, so its lines
    depend on the key alone, however often Textual marks them dirty (every layout: a switch, a zoom)."""

    _opaque = False

    def render_widget(self, widget: Widget, crop: Region) -> list[Strip]:
        self._opaque = widget.styles.background.a == 1
        if self._opaque:
            self._dirty_lines.clear()
        return super().render_widget(widget, crop)

    def clear(self) -> None:
        """A refresh marks every line dirty: the lines are kept (the key says when they differ)."""
        if self._opaque:
            StylesCache.clear(self)
        else:
            super().clear()


class FramedLines(KeptLines):
    """KeptLines whose content rows are framed from one RowBorder per repaint."""

    _border: RowBorder | None = None

    def render_anew(self, widget: Widget, crop: Region, base_background: Color, background: Color) -> list[Strip]:
        self._border = self.border(widget.styles, base_background, background, widget.opacity)
        try:
            return super().render_anew(widget, crop, base_background, background)
        finally:
            self._border = None

    def border(self, styles: StylesBase, base_background: Color, background: Color, opacity: float) -> RowBorder | None:
        """The border and padding Textual would draw around a content row, or None for a look it is not made for."""
        if opacity != 1.0 or styles.text_opacity != 1.0 or styles.tint.a or (styles.has_rule("hatch") and styles.hatch != "none"):
            return None
        (top, _), (right_edge, right_color), (bottom, _), (left_edge, left_color) = styles.border
        if not (top and bottom and left_edge and right_edge) or any(edge for edge, _ in styles.outline):
            return None
        pad_top, pad_right, pad_bottom, pad_left = styles.padding
        if pad_top or pad_bottom or pad_left != pad_right:
            return None
        inner, outer = self.get_inner_outer(base_background, background)
        left = get_box(left_edge, inner, outer, Style(foreground=base_background + left_color))[1][0]
        right = get_box(right_edge, inner, outer, Style(foreground=base_background + right_color))[1][2]
        inner_style = inner.rich_style
        return RowBorder(left, right, Segment(" " * pad_left, inner_style) if pad_left else None, inner_style)

    def render_line(
        self,
        styles: StylesBase,
        y: int,
        size: Size,
        content_size: Size,
        padding: Spacing,
        base_background: Color,
        background: Color,
        render_content_line: RenderLineCallback,
        border_title: Label | None,
        border_subtitle: Label | None,
        opacity: float,
        ansi_theme: TerminalTheme,
        native_ansi: bool,
    ) -> Strip:
        border = self._border
        if border is None or y == 0 or y >= size.height - 1:
            return super().render_line(
                styles,
                y,
                size,
                content_size,
                padding,
                base_background,
                background,
                render_content_line,
                border_title,
                border_subtitle,
                opacity,
                ansi_theme,
                native_ansi,
            )
        if y - 1 < content_size.height:
            line = render_content_line(y - 1).adjust_cell_length(content_size.width, border.inner)
        else:
            line = Strip.blank(content_size.width, border.inner)
        if border.pad is None:
            return Strip([border.left, *line, border.right], size.width)
        return Strip([border.left, border.pad, *line, border.pad, border.right], size.width)
