"""For the lecture hall: themes (`--theme`, the T action) with every text legible in each, screenshots (their
file names and writing, the S action, `--screenshot`'s first screen).

>>> shot_name("aaababcabxyz", "teaching", "encode", 3, "textual-dark")
'bpe-tui-aaababcabxyz-teaching-encode-frame-3-textual-dark.svg'
>>> shot_name("../Hi\\n你!/x", "my/../table", "tables", 12, "nord")
'bpe-tui-Hi-你-x-my-table-tables-frame-12-nord.svg'
>>> next_theme("nord", ("textual-dark", "nord", "textual-light"))
'textual-light'
>>> round(contrast((0, 0, 0), (255, 255, 255)), 2), round(contrast((119, 119, 119), (255, 255, 255)), 2)
(21.0, 4.48)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from rich.color import Color as RichColor
from rich.color_triplet import ColorTriplet
from rich.segment import Segment
from rich.style import Style
from textual.app import App
from textual.color import Color
from textual.filter import LineFilter, dim_color

from ..access import access_of, download
from ..engine.files import write_atomic, write_target
from ..safe import sentence, visible

#: How much of the text a screenshot's file name keeps.
NAME_CHARS = 32

#: Fonts an SVG screenshot asks for, all of them local: Fira Code (Rich's choice) where installed, then
#: monospaced fonts that cover CJK, then whatever monospace the viewer has. No font is fetched.
FONTS = '"Fira Code", "DejaVu Sans Mono", "Noto Sans Mono CJK SC", "Noto Sans CJK SC", "Source Han Mono", "WenQuanYi Zen Hei Mono", Menlo, Consolas, monospace'


def offline_svg(svg: str) -> str:
    """`svg` (Rich's export) without an address to fetch: its @font-face rules load Fira Code from a CDN,
    which offline fails (and a fallback without CJK draws 你 as a box); local fonts are named instead."""
    svg = re.sub(r"\s*@font-face\s*\{[^}]*\}", "", svg)
    svg = re.sub(r"font-family: Fira Code, monospace;", f"font-family: {FONTS};", svg)
    return re.sub(r"<!-- Generated with Rich https?://[^>]*-->", "<!-- Generated with Rich -->", svg)


#: The contrast every text on screen reaches in every theme (WCAG 2's AA level for text; tests/app/test_slides_contrast.py).
LEGIBLE = 4.5


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black, 1 white)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = rgb
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(one: tuple[int, int, int], other: tuple[int, int, int]) -> float:
    """WCAG 2's contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def blend(color: tuple[int, int, int], towards: tuple[int, int, int], share: float) -> ColorTriplet:
    """`color` moved `share` (0 to 1) of the way to `towards`."""
    return ColorTriplet(*(round(c + (t - c) * share) for c, t in zip(color, towards, strict=True)))


WHITE, BLACK = ColorTriplet(255, 255, 255), ColorTriplet(0, 0, 0)


@lru_cache(4096)
def legible(color: ColorTriplet, background: ColorTriplet) -> ColorTriplet:
    """`color` as it is if it reaches LEGIBLE contrast on `background`, else the colour nearest to it that
    does: moved towards white on a dark background, towards black on a light one (the hue kept).

    >>> legible(ColorTriplet(224, 224, 224), ColorTriplet(18, 18, 18))  # textual-dark's text: already legible
    ColorTriplet(red=224, green=224, blue=224)
    >>> legible(ColorTriplet(7, 79, 134), ColorTriplet(18, 18, 18))  # a dark blue on black (2.2:1) gets lighter
    ColorTriplet(red=78, green=130, blue=169)
    >>> legible(ColorTriplet(1, 120, 212), ColorTriplet(208, 208, 208))  # the same blue on light grey gets darker
    ColorTriplet(red=1, green=91, blue=162)
    """
    if contrast(color, background) >= LEGIBLE:
        return color
    ends = (WHITE, BLACK) if contrast(WHITE, background) >= contrast(BLACK, background) else (BLACK, WHITE)
    for end in ends:
        if contrast(end, background) >= LEGIBLE:
            low, high = 0.0, 1.0
            for _ in range(12):
                middle = (low + high) / 2
                low, high = (low, middle) if contrast(blend(color, end, middle), background) >= LEGIBLE else (middle, high)
            return blend(color, end, high)
    return ends[0]


#: A character read as text: not a space, nor a line, block or braille dot that draws a border or a plot.
TEXT = re.compile(r"[^\s\u2500-\u259f\u2800-\u28ff]")


def is_text(char: str) -> bool:
    """Whether `char` is read as text (TEXT)."""
    return TEXT.match(char) is not None


def has_text(text: str) -> bool:
    """Whether any character of `text` is read as text: one regex scan, where a border row would be 100 calls."""
    return TEXT.search(text) is not None


class LegibleText(LineFilter):
    """Every text drawn in a colour that reaches LEGIBLE contrast on its background (`legible`), whatever the
    theme chose; `dim` text is dimmed as Textual dims it, then made legible. Text without a colour is taken
    to be in the theme's `foreground` on the widget's background. Borders and plots keep their colours."""

    def __init__(self, theme: str, foreground: Color) -> None:
        super().__init__()
        self.theme = theme
        self.foreground = foreground.rich_color
        self._shown: dict[Color, dict[Style, Style]] = {}  # by background, each style as drawn (legible_style)

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        shown = self._shown.get(background)
        if shown is None or len(shown) > 4096:
            shown = self._shown[background] = {}
        out = []
        for segment in segments:
            text, style, control = segment
            if style is None or control:
                out.append(segment)
                continue
            drawn = shown.get(style)
            if drawn is None:
                drawn = shown[style] = legible_style(style, background.rich_color, self.foreground)
            out.append(segment if drawn is style or not has_text(text) else Segment(text, drawn))
        return out


def legible_style(style: Style, background: RichColor, foreground: RichColor) -> Style:
    """`style` (drawn on `background`, in `foreground` when it has no colour) with a legible text colour;
    `style` itself when its colours are legible as they are."""
    color = foreground if style.color is None or style.color.is_default else style.color
    under = background if style.bgcolor is None or style.bgcolor.is_default else style.bgcolor
    if color.triplet is None or under.triplet is None:
        return style  # a terminal's own colours (the ANSI themes): the terminal draws them
    fg, bg = (under.triplet, color.triplet) if style.reverse else (color.triplet, under.triplet)
    if style.dim:
        fg = dim_color(RichColor.from_triplet(bg), RichColor.from_triplet(fg)).get_truecolor()
    shown = legible(fg, bg)
    if shown == fg and not style.dim:
        return style
    if style.reverse:  # the terminal swaps them back
        return style + Style(color=RichColor.from_triplet(bg), bgcolor=RichColor.from_triplet(shown), dim=False)
    return style + Style(color=RichColor.from_triplet(shown), bgcolor=RichColor.from_triplet(bg), dim=False)


class LegibleApp(App[None]):
    """An app whose every text reaches LEGIBLE contrast in every theme (`LegibleText` runs before Textual's filters)."""

    _legible: LegibleText | None = None

    def get_line_filters(self) -> Sequence[LineFilter]:
        legible = self._legible
        if legible is None or legible.theme != self.theme:
            legible = self._legible = LegibleText(self.theme, Color.parse(self.get_css_variables()["foreground"]))
        return [legible, *super().get_line_filters()]


def theme_names() -> tuple[str, ...]:
    """Textual's built-in themes, in Textual's order (dark and light ones)."""
    from textual.theme import BUILTIN_THEMES

    return tuple(BUILTIN_THEMES)


def check_theme(name: str) -> str:
    """`name` if it is a theme; else ValueError with one sentence that lists the themes."""
    names = theme_names()
    if name not in names:
        raise ValueError(f"there is no theme {name!r}; the themes are: {', '.join(names)}.")
    return name


def next_theme(current: str, names: Sequence[str]) -> str:
    """The theme after `current` in `names`, round to the first (the first, if `current` is not among them)."""
    if current not in names:
        return names[0]
    return names[(list(names).index(current) + 1) % len(names)]


def name_of(screen: object, at: Any, own: str | None, view: str, theme: str) -> str:
    """The S file's name for `screen` at position `at` (None before a trace): the view's own text if it has
    one (`own`), else the trace's; the view's table if it names one, else the trace's; the frame; the theme."""
    text = own if own is not None else at.trace.text if at else ""
    table = getattr(screen, "table_name", None) or (at.trace.table.name if at else "")
    return shot_name(text, table, view, at.index + 1 if at else 0, theme)


def starting(app: App[Any], theme: str | None, keep: Callable[[str], None] | None) -> None:
    """At mount: `--theme`, and with `--screenshot` the first whole screen given to `keep`."""
    if theme is not None:
        app.theme = theme
    if keep is not None:
        keep_first_screen(app, keep)


def shot_name(text: str, table: str, view: str, frame: int, theme: str) -> str:
    """A safe file name for a screenshot of `view` at `frame` (1-based) of `text` under `table` in `theme`:
    letters and digits of each (any script) joined by '-', never a path separator, a dot or a control
    character, each truncated; so two different screens get two different files."""
    parts = (_slug(text) or "text", _slug(table) or "table", _slug(view) or "view", f"frame-{frame}", _slug(theme) or "theme")
    return f"bpe-tui-{'-'.join(parts)}.svg"


def frame_name(number: int, chunk: int, round: int, text: str, table: str, theme: str) -> str:
    """A file name for frame `number` of a recording (`record --frames`), which shows round `round` of chunk
    `chunk` (1-based) of `text` under `table` in `theme`; numbered first, so the files sort in their order.

    >>> frame_name(1, 1, 0, "Hi 你!", "gpt2", "textual-dark")
    '0001-chunk1-round0-Hi-你-gpt2-textual-dark.svg'
    """
    parts = (_slug(text) or "text", _slug(table) or "table", _slug(theme) or "theme")
    return f"{number:04d}-chunk{chunk}-round{round}-{'-'.join(parts)}.svg"


def _slug(text: str) -> str:
    """The letters and digits of `text`'s start (any script), runs joined by '-', at most NAME_CHARS characters."""
    words: list[str] = []
    word = ""
    for char in text[: NAME_CHARS * 4]:
        if char.isalnum() and char.isprintable():
            word += char
        elif word:
            words.append(word)
            word = ""
    if word:
        words.append(word)
    return "-".join(words)[:NAME_CHARS].strip("-")


def check_writable(path: Path, what: str = "the screenshot") -> None:
    """Before the app runs: refuse a path that is a folder or whose folder is missing or read-only (ValueError
    naming `what` is written there)."""
    folder = path.parent
    try:
        if path.is_dir():
            raise ValueError(f"cannot write {what} {path}: it is a folder.")
        if not folder.is_dir():
            raise ValueError(f"cannot write {what} {path}: the folder {folder} does not exist.")
        if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise ValueError(f"cannot write {what} {path}: permission denied.")
    except OSError as exc:  # a name longer than the file system allows, a loop of links
        said = exc.strerror or str(exc)
        raise ValueError(f"cannot write {what} {path}: {said[:1].lower()}{said[1:]}.") from None


def write_svg(path: Path, svg: str) -> None:
    """Write `svg` to `path` as every file of the project is written (a temporary file, then a rename);
    a failure names the path and the reason in one sentence (as ValueError), and any old file stays."""
    write_atomic(path, svg.encode("utf-8"), ValueError)


def cycle_theme(app: App[Any]) -> None:
    """The T action: the next of Textual's themes (dark and light ones), named in a notification."""
    app.theme = next_theme(app.theme, list(app.available_themes))
    app.notify(f"Theme {app.theme}: T shows the next.", timeout=2)


def save_screen(app: App[Any], name: str, ask: Callable[[str, Callable[[bool | None], None]], object]) -> None:
    """The S action: save the screen as SVG in the current folder as `name` (a served app: in the folder it
    shares, else as a download to the browser). A file of that name is replaced only if `ask` (the
    question, then what to do with the answer) is answered yes."""
    files = access_of(app)
    svg = offline_svg(app.export_screenshot())  # the screen as it is now, not with the question over it
    if files.downloads:
        download(app, name, svg, "image/svg+xml")
        return

    def write(yes: bool | None) -> None:
        if not yes:
            return
        try:
            write_svg(target, svg)
        except ValueError as exc:
            app.notify(sentence(str(exc)), title="Not saved", severity="error")
        else:
            app.notify(f"Saved this screen as {visible(str(target))}.", timeout=4)

    try:
        target = Path.cwd() / name if not files.served else files.writable(name)
        exists = write_target(target, ValueError).exists()
    except ValueError as exc:
        app.notify(sentence(str(exc)), title="Not saved", severity="error")
        return
    if exists:
        ask(f"{visible(str(target))} exists. Overwrite it?", write)
    else:
        write(True)


def keep_first_screen(app: App[Any], keep: Callable[[str], None]) -> None:
    """`--screenshot`: once the first screen is drawn whole, give it to `keep` as SVG and exit. Whole: the
    footer fills its keys a refresh after the screen's first (without the wait it was left out, where S has it)."""
    from textual.widgets import Footer

    waits = [0]

    def kept() -> None:
        keep(offline_svg(app.export_screenshot()))
        app.exit()

    def filled() -> None:
        if any(not footer.children for footer in app.screen.query(Footer)) and waits[0] < 100:
            waits[0] += 1
            app.set_timer(0.02, lambda: app.call_after_refresh(filled))
            return
        app.call_after_refresh(kept)  # the footer's keys are there: once they are drawn

    app.call_after_refresh(filled)


def zoom(app: App[Any]) -> None:
    """z: the focused pane fills the screen (Textual's maximize: the same widget, so it keeps its state), or is put back."""
    screen = app.screen
    if screen.maximized is not None:
        screen.minimize()
    elif screen.focused is None or not screen.maximize(screen.focused):
        app.notify("No pane has the focus: tab moves it from pane to pane, then z zooms that one.", timeout=3)
