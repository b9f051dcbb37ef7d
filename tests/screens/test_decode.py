"""The Decode view (tui/screens/decode.py): the trace's ids or typed ones, token by token, streaming, the wrong way and
the right way, strict against replace; its input hint whole at every size, the longest wording that fits, never cut
mid-sentence (it was '/: type ids (19526 254 · 50256) · empty: the' at 80 columns)."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from tests.app_support import CAFE_IDS, Notes, cafe_app, make_app, opened, screen_text, type_ids, until
from tui.screens.decode import DecodeScreen

WORDINGS = {
    (60, 18): "/: type ids",
    (80, 24): "/: type ids (19526 254 · 50256)",
    (160, 50): "/: type ids (19526 254 · 50256) · empty: the trace's",
}


@pytest.mark.parametrize("size", list(WORDINGS))
async def test_the_decode_hint_is_whole_at_every_size(size: tuple[int, int]) -> None:
    app = cafe_app()
    async with opened(app, "decode", size=size) as pilot:
        await pilot.pause()
        hint = app.screen.query_one("#decode-ids", Input)
        assert hint.placeholder == WORDINGS[size]
        (row,) = [line for line in screen_text(app).splitlines() if line.startswith(" ids  ")]
        assert f" ids  {WORDINGS[size]}  " in row  # whole, then blank up to the policy


async def test_decode_shows_the_trace_ids_with_streaming() -> None:
    """The trace's ids by default: per token bytes, ✓/✗ alone, released text and held bytes."""
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        screen = app.screen
        assert isinstance(screen, DecodeScreen) and screen.run is not None and list(screen.run.ids) == CAFE_IDS
        text = screen_text(app)
        assert "Decode · 8 ids · the trace of 'café 你好'" in text
        assert "vocab 50,257 = 256 + 50,000 + 1 · 12 bytes → 8 tokens" in text
        assert "19526  'ä½'" in text and "✗ '\ufffd' 2 of 3 bytes" in text and "e4 bd" in text
        assert "254  'ł'" in text and "'你'" in text
        assert "= 'café \ufffd\ufffd\ufffd\ufffd'" in text  # the wrong way
        assert "✓ decode(8 ids, errors='replace') = 'café 你好'" in text
        await pilot.press("down", "down", "down", "down")  # token 5: ä½
        await pilot.pause()
        text = screen_text(app)
        assert "token 5/8: id 19526" in text and "released 'café ' · holding e4 bd until its character is complete" in text


async def test_the_decode_hint_suggests_ids_of_the_table_shown() -> None:
    app = make_app("hello", "cl100k_base")
    async with opened(app, "decode", size=(100, 30)) as pilot:
        hint = app.screen.query_one("#decode-ids", Input)
        assert hint.placeholder == "/: type ids (57668 · 100257) · empty: the trace's"
        await pilot.press("t")  # o200k_base
        await until(pilot, lambda: "12370" in hint.placeholder)
        assert hint.placeholder == "/: type ids (12370 · 199999) · empty: the trace's"


async def test_decode_typed_ids_19526_254_both_and_unknown() -> None:
    """[19526] and [254] alone are '�'; [19526, 254] is 你 the right way, �� the wrong way; 99999 is named."""
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        await type_ids(pilot, "19526")
        text = screen_text(app)
        assert "Decode · 1 id · typed ids" in text and "✗ incomplete: 2 of its 3 bytes" in text
        assert "✓ decode(1 id, errors='replace') = '\ufffd'" in text
        await type_ids(pilot, "254")
        text = screen_text(app)
        assert "✗ starts with continuation byte 0xa0" in text and "= '\ufffd'" in text
        await type_ids(pilot, "19526 254")
        text = screen_text(app)
        assert "wrong way  each token alone, then joined: '\ufffd' + '\ufffd' = '\ufffd\ufffd'" in text
        assert "right way  bytes joined, decoded once:    e4 bd a0 → '你'" in text
        await type_ids(pilot, "19526 99999 254")
        text = screen_text(app)
        assert "✗ KeyError: 99999" in text and "decoder[99999] raises KeyError" in text
        assert "✗ unknown: id 99999 (token 2)" in text


async def test_decode_strict_shows_what_raises_not_a_replacement_character() -> None:
    """Under strict, 19526 and 254 alone raise: their rows and the wrong way say so, naming the bytes; no '�' on screen."""
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        await type_ids(pilot, "19526 254")
        await pilot.press("p")
        await until(pilot, lambda: "errors:  replace [strict]" in screen_text(app))
        text = screen_text(app)
        assert "\ufffd" not in text
        assert "✗ raises (2 of 3" in text and "✗ raises (continu" in text
        assert "wrong way  each token alone, then joined: ✗ raises at token 1" in text
        assert "  bytes e4 bd alone raise UnicodeDecodeError: unexpected end of data" in text
        assert "✓ decode(2 ids, errors='strict') = '你'" in text


async def test_decode_strict_versus_replace() -> None:
    """p switches the policy: strict shows the exact UnicodeDecodeError and its position."""
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        await type_ids(pilot, "19526")
        assert "errors: [replace] strict" in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        text = screen_text(app)
        assert "errors:  replace [strict]" in text
        assert "✗ UnicodeDecodeError at positions 0–1: byte 0xe4 of token 1" in text
        assert "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data" in text
        await pilot.press("p")
        await pilot.pause()
        assert "✓ decode(1 id, errors='replace') = '\ufffd'" in screen_text(app)


async def test_decode_bad_input_is_reported_and_c_restores_trace_ids(notes: Notes) -> None:
    app = cafe_app()
    async with opened(app, "decode", notes=notes) as pilot:
        await type_ids(pilot, "12 abc")
        assert any("'abc' is not an id" in n for n in notes.messages)
        await pilot.press("escape", "c")
        await pilot.pause()
        assert "Decode · 8 ids · the trace" in screen_text(app)
