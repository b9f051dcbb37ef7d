"""What the chunks, bytes and word panes show (issue 10, defects 4–6): everything when it fits; else a
window that follows the current chunk, the chosen pair or the scan; captions that say what is in view,
right on the first draw; and work that grows with what is shown, not with the chunk or the text."""

from __future__ import annotations

import pytest
from rich.text import Text

import tui.widgets.chunks as chunks_module
import tui.widgets.ids as ids_module
import tui.widgets.word as word_module
from tests.app_support import BytesPane, ChunksPane, IdsPane, WordPane, make_app, opened, pane_text, screen_text, settle
from tui.engine.bpe import capture
from tui.engine.chunk import ScanStep
from tui.engine.examples import TRACES_DIR
from tui.engine.tables import get_table
from tui.explain.position import Position
from tui.explain.word import WordPicture, picture
from tui.safe import visible
from tui.widgets.bytes_pane import layout
from tui.widgets.chunks import chunks_in_view
from tui.widgets.pairs import PairsPane
from tui.widgets.strips import row_plain
from tui.widgets.word import render_picture

MOVED = "* moved to 256+n"
TWELVE = "one two three four five six seven eight nine ten eleven twelve"


def counted_visible(monkeypatch: pytest.MonkeyPatch, module: object) -> list[str]:
    """Every text `module` passes to `visible` from now on (what a pane measures)."""
    calls: list[str] = []
    real = module.visible  # type: ignore[attr-defined]

    def counting(text: str, **kw: str) -> str:
        calls.append(text)
        return real(text, **kw)  # type: ignore[no-any-return]

    monkeypatch.setattr(module, "visible", counting)
    return calls


def rows(app, pane: type) -> list[str]:  # type: ignore[no-untyped-def]
    return [line.rstrip() for line in pane_text(app, pane).split("\n")]


def reversed_aliases(app) -> str:  # type: ignore[no-untyped-def]
    """The aliases the bytes pane reverses (the pair it follows), in order."""
    text = app.query_one(BytesPane).render()
    assert isinstance(text, Text)
    alias_row = text.plain.split("\n")[1]
    start = len(text.plain.split("\n")[0]) + 1
    marked = [span for span in text.spans if "reverse" in str(span.style) and start <= span.start < start + len(alias_row)]
    return "".join(text.plain[span.start : span.end] for span in marked)


# -- bytes pane (defect 4) -----------------------------------------------------------------------


async def test_the_bytes_caption_is_right_on_the_first_draw_after_a_new_text() -> None:
    """aaababcabxyz (12 bytes), then the internationalization example (20), then aaaaaaa (7): the
    caption counts the text shown, not the one before it."""
    app = make_app()
    async with opened(app) as pilot:
        pane = app.query_one(BytesPane)
        assert pane.border_subtitle == f"7 of 12 bytes shown · {MOVED}"
        app.open_file(TRACES_DIR / "gpt2-internationalization.json")
        await settle(app, pilot)
        assert app.position.trace.text == "internationalization"
        assert pane.border_subtitle == f"7 of 20 bytes shown · {MOVED}"
        app.open_file(TRACES_DIR / "teaching-aaaaaaa.json")
        await settle(app, pilot)
        assert pane.border_subtitle == MOVED


@pytest.mark.parametrize(
    ("size", "caption", "dec"),
    [
        ((80, 24), "bytes 14–20 of 20", [105, 122, 97, 116, 105, 111, 110]),  # i z a t i o n: all of (iz ation)
        ((60, 18), "bytes 14–18 of 20", [105, 122, 97, 116, 105]),  # 5 bytes fit: the pair's start
    ],
)
async def test_the_bytes_pane_follows_the_pair_of_a_late_round(size: tuple[int, int], caption: str, dec: list[int]) -> None:
    """internationalization, round 12 merges (iz ation), bytes 13–19: they were out of reach at 80x24 (bytes 1–7 only)."""
    app = make_app("internationalization", "gpt2")
    async with opened(app, size=size) as pilot:
        await pilot.press(*["right"] * 12)
        assert app.position.where.startswith("chunk 1/1 · round 12/14")
        assert app.query_one(BytesPane).border_subtitle == f"{caption} shown · {MOVED}"
        shown = rows(app, BytesPane)
        if len(shown) > 2:  # the compact layout (below 24 rows) shows the char and alias rows only
            assert [int(b) for b in shown[2].split()[1:]] == dec
        assert "".join(shown[1].split()[1:]) == "".join(chr(b) for b in dec)
        assert reversed_aliases(app) == "".join(chr(b) for b in dec)  # the pair's aliases in view are reversed


