"""The strip machinery the panes are drawn with: framed rows identical to Textual's, rows cut as Rich cuts."""

from __future__ import annotations

import pytest
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual._styles_cache import StylesCache
from textual.widget import Widget

from tests.app_support import count_layouts, make_app, opened, screen_text, settle
from tui.widgets.pairs import PairsPane
from tui.widgets.strips import Runs, fold, row_plain, text_row, to_strips
from tui.widgets.styles_cache import FramedLines


def framed_widgets(app) -> list[Widget]:  # type: ignore[no-untyped-def]
    return [w for w in app.screen.query(Widget) if isinstance(w._styles_cache, FramedLines) and w.size.area]


def textual_lines(widget: Widget) -> list[list[object]]:
    """The widget's lines as Textual's own styles cache frames them."""
    return [list(strip) for strip in StylesCache().render_widget(widget, widget.size.region)]


def framed_lines(widget: Widget) -> list[list[object]]:
    return [list(strip) for strip in FramedLines().render_widget(widget, widget.size.region)]


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
async def test_framed_rows_are_the_segments_textual_draws(monkeypatch: pytest.MonkeyPatch, no_color: bool) -> None:
    """Every pane framed by FramedLines gives, line for line, the segments Textual's styles cache gives:
    borders, titles, side padding and colours (a focused list's accent border included)."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app("the cat sat on the mat")
    async with opened(app) as pilot:
        await pilot.press("right", "right", "right")
        await settle(app, pilot)
        panes = framed_widgets(app)
        assert {type(w).__name__ for w in panes} >= {"ChunksPane", "BytesPane", "WordPane", "PairsPane", "IdsPane"}
        for widget in panes:
            assert framed_lines(widget) == textual_lines(widget), type(widget).__name__
        app.screen.query_one(PairsPane).focus()
        await settle(app, pilot)
        pairs = app.screen.query_one(PairsPane)
        assert framed_lines(pairs) == textual_lines(pairs)


async def test_a_look_it_is_not_made_for_is_left_to_textual() -> None:
    """With tint on a pane, FramedLines makes no frame of its own (Textual frames every row)."""
    app = make_app()
    async with opened(app):
        pairs = app.screen.query_one(PairsPane)
        base, background = pairs.background_colors
        cache = FramedLines()
        assert cache.border(pairs.styles, base, background, 1.0) is not None
        pairs.styles.tint = "red 50%"
        assert cache.border(pairs.styles, base, background, 1.0) is None
        assert cache.border(pairs.styles, base, background, 0.5) is None


def test_rows_are_cut_at_the_edge_as_rich_cuts_a_line() -> None:
    """A row of runs cut at 10 cells ends in … in the style of what it replaces, exactly as the Text
    of the same runs cut by Rich; a row that fits is drawn whole."""
    console = Console(width=80, color_system="truecolor")
    runs = Runs()
    runs.add("ab", "bold")
    runs.add("cdefgh", "italic")
    runs.add("ijkl", "bold")
    runs.add("\nshort", "")
    rows = runs.done()
    assert [row_plain(r) for r in rows] == ["abcdefghijkl", "short"]
    assert rows[0] == (("ab", "bold"), ("cdefgh", "italic"), ("ijkl", "bold"))
    text = Text(no_wrap=True, overflow="ellipsis")
    for part, style in rows[0]:
        text.append(part, style=style)
    ours = to_strips(rows, 10, 3, Style(), console)
    text.truncate(10, overflow="ellipsis")  # as Rich cuts a line
    theirs = to_strips([text], 10, 1, Style(), console)
    assert ours[0].text == "abcdefghi…" == theirs[0].text
    assert [(s.text, s.style) for s in ours[0]] == [(s.text, s.style) for s in theirs[0]]
    assert ours[1].text == "short     " and ours[2].text == " " * 10


def test_a_line_of_appended_text_is_drawn_as_runs_the_same_as_the_text() -> None:
    """The header's lines are drawn as runs: the same cells and styles as Rich draws the Text (an
    unstyled gap and a style given as a Style included); a Text with a style of its own or with
    overlapping spans stays a Text."""
    console = Console(width=80, color_system="truecolor")
    base = Style(bgcolor="#202020")
    line = Text()
    line.append(" gpt2 ", style="bold reverse")
    line.append("  12 chunks · ")
    line.append("chunk 1/3", style=Style(bold=True))
    line.append("  r: sort", style="dim")
    row = text_row(line)
    assert row == ((" gpt2 ", "bold reverse"), ("  12 chunks · ", ""), ("chunk 1/3", Style(bold=True)), ("  r: sort", "dim"))
    ours, theirs = to_strips([row], 50, 1, base, console), to_strips([line], 50, 1, base, console)
    assert [(s.text, s.style) for s in ours[0]] == [(s.text, s.style) for s in theirs[0]]
    assert text_row(Text("plain")) == (("plain", ""),) and text_row(Text("")) == (("", ""),)
    styled = Text("all bold", style="bold")
    overlapping = Text("abcdef")
    overlapping.stylize("bold", 0, 4)
    overlapping.stylize("italic", 2, 6)
    assert text_row(styled) is styled and text_row(overlapping) is overlapping


def test_runs_fold_into_rows_without_cutting_a_wide_character_or_a_grapheme() -> None:
    """'ab' + '你好' + 'e' + a combining acute in 3 cells: 你 does not fit after 'ab' and starts the
    second row; the accent stays on its e; each piece keeps its run's style."""
    rows = fold([("ab", "bold"), ("你好", "dim"), ("e\u0301", "")], 3)
    assert rows == [(("ab", "bold"),), (("你", "dim"),), (("好", "dim"), ("e\u0301", ""))]
    assert fold([], 5) == [()]


