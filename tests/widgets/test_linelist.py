"""Lists paint no block of their own (issue 23, item 21): every cell of a list's rows, the padding after the
text included, is on the pane's background from the theme, in every theme the app offers; the marked row
(▶) has its own background the full width of the pane. Read from what reaches the terminal (the compositor)."""

from __future__ import annotations

import pytest
from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual.widget import Widget

from tests.app_support import make_app, opened, settle
from tui.widgets.linelist import LineList

MARK = "▶"


def cell_background(style: Style | None) -> tuple[bool, Color | None]:
    """What a cell is drawn on: (False, its background) or, reversed, (True, its foreground); None: the
    terminal's own colour. (An ANSI theme's background and foreground may both be the terminal's default.)"""
    if style is None:
        return False, None
    return (True, style.color) if style.reverse else (False, style.bgcolor)


def rows_of(pane: Widget, lines: list[list[Segment]]) -> list[tuple[str, list[tuple[bool, Color | None]]]]:
    """Each line of the pane's content (scrollbar left out) as its text and the background of each cell."""
    region = pane.scrollable_content_region if isinstance(pane, LineList) else pane.content_region
    out = []
    for y in range(region.y, region.bottom):
        text, backgrounds, x = "", [], 0
        for segment in lines[y]:
            for char in segment.text:
                if region.x <= x < region.right:
                    text += char
                    backgrounds.append(cell_background(segment.style))
                x += 1
        out.append((text, backgrounds))
    return out


@pytest.mark.parametrize(
    ("view", "pane"),
    [
        ("encode", "#pairs"),
        pytest.param("decode", "#decode-frames", marks=pytest.mark.slow),
        pytest.param("tables", "#tables-rules", marks=pytest.mark.slow),
    ],
)  # the same list pane in three views: the animator's in the default run, all three in CI's slow set
async def test_list_rows_take_the_panes_background_full_width_in_every_theme(view: str, pane: str) -> None:
    app = make_app()
    async with opened(app, view) as pilot:
        for _ in range(3):  # a frame where the pairs pane marks the pair this round merges
            await pilot.press("right")
        await settle(app, pilot)
        for theme in list(app.available_themes):  # what T cycles through
            app.theme = theme
            await pilot.pause()
            await pilot.pause()
            widget = app.screen.query_one(pane)
            background = (False, widget.background_colors[1].rich_color)
            rows = rows_of(widget, app.screen._compositor.render_strips())
            marked = [(text, cells) for text, cells in rows if text.startswith(MARK)]
            assert len(marked) == 1, (theme, [text for text, _ in rows])
            text, cells = marked[0]
            assert len(set(cells)) == 1 and cells[0] not in ((False, None), background), (theme, text, set(cells))
            for text, cells in rows:
                if not text.startswith(MARK):
                    assert cells == [background] * len(cells), (theme, text, [c for c in cells if c != background][:3])


@pytest.mark.slow  # a long app run: CI runs it with the slow set
async def test_the_training_panes_take_each_new_themes_background() -> None:
    """T in the Training view: the side panes drop the lines drawn in the old theme (they kept them, a dark
    block in a light theme); only what is reversed (the marked pieces, the plot's bars) has its own colour."""
    app = make_app()
    async with opened(app, "train") as pilot:
        for theme in list(app.available_themes):
            app.theme = theme
            await pilot.pause()
            await pilot.pause()
            for pane in app.screen.query("SidePane"):
                background = (False, pane.background_colors[1].rich_color)
                for text, cells in rows_of(pane, app.screen._compositor.render_strips()):
                    assert all(c == background for c in cells if not c[0]), (theme, pane.id, text)
