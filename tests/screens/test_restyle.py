"""Switching views, zooming and moving between tour scenes redo only the work the change needs (issue 27's
latency), and what they skip never shows stale: a view shown again after a theme change wears the new
theme, the footer under a dialog shows the dialog's keys, a view left by a scene catches up when it is
shown again. The work is counted (widgets restyled, keys built, views redrawn), not timed: the times are
bench 27b's."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import pytest
from textual.color import Color
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from tests.app_support import make_app, open_view, opened, screen_text, settle
from tui.app.slides import has_text, is_text
from tui.screens.aliases import AliasesScreen, AliasGrid
from tui.tour.app import TourApp
from tui.widgets.footer import KeyFooter
from tui.widgets.pairs import PairsPane


@contextmanager
def restyled(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[DOMNode]]:
    """Every node whose styles Textual works out again while the block runs."""
    nodes: list[DOMNode] = []
    update = Stylesheet.update_nodes

    def counted(self: Stylesheet, walked: Iterable[DOMNode], animate: bool = False) -> None:
        walked = list(walked)
        nodes.extend(walked)
        update(self, walked, animate=animate)

    with monkeypatch.context() as patch:
        patch.setattr(Stylesheet, "update_nodes", counted)
        yield nodes


def footer_keys(app: TourApp | object) -> list[FooterKey]:
    return list(app.screen.query_one(KeyFooter).query(FooterKey))  # type: ignore[attr-defined]


async def test_a_view_shown_again_is_not_restyled_unless_the_theme_changed_while_it_was_away(monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    async with opened(app, size=(80, 24)) as pilot:
        aliases = await open_view(app, pilot, "3")
        await open_view(app, pilot, "1")
        with restyled(monkeypatch) as nodes:
            assert await open_view(app, pilot, "3") is aliases
            await settle(app, pilot)
        assert not [node for node in nodes if node is aliases or aliases in node.ancestors]  # was every widget of it (~60)
        await open_view(app, pilot, "1")
        app.theme = "textual-light"
        await settle(app, pilot)
        with restyled(monkeypatch) as nodes:
            await open_view(app, pilot, "3")
            await settle(app, pilot)
        assert aliases in nodes and aliases.query_one(AliasGrid) in nodes  # the view and every widget in it
        light = Color.parse(app.get_css_variables()["background"])
        assert aliases.styles.background == light and light != Color.parse("#121212")


async def test_z_lays_out_once_restyles_the_screen_and_the_zoomed_pane_only_and_leaves_the_footer_keys_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = TourApp()
    async with opened(app, size=(100, 26)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        pairs = screen.query_one(PairsPane)
        assert screen.focused is pairs
        keys_before = footer_keys(app)
        renders: list[FooterKey] = []
        render = FooterKey.render
        monkeypatch.setattr(FooterKey, "render", lambda key: renders.append(key) or render(key))
        layouts: list[Screen[None]] = []
        lay_out = Screen._refresh_layout
        monkeypatch.setattr(
            Screen, "_refresh_layout", lambda screen, *args, **kwargs: layouts.append(screen) or lay_out(screen, *args, **kwargs)
        )
        for zoomed in (pairs, None):
            with restyled(monkeypatch) as nodes:
                await pilot.press("z")
                await settle(app, pilot)
            assert screen.maximized is zoomed
            assert len(layouts) == 1, len(layouts)  # one layout: no scrollbar of the pane comes or goes after it
            layouts.clear()
            assert set(nodes) <= {screen, pairs, *pairs.walk_children()}, {type(n).__name__ for n in nodes}
        assert renders == [] and footer_keys(app) == keys_before
        assert "-maximized-view" not in screen.classes and screen.styles.align == ("left", "top")


async def test_the_footer_keeps_its_keys_across_views_and_shows_a_dialogs_keys_under_it() -> None:
    app = make_app()
    async with opened(app, size=(100, 26)) as pilot:
        own = footer_keys(app)
        assert "table" in [key.description for key in own]
        await open_view(app, pilot, "2")
        await open_view(app, pilot, "1")
        assert footer_keys(app) == own  # the same widgets: not built again
        await pilot.press("question_mark")
        await settle(app, pilot)
        shown = screen_text(app).splitlines()[-1]
        assert "?help" in shown.replace(" ", "") and "table" not in shown  # the help page's keys, as Textual shows them
        await pilot.press("escape")
        await settle(app, pilot)
        assert [key.description for key in footer_keys(app)] == [key.description for key in own]
        assert "table" in screen_text(app).splitlines()[-1]


async def test_a_scene_leaving_aliases_does_not_redraw_it_and_it_catches_up_when_shown_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scene 2 is Aliases looking Ġ up (byte 32); scene 1 is the animator on 'Hi 你!'."""
    app = TourApp()
    reloads: list[str] = []
    reload = AliasesScreen.reload
    monkeypatch.setattr(AliasesScreen, "reload", lambda screen: reloads.append(screen.trace.text) or reload(screen))
    async with opened(app, size=(100, 26)) as pilot:
        await settle(app, pilot)
        await pilot.press("right_square_bracket")
        await settle(app, pilot)
        assert app.shown_view == "aliases" and reloads == ["Ġ"]
        await pilot.press("left_square_bracket")
        await settle(app, pilot)
        assert app.shown_view == "encode" and app.position.trace.text == "Hi 你!" and reloads == ["Ġ"]  # not redrawn for 'Hi 你!'
        await pilot.press("right_square_bracket")
        await settle(app, pilot)
        grid = app.screen.query_one(AliasGrid)
        assert reloads == ["Ġ"] and grid.selected == 32 and "alias Ġ = byte 32" in screen_text(app)
        await pilot.press("right_square_bracket")  # scene 3, the animator on the teaching table's text
        await settle(app, pilot)
        await pilot.press("3")  # Aliases again, now on that trace: it catches up
        await settle(app, pilot)
        assert reloads[-1] == "aaababcabxyz"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", False),
        (" \t\u00a0\u2003\u3000", False),  # spaces, Unicode's included
        ("\u2500\u2502\u256d\u2580\u259f", False),  # lines, corners, blocks: borders and bars
        ("\u2800\u28ff", False),  # braille dots: plots
        ("\u25a0", True),  # ■ is past the block elements
        ("\u27ff\u2900", True),  # either side of the braille block
        ("────a────", True),
        ("   Ġ", True),
    ],
)
def test_has_text_is_any_character_read_as_text(text: str, expected: bool) -> None:
    assert has_text(text) is expected is any(is_text(char) for char in text)
