"""`bpe-tui tour`: the guided tour through the examples (tui/tour), by hand or by itself.

bpe-tui tour --play --loop --fps 4
"""

from __future__ import annotations

import argparse

from ..playback import DEFAULT_FPS, MAX_FPS, check_fps
from .inputs import crashed


def add_tour(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--play", action="store_true", help="play each scene's frames and move on by itself")
    parser.add_argument("--loop", action="store_true", help="start again after the last scene")
    parser.add_argument(
        "--fps",
        type=float,
        default=DEFAULT_FPS,
        metavar="N",
        help=f"frames per second while playing (default: {DEFAULT_FPS:g}, at most {MAX_FPS:g})",
    )


def run_tour(args: argparse.Namespace) -> None:
    check_fps(args.fps)
    from ..tour.app import TourApp

    app = TourApp(play=args.play, loop=args.loop, fps=args.fps)
    app.run()
    crashed(app.return_code)