async def test_the_bytes_pane_follows_the_scan() -> None:
    """Scan detail, round 2 of internationalization (o n): the step that finds j=17 (the second 'o',
    bytes 19 and 20) brings the word's end into view; back at step 0 the window starts at byte 1."""
    app = make_app("internationalization", "gpt2")
    async with opened(app) as pilot:
        await pilot.press("right", "right", "d", "right")
        pane = app.query_one(BytesPane)
        assert app.position.where.endswith("round 2/14 · frame 3/16 · scan 1/2")
        assert pane.border_subtitle == f"bytes 6–12 of 20 shown · {MOVED}" and reversed_aliases(app) == "on"
        await pilot.press("right")
        assert app.position.steps[1].j == 17
        assert pane.border_subtitle == f"bytes 14–20 of 20 shown · {MOVED}"
        assert rows(app, BytesPane)[1].split()[1:] == list("ization")
        assert reversed_aliases(app) == "on"
        await pilot.press("left", "left")
        assert pane.border_subtitle == f"7 of 20 bytes shown · {MOVED}" and reversed_aliases(app) == ""  # nothing found yet


# -- word pane (defect 5) ------------------------------------------------------------------------


async def test_the_word_is_shown_whole_when_it_fits() -> None:
    """internationalization round 2 at 80x24: all 19 symbols, 'in' first (it showed …t│e│r│n│…)."""
    app = make_app("internationalization", "gpt2")
    async with opened(app) as pilot:
        await pilot.press("right", "right")
        assert rows(app, WordPane)[:4] == [
            "round 2: merge (o n) rank 5: 19 → 17 symbols",
            "│in│t│e│r│n│a│t│i│o│n│a│l│i│z│a│t│i│o│n│",
            "                  ^^^               ^^^",
            " in│t│e│r│n│a│t│i│on │a│l│i│z│a│t│i│on │",
        ]


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_the_complete_new_word_is_shown_from_its_start(size: tuple[int, int]) -> None:
    """aaabdaaabac, round 2 in scan detail, last step ('the new word is complete'): 'aa│' is there."""
    app = make_app("aaabdaaabac")
    async with opened(app, size=size) as pilot:
        await pilot.press("d", *["right"] * 12)
        assert app.position.sentence.endswith("the new word is complete")
        assert rows(app, WordPane)[:4] == [
            "round 2: merge (a b) rank 1: 9 → 7 symbols" if size[0] >= 80 else "round 2: (a b) rank 1: 9 → 7",
            "│aa│a│b│d│aa│a│b│a│c│",
            "    ^^^      ^^^   i",
            " aa│ab │d│aa│ab │a│c│",
        ]


def at_round(text: str, table: str, r: int, *, detail: bool = False, step: int = 0) -> Position:
    position = Position.of(capture(text, get_table(table)), detail=detail)
    while position.frame.kind != "round" or position.frame.round != r:
        position = position.next()
    for _ in range(step):
        position = position.next()
    return position


def test_a_long_word_keeps_the_chosen_pair_in_view() -> None:
    """Round 12 of internationalization (iz ation) in 20 cells: the word from 'ational', the pair whole."""
    shown = [row_plain(row) for row in render_picture(picture(at_round("internationalization", "gpt2", 12), visible), 20, 4)]
    assert [line.rstrip() for line in shown[1:]] == ["…ational│iz│ation│", "         ^^^^^^^^", " ational│ization │"]


def test_a_long_word_keeps_the_scan_position_in_view() -> None:
    """Round 1 of 'abab…' (60 symbols) in scan detail, step 20 (i = j = 38): symbols 32–42 in 24 cells,
    'ij' under the 'a' at 38 (filling the separator cell), the four pairs written so far beneath."""
    position = at_round("ab" * 30, "teaching", 1, detail=True, step=20)
    assert position.steps[19] == ScanStep("merge", 38, 38, 20)
    shown = [row_plain(row) for row in render_picture(picture(position, visible), 24, 4)]
    assert shown[1:] == ["…a│b│a│b│a│b│a│b│a│b│a│…", " ^^^ ^^^ ^^^ ij^ ^^^ ^^", " ab │ab │ab │ab │      "]


