"""The tour at the smallest sizes (80x24 and 60x18): in every scene the whole caption is on screen,
so is the figure the scene is about, the animator's bytes pane keeps a row and its header two lines,
and no pane of the animator, the Decode and training views or (at 80x24) the explorer and the Special view hides
rows behind a scrollbar."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from tests.app_support import opened, screen_text, settle
from tui.tour.app import TourApp
from tui.tour.scenes import SCENES
from tui.widgets.bytes_pane import BytesPane
from tui.widgets.caption_bar import ROWS, caption_lines, heading
from tui.widgets.status import Status

pytestmark = pytest.mark.slow  # every scene played: minutes of app time, in CI's slow set

#: What each scene is about, as the screen shows it on entering the scene (at both sizes).
FIGURES: list[tuple[str, ...]] = [
    ("⟦Hi⟧│·你│!", "alias H"),
    ("alias Ġ = byte 32", "byte 32 = 0x20 space", "2_ ▸ Ġ*"),
    ("│a│a│a│b│a│b│c│a│b│x│y│z│", "alias a"),
    ("(a a) rank 0: 3 → 2", "│a│a│a│", " i^^", "scan 0/2"),
    ("⟦internationalization⟧", "alias i"),
    ("⟦abc⟧│!│abc", "1 cache hit", "alias a"),
    ("19526  'ä½'", "254  'ł'", "✗ '�' continuation '你'", "→ '你'"),
    ("7 ordinary", "encoder['<|endoftext|>'] = 50256"),
    ("GPT-2  2 chunks · 4 tokens", "│11│8", "│7 │2"),
    ("GPT-2  1 chunk · 3 tokens", "│9", "│3 │3 │3"),
    ("15 bytes → 9 tokens", "round 3/3"),
    ("1,078,434 bytes → 885,618 tokens", "round 20/20"),
]


@pytest.mark.parametrize("width", [58, 78])
def test_every_caption_is_whole_in_the_bars_rows_at_60_and_80_columns(width: int) -> None:
    for n, s in enumerate(SCENES):
        lines = caption_lines(heading(n, len(SCENES), s.title, playing=True), s.caption, width)
        assert len(lines) <= ROWS and not any("…" in line for line in lines), (n, lines)
        assert " ".join(lines).endswith(f"{s.caption}  (] next, [ back)") or lines[-1] == "(] next, [ back)", n


def scrolling(widget: Widget) -> bool:
    """A vertical scrollbar is drawn on `widget` (the pairs pane has one of no width: its header says which rows are in view)."""
    return bool(widget.display and widget.region and widget.show_vertical_scrollbar and widget.styles.scrollbar_size_vertical)


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
async def test_every_scene_shows_its_whole_caption_and_its_figure(size: tuple[int, int]) -> None:
    assert len(FIGURES) == len(SCENES)
    app = TourApp()
    async with opened(app, size=size) as pilot:
        for n, s in enumerate(SCENES):
            if n:
                await pilot.press("right_square_bracket")
            await settle(app, pilot)
            await pilot.pause(0.05)
            await settle(app, pilot)
            text = screen_text(app)
            lines = text.splitlines()
            bar = " ".join(line.strip() for line in lines[:ROWS])
            assert s.caption in bar, (n, bar)
            for figure in FIGURES[n]:
                assert figure in text, (n, figure, text)
            if s.view == "special" and size == (80, 24):  # the last of the three things, no longer behind a scrollbar
                assert "   stopping    generation ends when the model emits the id" in text, text
            screen = app.screen
            assert not screen.show_vertical_scrollbar, n
            if s.view in ("encode", "train", "decode") or (s.view in ("explore", "special") and size == (80, 24)):
                assert [w for w in screen.walk_children(Widget) if scrolling(w)] == [], (n, text)
            for pane in screen.query(BytesPane):
                assert pane.content_size.height >= 1, n  # the bytes pane keeps a row
            for status in screen.query(Status):
                assert status.region.height <= 4, (n, text)  # two lines of header, two of narration
