"""The guided tour (`bpe-tui tour`): scenes in order with n / p, each in its view with its facts on screen,
--play --loop wrapping round, and the caption bar in rows of its own at 100x26 and 80x24."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from tests.app_support import Notes, ids, make_app, open_view, opened, screen_text, sentence, settle, until
from tui.commands import VIEWS
from tui.messages import Caption, SceneChanged
from tui.tour.app import TourApp
from tui.tour.scenes import SCENES
from tui.widgets.caption_bar import ROWS, CaptionBar, rows_for

#: (view, keys pressed in the scene, strings the screen then shows), one per scene in order.
EXPECTED: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [
    ("encode", ("end",), ("17250", "19526", "5 of 5 ids")),
    ("aliases", (), ("alias Ġ = byte 32", "text 'Ġ' = c4 a0", "→ aliases Ä ł", "byte 32 = 0x20 space")),
    ("encode", ("end",), ("never chosen (w: why)", "✗ b c", "✗ c a", "round 7/7", "│aaababc│ab │xyz│")),
    ("encode", (), ("scan 0/2", "[scan detail]", "round 1: scanning for (a a) from the left")),
    ("encode", ("end",), ("round 14/14", "international 45609", "ization 1634", "2 of 2 ids")),
    ("encode", ("end",), ("cache hit: 'abc' was encoded before (chunk 1)", "1 cache hit")),
    ("decode", (), ("Decode · 2 ids · typed ids", "e4 bd a0 → '你'", "19526  'ä½'", "254  'ł'")),
    ("special", (), ("encode('<|endoftext|>') = [27, 91, 437, 1659, 5239, 91, 29]", "7 ordinary")),
    ("explore", (), ("····if", "│11│8", "GPT-2  2 chunks · 4 tokens", "cl100k_base  2 chunks · 2 tokens")),
    ("explore", (), ("GPT-2  1 chunk · 3 tokens", "1234567", "│3 │3 │3", "3 tokens: 10163 2231 3134")),
    ("train", (), ("round 3/3", "3 merges asked", "15 bytes → 9 tokens", "with chunks (gpt2 regex, 4 chunks)")),
    ("train", (), ("round 20/20", "1,078,434 bytes of the bundled Shakespeare", "1,078,434 bytes → 885,618 tokens", "count 6,017")),
]


async def ready(app: TourApp, pilot: Pilot) -> None:
    """Let the scene's workers (explorer, training) finish and the screen be drawn."""
    await settle(app, pilot)
    await pilot.pause(0.05)
    await settle(app, pilot)


def scenes_sent(notes: Notes) -> list[SceneChanged]:
    """The SceneChanged messages the tour posted, in order."""
    return [m for m in notes.sent(SceneChanged) if isinstance(m, SceneChanged)]


def caption(app: TourApp) -> str:
    return "\n".join(screen_text(app).splitlines()[:2])


async def test_the_tour_starts_at_scene_one_with_its_caption() -> None:
    app = TourApp()
    async with opened(app, size=(100, 26)) as pilot:
        await ready(app, pilot)
        assert app.shown_view == "encode" and app.scene == 0
        top = caption(app)
        assert top.startswith(" scene 1/12: One round trip: Hi 你! · 3 chunks, 7 bytes as aliases")
        assert "ids [17250, 220, 19526, 254, 0]; 你 takes two." in top
        assert screen_text(app).splitlines()[2].startswith("  GPT-2 · 50,000 merges")  # the header comes below the bar


