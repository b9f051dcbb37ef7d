"""`bpe-tui record OUT.cast`: play a text (as the app would with --play) or the built-in tour into an asciinema v2
cast, faster than it plays; `--frames DIR` also writes each new screen as a numbered SVG.

bpe-tui record hi.cast --text "Hi 你!" --table gpt2 --fps 4
bpe-tui record tour.cast --tour --frames slides/
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.files import looked_up
from ..engine.tables import DEFAULT
from ..playback import DEFAULT_FPS, LAST_FRAME_HOLD, MAX_FPS, check_fps
from .inputs import UsageError, say, summary, table_options

if TYPE_CHECKING:
    from .recorder import Cast, Recorder

#: The terminal a cast is drawn for unless --size says otherwise (the app's smallest full layout).
SIZE = (80, 24)
#: What --tour leaves no room for (each option, and its value when not given): the tour chooses its own texts,
#: tables, views and starting frames.
TOUR_CHOOSES: dict[str, object] = {"--text": None, "--text-file": None, "--table": None, "--vocab": None, "--encoder": None}
TOUR_CHOOSES |= {"--tokenizer-json": None, "--view": "encode", "--start": 1}


def add_record(parser: argparse.ArgumentParser) -> None:
    from ..commands import VIEWS

    parser.add_argument("out", metavar="OUT.cast", help="the cast file to write (asciinema's format, version 2)")
    parser.add_argument(
        "--tour",
        nargs="?",
        const="",
        default=None,
        metavar="FILE",
        help="record a tour file (without FILE: the built-in tour), every scene as --play plays it",
    )
    table_options(parser, default=DEFAULT)
    source = parser.add_mutually_exclusive_group()  # the app's: no '-' word, which would follow OUT.cast ambiguously
    source.add_argument("--text", metavar="S", help="capture and record this text (else the text piped in, else the app's example)")
    source.add_argument("--text-file", metavar="F", help="capture and record the text of a UTF-8 file")
    parser.add_argument("--view", choices=[view.name for view in VIEWS], default="encode", help="the view recorded (default: encode)")
    parser.add_argument(
        "--chat-template",
        metavar="FILE",
        help="the Chat view's first format, as the app's option (default with --tokenizer-json: the one beside it)",
    )
    parser.add_argument("--start", type=int, default=1, metavar="N", help="start at frame N (1-based, as the header's 'frame N/M')")
    parser.add_argument(
        "--fps",
        type=float,
        default=DEFAULT_FPS,
        metavar="N",
        help=f"frames per second of the play (default: {DEFAULT_FPS:g}, at most {MAX_FPS:g})",
    )
    parser.add_argument("--theme", metavar="NAME", help="a Textual theme, e.g. textual-light")
    parser.add_argument("--size", default="x".join(map(str, SIZE)), metavar="COLSxROWS", help="the terminal's size (default: 80x24)")
    parser.add_argument("--frames", metavar="DIR", help="also write every new screen as a numbered SVG into DIR (made if missing)")
    parser.add_argument(
        "--gif", metavar="FILE", help="also draw the cast as an animated GIF (needs the extra bpe-tui[gif]: asciinema's agg)"
    )


#: The slowest play a recording takes: a frame every 1,000 s, three frames in its hour.
SLOWEST = 0.001


def run_record(args: argparse.Namespace) -> None:
    from .recorder import LONGEST

    check_fps(args.fps)
    if args.fps < SLOWEST:
        raise UsageError(
            f"--fps {args.fps:g} shows a frame every {1 / args.fps:,.0f} s, and a recording plays {LONGEST:,.0f} s at most: "
            f"give at least {SLOWEST:g} frames per second."
        )
    size = terminal_size(args.size)
    out = Path(args.out)
    frames = Path(args.frames) if args.frames is not None else None
    checked_targets(out, frames)
    binary = gif_maker(Path(args.gif)) if args.gif is not None else None
    began = time.perf_counter()
    cast = (tour_recorder(args, size) if args.tour is not None else app_recorder(args, size)).record()
    rendered = time.perf_counter() - began
    write(cast, out, frames)
    if binary is not None:
        from .gif import write_gif

        write_gif(binary, out, Path(args.gif))
    shots = f" and {len(cast.shots)} SVG frames into {frames}" if frames is not None else ""
    shots += f" and {args.gif}" if args.gif is not None else ""
    cut = f"; the play was cut at the recording's hour ({LONGEST:,.0f} s): raise --fps to see it end" if cast.cut else ""
    say(
        f"wrote {out}{shots}: {cast.duration:.1f} s of play at {args.fps:g} fps ({size[0]}x{size[1]}), rendered in {rendered:.1f} s{cut}",
        err=True,
    )


def tour_recorder(args: argparse.Namespace, size: tuple[int, int]) -> Recorder:
    """The built-in tour, played by itself from its first scene to its last (the one place that names the tour)."""
    given = [option for option, unset in TOUR_CHOOSES.items() if getattr(args, option.strip("-").replace("-", "_")) != unset]
    if given:
        raise UsageError(f"--tour plays the tour's own texts, tables and views: leave out {', '.join(given)}.")
    if args.theme is not None:
        check(args.theme)
    from ..tour.app import TourApp
    from ..tour.files import TourFileError, read_tour
    from ..tour.scenes import BUILTIN
    from .recorder import Recorder, drawn_in_truecolor

    try:
        scenes = read_tour(args.tour or BUILTIN, deep=True)
    except TourFileError as exc:
        raise UsageError("\n".join(exc.lines)) from None
    with drawn_in_truecolor():
        app = TourApp(scenes, play=True, fps=args.fps, theme=args.theme)
    return Recorder(app, size, "bpe-tui tour", frames=args.frames is not None)


def app_recorder(args: argparse.Namespace, size: tuple[int, int]) -> Recorder:
    """The app on the text and table given (or piped in), playing from --start to the last frame, then holding it."""
    from .app_options import chat_template, checked, piped

    if piped() and args.text is None and args.text_file is None:  # as the app takes piped text
        from .inputs import read_text

        args.text = read_text(args)
    args.trace, args.play, args.loop = None, True, False
    custom, trace, playback, _ = checked(args)
    template = chat_template(args)
    from ..app import BpeApp
    from .recorder import Recorder, drawn_in_truecolor

    with drawn_in_truecolor():
        app = BpeApp(trace, custom=custom, playback=playback, theme=args.theme)
    app.chat_template = template
    title = f"bpe-tui: {summary(trace)} of {trace.text[:40]!r} on {trace.table.name}"
    return Recorder(app, size, title, view=args.view, hold=LAST_FRAME_HOLD, still=LAST_FRAME_HOLD, frames=args.frames is not None)


def check(theme: str) -> None:
    from ..app.slides import check_theme

    try:
        check_theme(theme)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def terminal_size(given: str) -> tuple[int, int]:
    """--size '100x26' as (100, 26); at least the app's smallest layout, 60x18."""
    cols, _, rows = given.lower().partition("x")
    if not (cols.isdigit() and rows.isdigit()):
        raise UsageError(f"--size takes columns x rows, such as 80x24, not {given!r}.")
    size = int(cols), int(rows)
    if size[0] < 60 or size[1] < 18 or size[0] > 500 or size[1] > 200:
        raise UsageError(f"--size {given} is outside 60x18 to 500x200, the sizes a cast can be drawn at.")
    return size


