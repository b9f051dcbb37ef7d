"""For a projector: every text on screen reaches a contrast of 4.5:1 (WCAG 2, level AA) in every theme the app
offers (`T`, `--theme`), computed from the colours the screen is drawn in.

Each theme is opened at 80x24 and walked through views 1–7 (view 1 also at its last frame with the code pane
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
from rich.style import Style
from textual.color import Color
from textual.filter import dim_color
from textual.pilot import Pilot

from tui.app import BpeApp
from tui.screens.dialogs import EditScreen, HelpScreen
from tui.slides import LEGIBLE, contrast, is_text, theme_names

from .support import make_app, opened, settle, until


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
    for key in "1234567":
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


@pytest.mark.parametrize("theme", theme_names())
async def test_every_text_reaches_4_5_to_1(theme: str) -> None:
    """In `theme`, no text on any view, the help or a dialog is drawn under 4.5:1 (the pane key hints were
    2.2:1 in textual-dark, the focused pane's hints 1.49:1 in textual-light)."""
    app = make_app()
    app.theme = theme
    async with opened(app, notifications=True) as pilot:
        seen = await walk(app, pilot)
    assert len({cell.where for cell in seen}) == 10  # every place was looked at and had text
    faint = sorted({str(cell): cell for cell in seen if cell.ratio < LEGIBLE}.values(), key=lambda cell: cell.ratio)
    assert not faint, f"{theme}: {len(faint)} texts under {LEGIBLE}:1, worst first:\n" + "\n".join(map(str, faint[:30]))
