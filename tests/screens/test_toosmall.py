"""What the app shows below its smallest layout (tui/screens/toosmall.py): one sentence with the size needed; the state
is kept for when the terminal grows again."""

from __future__ import annotations

from tests.app_support import make_app, opened, position, screen_text
from tui.screens.toosmall import TooSmallScreen


async def test_below_60x18_one_sentence_says_the_size_needed_and_the_state_is_kept() -> None:
    app = make_app("internationalization", "gpt2")
    async with opened(app) as pilot:
        await pilot.press("right", "right")
        await pilot.resize_terminal(40, 15)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "bpe-tui needs at least 60x18 cells; this terminal is 40x15." in " ".join(screen_text(app).split())
        await pilot.press("right")  # no view is there to step
        await pilot.resize_terminal(59, 30)
        await pilot.pause()
        assert "this terminal is 59x30." in " ".join(screen_text(app).split())
        await pilot.resize_terminal(60, 18)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        assert position(app) == "chunk 1/1 · round 2/14 · frame 3/16"
