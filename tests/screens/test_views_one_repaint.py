"""A move in the Decode and Aliases views reaches the screen in one repaint, with no new layout.

What a view shows about the row under its cursor is worked out by a watcher of the cursor, in the
key's own handler (a message would be read after the list's repaint, and its own repaint would wait
for Textual's next 60 Hz tick: 30 ms a key), and a panel whose height stays the same is repainted
without laying the screen out again (15-30 ms a key at 120x40).
"""

from __future__ import annotations

import pytest

from tests.app_support import cafe_app, count_layouts, open_view, opened, screen_text, settle, submit
from tui.screens.aliases import AliasGrid
from tui.screens.decode import FramesList
from tui.widgets.code import DecodeCode
from tui.widgets.decode_panels import DecodeSummary
from tui.widgets.text_panel import TextPanel


async def test_a_decode_move_redraws_the_panels_in_its_own_handler_without_a_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    app = cafe_app()
    async with opened(app, size=(120, 40)) as pilot:
        screen = await open_view(app, pilot, "2")
        frames = screen.query_one(FramesList)
        summary, code = screen.query_one(DecodeSummary), screen.query_one(DecodeCode)
        frames.cursor = 5  # no await: the panels already show token 6
        assert summary.rows(summary.content_size.width, 10)[0][0] == ("token 6/8: ", "bold")
        assert "↳ i=254  alias='ł'" in str(code.render())
        await settle(app, pilot)
        mapped = count_layouts(monkeypatch)
        for key in ("down", "up", "up", "up"):
            await pilot.press(key)
            await settle(app, pilot)
        assert frames.cursor == 3 and mapped == []
        assert "token 4/8: id 220 → 'Ġ' → 20 → ✓ complete alone" in screen_text(app)
        height = code.size.height
        await pilot.press("end")  # the last token's line also says what decode returns: one row more
        await settle(app, pilot)
        assert code.size.height == height + 1 and mapped != []


async def test_an_aliases_move_describes_the_byte_in_its_own_handler_without_a_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    app = cafe_app()
    async with opened(app, size=(120, 40)) as pilot:
        screen = await open_view(app, pilot, "3")
        grid = screen.query_one(AliasGrid)
        grid.action_move(1)  # no await: the side panel already describes byte 33
        assert str(screen.query_one("#aliases-side").render()).startswith("byte 33 = 0x21 '!'")
        await settle(app, pilot)
        mapped = count_layouts(monkeypatch)
        for key in ("right", "down", "left", "up", "end"):
            await pilot.press(key)
            await settle(app, pilot)
        assert grid.selected == 255 and mapped == []
        assert "byte 255 = 0xff" in screen_text(app) and "F_ ▸" in screen_text(app)


async def test_under_the_grid_the_aliases_panel_always_fits_its_text() -> None:
    """At 60x18 the side panel sits under the grid, as tall as its text up to eight rows: moving between a
    moved byte, a kept one and the bytes of a lookup follows its wrapped lines, and the byte and the
    lookup's first line are always in sight."""
    app = cafe_app()
    async with opened(app, size=(60, 18)) as pilot:
        screen = await open_view(app, pilot, "3")
        side = screen.query_one("#aliases-side", TextPanel)
        assert screen.has_class("-narrow")
        heights = set()
        for key in ("right", "left", "left", "down", "end", "home", "你好", "97"):
            if key.isalpha() and key.isascii():
                await pilot.press(key)
            else:
                await submit(pilot, "#aliases-find", key)  # a lookup adds its lines, a byte number drops them
            await settle(app, pilot)
            lines = side.lines(side.content_size.width)
            assert side.size.height == min(len(lines), 6) > 5  # its lines, six at most (eight rows with its border)
            assert lines[0].plain.startswith("byte ") and lines[0].plain in screen_text(app)
            heights.add(len(lines))
        assert len(heights) > 1  # the texts differ in length, and the panel followed them