async def test_a_pane_with_no_dirty_line_hands_back_its_last_lines_until_it_changes() -> None:
    """Textual asks every pane for all its lines on each repaint; a pane none of whose lines changed
    answers with the same strips, and a step that changes it answers with new ones."""
    app = make_app("the cat sat on the mat")
    async with opened(app) as pilot:
        pairs = app.screen.query_one(PairsPane)
        region = pairs.size.region
        first = pairs.render_lines(region)
        assert pairs.render_lines(region) is first
        await pilot.press("right", "right")
        await settle(app, pilot)
        after = pairs.render_lines(region)
        assert after is not first and [s.text for s in after] != [s.text for s in first]
        assert [list(s) for s in after] == textual_lines(pairs)


async def test_the_footer_keys_are_not_drawn_again_by_a_step_and_follow_a_view_switch() -> None:
    """A step leaves the footer as it is: each key hands back the lines it drew. Another view's keys
    are new widgets, drawn anew (the Tables view has '/ find')."""
    from textual.widgets._footer import FooterKey

    from tui.widgets.styles_cache import KeptLines

    app = make_app("the cat sat on the mat")
    async with opened(app, size=(100, 24)) as pilot:
        keys = list(app.screen.query(FooterKey))
        assert keys and all(isinstance(key._styles_cache, KeptLines) for key in keys)
        drawn = [key.render_lines(key.size.region) for key in keys]
        await pilot.press("right")
        await settle(app, pilot)
        assert all(key.render_lines(key.size.region) is lines for key, lines in zip(keys, drawn, strict=True))
        await pilot.press("3")
        await settle(app, pilot)
        assert "/ find" in screen_text(app).split("\n")[-1]


async def test_stepping_a_long_word_never_makes_textual_map_the_screen_again(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Each round of a 600-letter word scrolls the pairs pane; its scrollbar has no width, and moving
    it anyway made Textual rebuild its map of the whole screen on every step. No step does now."""
    text = "".join("abcdefghij"[(n * 7) % 10] for n in range(600))
    app = make_app(text, "gpt2")
    async with opened(app, size=(120, 40)) as pilot:
        mapped = count_layouts(monkeypatch)
        tops = set()
        for _ in range(4):
            await pilot.press("shift+right")
            await settle(app, pilot)
            tops.add(round(app.screen.query_one(PairsPane).scroll_offset.y))
        assert len(tops) > 1  # the pane did scroll
        assert mapped == []
