"""Text from the user or a trace file is drawn literally: markup stays text, control characters are escaped."""

from __future__ import annotations

from tests.app_support import (
    BytesPane,
    ChunksPane,
    IdsPane,
    Notes,
    Status,
    WordPane,
    make_app,
    opened,
    pane_text,
    sentence,
    settle,
)
from tui.engine.bpe import capture
from tui.engine.tables import gpt2
from tui.explain.position import Position
from tui.screens.dialogs import EditBox

PANES = (Status, ChunksPane, BytesPane, WordPane, IdsPane)
MARKUP = "[bold]x[/] [link=a]"
CONTROLS = "a\x1b[2Jb\tc\nd\x07e\x7f\u202ef\x85"


def _bare(chunks: str) -> str:
    """The chunks pane's text without its boundary and current-chunk marks."""
    for mark in "│⟦⟧↺¹":
        chunks = chunks.replace(mark, "")
    return chunks


def _everything(app) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(pane_text(app, pane) for pane in PANES)


def _assert_no_raw_controls(text: str) -> None:
    raw = [hex(ord(ch)) for ch in text if ch != "\n" and (ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 or ch == "\u202e")]
    assert raw == []


async def test_markup_text_is_shown_as_typed_at_every_frame() -> None:
    app = make_app(MARKUP, "teaching")
    async with opened(app, notifications=True) as pilot:
        assert _bare(pane_text(app, ChunksPane)) == "[bold]x[/]·[link=a]"
        assert sentence(app) == "chunk 1: '[' is 1 UTF-8 byte, written as aliases '['"
        for _ in range(len(app.position.frames)):
            app.position = app.position.next()
            _everything(app)  # renders every pane at every frame; markup errors would raise here
        await pilot.press("home", "end")
        await pilot.pause()
        await pilot.press("home", "pagedown", "pagedown", "pagedown", "pagedown")
        assert sentence(app) == "chunk 5: '[/]' is 3 UTF-8 bytes, written as aliases '[/]'"
        assert "⟦[/]⟧" in pane_text(app, ChunksPane)
        assert "│[│/│]│" in pane_text(app, WordPane)
        assert pane_text(app, BytesPane).split("\n")[1].split() == ["alias", "[", "/", "]"]
        await pilot.press("d", "t")
        await settle(app, pilot)
        await pilot.pause()
        assert app.is_running
        assert app.position.trace.text == MARKUP


async def test_markup_typed_in_the_editor_is_captured_literally(notes: Notes) -> None:
    app = make_app()
    async with opened(app, notes=notes, notifications=True) as pilot:
        await pilot.press("e")
        app.screen.query_one(EditBox).text = ""
        await pilot.press(*"[b]x[/b]", "enter")
        await settle(app, pilot)
        assert app.position.trace.text == "[b]x[/b]"
        assert _bare(pane_text(app, ChunksPane)) == "[b]x[/b]"
        await pilot.press("s")  # the suggested file name is built from the text
        await pilot.press("escape")
        assert notes.errors == []


async def test_control_characters_are_escaped_in_every_pane() -> None:
    app = make_app(CONTROLS, "gpt2")
    async with opened(app) as pilot:
        chunks = _bare(pane_text(app, ChunksPane))
        for shown in ("␛[2J", "→", "↵", "␇", "␡", "⟨U+202E⟩", "⟨U+0085⟩"):
            assert shown in chunks, shown
        _assert_no_raw_controls(chunks)
        for _ in range(len(app.position.frames)):
            _assert_no_raw_controls(_everything(app))
            app.position = app.position.next()
        await pilot.press("d", "home", "right", "right", "end")
        _assert_no_raw_controls(_everything(app))
        assert app.position.trace.text == CONTROLS
        assert app.position.index == len(app.position.frames) - 1


ODD_TEXTS = ["\x00", "[", "[/]", "\u0301\u0301\u0301\u0301", "\ue000", " " * 5, "\n\n", "\u202e[b]\u200b"]


async def test_odd_texts_open_and_step_without_crashing() -> None:
    app = make_app("x", "gpt2")
    async with opened(app) as pilot:
        for text in ODD_TEXTS:
            app.position = Position.of(capture(text, gpt2()), detail=True)
            for move in ("next", "next", "next_round", "next_chunk", "last", "previous", "first"):
                app.position = getattr(app.position, move)()
                _assert_no_raw_controls(_everything(app))
            await pilot.press("r", "end")
            _assert_no_raw_controls(_everything(app))
            assert app.is_running, repr(text)
            assert app.position.trace.text == text


async def test_variation_selectors_never_reach_the_terminal_raw() -> None:
    """VS16 in ❤️ and 🏳️‍🌈 changes the width terminals give the emoji: it is shown as ⟨U+FE0F⟩, the text unchanged."""
    text = "I ❤️ 🏳️‍🌈 flags"
    app = make_app(text, "gpt2")
    async with opened(app) as pilot:
        for _ in range(len(app.position.frames)):
            shown = _everything(app)
            assert "\ufe0f" not in shown
            app.position = app.position.next()
        await pilot.press("home", "pagedown")
        chunks = pane_text(app, ChunksPane)
        assert "❤⟨U+FE0F⟩" in chunks and "🏳⟨U+FE0F⟩⟨U+200D⟩🌈" in chunks
        await pilot.press("pagedown")  # the narration names the flag's chunk with the panes' escapes, not repr's
        assert sentence(app).startswith("chunk 3: ' 🏳⟨U+FE0F⟩⟨U+200D⟩🌈' is 15 UTF-8 bytes")
        assert app.position.trace.text == text and app.position.trace.byte_count == len(text.encode("utf-8"))
