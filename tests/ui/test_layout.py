"""The layout holds still: stepping never moves a pane (the header keeps its height whatever the narration says)."""

from __future__ import annotations

import pytest

from tui.widgets.header import Status
from tui.widgets.word import WordPane

from .support import make_app, sentence


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_stepping_through_every_frame_never_moves_a_pane(size: tuple[int, int]) -> None:
    """GPT-2 on a text whose narrations are one line at some frames and two at others (at 60 columns
    'chunk 2: ' Hello' is 6 UTF-8 bytes…' wraps, 'round 1: …' does not): the header and the word
    pane keep the same place and height on every frame, in scan detail too."""
    app = make_app("internationalization Hello ab", "gpt2")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        status, word = app.query_one(Status), app.query_one(WordPane)
        places = {(status.region.height, word.region.y, word.region.height)}
        lengths = set()
        for key in ["right"] * 30 + ["d"] + ["right"] * 40:
            await pilot.press(key)
            places.add((status.region.height, word.region.y, word.region.height))
            lengths.add(len(sentence(app)) > size[0] - 2)
        assert len(places) == 1, places
        assert lengths == {True, False}  # both short and wrapping sentences were shown
