"""For a projector: every text on screen reaches a contrast of 4.5:1 (WCAG 2, level AA) in every theme the app
offers (`T`, `--theme`), computed from the colours the screen is drawn in.

Each theme is opened at 80x24 and walked through views 1–9 (view 1 also at its last frame with the code pane
and a notification), the help page and the edit dialog. Every cell with text (not spaces, box-drawing lines,
blocks or braille plots) is checked in the colours the app emits: `dim` as Textual draws it (blended towards the
background), reverse swapped, a missing colour taken from the theme (a terminal's own colour from Textual's
terminal palette, for the ANSI themes). The text a dialog covers counts as well.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from rich.color import Color as RichColor
from rich.color_triplet import ColorTriplet
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import dim_color
from textual.pilot import Pilot

from tests.app_support import make_app, opened, settle, until
from tui.app import BpeApp
from tui.app.slides import LEGIBLE, LegibleText, contrast, is_text, luminance, theme_names
from tui.screens.dialogs import EditScreen
from tui.screens.help import HelpScreen


@dataclass(frozen=True)
class Cell:
    """A run of text drawn in one pair of colours, with its contrast ratio."""

    where: str
    row: int
    text: str
    ratio: float
    colours: str

    def __str__(self) -> str:
        return f"{self.where}, row {self.row}: {self.text!r} {self.ratio:.2f}:1 ({self.colours})"


def drawn(app: BpeApp, style: Style) -> tuple[ColorTriplet, ColorTriplet]:
    """The foreground and background a terminal shows for `style` in the app's theme."""
    terminal = app.ansi_theme
    theme = app.get_css_variables()
    native = app.native_ansi_color

    def resolve(color: RichColor | None, foreground: bool) -> ColorTriplet:
        if color is None or color.is_default:
            if native:
                return terminal.foreground_color if foreground else terminal.background_color
            return Color.parse(theme["foreground" if foreground else "background"]).rich_color.get_truecolor()
        return color.get_truecolor(terminal, foreground=foreground)

    fg, bg = resolve(style.color, True), resolve(style.bgcolor, False)
    if style.reverse:
        fg, bg = bg, fg
    if style.dim:  # what Textual's ANSIToTruecolor does; in the ANSI themes, what a terminal does
        fg = dim_color(RichColor.from_triplet(bg), RichColor.from_triplet(fg)).get_truecolor()
    return fg, bg


def cells(app: BpeApp, where: str) -> list[Cell]:
    """Every run of text on the screen now, with the contrast it is drawn in."""
    screen = app.screen
    update = screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    found: list[Cell] = []
    for row, line in enumerate(update.strips):
        for strip in line:
            for segment in strip:
                if segment.control or not any(is_text(c) for c in segment.text):
                    continue
                fg, bg = drawn(app, segment.style or Style())
                colours = f"{RichColor.from_triplet(fg).name} on {RichColor.from_triplet(bg).name}"
                found.append(Cell(where, row, segment.text.strip(), contrast(fg, bg), colours))
    return found


async def walk(app: BpeApp, pilot: Pilot) -> list[Cell]:
    """The text of each view, of view 1's last frame with its code pane and a note, the help and the edit dialog."""
    seen: list[Cell] = []
    for key in "123456789":
        await pilot.press(key)
        await settle(app, pilot)
        seen += cells(app, f"view {key}")
    await pilot.press("1", "end", "c")
    app.notify("Theme shown: T shows the next.", timeout=60)
    await settle(app, pilot)
    seen += cells(app, "view 1, last frame, code pane, note")
    await pilot.press("question_mark")
    await until(pilot, lambda: isinstance(app.screen, HelpScreen))
    await pilot.pause()
    seen += cells(app, "help")
    await pilot.press("escape", "e")
    await until(pilot, lambda: isinstance(app.screen, EditScreen))
    await pilot.pause()
    seen += cells(app, "edit dialog")
    return seen


#: The themes the quick suite walks: the default and a light one; every theme (the terminal-colour ones, the light
#: theme whose hints were the faintest) with `uv run pytest -m slow` (7 s each), which CI runs.
QUICK_THEMES = ("textual-dark", "textual-light")


