"""The one play timer: the animator's space key and the tour's --play both drive it.

While playing it calls its `step` every 1/fps seconds; a step that returns False ends the play
(the last frame without --loop, the tour's last scene). `shown` is told whenever playing or the
speed changes (the header's '▶ 2 fps', the tour's caption).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.timer import Timer

from ..messages import SpeedPressed
from ..playback import step_speed


class Hold:
    """A looping play's stay on a view's last step (the animator's ids, Decode's last token, …): `seconds`
    long, counted in ticks, for each view apart."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.waited: dict[str, float] = {}  # seconds each view has stayed on its last step

    def waits(self, view: str, fps: float) -> bool:
        """True while `view`'s stay on its last step is not over (one tick more of it is counted); at its
        end False, and the next stay counts from 0."""
        waited = self.waited.get(view, 0.0) + 1 / fps
        if waited < self.seconds:
            self.waited[view] = waited
            return True
        self.moved(view)
        return False

    def moved(self, view: str) -> None:
        """`view` stepped on: a later stay counts from 0."""
        self.waited.pop(view, None)


class Player:
    """Plays at `fps` frames per second by calling `step`; `toggle`, `speed` and `stop` are what the keys ask."""

    def __init__(self, app: App[Any], fps: float, step: Callable[[], bool], shown: Callable[[], None]) -> None:
        self._app = app
        self.fps = fps
        self.playing = False
        self._step = step
        self._shown = shown
        self._timer: Timer | None = None

    def toggle(self) -> None:
        self.playing = not self.playing
        self._schedule()

    def stop(self) -> None:
        if self.playing:
            self.toggle()

    def speed(self, delta: int) -> None:
        """The next speed up (delta > 0) or down; a running play goes on at it."""
        self.fps = step_speed(self.fps, delta)
        self._schedule()

    def _schedule(self) -> None:
        """(Re)start the timer at the current speed, or stop it when paused."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.playing:
            self._timer = self._app.set_interval(1 / self.fps, self._tick)
        self._shown()

    def _tick(self) -> None:
        if not self._step():
            self.stop()


class PlayKeys:
    """Mixed into the app: the animator's play and speed keys drive its `player`."""

    player: Player

    def on_play_pressed(self) -> None:
        self.player.toggle()

    def on_speed_pressed(self, message: SpeedPressed) -> None:
        self.player.speed(message.delta)