@pytest.mark.slow  # a long run (seconds of app time): CI runs it with the slow set
async def test_the_next_key_goes_through_every_scene_each_in_its_view_with_its_facts(notes: Notes) -> None:
    assert len(EXPECTED) == len(SCENES)
    app = TourApp()
    async with opened(app, size=(100, 26), notes=notes) as pilot:
        await ready(app, pilot)
        for n, (view, keys, shown) in enumerate(EXPECTED):
            if n:
                await pilot.press("right_square_bracket")
                await ready(app, pilot)
            assert app.scene == n and app.shown_view == view, (n, app.shown_view)
            assert f"scene {n + 1}/12: {SCENES[n].title}" in caption(app)
            bars = list(app.screen.query(CaptionBar))  # the view's own bar, given the caption by the app
            assert len(bars) == 1 and bars[0].display and bars[0].region.height == rows_for(app.caption, 100) <= ROWS
            assert bars[0].caption == app.caption == Caption(n, len(SCENES), SCENES[n].title, SCENES[n].caption, False)
            assert bars[0].render_line(0).text.startswith(f"scene {n + 1}/12: {SCENES[n].title} · "), n
            for key in keys:
                await pilot.press(key)
            await ready(app, pilot)
            text = screen_text(app)
            for fact in shown:
                assert fact in text, (n, fact, text)
        await pilot.press("right_square_bracket")  # past the last scene: it says so and stays
        await pilot.pause()
        assert app.scene == len(SCENES) - 1 and "This is the last scene: [ goes back, q quits." in notes.messages
    assert [(m.index, m.total) for m in scenes_sent(notes)] == [(n, len(SCENES)) for n in range(len(SCENES))]


async def test_the_animator_keys_work_inside_a_scene_and_the_back_key_goes_back(notes: Notes) -> None:
    app = TourApp()
    async with opened(app, notes=notes) as pilot:
        await ready(app, pilot)
        await pilot.press(*["right_square_bracket"] * 4)  # internationalization
        await ready(app, pilot)
        assert app.scene == 4
        await pilot.press("shift+right", "shift+right")
        assert "round 2/14" in screen_text(app)
        await pilot.press("end")
        assert ids(app) == [45609, 1634]
        await pilot.press("left_square_bracket")
        await ready(app, pilot)
        assert app.scene == 3 and "scene 4/12: aaa: a new rule waits" in caption(app)
        await pilot.press("right")  # scan detail: one step of the inner scan
        assert "scan 1/2" in screen_text(app) and "finds j=0" in sentence(app)
        await pilot.press(*["left_square_bracket"] * 3)
        await ready(app, pilot)
        assert app.scene == 0 and app.shown_view == "encode"
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert app.scene == 0 and "This is the first scene." in notes.messages


async def test_the_tours_keys_leave_every_views_own_keys_alone() -> None:
    """In the Decode view p is the errors policy, inside the tour too; ] and [ move between scenes."""
    app = TourApp()
    async with opened(app) as pilot:
        await ready(app, pilot)
        for _ in range(6):
            await pilot.press("right_square_bracket")
            await ready(app, pilot)
        assert app.shown_view == "decode" and app.screen.errors == "replace"
        await pilot.press("p")
        await ready(app, pilot)
        assert app.scene == 6 and app.screen.errors == "strict"
        await pilot.press("left_square_bracket")
        await ready(app, pilot)
        assert app.scene == 5 and app.shown_view == "encode"


async def test_space_pauses_the_playing_tour_and_resumes_it() -> None:
    app = TourApp(play=True, fps=30, hold=0.2)
    async with opened(app, size=(100, 26)) as pilot:
        await until(pilot, lambda: app.position is not None and app.position.index > 0)
        await pilot.press("space")
        paused = (app.scene, app.position)
        assert not app.player.playing and "▶ scene" not in caption(app)
        for _ in range(20):  # more ticks than the scene and its hold would take while playing
            await pilot.pause(0.02)
        assert (app.scene, app.position) == paused
        await pilot.press("space")
        await until(pilot, lambda: app.scene > paused[0])
        assert app.player.playing and app.scene > paused[0]


@pytest.mark.slow  # a long app run: CI runs it with the slow set
async def test_play_loop_runs_every_scene_and_wraps_from_the_last_to_the_first(notes: Notes) -> None:
    app = TourApp(play=True, loop=True, fps=60, hold=0.05)
    async with opened(app, size=(100, 26), notes=notes) as pilot:
        await until(pilot, lambda: [m.index for m in scenes_sent(notes)][-2:] == [len(SCENES) - 1, 0])
        seen = [m.index for m in scenes_sent(notes)]
        assert seen[: len(SCENES) + 1] == [*range(len(SCENES)), 0]
        assert "▶ scene" in caption(app)


