"""`bpe-tui tour`: the guided tour through the seeds' examples (tui/tour.py), by hand or by itself.

bpe-tui tour --play --loop --fps 4
"""

from __future__ import annotations

import argparse

DEFAULT_FPS = 2.0
MAX_FPS = 60.0


class TourError(ValueError):
    """A tour option that cannot be used (one sentence)."""


def check_fps(fps: float) -> float:
    """`fps` if the tour can play at it (more than 0, at most MAX_FPS), else a TourError."""
    if not 0 < fps <= MAX_FPS:
        raise TourError(f"--fps must be more than 0 and at most {MAX_FPS:g} frames per second, not {fps:g}.")
    return fps


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tour", help="a guided tour through the seeds' examples, scene by scene (n / p)")
    p.add_argument("--play", action="store_true", help="play each scene's frames and move on by itself")
    p.add_argument("--loop", action="store_true", help="start again after the last scene")
    p.add_argument(
        "--fps",
        type=float,
        default=DEFAULT_FPS,
        metavar="N",
        help=f"frames per second while playing (default: {DEFAULT_FPS:g}, at most {MAX_FPS:g})",
    )


def run(args: argparse.Namespace) -> None:
    check_fps(args.fps)
    from .tour import TourApp

    TourApp(play=args.play, loop=args.loop, fps=args.fps).run()
