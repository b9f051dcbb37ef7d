"""The editor as it is typed in, key by key: every character a user types reaches the text."""

from __future__ import annotations

from textual import events
from textual.keys import _character_to_key
from textual.pilot import Pilot

from tests.app_support import make_app, opened, screen_text, settle
from tui.app import BpeApp
from tui.screens.dialogs import EditBox, EditScreen

FAMILY = "My family 👩\u200d👩\u200d👧 loves 🏳\ufe0f\u200d🌈!"


async def type_keys(app: BpeApp, pilot: Pilot, text: str) -> None:
    """Each character as a terminal sends it: a key event carrying the character (Pilot's `press`
    cannot name ZWJ or VS16, it would send the key without its character)."""
    for character in text:
        key = _character_to_key(character) if not character.isalnum() else character
        app.post_message(events.Key(key, character))
        await pilot.pause()


async def test_typed_format_characters_reach_the_text() -> None:
    """ZWJ and VS16 typed key by key stay in the text: 50 UTF-8 bytes, the bytes `--text` would give."""
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("e")
        box = app.screen.query_one(EditBox)
        box.clear()
        await type_keys(app, pilot, FAMILY)
        assert box.text == FAMILY
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.position is not None
        assert len(app.position.trace.text.encode()) == 50
        assert app.position.trace.text == FAMILY


async def test_typed_soft_hyphen_nbsp_zwnj_and_lrm_stay_and_controls_do_not() -> None:
    """Soft hyphen, NBSP, ZWNJ and LRM are typed into the text; a C1 control (NEL) is not."""
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("e")
        box = app.screen.query_one(EditBox)
        box.clear()
        await type_keys(app, pilot, "a\u00adb\u00a0c\u200cd\u200ee\x85f")
        assert isinstance(app.screen, EditScreen)
        assert box.text == "a\u00adb\u00a0c\u200cd\u200eef"


async def test_ctrl_a_selects_all_and_typing_replaces_it() -> None:
    """ctrl+a selects the whole text (not the line start): a typed x replaces all of it."""
    app = make_app("abc\ndef")
    async with opened(app) as pilot:
        await pilot.press("e", "ctrl+a")
        box = app.screen.query_one(EditBox)
        assert box.selected_text == "abc\ndef"
        await pilot.press("x")
        assert box.text == "x"


async def test_ctrl_l_clears_the_text_and_ctrl_z_brings_it_back() -> None:
    app = make_app("aaababcabxyz")
    async with opened(app) as pilot:
        await pilot.press("e", "ctrl+l")
        box = app.screen.query_one(EditBox)
        assert box.text == ""
        await pilot.press("ctrl+z")
        assert box.text == "aaababcabxyz"


async def test_the_editor_lists_select_all_and_clear() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("e")
        hint = str(app.screen.query_one("Label.hint").render())
        assert "ctrl+a: select all" in hint and "ctrl+l: clear" in hint


async def test_the_editor_keys_all_show_at_80_columns() -> None:
    """The key line is two lines, so at 80 columns nothing of it is cut off (escape: cancel included)."""
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("e")
        shown = screen_text(app)
        for part in (
            "enter: apply",
            "ctrl+j: new line",
            "escape: cancel",
            "ctrl+a: select all",
            "ctrl+l: clear",
            "at most 1,000,000 characters",
        ):
            assert part in shown, part