def test_the_word_pane_measures_only_what_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word of 100,000 symbols costs the pane about a screenful of measurements, not one per symbol:
    its cells are measured from position 29,xxx on, in a window of a few hundred."""
    position = at_round("ab" * 50_000, "teaching", 1, detail=True, step=30_000)
    windows: list[tuple[int, int]] = []
    real = word_module.Cells.__init__

    def measuring(self: word_module.Cells, pic: WordPicture, lo: int, hi: int) -> None:
        windows.append((lo, hi))
        real(self, pic, lo, hi)

    monkeypatch.setattr(word_module.Cells, "__init__", measuring)
    shown = render_picture(picture(position, visible), 80, 10)
    assert len(windows) == 1
    lo, hi = windows[0]
    assert 59_000 < lo < hi < 61_000 and hi - lo < 500
    assert any("ij" in row_plain(row) for row in shown)  # the scan's position is in view


# -- chunks pane (defect 6) ----------------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_every_chunk_is_shown_when_they_fit(size: tuple[int, int]) -> None:
    """'The cat sat on the', End: all five chunks (it showed (2…)·sat│·on│⟦·the⟧)."""
    app = make_app("The cat sat on the", "gpt2")
    async with opened(app, size=size) as pilot:
        await pilot.press("end")
        assert rows(app, ChunksPane) == ["The│·cat│·sat│·on│⟦·the⟧"]


@pytest.mark.parametrize(
    ("size", "keys", "shown"),
    [
        ((80, 24), ["end"], "(7…)·eight│·nine│·ten│·eleven│⟦·twelve⟧"),
        ((80, 24), ["pagedown"] * 6, "(3…)·four│·five│·six│⟦·seven⟧│·eight(…4)"),
        ((60, 18), ["pagedown"] * 6, "(4…)·five│·six│⟦·seven⟧(…5)"),
        ((60, 18), [], "⟦one⟧│·two│·three│·four(…8)"),
    ],
)
async def test_a_window_of_chunks_around_the_current_one(size: tuple[int, int], keys: list[str], shown: str) -> None:
    app = make_app(TWELVE, "gpt2")
    async with opened(app, size=size) as pilot:
        await pilot.press(*keys)
        assert rows(app, ChunksPane) == [shown]


def test_the_chunks_window_measures_only_what_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    """20,000 chunks, the current one in the middle: the pane measures a few dozen of them."""
    position = Position.of(capture("ab " * 20_000, get_table("teaching")))
    position = position.at(position.frames.chunk_start(10_000))
    calls = counted_visible(monkeypatch, chunks_module)
    first, last = chunks_in_view(position, 44, 1)
    assert first < 10_000 < last and last - first < 20
    assert len(calls) < 100


def test_the_bytes_layout_measures_only_what_it_shows() -> None:
    """A 100,000-byte chunk: one band from byte 50,000 holds whole characters only, measured there."""
    chunk = capture("a" * 100_000, get_table("teaching")).chunks[0]
    assert layout(chunk, 50_000, 44, 4) == ((50_000, 50_007),)


def test_the_examples_in_the_window_and_safe_modules_hold() -> None:
    """first_start's examples (bisection for the earliest start) and safe.alone / safe.based."""
    import doctest

    import tui.safe
    import tui.widgets.earliest_start

    for module in (tui.widgets.earliest_start, tui.safe):
        result = doctest.testmod(module, report=False)
        assert result.failed == 0 and result.attempted >= 3, (module.__name__, result)


def test_a_window_that_just_misses_is_not_taken_for_the_whole_text() -> None:
    """Chunks that overfill the room by exactly one cell, then thousands more: a window, not all of them."""
    position = Position.of(capture("ab " * 5_000, get_table("teaching")))
    # the first chunk costs '⟦ab⟧│' = 5 cells, each after it '·ab│' 4: seven make 29, one more than 28
    # (the last needs no separator); then '(…4996)' takes 7 of the 28 cells
    assert len(position.trace.chunks) == 5_001
    assert chunks_in_view(position, 28, 1) == (0, 4)  # ⟦ab⟧│·ab│·ab│·ab│·ab(…4996): 28 cells
    assert chunks_in_view(position, 24, 1) == (0, 3)


