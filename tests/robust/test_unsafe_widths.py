"""Characters terminals count differently (issue 10, defect 3): variation selectors (❤️, 🏳️‍🌈), tag
characters (🏴 flags), ZWJ, zero-width and bidi marks, and marks with no base never reach the terminal raw.

They are shown as ⟨U+FE0F⟩-style escapes, and a combining mark that starts a column of its own sits on
a dotted circle (◌́), so every cell Textual counts is a cell the terminal draws.
"""

from __future__ import annotations

import sys
import unicodedata

import pytest
from rich.cells import cell_len

from tui.widgets.bytes_pane import BytesPane
from tui.widgets.chunks import ChunksPane

from .apphelp import assert_alive, assert_screen_clean, make_app, opened
from .hostile import FORBIDDEN_ON_SCREEN, HOSTILE
from .terminal import KEY, drawn_text, run_in_terminal, terminal_problems

FLAGS = HOSTILE["emoji presentation"]  # 'I ❤️ 🏳️‍🌈 flags'
TEXTS = {name: HOSTILE[name] for name in ("emoji presentation", "tag flag", "lone marks", "zero-width joiners", "bidi override")}
#: Through every chunk and round (with scan detail), then each of the other views and back.
STEPS = ["end", "home", *["pagedown"] * 6, "d", "right", "right", "d", "2", "3", "4", "5", "1"]


def char_row_cells(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The bytes pane's char row, split into the glyph of each character (columns are 4 cells a byte)."""
    return str(app.query_one(BytesPane).render()).split("\n")[0][len("char  ") :].split()


def test_the_forbidden_set_names_variation_selectors_tags_and_joiners() -> None:
    assert {"\ufe0f", "\u200d", "\u200b", "\u200f", "\u202e", "\u2066", "\ufeff", "\U000e0067", "\U000e007f"} <= FORBIDDEN_ON_SCREEN


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
@pytest.mark.parametrize("name", TEXTS)
async def test_no_view_draws_an_unsafe_character(name: str, size: tuple[int, int]) -> None:
    """Every view, stepped through each text, writes no raw variation selector, tag, joiner or bidi mark."""
    app = make_app(TEXTS[name], "gpt2")
    async with opened(app, size=size) as pilot:
        for key in STEPS:
            await pilot.press(key)
            await pilot.pause()
            assert_alive(app)
            assert_screen_clean(app)


async def test_the_char_row_gives_each_lone_mark_a_visible_base() -> None:
    """'cafe\\u0301 \\u0301x …' (chunks 'cafe', U+0301, ' ' U+0301, 'x', ' ⃝', ' 👍🏽', ' 🏽', ' 가', ' क', U+093F):
    in the bytes pane each character is a column; a combining mark is drawn on ◌, and a mark or jamo
    that a terminal would draw with another width than Textual counts is spelled out. In the chunks
    pane a chunk that starts with a mark gets the circle too (not the separator before it), and a
    skin-tone modifier or a spacing mark (widths terminals disagree on) is spelled out."""
    app = make_app(HOSTILE["lone marks"], "gpt2")
    async with opened(app, size=(160, 40)) as pilot:
        rows = []
        for _ in range(10):
            rows.append(char_row_cells(app))
            await pilot.press("pagedown")
            await pilot.pause()
        assert rows == [
            ["c", "a", "f", "e"],
            ["◌\u0301"],
            ["·", "◌\u0301"],
            ["x"],
            ["·", "◌\u20dd"],
            ["·", "👍", "⟨U+1F3FD⟩"],
            ["·", "⟨U+1F3FD⟩"],
            ["·", "ᄀ", "⟨U+1161⟩"],
            ["·", "क"],
            ["⟨U+093F⟩"],
        ]
        chunks = str(app.query_one(ChunksPane).render())  # the last chunk is current
        # Skin-tone modifiers and spacing marks are spelled out wherever they stand (issue 23 item 16).
        assert chunks.replace("\n", "") == "cafe│◌\u0301│·\u0301│x¹│·\u20dd│·👍⟨U+1F3FD⟩│·⟨U+1F3FD⟩│·ᄀ\u1161│·क│⟦⟨U+093F⟩⟧"
        for cell in (cell for row in rows for cell in row):
            assert cell_len(cell) >= 1 and not unicodedata.category(cell[0]).startswith("M"), cell


async def test_the_flags_text_in_the_bytes_pane() -> None:
    """'I ❤️ 🏳️‍🌈 flags', chunk 2 (' ❤️'): the selector's three bytes sit under ⟨U+FE0F⟩, not under a raw U+FE0F."""
    app = make_app(FLAGS, "gpt2")
    async with opened(app, size=(160, 40)) as pilot:
        await pilot.press("pagedown")
        await pilot.pause()
        assert char_row_cells(app) == ["·", "❤", "⟨U+FE0F⟩"]
        assert "\ufe0f" not in str(app.query_one(BytesPane).render())


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pseudo-terminal")
@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
def test_flags_in_a_real_terminal(size: tuple[int, int]) -> None:
    """`bpe-tui --table gpt2 --text 'I ❤️ 🏳️‍🌈 flags'` in a pty, through every chunk, round and view:
    the bytes it writes hold no raw U+FE0F, ZWJ, tag, zero-width or bidi character."""
    keys = [
        KEY["end"],
        KEY["home"],
        *[KEY["pagedown"]] * 6,
        b"d",
        KEY["right"],
        KEY["right"],
        b"d",
        b"2",
        b"",
        b"3",
        b"",
        b"4",
        b"",
        b"5",
        b"",
        b"1",
    ]
    run = run_in_terminal(["--table", "gpt2", "--text", FLAGS], keys, size=size)
    output = run.output.decode("utf-8")
    assert run.status == 0, output[-2000:]
    assert terminal_problems(output) == []
    assert not {c for c in drawn_text(output) if c in FORBIDDEN_ON_SCREEN}
    assert "❤⟨U+FE0F⟩" in drawn_text(output)
