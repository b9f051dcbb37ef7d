"""`bpe-tui [TRACE.json] [options]`: the app's own options, the trace it opens, and the app's run."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..engine.bpe import Trace, capture
from ..engine.tables import DEFAULT, Table, get_table, resolver
from ..engine.texts import DEFAULT_TEXT
from ..explain.frames import Frames
from ..playback import DEFAULT_FPS, Playback
from .commands import NAMES
from .inputs import Parser, UsageError, crashed, custom_table, read_text, say, summary, table_options


def build_app_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="bpe-tui",
        description="Watch GPT-2's byte-level BPE tokenizer, frame by frame. "
        f"Headless commands: {', '.join(NAMES)} (bpe-tui COMMAND --help).",
    )
    parser.add_argument("trace", nargs="?", metavar="TRACE.json", help="open this trace file")
    table_options(parser, default=None)
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--text", metavar="S", help="capture and show this text")
    source.add_argument("--text-file", metavar="F", help="capture and show the text of a UTF-8 file")
    lecture = parser.add_argument_group("in a lecture")
    lecture.add_argument("--play", action="store_true", help="play at once")
    lecture.add_argument(
        "--fps", type=float, default=DEFAULT_FPS, metavar="N", help=f"frames per second while playing (default: {DEFAULT_FPS:g})"
    )
    lecture.add_argument("--loop", action="store_true", help="start again from the first frame at the end")
    lecture.add_argument("--start", type=int, default=1, metavar="N", help="start at frame N (1-based, as the header's 'frame N/M')")
    lecture.add_argument("--theme", metavar="NAME", help="a Textual theme, e.g. textual-light for a projector (T cycles them)")
    lecture.add_argument("--screenshot", metavar="FILE", help="write the first screen as SVG to FILE without showing the app, and exit")
    return parser


def app_trace(args: argparse.Namespace, custom: Table | None) -> Trace:
    """The trace the app opens: the trace file, else the capture of --text, --text-file or the default text."""
    if args.trace and (args.text is not None or args.text_file is not None):
        raise UsageError("give either a trace file or --text / --text-file, not both.")
    if args.trace:
        from ..engine.tracefile import load

        trace = load(args.trace, resolver(custom))
    else:
        text = read_text(args) if args.text is not None or args.text_file is not None else DEFAULT_TEXT
        trace = capture(text, custom or get_table(args.table or DEFAULT))
    if not trace.chunks:
        raise UsageError("the text is empty: there is nothing to show.")
    return trace


def run_app(argv: list[str]) -> None:
    """The app, with the collector held back while it starts (`collector.starting`)."""
    from ..collector import starting

    with starting():
        _run_app(argv)


def _run_app(argv: list[str]) -> None:
    args = build_app_parser().parse_args(argv)
    playback = Playback(play=args.play, fps=args.fps, loop=args.loop, start=args.start)
    if args.theme is not None:
        from ..slides import check_theme

        try:
            check_theme(args.theme)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    custom = custom_table(args)
    trace = app_trace(args, custom)
    frames = len(Frames(trace))
    playback.check(frames)
    from ..app import BpeApp

    if args.screenshot is not None:
        from ..slides import check_writable

        try:
            check_writable(Path(args.screenshot))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    app = BpeApp(trace, custom=custom, playback=playback, theme=args.theme, screenshot=args.screenshot is not None)
    if args.screenshot is None:
        app.run()
        crashed(app.return_code)
        return
    from ..slides import write_svg

    app.run(headless=True, size=(80, 24))
    crashed(app.return_code)
    if app.svg is None:
        raise UsageError("the screenshot could not be taken: the app stopped before it drew its first screen.")
    try:
        write_svg(Path(args.screenshot), app.svg)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    say(f"wrote {args.screenshot}: frame {playback.start}/{frames} of {summary(trace)}", err=True)