async def test_the_bytes_window_stays_while_the_pair_is_still_in_view() -> None:
    """internationalization at 80x24 shows 7 of its 20 bytes. Round 6 merges bytes 9–11, still inside
    round 5's window (bytes 8–14): the window stays and only the highlight moves (a step repaints one row)."""
    app = make_app("internationalization", "gpt2")
    async with opened(app) as pilot:
        pane = app.query_one(BytesPane)
        starts = []
        for _ in range(14):
            await pilot.press("right")
            assert pane.shown is not None
            starts.append(pane.shown.first)
        assert starts == [0, 5, 0, 2, 7, 7, 5, 0, 9, 0, 6, 13, 0, 0]
        await pilot.press("home")
        await pilot.press(*["right"] * 6)
        assert pane.border_subtitle == f"bytes 8–14 of 20 shown · {MOVED}"  # round 6 reached from round 5


async def test_a_chunk_of_5000_letters_is_drawn_only_as_far_as_the_panes_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """One 5,000-letter chunk at its last frame: the chunks pane shows it reversed up to what fits and …;
    the ids pane shows its newest ids, a '…' for the ones before, and measures no more than it can hold."""
    text = "".join("abcdefghij"[(n * 7) % 10] for n in range(5000))
    app = make_app(text, "gpt2")
    async with opened(app) as pilot:
        await pilot.press("end")
        chunks = app.query_one(ChunksPane)
        shown = chunks.render().plain.split("\n")
        width, height = chunks.content_size.width, chunks.content_size.height
        drawn = "⟦" + text[: width * height] + "…⟧"  # clipped to what the pane holds: 5,000 letters are never folded whole
        assert shown == [drawn[row * width : (row + 1) * width] for row in range(height)]
        calls = counted_visible(monkeypatch, ids_module)
        ids_module._LABELS.clear()  # the ids' labels are made again, each counted once
        ids = app.query_one(IdsPane)
        lines = ids.render().plain.split("\n")
        trace_ids = app.position.trace.ids
        assert lines[0].startswith("… ")
        assert lines[-1].rstrip().endswith(f" {trace_ids[-1]}")
        assert 0 < len(calls) < 2 * 80 * 4


async def test_the_pairs_header_says_which_rows_are_in_view_of_a_long_word() -> None:
    """299 pairs, more than the pane holds: its first line counts the rows in view (there is no
    scrollbar to read), and scrolling the list updates it."""
    text = "".join("abcdefghij"[(n * 7) % 10] for n in range(300))
    app = make_app(text)
    async with opened(app) as pilot:
        pane = app.query_one(PairsPane)
        rows = pane.page_rows
        assert pane.header(200).plain == f"1–{rows} of 299 pairs · none is a rule"
        assert rows_of(app, pane)[0].startswith(f"1–{rows} of 299 · none is a rule")  # 30 cells: 'pairs' gives way
        pane.scroll_to(y=40, animate=False, immediate=True)
        await pilot.pause()
        assert rows_of(app, pane)[0].startswith(f"41–{40 + rows} of 299 · none is a rule")
        assert pane.scrollbar_size_vertical == 0
        assert pane.header(27).plain == f"41–{40 + rows} of 299 · none is a rule"[:27]  # narrow: 'pairs' gives way


def rows_of(app, pane) -> list[str]:  # type: ignore[no-untyped-def]
    """What the terminal shows inside a pane's border, one line per row."""
    lines = screen_text(app).split("\n")
    region = pane.content_region
    return [line[region.x : region.right] for line in lines[region.y : region.bottom]]


async def test_the_pairs_header_counts_pairs_not_the_rules_never_chosen_listed_after_them() -> None:
    """internationalization's last frame: one pair, then 17 rules that were candidates and never chosen."""
    app = make_app("internationalization", "gpt2")
    async with opened(app, size=(100, 30)) as pilot:
        await pilot.press("end")
        pane = app.query_one(PairsPane)
        assert pane.data.count > pane.page_rows and len(pane.data.rows) == 1
        assert pane.header(200).plain == "1 pair · none is a rule"
        assert rows_of(app, pane)[0].startswith("1 pair · none is a rule")
