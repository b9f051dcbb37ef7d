"""Driving the app in-process: build it, feed it a text through the editor, wait, and look at the screen."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.app_support import Notes, make_app, opened, screen_text, settle, until
from tui.app import BpeApp
from tui.screens.dialogs import EditBox, EditScreen
from tui.widgets.status import Status

from .terminal import screen_output, terminal_problems

__all__ = [
    "Notes",
    "assert_alive",
    "assert_screen_clean",
    "header_lines",
    "make_app",
    "opened",
    "screen_text",
    "settle",
    "type_text",
    "until",
]


async def type_text(app: BpeApp, pilot: Pilot, text: str, *, submit: bool = True, paste: bool = True) -> None:
    """Open the editor (e), put `text` in it, and apply it (enter).

    With `paste` the box's text is replaced as a paste would; without, `text` becomes the draft the
    editor opens with (exact, even for line breaks the editor would normalise).
    """
    if not paste:
        app.draft = text
    await pilot.press("e")
    await pilot.pause()
    assert isinstance(app.screen, EditScreen)
    box = app.screen.query_one(EditBox)
    if paste:
        box.text = text
    await pilot.pause()
    assert_screen_clean(app)
    if submit:
        await pilot.press("enter")
        await settle(app, pilot)


def assert_screen_clean(app: BpeApp, where: str = "") -> None:
    """What the app would write to draw its whole screen now holds nothing raw (see terminal.py); `where` names the
    case in a failure ('decode at 60x18')."""
    problems = terminal_problems(screen_output(app))
    assert problems == [], (where, problems[:5])


def assert_alive(app: BpeApp, where: str = "") -> None:
    assert app._exception is None, (where, app._exception)
    assert app.is_running, where


def header_lines(app: BpeApp) -> list[str]:
    return str(app.query_one(Status).render()).split("\n")
