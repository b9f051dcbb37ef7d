"""What reaches the terminal has one width in every terminal (issue 23 item 16).

Textual lays a line out by Rich's widths, which join a grapheme cluster (👍🏽, a flag, a ZWJ family)
into one glyph; tmux and xterm measure code point by code point (wcwidth: 🏽 is 2 more cells, a flag
4, a spacing mark 1), so a border after such text moves in tmux. `tmux_width` models that terminal:
every line the app draws must be as wide there as Textual thinks, with every border at the same
column. Text whose width terminals disagree on is spelled out (`⟨U+1F3FD⟩`) by tui.safe.
"""

from __future__ import annotations

import unicodedata

import pytest
import regex
from rich.cells import cell_len

from tests.app_support import make_app, opened, screen_text, settle, until
from tui import safe
from tui.app import BpeApp
from tui.safe import one_for_one, visible
from tui.screens.dialogs import EditScreen

_EMOJI_PRESENTATION = regex.compile(r"\p{Emoji_Presentation}")
BORDERS = set("│┃╎╭╮╰╯▎▊▏")

TEXTS = {
    "skin tones and flags": "👍🏽 ok 🇺🇸 🇫🇷 👩\u200d👩\u200d👧 🏳️\u200d🌈 end",
    "niqqud": "בְּרֵאשִׁ֖ית בָּרָ֣א אֱלֹהִ֑ים end",
    "spacing marks": "हिन्दी தமிழ் বাংলা end",
    "mixed": "مرحبا שָׁלוֹם 你好 Z\u0324\u0354\u0367\u0311 end",
}


def tmux_width(char: str) -> int:
    """A terminal that measures each code point alone (tmux, glibc's wcwidth): marks, format characters
    and Hangul medial and final jamo take none; East Asian wide and emoji-presentation characters two."""
    kind, code = unicodedata.category(char), ord(char)
    if kind in ("Mn", "Me", "Cf") or 0x1160 <= code <= 0x11FF or code == 0x200B:
        return 0
    if unicodedata.east_asian_width(char) in "WF" or _EMOJI_PRESENTATION.match(char):
        return 2
    return 1


def misplaced(line: str, width: int) -> list[str]:
    """Where `line` (as Textual drew it, `width` cells) would differ in the modelled terminal: its whole
    width, and each border character's column."""
    out = []
    x = 0
    for i, char in enumerate(line):
        if char in BORDERS and x != cell_len(line[:i]):
            out.append(f"{char} at column {x} in tmux, {cell_len(line[:i])} in Textual")
        x += tmux_width(char)
    if x != width:
        out.append(f"{x} cells wide in tmux, {width} in Textual")
    return out


def test_every_character_left_unspelled_has_one_width() -> None:
    """Over all of Unicode: a character that `visible` (and the editor's `one_for_one`) leaves as it is
    has the same width for Textual as for a code-point terminal; the others are spelled out."""
    disagree = []
    for code in range(0xA0, 0x110000):
        char = chr(code)
        if unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn"):
            continue
        if visible(char) == char and cell_len(char) != tmux_width(char):
            disagree.append(f"U+{code:04X}")
        if one_for_one(char) == char and cell_len(char) != tmux_width(char):
            disagree.append(f"U+{code:04X} in the editor")
    assert disagree == []


def test_the_spelled_out_classes() -> None:
    """Skin-tone modifiers even after their emoji, regional indicators, spacing marks; and the glyphs of
    a text join to what `visible` draws of it."""
    assert visible("👍🏽") == "👍⟨U+1F3FD⟩"
    assert visible("🇺🇸") == "⟨U+1F1FA⟩⟨U+1F1F8⟩"
    assert visible("हि") == "ह⟨U+093F⟩"
    assert one_for_one("👍🏽🇺") == "👍◌◌"
    for text in TEXTS.values():
        assert "".join(safe.glyphs(text, space="·")) == visible(text, space="·")
        assert "".join(safe.glyphs(text, 3, space="·")) == "".join(safe.glyphs(text, space="·")[3:])


async def drawn_lines_agree(app: BpeApp) -> list[str]:
    width = app.size.width
    return [f"line {y}: {problem}" for y, line in enumerate(screen_text(app).splitlines()) for problem in misplaced(line, width)]


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
@pytest.mark.parametrize("name", TEXTS)
async def test_every_border_stays_in_place_in_a_code_point_terminal(name: str, size: tuple[int, int]) -> None:
    """View 1 through its chunks, view 6 with branches and with token ids, and the editor: every line
    is as wide in the modelled tmux as Textual drew it, every border at the same column."""
    app = make_app(TEXTS[name], "gpt2")
    problems: list[str] = []
    async with opened(app, size=size) as pilot:
        for key in ("pagedown", "pagedown", "pagedown", "end"):
            problems += await drawn_lines_agree(app)
            await pilot.press(key)
            await pilot.pause()
        await pilot.press("6")
        await settle(app, pilot)
        problems += await drawn_lines_agree(app)
        await pilot.press("v")
        await settle(app, pilot)
        problems += await drawn_lines_agree(app)
        await pilot.press("1", "e")
        await until(pilot, lambda: isinstance(app.screen, EditScreen))
        await pilot.pause()
        problems += await drawn_lines_agree(app)
    assert problems == []
