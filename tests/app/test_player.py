"""tui/app/player.py: the one play timer (the animator's space key and the tour's --play) and what a play step shows."""

from __future__ import annotations

from typing import Any, cast

import pytest
from textual.app import App

from tests.app_support import opened
from tui.app import BpeApp
from tui.app.player import Player, played
from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.explain.position import Position
from tui.messages import Move
from tui.playback import Playback


@pytest.fixture
def start() -> Position:
    return Position.of(capture("aaababcabxyz", get_table("teaching")))


def test_a_play_step_shows_the_next_frame_and_at_the_last_the_first_or_nothing(start: Position) -> None:
    last = start.last()
    assert (start.index, last.index) == (0, 8)
    assert played(start, loop=False) == start.next() and played(start, loop=True) == start.next()
    assert played(last, loop=False) is None
    assert played(last, loop=True) == start
    assert played(None, loop=True) is None


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
            shown.append(app.position.index)
        assert shown == [last.index, last.index, 0, 1]
        assert app.play_step(loop=False) and app.position.index == 2  # the tour's own steps: no hold mid-way
        app.position = last
        assert not app.play_step(loop=False)  # without loop the play ends at the last frame, at once
