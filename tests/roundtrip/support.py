"""Helpers: build the app on a text, switch views, read the whole screen as plain text."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input

from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import get_table

CAFE = "café 你好"
CAFE_IDS = [66, 1878, 2634, 220, 19526, 254, 25001, 121]


def make_app(text: str = CAFE, table: str = "gpt2", *, quiet: bool = False) -> BpeApp:
    """The app as `bpe-tui --table TABLE --text TEXT` opens it; `quiet` switches toasts off (for pictures)."""
    app = BpeApp(capture(text, get_table(table)))
    if quiet:
        app._disable_notifications = True
    return app


def screen_text(app: BpeApp) -> str:
    """Everything the terminal shows now, one line per row, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def submit(pilot: Pilot, selector: str, value: str) -> None:
    """Focus the input `selector` with /, give it `value` (not typed key by key: faster), press enter."""
    await pilot.press("slash")
    pilot.app.screen.query_one(selector, Input).value = value
    await pilot.press("enter")
    await pilot.pause()


async def type_ids(pilot: Pilot, ids: str) -> None:
    """In the Decode view: enter `ids` in the ids input."""
    await submit(pilot, "#decode-ids", ids)