async def test_play_without_loop_stops_after_the_last_scene(notes: Notes) -> None:
    app = TourApp(SCENES[-3:-1], play=True, fps=60, hold=0.05)
    async with opened(app, size=(100, 26), notes=notes) as pilot:
        await until(pilot, lambda: "The tour is over: [ goes back, q quits." in notes.messages)
        assert [m.index for m in scenes_sent(notes)] == [0, 1]
        assert not app.playing and caption(app).startswith(" scene 2/2: Training the cat the hat")


@pytest.mark.parametrize("size", [(100, 26), (80, 24)])
@pytest.mark.slow  # a long run (seconds of app time): CI runs it with the slow set
async def test_the_caption_bar_never_overlaps_a_pane(size: tuple[int, int]) -> None:
    """In every scene the bar has rows of its own: no other widget's region meets it, and it shows the whole caption."""
    app = TourApp()
    async with opened(app, size=size) as pilot:
        for n in range(len(SCENES)):
            if n:
                await pilot.press("right_square_bracket")
            await ready(app, pilot)
            screen = app.screen
            bar = screen.query_one(CaptionBar)
            assert bar.region.y == 0 and bar.region.height == rows_for(app.caption, size[0]) and bar.region.width == size[0]
            assert screen_text(app).splitlines()[bar.region.height - 1].rstrip().endswith("(] next, [ back)")
            others = [
                w for w in screen.walk_children(Widget) if w is not bar and w.region and type(w).__name__ not in ("ToastRack", "Toast")
            ]
            assert others
            for widget in others:
                assert not bar.region.overlaps(widget.region), (n, widget, widget.region)
            assert "…" not in caption(app) and SCENES[n].caption.split()[-1] in caption(app), n
            if n == 0:  # the animator picks its layout for the rows left: compact at 80x24, so the word keeps its rows
                assert screen.has_class("-compact") == (size == (80, 24))


async def test_space_in_a_scene_plays_the_animator_not_the_tour() -> None:
    """Without --play, space is the animator's play key in a scene: its header says '▶ 2 fps', the tour stays on the scene."""
    app = TourApp()
    async with app.run_test(size=(100, 26)) as pilot:
        await ready(app, pilot)
        await pilot.press("space")
        await pilot.pause()
        assert app.player.playing and not app.playing and app.scene == 0
        assert "▶ 2 fps" in screen_text(app) and "▶ scene" not in caption(app)
        await pilot.press("space")
        await pilot.pause()
        assert not app.player.playing and "fps" not in screen_text(app)


async def test_outside_the_tour_every_view_holds_one_hidden_caption_bar() -> None:
    """The app without the tour: no caption; each view's bar is there but hidden, and takes no rows."""
    app = make_app()
    async with opened(app, size=(100, 26)) as pilot:
        shown: list[str] = []
        for view in VIEWS:
            screen = app.screen if view.name == "encode" else await open_view(app, pilot, view.key)
            bars = list(screen.query(CaptionBar))
            assert len(bars) == 1 and bars[0].caption is None and bars[0].display is False and bars[0].region.height == 0
            assert bars[0].rows(100, ROWS) is None and bars[0].render_line(0).text.strip() == ""
            shown.append(app.shown_view or "")
        assert app.caption is None
        assert shown == ["encode", "decode", "aliases", "tables", "special", "explore", "train", "compare", "chat"]


async def test_a_scenes_notes_leave_with_it() -> None:
    """What was said in a scene (a training's 'Stopped early', an explanation) is not shown over the next scene."""
    app = TourApp(SCENES[-3:-1])
    async with opened(app, size=(80, 24), notifications=True) as pilot:
        await ready(app, pilot)
        await pilot.press("]")
        await ready(app, pilot)
        assert app.scene == 1 and "3 merges asked" in screen_text(app)
        app.notify("said in scene 2")
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["said in scene 2"]
        await pilot.press("[")
        await ready(app, pilot)
        assert app.scene == 0 and list(app._notifications) == []
