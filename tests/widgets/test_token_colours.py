"""Token colours (tui/widgets/token_colours.py): each id a fixed slot of the palette, neighbours never sharing one,
tints close to the theme's background; the ids pane and the explorer's rows tint each token whole."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from rich.style import Style
from rich.text import Text
from textual.color import Color

from tests.app_support import IdsPane, make_app, opened
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.explain.explorer import build_row
from tui.widgets.token_colours import HUES, indices, palette_index, tints
from tui.widgets.tokenizer_rows import text_line, window


def test_palette_slots_are_fixed_and_spread() -> None:
    """The same id always gets the same slot (in every run: no hash()), and the slots are all used."""
    assert [palette_index(i) for i in (0, 1, 2, 3, 220, 464, 50256)] == [0, 7, 0, 5, 2, 7, 1]
    assert {palette_index(i) for i in range(64)} == set(range(len(HUES)))


def test_neighbours_never_share_a_slot() -> None:
    ids = [5, 5, 5, 464, 464, 0, 2, 0, 17250, 17250]
    slots = indices(ids)
    assert slots == [2, 3, 2, 7, 0, 1, 0, 1, 2, 1]  # a clash moves the second one slot on (464 twice: 7, then 0)
    assert all(a != b for a, b in pairwise(slots))
    assert indices([464, 3797]) == [palette_index(464), palette_index(3797)]  # no clash: both as they are
    assert indices([]) == []


@pytest.mark.parametrize("background", ["#1e1e1e", "#f5f5f5"])
def test_tints_stay_close_to_the_background(background: str) -> None:
    """Every tint differs from the others but stays on the background's side of mid-grey, so the
    theme's text colour (chosen for that background) remains readable on it."""
    base = Color.parse(background)
    styles = tints(base)
    colours = [s.bgcolor.get_truecolor() for s in styles if s.bgcolor is not None]
    assert len(set(colours)) == len(HUES) == len(styles)
    for r, g, b in colours:
        brightness = (0.299 * r + 0.587 * g + 0.114 * b) / 255
        assert (brightness < 0.45) if base.brightness < 0.5 else (brightness > 0.55), (background, (r, g, b))


async def test_the_ids_pane_tints_each_token_and_neighbours_differ() -> None:
    """The ids pane's alias-id blocks each carry their token's tint; neighbours' tints differ; two spaces still separate them."""
    app = BpeApp(capture("Hello world, internationalization!", get_table("gpt2")))
    async with opened(app) as pilot:
        await pilot.press("end")
        await pilot.pause()
        pane = app.query_one(IdsPane)
        text = pane.render()
        assert isinstance(text, Text)
        pieces = [piece.strip() for piece in re.split(r"  |\n", text.plain) if piece.strip()]
        assert pieces == ["Hello 15496", "│ Ġworld 995", "│ , 11", "│ Ġinternational 3230", "ization 1634", "│ ! 0"]  # never cut in two
        backgrounds = []
        for span in text.spans:
            style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
            if style.bgcolor is not None and text.plain[span.start : span.end].strip().isdigit():
                backgrounds.append(style.bgcolor)
        assert len(backgrounds) == 6
        assert all(a != b for a, b in pairwise(backgrounds))
        palette = tints(pane.background_colors[1])
        assert backgrounds[0] == palette[palette_index(15496)].bgcolor


async def test_tints_follow_the_theme() -> None:
    """After a theme change the ids pane draws on the new background's tints (dark, then light)."""
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("end")
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            pane = app.query_one(IdsPane)
            line = app.screen._compositor.render_strips()[pane.region.y + 1]
            drawn = {seg.style.bgcolor.get_truecolor() for seg in line if seg.style and seg.style.bgcolor}
            bgcolor = tints(pane.background_colors[1])[palette_index(264)].bgcolor
            assert bgcolor is not None and bgcolor.get_truecolor() in drawn, theme


def test_explorer_tokens_are_tinted_whole_and_neighbours_differ() -> None:
    """In the explorer's token rows each token is one piece of one tint, whatever the other rows cut
    (GPT-2's 45 spans cl100k_base's boundary at 456), and neighbouring tokens get different tints."""
    text = "1234567 dollars"  # GPT-2 and cl100k_base cut the digits differently
    win = window(text, 0, 80)
    shades = [f"slot{n}" for n in range(len(HUES))]
    for name in ("gpt2", "cl100k_base"):
        row = build_row(text, get_table(name))
        assert row is not None
        stretch = row.stretch(win.lo, win.hi, tokens=True)
        line = text_line(stretch, win, None, shades)
        assert [piece for piece, _ in line] == [text[p.start : p.end].replace(" ", "·") for p in stretch.pieces]
        assert len(line) == sum(len(c.ids) for c in row.chunks) == 4  # one piece a token
        assert all(a[1] != b[1] for a, b in pairwise(line))
        if name == "gpt2":
            assert [piece for piece, _ in line][:3] == ["123", "45", "67"]
