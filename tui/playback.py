"""How the animator starts: at which frame, whether it plays at once, how fast, and whether it loops.

One small value the command line fills in and the animator (or a later tour) is given; plain Python.

>>> Playback(play=True, fps=2).label(2)
'▶ 2 fps'
>>> Playback().label(1 / 3)
'▶ 0.333 fps'
"""

from __future__ import annotations

from dataclasses import dataclass

#: The speeds + and - step through, in frames per second (the default is DEFAULT_FPS).
SPEEDS = (0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 20.0)
DEFAULT_FPS = 2.0
MAX_FPS = 60.0
#: Seconds a looping play stays on the last frame (the ids) before it starts again, as the tour holds it.
LAST_FRAME_HOLD = 4.0


class PlaybackError(ValueError):
    """A play option that cannot be used, in one sentence."""


def check_fps(fps: float) -> float:
    """`fps` if the animator (or the tour) can play at it, else a PlaybackError of one sentence."""
    if not fps > 0:  # also refuses NaN
        raise PlaybackError(f"--fps must be a number of frames per second above 0, not {fps:g}.")
    if fps > MAX_FPS:
        raise PlaybackError(f"--fps can be at most {MAX_FPS:g} frames per second, not {fps:g}.")
    return fps


@dataclass(frozen=True)
class Playback:
    """`start` is 1-based, as the header's 'frame N/M'; `fps` is frames per second."""

    play: bool = False
    fps: float = DEFAULT_FPS
    loop: bool = False
    start: int = 1
    hold: float = LAST_FRAME_HOLD  # seconds on the last frame before a loop starts again

    def __post_init__(self) -> None:
        check_fps(self.fps)
        if self.start < 1:
            raise PlaybackError(f"--start counts frames from 1, as the header does; {self.start} is not a frame.")

    def check(self, frames: int) -> None:
        """Refuse a start past the last of `frames` frames."""
        if self.start > frames:
            raise PlaybackError(f"--start {self.start} is past the last frame: this trace has {frames} frame{'s' * (frames != 1)}.")

    @staticmethod
    def label(fps: float) -> str:
        """What the header says while playing at `fps`."""
        return f"▶ {fps:.3g} fps"


def step_speed(fps: float, delta: int) -> float:
    """The next speed of SPEEDS above `fps` (delta > 0) or below it; at either end `fps` stays.

    >>> step_speed(2.0, 1), step_speed(2.5, -1), step_speed(20.0, 1), step_speed(0.5, -1)
    (3.0, 2.0, 20.0, 0.5)
    """
    if delta > 0:
        return next((s for s in SPEEDS if s > fps), fps)
    return next((s for s in reversed(SPEEDS) if s < fps), fps)
