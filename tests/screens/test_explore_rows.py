"""The explorer's rows never put a gap inside a chunk or a token, end in … where the window cuts them,
and cost what they draw; the text boxes show every character typed.

Issue 23 items 1, 2 and 17 (the explorer's part), issue 28 item 5.
"""

from __future__ import annotations

from functools import partial

import pytest
from rich.cells import cell_len
from textual import events
from textual.keys import _character_to_key

from tests.app_support import make_app, opened, screen_text, settle, until
from tests.screens.test_explore import CHINESE, open_explorer, type_text
from tui.app import BpeApp
from tui.safe import one_for_one, visible
from tui.screens.dialogs import EditBox, EditScreen
from tui.screens.explore import ExploreBox
from tui.widgets.tokenizer_rows import TokenizerRows

#: Seed 004's examples and the texts of issue 23.
SEED_TEXTS = [
    "1234567",
    "127 + 677 = 804",
    "HelloWorld getElementById",
    "HOW'S",
    CHINESE,
    "Hello've world123 how's are you!!!?",
    "    hello world!!!",
    "    if",
]
HARD = {
    "emoji": "👩\u200d👩\u200d👧 🏳️\u200d🌈 👍🏽 ok",
    "tower": "Z\u0324\u0354\u0367\u0311 abc",
    "scripts": "مرحبا بالعالم בְּרֵאשִׁ֖ית בָּרָ֣א 你好世界X",  # Genesis 1:1 pointed and cantillated: three marks on a letter
}


def drawn_rows(app: BpeApp) -> list[tuple[str, str, str]]:
    """Each row's three lines exactly as the terminal shows them inside the rows' content area."""
    widget = app.screen.query_one(TokenizerRows)
    region = widget.content_region
    lines = screen_text(app).splitlines()
    inside = [_cells(lines[y], region.x, region.width) for y in range(region.y, region.y + 3 * len(widget.tokenizers))]
    return [(inside[k], inside[k + 1], inside[k + 2]) for k in range(0, len(inside), 3)]


def _cells(line: str, x: int, width: int) -> str:
    """The cells [x, x + width) of a drawn line."""
    out, col = [], 0
    for char in line:
        if x <= col < x + width or (cell_len(char) == 0 and x < col <= x + width and out):
            out.append(char)
        col += cell_len(char)
    return "".join(out)


def columns(line: str, marks: str) -> list[int]:
    """The columns of the characters of `marks` in `line`."""
    out, col = [], 0
    for char in line:
        if char in marks:
            out.append(col)
        col += cell_len(char)
    return out


def expected_marks(text: str, app: BpeApp, tokens: bool) -> list[tuple[list[int], list[int]]]:
    """Per row: the columns where its chunks start (│) and, with tokens, where tokens start inside a
    chunk (¦). A boundary before a character of no width (a combining mark) shares its column with the
    one before: it moves right by one, as each mark takes a column of its own."""
    widget = app.screen.query_one(TokenizerRows)

    def col(offset: int) -> int:
        return cell_len(visible(text[:offset], space="·"))

    out = []
    for row in widget.tokenizers:
        starts = sorted(
            [(c.start, "│") for c in row.chunks] + ([(c.start + cut, "¦") for c in row.chunks for cut in c.cuts] if tokens else [])
        )
        placed: dict[str, list[int]] = {"│": [], "¦": []}
        x = 0
        for offset, mark in starts:
            x = max(col(offset), x)
            placed[mark].append(x)
            x += 1
        out.append((placed["│"], placed["¦"]))
    return out


#: The seed texts after the first three run in CI's slow set: the default run keeps digits, a sum, camel case and the
#: three hard texts (emoji sequences, a combining tower, mixed scripts).
ROW_TEXTS = [
    *(pytest.param(text, id=text, marks=pytest.mark.slow if n >= 3 else ()) for n, text in enumerate(SEED_TEXTS)),
    *(pytest.param(text, id=name) for name, text in HARD.items()),
]


@pytest.mark.parametrize("text", ROW_TEXTS)
async def test_every_row_draws_the_text_unbroken_and_marks_its_own_cuts(text: str) -> None:
    """In every row, with branches and with token ids, the text line is the text itself (as the app
    escapes it), never a blank inside a chunk or a token; beneath it │ stands at the column of each of
    the row's chunk starts and ¦ at each of its token starts, nowhere else."""
    app = make_app("aaababcabxyz", "gpt2")
    async with opened(app, size=(100, 30)) as pilot:
        await open_explorer(app, pilot)
        await type_text(app, pilot, text)
        for tokens in (False, True):
            if tokens:
                await pilot.press("v")
                await settle(app, pilot)
            for (_, line, under), (chunk_cols, token_cols) in zip(drawn_rows(app), expected_marks(text, app, tokens), strict=True):
                assert line.rstrip(" ") == visible(text, space="·")
                assert columns(under, "│") == chunk_cols
                assert columns(under, "¦") == token_cols


