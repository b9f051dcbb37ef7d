"""Bad text in the app: nothing crashes, nothing raw reaches the terminal, markup is shown literally.

In-process, the string the app would write to draw its whole screen is checked after every step
(apphelp.assert_screen_clean); test_terminal.py checks the real bytes of the real app in a pty.
"""

from __future__ import annotations

import json

import pytest
from textual.widgets.text_area import Document

from tui.engine.bpe import capture
from tui.engine.tables import get_table, table_cycle
from tui.engine.tracefile import save
from tui.messages import PairPicked
from tui.safe import visible
from tui.widgets.chunks import ChunksPane

from .apphelp import Notes, assert_alive, assert_screen_clean, make_app, opened, screen_text, settle, type_text, until
from .hostile import ALL_ESCAPES, EVERYTHING, HOSTILE, LONG_LINE, SURROGATES

CONTROLS = HOSTILE["nul"] + HOSTILE["del"] + HOSTILE["c0 controls"] + HOSTILE["c1 controls"]
#: The escape payloads are tested one by one in a real terminal (test_terminal.py); here together.
TEXTS = {
    "controls": CONTROLS,
    "escapes": ALL_ESCAPES,
    **{name: HOSTILE[name] for name in ("bidi override", "zero-width joiners", "combining tower", "markup", "whitespace only")},
    "everything": EVERYTHING,
    "100,000-character line": LONG_LINE,
    "empty": "",
}
KEYS = ["end", "home", "pagedown", "shift+right", "d", "right", "right", "left", "r", "end"]


#: The default run takes the texts whose mix holds every other (and the two edges); CI's slow set takes each alone too.
ALONE = ("controls", "escapes", "bidi override", "zero-width joiners", "combining tower", "markup", "whitespace only")


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow if name in ALONE else ()) for name in TEXTS])
async def test_every_hostile_text_through_the_editor(name: str) -> None:
    """The text goes in through the editor and is stepped through under every table (t switches);
    after every step the app is alive, and its screen holds no raw control, escape or bidi character.
    One text per test, so each has the whole time limit of one."""
    text = TEXTS[name]
    app = make_app("abc", "teaching")
    async with opened(app, size=(100, 30), notifications=True) as pilot:
        await type_text(app, pilot, text, paste=Document(text).text == text)
        assert_alive(app)
        assert app.draft == text
        if text:
            assert app.position.trace.text == text
        cycle = table_cycle()
        for table in [*cycle[1:], cycle[0]]:  # every table `t` reaches (the modern ones too), back to the first
            for key in KEYS:
                await pilot.press(key)
                assert_alive(app)
            assert_screen_clean(app)
            await pilot.press("t")
            await settle(app, pilot)
            assert app.position.trace.table.name == table and app.draft == text
            assert_screen_clean(app)


async def test_empty_text_in_the_editor_changes_nothing() -> None:
    """The empty text has no frames: applying it warns, keeps the trace shown, and keeps the draft."""
    app = make_app("abc")
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        before = app.position
        await type_text(app, pilot, "")
        assert_alive(app)
        assert app.position is before
        assert app.draft == ""
        assert any("empty" in n.message for n in notes.all)
        assert "empty" in screen_text(app)


@pytest.mark.parametrize("text", SURROGATES.values(), ids=SURROGATES.keys())
async def test_lone_surrogate_in_the_editor(text: str) -> None:
    """A lone surrogate typed into the editor: one sentence naming it, the trace kept, the draft kept."""
    app = make_app("abc")
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        before = app.position
        await type_text(app, pilot, text)
        assert_alive(app)
        assert app.position is before and app.draft == text
        errors = [n.message for n in notes.all if n.severity == "error"]
        assert len(errors) == 1 and "lone surrogate U+" in errors[0], errors
        assert_screen_clean(app)
        # the editor opens again on the draft, surrogate and all, and draws it safely
        await pilot.press("e")
        await pilot.pause()
        assert app.screen.query_one("EditBox").text == text
        assert_screen_clean(app)


def chunks_shown(app) -> str:  # type: ignore[no-untyped-def]
    """The chunks pane as drawn on the screen, without its separators and padding."""
    pane = app.query_one(ChunksPane)
    region = pane.content_region
    lines = screen_text(app).split("\n")[region.y : region.bottom]
    shown = "".join(line[region.x : region.right] for line in lines)
    return "".join(ch for ch in shown if ch not in " │⟦⟧↺¹")


@pytest.mark.parametrize("table", ["teaching", "gpt2"])
async def test_markup_like_text_is_shown_literally(table: str) -> None:
    """'[bold]', '[/]', '[link=…]' and '[@click=…]' reach the screen as the characters typed."""
    text = HOSTILE["markup"]
    app = make_app(text, table)
    async with opened(app, size=(160, 40), notifications=True) as pilot:
        await pilot.press("c")  # the code pane off: the chunks pane has the width for the whole text
        assert chunks_shown(app) == visible(text, space="·")
        for key in ["pagedown"] * 12 + ["end"]:
            await pilot.press(key)
            assert_alive(app)
        assert chunks_shown(app) == visible(text, space="·")
        assert_screen_clean(app)


async def test_notifications_quote_markup_and_escapes_literally(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A trace file whose format field is markup and escapes, and a click on the pair ('[', '/]'):
    the notifications show those characters as typed (Textual would otherwise parse them, and '[/]' raises)."""
    bad = tmp_path / "bad[bold].json"
    bad.write_text(json.dumps({"format": "[/]x[@click=app.quit]y\x1b]0;pwned\x07"}), encoding="utf-8")
    app = make_app("[/]", "gpt2")
    async with opened(app, size=(160, 40), notifications=True) as pilot:
        app.open_file(bad)
        await settle(app, pilot)
        app.post_message(PairPicked(0, ("[", "/]"), 123))
        app.post_message(PairPicked(1, ("[/", "]"), None))
        await until(pilot, lambda: len(app.screen.query("Toast")) >= 3)
        assert_alive(app)
        toasts = [str(toast.render()) for toast in app.screen.query("Toast")]
        assert any("format is '[/]x[@click=app.quit]y\\x1b]0;pwned\\x07'" in t for t in toasts), toasts
        assert any("rule 123: [ + /] → [/]" in t for t in toasts) and any("([/ ]) at position 1" in t for t in toasts), toasts
        assert "[/]x[@click=app.quit]y" in screen_text(app)
        assert_screen_clean(app)


async def test_a_hostile_trace_file_opens_cleanly(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A valid trace of the hostile text, opened from a file (o), is shown without anything raw."""
    path = tmp_path / "hostile.json"
    save(capture(EVERYTHING, get_table("gpt2")), path)
    app = make_app()
    async with opened(app, size=(120, 40), notifications=True) as pilot:
        app.open_file(path)
        await settle(app, pilot)
        assert app.position.trace.text == EVERYTHING
        for key in ["end", "home"] + ["pagedown"] * 10:
            await pilot.press(key)
        assert_alive(app)
        assert_screen_clean(app)
