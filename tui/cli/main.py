"""bpe-tui's command line: its parsers, the app, and the dispatch to the headless commands (cli_headless.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..engine.bpe import CaptureError, Trace, capture
from ..engine.tables import DEFAULT, Table, TableError, get_table, names, resolver
from ..engine.tables.registry import about
from ..explain.frames import Frames
from ..playback import DEFAULT_FPS, Playback, PlaybackError
from .inputs import UsageError, custom_table, fail, read_text, summary

# What only a headless command needs (json, decoding, trace files, training, serve, tour) is
# imported by that command: the app's start-up does not pay for it.

COMMANDS = ("capture", "encode", "decode", "chunks", "check", "examples", "train", "serve", "tour")


def user_errors() -> tuple[type[Exception], ...]:
    """The errors a user can cause, each reported in one line with exit status 2."""
    from ..engine.decoding import DecodeError
    from ..engine.tracefile import TraceError
    from ..engine.training import TrainingError
    from . import serve as cli_serve

    return (TableError, CaptureError, DecodeError, TraceError, TrainingError, cli_serve.ServeError, PlaybackError)


def _table_options(parser: argparse.ArgumentParser, default: str | None = DEFAULT) -> None:
    parser.add_argument("--table", choices=names(), default=default, help=f"rule table: {about()} (default: {DEFAULT})")
    parser.add_argument("--vocab", metavar="FILE", help="custom table: a vocab.bpe in GPT-2's format (with --encoder)")
    parser.add_argument("--encoder", metavar="FILE", help="custom table: its encoder.json (with --vocab)")
    parser.add_argument("--tokenizer-json", metavar="FILE", help="custom table: a local Hugging Face byte-level BPE tokenizer.json")


def _text_options(parser: argparse.ArgumentParser, jsonl: str = "") -> None:
    """--text, --text-file or '-'; with `jsonl` (what one output line holds), --jsonl too."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--text", metavar="S", help="the text itself")
    source.add_argument("--text-file", metavar="F", help="read the text from a UTF-8 file")
    if jsonl:
        source.add_argument("--jsonl", action="store_true", help=f"read one JSON string per line of standard input, write {jsonl} per line")
    source.add_argument("stdin", nargs="?", choices=["-"], help="read the text from standard input")


def build_parser() -> argparse.ArgumentParser:
    from . import serve as cli_serve
    from . import tour as cli_tour
    from . import train as cli_train

    parser = argparse.ArgumentParser(prog="bpe-tui", description="See GPT-2's byte-level BPE work, frame by frame.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("capture", help="write the merge trace of a text as JSON (format bpe-trace/1)")
    _table_options(p)
    _text_options(p)
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    p.add_argument("--force", action="store_true", help="overwrite FILE if it exists")

    p = sub.add_parser("encode", help="print the ids of a text as a JSON list")
    _table_options(p)
    _text_options(p, jsonl="one id list")

    p = sub.add_parser("chunks", help="print the regex chunks of a text as JSON: text, start, branch, pattern")
    _table_options(p)
    _text_options(p, jsonl="one array")

    p = sub.add_parser("decode", help="print the text of some ids")
    _table_options(p)
    p.add_argument("--errors", choices=("replace", "strict"), default="replace", help="what invalid UTF-8 does (default: replace)")
    p.add_argument("--explain", action="store_true", help="print every decode frame: id, alias, bytes, complete alone?, streamed")
    p.add_argument("ids", nargs="+", metavar="ID", help="ids, separated by spaces or commas")

    p = sub.add_parser("check", help="validate trace files without opening the app (exit 0 if all are valid)")
    p.add_argument("--vocab", metavar="FILE")
    p.add_argument("--encoder", metavar="FILE")
    p.add_argument("--tokenizer-json", metavar="FILE")
    p.add_argument("files", nargs="+", metavar="FILE")

    cli_train.add_parser(sub, _text_options)
    cli_serve.add_parser(sub)
    cli_tour.add_parser(sub)

    p = sub.add_parser("examples", help="regenerate the example traces in traces/ (or --list them)")
    p.add_argument("--dir", metavar="DIR", help="write there instead of the project's traces/")
    p.add_argument("--list", action="store_true", help="print the path of every bundled trace, one per line, and write nothing")
    return parser


def build_app_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bpe-tui",
        description="Watch GPT-2's byte-level BPE tokenizer, frame by frame. "
        f"Headless commands: {', '.join(COMMANDS)} (bpe-tui COMMAND --help).",
    )
    parser.add_argument("trace", nargs="?", metavar="TRACE.json", help="open this trace file")
    _table_options(parser, default=None)
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
        from ..app import DEFAULT_TEXT, MAX_TEXT

        text = read_text(args) if args.text is not None or args.text_file is not None else DEFAULT_TEXT
        if len(text) > MAX_TEXT:
            raise UsageError(f"the text has {len(text):,} characters; the limit is {MAX_TEXT:,}.")
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
        return
    from ..slides import write_svg

    app.run(headless=True, size=(80, 24))
    if app.svg is None:
        raise UsageError("the screenshot could not be taken: the app stopped before it drew its first screen.")
    try:
        write_svg(Path(args.screenshot), app.svg)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    print(f"wrote {args.screenshot}: frame {playback.start}/{frames} of {summary(trace)}", file=sys.stderr)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv and argv[0] in COMMANDS:
            parser = build_parser()
            args, app_argv = parser.parse_known_args(argv)  # serve passes the options it does not know to the app
            if args.command == "serve":
                from . import serve as cli_serve

                cli_serve.run(args, app_argv, build_app_parser().parse_args)
                return
            if app_argv:
                parser.error(f"unrecognized arguments: {' '.join(app_argv)}")
            from .headless import RUNNERS

            RUNNERS[args.command](args)
        else:
            run_app(argv)
    except UsageError as exc:
        fail(str(exc))
    except BrokenPipeError:
        sys.stderr.close()
        raise SystemExit(1) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except Exception as exc:
        if isinstance(exc, user_errors()):
            fail(str(exc))
        raise