def gif_maker(gif: Path) -> Path:
    """Before anything is rendered: agg is installed and `gif` can be written; agg's binary."""
    from ..app.slides import check_writable
    from .gif import agg

    binary = agg()
    try:
        check_writable(gif, "the GIF")
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return binary


def checked_targets(out: Path, frames: Path | None) -> None:
    """Before anything is rendered: the cast's folder exists and is writable, and so is --frames' folder (or its parent)."""
    from ..app.slides import check_writable

    try:
        check_writable(out, "the cast")
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if frames is None:
        return
    found = looked_up(frames)
    if found not in ("folder", "missing"):
        raise UsageError(f"cannot write the frames into {frames}: {'it is not a folder' if found == 'file' else found}.")
    folder = frames if found == "folder" else frames.parent
    there = looked_up(folder)
    if there != "folder":
        raise UsageError(f"cannot write the frames into {frames}: the folder {folder} {'does not exist' if there == 'missing' else there}.")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"cannot write the frames into {frames}: permission denied.")


def write(cast: Cast, out: Path, frames: Path | None) -> None:
    """The cast and the frames, all or nothing (temporary files, then the renames); a --frames folder made here
    is removed again if the writing fails."""
    from ..engine.files import write_all

    files: list[tuple[Path, bytes | Iterator[bytes]]] = [(out, cast.lines(int(time.time())))]
    made = frames is not None and not frames.exists()
    if frames is not None:
        frames.mkdir(exist_ok=True)
        files += [(frames / shot.name, shot.svg.encode("utf-8")) for shot in cast.shots]
    try:
        write_all(files, UsageError)
    except UsageError:
        if made and frames is not None:
            frames.rmdir()
        raise
