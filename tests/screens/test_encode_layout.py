"""The layout holds still: stepping never moves a pane (the header keeps its height whatever the narration says)."""

from __future__ import annotations

import pytest

from tests.app_support import ids as shown_ids
from tests.app_support import make_app, opened, screen_text, sentence
from tui.widgets.ids import IdsPane
from tui.widgets.status import Status
from tui.widgets.word import WordPane


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_stepping_through_every_frame_never_moves_a_pane(size: tuple[int, int]) -> None:
    """GPT-2 on a text whose narrations are one line at some frames and two at others (at 60 columns
    'chunk 2: ' Hello' is 6 UTF-8 bytes…' wraps, 'round 1: …' does not): the header and the word
    pane keep the same place and height on every frame (switching scan detail on may move them once)."""
    app = make_app("internationalization Hello ab", "gpt2")
    async with opened(app, size=size) as pilot:
        await pilot.pause()
        status, word = app.query_one(Status), app.query_one(WordPane)
        lengths = set()
        for keys in (["right"] * 30, ["d"] + ["right"] * 40):  # plain frames, then scan detail
            await pilot.press(keys[0])
            places = {(status.region.height, word.region.y, word.region.height)}
            for key in keys[1:]:
                await pilot.press(key)
                places.add((status.region.height, word.region.y, word.region.height))
                lengths.add(len(sentence(app)) > size[0] - 2)
            assert len(places) == 1, places
        assert lengths == {True, False}  # both short and wrapping sentences were shown


async def test_at_60x18_every_pane_of_the_animator_has_its_rows() -> None:
    """The smallest supported size: the ids move beside the word, and the word pane keeps its four
    lines (caption, before, marks, after), the pairs their rows, the bytes two rows."""
    app = make_app("internationalization Hello ab", "gpt2")
    async with opened(app, size=(60, 18)) as pilot:
        await pilot.press("right", "right", "end")
        await pilot.press("home", "right", "right")
        lines = screen_text(app).splitlines()
        word = app.query_one(WordPane)
        assert word.region.height == 6  # 4 lines inside the border
        assert any("round 2: (o n) rank 5: 19 → 17 " in line for line in lines)  # said shorter, whole
        assert any("on │a" in line for line in lines)  # the after line: o and n merged
        assert any("▶ 8  o n        5" in line for line in lines)
        assert any("│ alias t    i    o    n    a" in line for line in lines)  # the bytes pane follows the pair (o n)
        ids = app.query_one(IdsPane)
        assert ids.region.x > word.region.x and ids.region.y == word.region.y  # beside the word
        await pilot.press("end")
        assert shown_ids(app) == list(app.position.trace.ids) and len(shown_ids(app)) == 4


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_the_pairs_pane_never_cuts_a_rank(size: tuple[int, int]) -> None:
    """'intern ational' (rank 45353) is shown whole with its rank at 60 columns as at 80; at the last
    frame every never-chosen rule's line keeps its rank and the round that took it (before, '✗ n t  rank 173: by i n, roun' at 80 columns)."""
    app = make_app("internationalization", "gpt2")
    async with opened(app, size=size) as pilot:
        await pilot.press("end", "left")
        text = screen_text(app)
        assert "45353" in text and "intern ational" in text
        await pilot.press("end")
        text = screen_text(app)
        assert "✗ n t  173: i n, r1" in text
        if size[1] >= 24:  # at 18 rows the pane holds the first never-chosen rules only (it scrolls)
            assert "✗ t e  404: e r, r3" in text


async def test_word_captions_say_everything_at_80_columns() -> None:
    """At 80 columns the captions that were cut ('round 6: merge (aaab ab) rank 7: 5 → 4 symb…',
    "final word: 3 symbols (bpe returns 'aaababc…") are said in fewer words, whole."""
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("end", "left", "left")
        assert "│ round 6: (aaab ab) rank 7: 5 → 4 symbols" in screen_text(app)
        await pilot.press("end")
        assert "│ bpe returns the 3 symbols space-joined" in screen_text(app)
    async with opened(make_app(), size=(120, 40)) as pilot:
        await pilot.press("end")
        assert "final word: 3 symbols (bpe returns 'aaababc ab xyz')" in screen_text(pilot.app)
