"""How the animator starts and plays (tui/playback.py): the speed label, the speed steps, a speed refused."""

from __future__ import annotations

import pytest

from tui.playback import Playback, PlaybackError, step_speed


def test_playback_values() -> None:
    assert Playback(play=True, fps=10).label(10) == "▶ 10 fps"
    assert Playback.label(0.5) == "▶ 0.5 fps"
    assert [step_speed(2.0, 1), step_speed(2.0, -1), step_speed(20.0, 1), step_speed(0.5, -1), step_speed(7.0, 1)] == [
        3.0,
        1.0,
        20.0,
        0.5,
        10.0,
    ]
    with pytest.raises(PlaybackError, match="above 0, not nan"):
        Playback(fps=float("nan"))
    Playback(start=9).check(9)  # the last frame is a frame
