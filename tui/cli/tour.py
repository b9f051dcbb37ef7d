"""`bpe-tui tour`: the guided tour through the seeds' examples (tui/tour.py), by hand or by itself.

bpe-tui tour --play --loop --fps 4
"""

from __future__ import annotations

import argparse

from ..playback import DEFAULT_FPS, MAX_FPS, check_fps


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
    from ..tour.app import TourApp

    TourApp(play=args.play, loop=args.loop, fps=args.fps).run()
