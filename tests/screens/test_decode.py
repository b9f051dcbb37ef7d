"""The Decode view's input hint (screens/decode.py): whole at every size, the longest wording that fits,
never cut mid-sentence (it was '/: type ids (19526 254 · 50256) · empty: the' at 80 columns)."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from tests.app_support import cafe_app, opened, screen_text

WORDINGS = {
    (60, 18): "/: type ids",
    (80, 24): "/: type ids (19526 254 · 50256)",
    (160, 50): "/: type ids (19526 254 · 50256) · empty: the trace's",
}


@pytest.mark.parametrize("size", list(WORDINGS))
async def test_the_decode_hint_is_whole_at_every_size(size: tuple[int, int]) -> None:
    app = cafe_app()
    async with opened(app, "decode", size=size) as pilot:
        await pilot.pause()
        hint = app.screen.query_one("#decode-ids", Input)
        assert hint.placeholder == WORDINGS[size]
        (row,) = [line for line in screen_text(app).splitlines() if line.startswith(" ids  ")]
        assert f" ids  {WORDINGS[size]}  " in row  # whole, then blank up to the policy
