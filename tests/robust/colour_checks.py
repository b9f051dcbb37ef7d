"""Without colour (NO_COLOR) and with 8 colours (TERM=xterm, no COLORTERM) every view draws, and what
is highlighted is still marked by something other than colour: ▶, reverse video, brackets.

Run by test_colours.py in a fresh interpreter: Rich keeps a style's ANSI codes on the style itself, made
for the colour system of the first terminal that drew it, and shares equal styles through its caches, so an
app drawn in full colour earlier in the same process would hand its codes to the one checked here (one
process draws one terminal in real use)."""

from __future__ import annotations

import re

import pytest
from textual.pilot import Pilot

from tests.app_support import make_app, opened

from .terminal import drawn_text, screen_output

RGB = re.compile(r"[34]8;2;(\d+);(\d+);(\d+)")
REVERSE = re.compile(r"\x1b\[(?:[0-9;]*;)?7(?:;[0-9;]*)?m")


@pytest.fixture(params=["NO_COLOR", "8 colours"])
def palette(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The environment the app is started in (Textual reads both when the app is made)."""
    if request.param == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
        monkeypatch.delenv("COLORTERM", raising=False)
        monkeypatch.setenv("TERM", "xterm")
    return str(request.param)


def colours_kept(output: str, palette: str) -> bool:
    """The palette is really in force: only greys under NO_COLOR, only the 8 (16) ANSI colours under TERM=xterm."""
    if palette == "NO_COLOR":
        return all(r == g == b for r, g, b in RGB.findall(output))
    return RGB.search(output) is None and "8;5;" not in output


async def drawn(pilot: Pilot, palette: str, *keys: str) -> tuple[str, str]:
    """Press `keys`, then draw the whole screen as a terminal would get it: (the bytes, the text)."""
    await pilot.press(*keys)
    await pilot.pause()
    output = screen_output(pilot.app)
    assert colours_kept(output, palette), keys
    return output, drawn_text(output)


async def test_every_view_draws_and_marks_highlights_without_colour(palette: str) -> None:
    app = make_app()
    async with opened(app) as pilot:
        if palette == "NO_COLOR":
            assert app.no_color
        else:
            assert app.console.color_system == "standard"
        output, text = await drawn(pilot, palette, "right")  # view 1, round 1: the chosen pair
        assert "▶" in text and REVERSE.search(output)
        output, text = await drawn(pilot, palette, "d", "right")  # scan detail, step 1
        assert "[scan detail]" in text and "▶" in text and REVERSE.search(output)
        output, text = await drawn(pilot, palette, "d", "question_mark")
        assert "Keys (they work in view 1, whatever has focus;" in text
        output, text = await drawn(pilot, palette, "escape", "e")
        assert "Text to tokenize" in text and "enter: apply" in text
        await pilot.press("escape")
        for key, label in (("2", "Decode"), ("3", "Aliases"), ("4", "Tables"), ("5", "Special"), ("6", "Explore"), ("9", "Chat")):
            output, text = await drawn(pilot, palette, key)
            assert f"[{key} {label}]" in text, (key, text)
            assert REVERSE.search(output), key  # the current view, and the selected row or cell
        output, text = await drawn(pilot, palette, "1")
        assert "▶" in text and "round 1/7" in text


async def test_the_training_view_marks_without_colour(palette: str) -> None:
    """View 7: this round's pair is bracketed ⟦ ⟧ and reversed, the chosen count ▶, a tie =, the round ▲, the code's line ▶."""
    app = make_app("the cat the hat")
    async with opened(app, "train") as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        output, text = await drawn(pilot, palette)
        assert "[7 Train]" in text and "⟦t h⟧" in text and "▶ (116, 104)" in text and "= (104, 101)" in text and "▲ round 1" in text
        assert REVERSE.search(output)
        output, text = await drawn(pilot, palette, "c")  # the code pane: this round's line marked ▶ and reversed
        assert "▶   pair = max(counts, key=counts.get)" in text and "↳ pair=(116, 104)  count=2" in text
        assert re.search(REVERSE.pattern + "▶   pair = max", output)
