"""`bpe-tui tour`: the guided tour (tui/tour), by hand or by itself: the built-in one, or a tour file.

bpe-tui tour --play --loop --fps 4
bpe-tui tour lecture.toml
bpe-tui tour --check lecture.toml     # every mistake one line (file:line: scene N: …), exit 2; nothing opens
"""

from __future__ import annotations

import argparse

from ..playback import DEFAULT_FPS, MAX_FPS, check_fps
from .inputs import crashed, say


def add_tour(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", nargs="?", metavar="FILE", help="a tour file (TOML, one [[scene]] table per scene; docs/guide.md: Tours as files)"
    )
    parser.add_argument("--check", action="store_true", help="validate FILE without opening the app: each mistake one line, exit 2")
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
    from ..tour.files import TourFileError, read_tour
    from ..tour.scenes import BUILTIN

    try:
        scenes = read_tour(args.file or BUILTIN, deep=True)
    except TourFileError as exc:
        for line in exc.lines:
            say(line, err=True)
        raise SystemExit(2) from None
    if args.check:
        say(f"{args.file or BUILTIN}: {len(scenes)} scene{'' if len(scenes) == 1 else 's'}, no mistakes.")
        return
    from ..tour.app import TourApp

    app = TourApp(scenes, play=args.play, loop=args.loop, fps=args.fps)
    app.run()
    crashed(app.return_code)