async def test_gpt2_keeps_1234567_whole_where_cl100k_base_cuts_it_in_three() -> None:
    """Seed 004's point, as drawn: 1234567 reads whole in every row; GPT-2 marks one chunk, cl100k_base three."""
    app = make_app("aaababcabxyz", "gpt2")
    async with opened(app) as pilot:
        await open_explorer(app, pilot)
        await type_text(app, pilot, "1234567")
        (_, gpt2, gpt2_under), (_, cl100k, cl100k_under), _ = drawn_rows(app)
        assert gpt2.rstrip() == cl100k.rstrip() == "1234567"
        assert gpt2_under.rstrip() == "│9" and cl100k_under.rstrip() == "│3 │3 │3"


async def test_a_row_cut_by_the_window_ends_in_an_ellipsis() -> None:
    """A text wider than the rows ends each line in … at the right edge; at the last chunk the lines
    begin with … instead, and the text between reads on unbroken."""
    text = " ".join(f"word{n}" for n in range(40))
    app = make_app(text, "gpt2")
    async with opened(app) as pilot:
        await open_explorer(app, pilot)
        width = app.screen.query_one(TokenizerRows).content_region.width
        shown = visible(text, space="·")
        for _, line, under in drawn_rows(app):
            assert len(line) == width and line.endswith("…") and shown.startswith(line[:-1])
            assert under.endswith("…")
        await pilot.press("end")
        await settle(app, pilot)
        for _, line, under in drawn_rows(app):
            assert line.startswith("…") and shown.endswith(line[1:].rstrip()) and under.startswith("…")


def one_chunk(length: int) -> str:
    """`length` letters with no space: one chunk of thousands of tokens in every row."""
    return "".join("abcdefghij"[(n * 7) % 10] for n in range(length))


@pytest.mark.parametrize("text", [one_chunk(10_000), "ab 12 " * 2_000], ids=["one chunk", "many chunks"])
async def test_a_key_looks_at_the_ids_it_draws_not_the_chunks_ids(text: str) -> None:
    """With token ids shown, End, Home and the arrows on a 10 KB text look at a bounded number of token
    ids (about the window's width each row), and at exactly as many on a text ten times longer."""
    looked: dict[int, list[int]] = {}
    for size in (1, 10):
        app = make_app("ok", "gpt2")
        async with opened(app) as pilot:
            screen = await open_explorer(app, pilot)
            screen.take(text * size)
            await settle(app, pilot)
            await pilot.press("v")
            widget = screen.query_one(TokenizerRows)
            drawn = partial(lambda rows: rows.examined > 0, widget)
            looked[size] = []
            for key in ("end", "left", "home", "right", "down", "end"):
                widget.examined = 0
                await pilot.press(key)
                await until(pilot, drawn)
                looked[size].append(widget.examined)
            width = widget.content_region.width
            chunk = widget.selected
            assert chunk is not None
            if len(chunk.ids) > 100:  # the explanation lists the first hundred ids and says how many more
                said = " ".join(str(screen.query_one("#explore-explain").render()).split())
                assert f"{len(chunk.ids):,} tokens: {' '.join(map(str, chunk.ids[:100]))} … and {len(chunk.ids) - 100:,} more" in said
    assert looked[1] == looked[10]
    assert max(looked[1]) <= 3 * 6 * width  # three rows, a window of 3 × width characters either side


async def type_keys(app: BpeApp, pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    for character in text:
        key = _character_to_key(character) if not character.isalnum() else character
        app.post_message(events.Key(key, character))
        await pilot.pause()


@pytest.mark.parametrize("text", list(HARD.values()), ids=list(HARD))
async def test_the_explorer_box_shows_every_character_typed(text: str) -> None:
    """Typed key by key, emoji sequences, a combining tower and mixed scripts: the box draws every
    character (unsafe ones as one stand-in each, spaces as ·) and the cursor stands after the last."""
    app = make_app("ok", "gpt2")
    async with opened(app) as pilot:
        screen = await open_explorer(app, pilot)
        await pilot.press("e", "ctrl+l")
        await type_keys(app, pilot, text)
        box = screen.query_one(ExploreBox)
        assert box.text == text
        region = box.content_region
        drawn = _cells(screen_text(app).splitlines()[region.y], region.x, region.width).rstrip(" ")
        expected = one_for_one(text).replace(" ", "·")
        assert drawn == expected
        assert box.cursor_screen_offset.x - region.x == cell_len(expected)


@pytest.mark.parametrize("text", ["\x1b" * 150 + "END", "בְּרֵאשִׁ֖ית " * 12 + "END"], ids=["escapes", "niqqud"])
async def test_the_editor_wraps_what_it_draws_and_loses_no_end(text: str) -> None:
    """`e` on a long line of escapes (drawn ␛, one cell each where ESC counts none) or of pointed
    Hebrew: the editor's wrapped lines, joined, are the whole text as drawn, END included."""
    app = make_app(text, "gpt2")
    async with opened(app) as pilot:
        await pilot.press("e")
        await until(pilot, lambda: isinstance(app.screen, EditScreen))
        await pilot.pause()
        box = app.screen.query_one(EditBox)
        region = box.content_region
        lines = screen_text(app).splitlines()[region.y : region.y + region.height]
        drawn = "".join(_cells(line, region.x, region.width).rstrip(" ") for line in lines)
        assert drawn.replace(" ", "") == one_for_one(text).replace(" ", "")
        assert drawn.endswith("END")
