"""The tour played hands-free (`bpe-tui tour --play`), scene by scene, at the projector's size (the served
page at `serve --fontsize 26` in a 1366x768 browser is about 100x26) and at 80x24: every view moves, and
at the last step of each scene its whole caption and the figure it is about are on screen, no scrollbar
hiding them. The play timer is held; the test plays each tick itself, once the previous one has settled."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from tests.app_support import hold_play_timer, opened, screen_text, until
from tui.screens.aliases import AliasGrid
from tui.screens.decode import FramesList
from tui.screens.explore import ExploreBox
from tui.screens.train import TrainScreen
from tui.tour.app import TourApp
from tui.tour.scenes import SCENES
from tui.widgets.caption_bar import ROWS

pytestmark = pytest.mark.slow  # every scene played: minutes of app time, in CI's slow set

#: What each scene's view shows after each play tick: the animator's frame (.scan step in scan detail), Decode's token, the byte
#: Aliases selects, the explorer's typed text, Training's round (Special holds still).
STEPS: list[list[object]] = [
    [1, 2, 3, 4, 5, 6, 7],
    [196, 160, 32],  # Ġ typed as text is c4 a0; then back to the byte it is the alias of
    [1, 2, 3, 4, 5, 6, 7, 8],
    [1.1, 1.2, 2.0],  # frame.scan step: scan detail on
    list(range(1, 16)),
    [1, 2, 3, 4, 5, 6],
    [1],  # token 2: 254 completes 你
    [],
    [" ", "  ", "   ", "    ", "    i", "    if"],
    ["1", "12", "123", "1234", "12345", "123456", "1234567"],
    [2, 3],  # a scene's view starts its play at its beginning: round 1 as soon as it is trained
    list(range(2, 21)),  # the bundled book: 20 merges, round by round
]

#: What each scene is about, as its last step shows it, at both sizes.
FIGURES: list[tuple[str, ...]] = [
    ("Hi 17250", "ä½ 19526", "ł 254", "! 0", "frame 8/8"),
    ("alias Ġ = byte 32", "byte 32 = 0x20 space", "2_ ▸ Ġ*", "text 'Ġ' = c4 a0"),
    ("aaababc 264  ab 257  xyz 261", "✗ b c  rank 2", "✗ c a  rank 3", "round 7/7"),
    ("│aa │a │", "aa 256  a 64", "[scan detail]"),
    ("international 45609", "ization 1634", "round 14/14"),
    ("ab 257  c 66", "! 0", "1 cache hit", "cache hit: 'abc' was encoded before"),
    ("▶2    254", "stream: released '你' · holding nothing", "e4 bd a0 → '你'"),
    ("7 ordinary ids", "encoder['<|endoftext|>'] = 50256", "stopping    generation ends when the model emits the id"),
    ("GPT-2  2 chunks · 4 tokens", "│11│8", "│7 │2", "3 tokens: 220 220 220"),
    ("GPT-2  1 chunk · 3 tokens", "│9", "│3 │3 │3"),
    ("round 3/3", "round 3: (97, 116) -> 258 'at'", "15 bytes → 9 tokens"),
    ("round 20/20", "1,078,434 bytes → 885,618 tokens"),
]


def shown(app: TourApp) -> object:
    """The one thing the scene's view moves under play."""
    screen, view = app.screen, app.shown_view
    if view == "encode":
        at = app.position
        return None if at is None else at.index + at.step / 10 if at.detail else at.index
    if view == "decode":
        return screen.query_one(FramesList).cursor
    if view == "aliases":
        return screen.query_one(AliasGrid).selected
    if view == "explore":
        return screen.query_one(ExploreBox).text
    return screen.round if isinstance(screen, TrainScreen) else None


async def settled(app: TourApp, pilot: Pilot) -> None:
    """Every worker done (a scene's explorer cancels the re-chunk of its whole text: it types it again) and its report shown."""
    await until(pilot, lambda: all(worker.is_finished for worker in app.workers))
    await pilot.pause()
    await pilot.pause()


def scrolling(widget: Widget) -> bool:
    return bool(widget.display and widget.region and widget.show_vertical_scrollbar and widget.styles.scrollbar_size_vertical)


@pytest.mark.parametrize("size", [(100, 26), (80, 24)])
async def test_every_scene_moves_under_play_and_ends_legible_with_its_caption_and_figure(
    size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len(STEPS) == len(FIGURES) == len(SCENES)
    hold_play_timer(monkeypatch)
    app = TourApp(play=True)
    async with opened(app, size=size) as pilot:
        for n, scene in enumerate(SCENES):
            if n:
                await app.action_scene(1)
            await until(pilot, lambda n=n, view=scene.view: app.scene == n and app.shown_view == view)
            await settled(app, pilot)
            steps = []
            while app.view_step():
                await settled(app, pilot)  # the animator asks the app for its next frame by a message
                steps.append(shown(app))
            assert steps == STEPS[n], n
            text = screen_text(app)
            bar = " ".join(line.strip() for line in text.splitlines()[:ROWS])
            assert scene.caption in bar and bar.startswith(f"▶ scene {n + 1}/{len(SCENES)}: "), (n, bar)
            for figure in FIGURES[n]:
                assert figure in text, (n, figure, text)
            assert not app.screen.show_vertical_scrollbar, n
            if scene.view in ("encode", "decode", "train", "special"):
                assert [w for w in app.screen.walk_children(Widget) if scrolling(w)] == [], (n, text)