@pytest.mark.parametrize("theme", [pytest.param(t, marks=() if t in QUICK_THEMES else pytest.mark.slow) for t in theme_names()])
async def test_every_text_reaches_4_5_to_1(theme: str) -> None:
    """In `theme`, no text on any view, the help or a dialog is drawn under 4.5:1 (the pane key hints were
    2.2:1 in textual-dark, the focused pane's hints 1.49:1 in textual-light)."""
    app = make_app()
    app.theme = theme
    async with opened(app, notifications=True) as pilot:
        seen = await walk(app, pilot)
    assert len({cell.where for cell in seen}) == 12  # every place was looked at and had text
    faint = sorted({str(cell): cell for cell in seen if cell.ratio < LEGIBLE}.values(), key=lambda cell: cell.ratio)
    assert not faint, f"{theme}: {len(faint)} texts under {LEGIBLE}:1, worst first:\n" + "\n".join(map(str, faint[:30]))


# -- the filter that makes them legible (tui/app/slides.py) -------------------------------------------

DARK, LIGHT = Color.parse("#121212"), Color.parse("#fdf6e3")  # textual-dark's and solarized-light's backgrounds


def shown(segment: Segment, background: Color, foreground: str = "#e0e0e0") -> Style:
    """The style `segment` is drawn in on `background`, in a theme whose text is `foreground`."""
    (out,) = LegibleText("any", Color.parse(foreground)).apply([segment], background)
    assert out.text == segment.text and out.style is not None
    return out.style


def rgb(color: RichColor | None) -> ColorTriplet:
    assert color is not None
    return color.get_truecolor()


def test_a_legible_style_is_left_as_it_is() -> None:
    """Text already at 4.5:1 keeps its style object (nothing to draw differently)."""
    style = Style(color="#e0e0e0", bgcolor="#121212", bold=True)
    assert shown(Segment("rank", style), DARK) is style


def test_a_faint_hint_gets_lighter_on_dark_and_darker_on_light() -> None:
    """textual-dark's old key hint (#074f86 on #121212, 2.2:1) gets lighter; solarized's blue #268bd2 on
    its light background (3.6:1) gets darker; both just reach 4.5:1 and keep their bold."""
    for background, blue, lighter in ((DARK, (0x07, 0x4F, 0x86), True), (LIGHT, (0x26, 0x8B, 0xD2), False)):
        style = shown(Segment("←→ frame", Style(color=RichColor.from_triplet(ColorTriplet(*blue)), bold=True)), background)
        fg, bg = rgb(style.color), rgb(style.bgcolor)
        assert bg == rgb(background.rich_color) and style.bold
        assert 4.5 <= contrast(fg, bg) < 4.7, (fg, bg)
        assert (luminance(fg) > luminance(blue)) is lighter


def test_dim_is_dimmed_as_textual_dims_it_while_it_stays_legible() -> None:
    """On textual-dark, dim #e0e0e0 is Textual's own dim (#999999); on solarized-light dim #586e75 stops at
    4.5:1 (Textual's dim was #909c9a, 2.6:1). Either way the style is no longer dim: the colour says it."""
    dark = shown(Segment("—", Style(dim=True)), DARK)
    assert (rgb(dark.color), dark.dim) == ((0x99, 0x99, 0x99), False)
    light = shown(Segment("—", Style(color="#586e75", dim=True)), LIGHT, "#586e75")
    assert contrast(rgb(light.color), rgb(LIGHT.rich_color)) >= LEGIBLE
    assert rgb(light.color) != (0x58, 0x6E, 0x75) and not light.dim


def test_reversed_text_is_read_the_other_way_round() -> None:
    """A reversed segment shows its background colour as text: that one is made legible, still reversed."""
    style = shown(Segment("▶ 0  a a", Style(color="#1a1a1a", bgcolor="#074f86", reverse=True)), DARK)
    assert style.reverse and rgb(style.color) == (0x1A, 0x1A, 0x1A)
    assert contrast(rgb(style.bgcolor), (0x1A, 0x1A, 0x1A)) >= LEGIBLE


def test_borders_and_terminal_colours_keep_theirs() -> None:
    """Lines and plots are not text (a border keeps its theme colour); an ANSI theme's colours are the terminal's."""
    border = Style(color="#074f86")
    assert shown(Segment("╰──────", border), DARK) is border
    default = Style(color="default", dim=True)
    assert shown(Segment("(no ids yet)", default), Color.parse("ansi_default"), "ansi_default") is default
