"""tui/app/player.py: the one play timer (the animator's space key and the tour's --play) and what a play step shows;
hands-free play from the command line (--play --fps --loop --start) and the speed keys."""

from __future__ import annotations

from typing import Any, cast

import pytest
from textual.app import App

from tests.app_support import Notes, header, hold_play_timer, opened, playing, position, until
from tui.app import BpeApp
from tui.app.player import Player
from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.explain.position import Position
from tui.messages import Move
from tui.playback import Playback
from tui.screens.encode import EncodeScreen


@pytest.fixture
def start() -> Position:
    return Position.of(capture("aaababcabxyz", get_table("teaching")))


def test_a_move_is_one_of_the_positions_moves_and_nothing_else(start: Position) -> None:
    assert [m.value for m in Move] == ["next", "previous", "next_round", "previous_round", "next_chunk", "previous_chunk", "first", "last"]
    assert Move("last").of(start) == start.last() and Move.NEXT.of(start).index == 1
    with pytest.raises(ValueError):
        Move("with_detail")


class Clock:
    """Stands in for the app: set_interval records the interval and hands back a timer that can be stopped."""

    def __init__(self) -> None:
        self.intervals: list[float] = []
        self.stopped = 0

    def set_interval(self, interval: float, callback: object) -> Clock:
        self.intervals.append(interval)
        return self

    def stop(self) -> None:
        self.stopped += 1


def test_the_player_plays_at_its_speed_and_stops_when_a_step_has_nothing_more() -> None:
    clock, steps, shown = Clock(), [True, False], []
    player = Player(cast(App[Any], clock), 2.0, lambda: steps.pop(0), lambda: shown.append((player.playing, player.fps)))
    player.toggle()
    assert player.playing and clock.intervals == [0.5] and shown == [(True, 2.0)]
    player.speed(1)  # 2 → 3 fps: the timer starts again at the new speed
    assert clock.intervals == [0.5, 1 / 3] and clock.stopped == 1 and shown[-1] == (True, 3.0)
    player._tick()
    assert player.playing
    player._tick()  # the step had nothing more: the play ends
    assert not player.playing and clock.stopped == 2 and shown[-1] == (False, 3.0)
    player.speed(-1)  # paused: only the speed changes
    assert clock.intervals == [0.5, 1 / 3] and shown[-1] == (False, 2.0)


async def test_a_looping_play_holds_the_last_frame_before_it_starts_again() -> None:
    """`--play --loop` at 2 fps with a 1.5 s hold: the ids' frame stays for three ticks, then the first comes."""
    app = BpeApp(capture("aaababcabxyz", get_table("teaching")), playback=Playback(fps=2, loop=True, hold=1.5))
    async with opened(app) as pilot:
        last = app.position.last()
        app.position = last
        await pilot.pause()
        shown = []
        for _ in range(4):
            assert app.play_step()
            await pilot.pause()  # the animator asks the app for its next frame by a message
            shown.append(app.position.index)
        assert shown == [last.index, last.index, 0, 1]
        assert app.play_step(loop=False)
        await pilot.pause()
        assert app.position.index == 2  # the tour's own steps: no hold mid-way
        app.position = last
        assert not app.play_step(loop=False)  # without loop the play ends at the last frame, at once


def lecture_app(text: str = "aaababcabxyz", **options: object) -> BpeApp:
    return BpeApp(capture(text, get_table("teaching")), playback=Playback(**options))  # type: ignore[arg-type]


async def test_play_fps_loop_reaches_the_end_and_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--play --fps 10 --loop`: playing at once, '▶ 10 fps' in the header, the last frame, then frame 1 again."""
    hold_play_timer(monkeypatch)
    app = lecture_app(play=True, fps=10, loop=True, hold=0)  # the hold at the last frame is checked above
    async with opened(app) as pilot:
        screen = app.screen
        assert isinstance(screen, EncodeScreen) and app.player._timer is not None
        assert app.player._timer._interval == 1 / 10
        assert playing(app) and position(app) == "chunk 1/1 · round 0/7 · frame 1/9  ▶ 10 fps"
        heights = set()
        for _ in range(8):
            app.player._tick()
            await pilot.pause()
            heights.add(screen.query_one("#status").size.height)
        assert position(app) == "chunk 1/1 · round 7/7 · frame 9/9  ▶ 10 fps"
        app.player._tick()
        await pilot.pause()
        assert position(app) == "chunk 1/1 · round 0/7 · frame 1/9  ▶ 10 fps"
        assert heights == {screen.query_one("#status").size.height}  # the header never changed height


async def test_play_without_loop_stops_at_the_end_and_the_real_timer_moves() -> None:
    app = lecture_app(play=True, fps=60, start=7)
    async with opened(app) as pilot:
        await until(pilot, lambda: not playing(app))
        assert position(app) == "chunk 1/1 · round 7/7 · frame 9/9"


async def test_start_frame_and_speed_keys_show_in_the_header_not_a_toast(notes: Notes) -> None:
    app = lecture_app(start=3)
    async with opened(app, notes=notes) as pilot:
        assert position(app) == "chunk 1/1 · round 2/7 · frame 3/9"
        await pilot.press("space")
        assert header(app)[1].endswith("▶ 2 fps")
        await pilot.press("plus", "plus")
        assert header(app)[1].endswith("▶ 5 fps")
        await pilot.press("minus")
        assert header(app)[1].endswith("▶ 3 fps")
        await pilot.press("space")
        assert "fps" not in header(app)[1]
        assert not [m for m in notes.messages if "second" in m or "fps" in m]
