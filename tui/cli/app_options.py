"""`bpe-tui [TRACE.json] [options]`: the app's own options, the trace it opens, and the app's run."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.bpe import Trace, capture
from ..engine.tables import DEFAULT, Table, get_table, resolver, table_cycle
from ..engine.texts import DEFAULT_TEXT
from ..explain.frames import Frames
from ..playback import DEFAULT_FPS, Playback
from .commands import COMMANDS
from .inputs import COMMAND_TABLE, Parser, UsageError, crashed, custom_table, read_text, say, summary, table_options
from .routing import names_a_trace, not_a_trace

if TYPE_CHECKING:
    from ..engine.chat.model import ChatFormat


def version() -> str:
    """'bpe-tui 0.1.0', from the installed package's metadata."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return f"bpe-tui {installed('bpe-tui')}"
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "bpe-tui (not installed: version unknown)"


class Version(argparse.Action):
    """--version: print `version()` and exit; the package metadata is read only then, not at every start."""

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
        print(version())
        parser.exit()


def commands_help(width: int) -> str:
    """The help's list of commands, each with the registry's one line, wrapped to `width` columns."""
    import textwrap

    column = max(len(command.name) for command in COMMANDS) + 4
    lines = textwrap.wrap(
        f"commands (bpe-tui COMMAND --help shows each one's options; the ones that take a table use "
        f"{COMMAND_TABLE} unless --table or a custom table says otherwise, while the app starts on {DEFAULT}):",
        width,
    )
    for command in COMMANDS:
        lines += textwrap.wrap(command.help, width, initial_indent=f"  {command.name:<{column - 2}}", subsequent_indent=" " * column)
    return "\n".join(lines)


def build_app_parser() -> argparse.ArgumentParser:
    width = shutil.get_terminal_size().columns - 2  # as argparse wraps the rest of the help
    parser = Parser(
        prog="bpe-tui",
        usage="bpe-tui [TRACE.json] [options]\n       bpe-tui [--table NAME] COMMAND [options]",
        description="Watch BPE tokenizers (GPT-2, tiktoken, tokenizers, SentencePiece) merge, frame by frame, in the app; or script them with a command.",
        epilog=commands_help(width),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=Version, nargs=0, help="print bpe-tui's version and exit")
    parser.add_argument("trace", nargs="?", metavar="TRACE.json", help="open this trace file")
    table_options(parser, default=DEFAULT)
    parser.add_argument(
        "--explore-tables",
        metavar="A,B,C",
        help="the explorer's rows, up to six tables (default: gpt2,cl100k_base,o200k_base; r changes them)",
    )
    parser.add_argument(
        "--chat-template",
        metavar="FILE",
        help="the Chat view's first format on every table (f reaches the table's own): a Hugging Face chat template, "
        "a Jinja file or a tokenizer_config.json holding one (default with --tokenizer-json: the one beside it)",
    )
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
    from ..app.collector import starting

    with starting():
        _run_app(argv)


def piped() -> bool:
    """Whether standard input is a real file or pipe that is not a terminal (`echo hello | bpe-tui`); a stand-in
    object without a file descriptor (a test runner's) is not, nor the pipe of a program that drives the app through
    a Textual driver of its own (`bpe-tui serve`: textual-serve's web driver speaks its protocol on standard input)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return False
    try:
        return not os.isatty(sys.stdin.fileno())
    except (AttributeError, ValueError, OSError):  # no stdin, a closed one, or one without a descriptor
        return False


def terminal() -> int:
    """A descriptor of the terminal (/dev/tty) even when standard input is a pipe, as `less` reads its keys."""
    try:
        return os.open("/dev/tty", os.O_RDWR)
    except OSError:
        raise UsageError(
            "the app needs a terminal, and there is none (standard input is not one, /dev/tty cannot be opened); "
            "the headless commands (encode, chunks, decode, capture) need none."
        ) from None


def explore_rows(asked: str | None, custom: Table | None) -> tuple[str, ...] | None:
    """--explore-tables: the explorer's rows, among the tables `t` reaches (None: the default rows)."""
    if asked is None:
        return None
    from ..explain.explorer import chosen_rows

    try:
        return chosen_rows([name.strip() for name in asked.split(",")], table_cycle(custom))
    except ValueError as exc:
        raise UsageError(f"--explore-tables: {exc}") from None


def piped_text(args: argparse.Namespace) -> None:
    """Text piped in becomes the app's text when no trace or text is given (once a terminal is known to exist)."""
    if piped() and args.trace is None and args.text is None and args.text_file is None:
        os.close(terminal())
        args.text = read_text(args)


def keys_from_terminal() -> None:
    """Standard input piped in: the app reads its keys from the terminal instead, or says in one sentence there is none."""
    if piped():
        tty = terminal()
        os.dup2(tty, sys.stdin.fileno())
        os.close(tty)


def chat_template(args: argparse.Namespace) -> ChatFormat | None:
    """The Chat view's own format: --chat-template's (a file that is not a template is one sentence, ChatError), else
    the template beside --tokenizer-json (one that cannot be read is said in the Chat view: the table still opens),
    else None. A served app names the template's file without its folder and says no server path in a sentence
    (`serve` said why to its own terminal before serving: `chat_template_problem`)."""
    from ..access import FileAccess
    from ..engine.chat.model import ChatError
    from ..engine.chat.template import UNREAD_SERVED, unread_template

    served = FileAccess.from_environ().served
    try:
        return _template(args, (lambda path: path.name) if served else str)
    except ChatError as exc:
        if args.chat_template is not None and not served:
            raise
        return unread_template(UNREAD_SERVED if served else str(exc))


def chat_template_problem(args: argparse.Namespace) -> str:
    """For `serve`, before it serves: ChatError (one sentence) for a --chat-template that is not one; for a template
    beside --tokenizer-json that cannot be read, why ('' when there is none or it reads), for the server's terminal."""
    from ..engine.chat.model import ChatError

    try:
        _template(args, str)
    except ChatError as exc:
        if args.chat_template is not None:
            raise
        return str(exc)
    return ""


def _template(args: argparse.Namespace, shown: Callable[[Path], str]) -> ChatFormat | None:
    """--chat-template's format, else the template beside --tokenizer-json, else None; ChatError if it cannot be read.
    `shown` names its file in the format's label."""
    from ..engine.chat.template import read_template, template_beside

    if args.chat_template is not None:
        return read_template(args.chat_template, shown)
    return template_beside(args.tokenizer_json, shown) if args.tokenizer_json else None


def checked(args: argparse.Namespace) -> tuple[Table | None, Trace, Playback, int]:
    """The app's options checked as the app starts (UsageError and the like in one sentence): its custom
    table, its trace, its playback and the number of frames. `bpe-tui serve` checks them before serving."""
    playback = Playback(play=args.play, fps=args.fps, loop=args.loop, start=args.start)
    if args.theme is not None:
        from ..app.slides import check_theme

        try:
            check_theme(args.theme)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    custom = custom_table(args)
    trace = app_trace(args, custom)
    frames = len(Frames(trace))
    playback.check(frames)
    return custom, trace, playback, frames


def _run_app(argv: list[str]) -> None:
    args = build_app_parser().parse_args(argv)
    if args.trace is not None and not names_a_trace(args.trace):
        raise UsageError(not_a_trace(args.trace))
    if args.screenshot is None:
        piped_text(args)
    custom, trace, playback, frames = checked(args)
    rows = explore_rows(args.explore_tables, custom)
    template = chat_template(args)
    from ..app import BpeApp

    if args.screenshot is not None:
        from ..app.slides import check_writable

        try:
            check_writable(Path(args.screenshot))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    app = BpeApp(trace, custom=custom, playback=playback, theme=args.theme, screenshot=args.screenshot is not None)
    app.explore_rows, app.chat_template = rows, template
    if args.screenshot is None:
        keys_from_terminal()
        app.run()
        crashed(app.return_code)
        return
    from ..app.slides import write_svg

    app.run(headless=True, size=(80, 24))
    crashed(app.return_code)
    if app.svg is None:
        raise UsageError("the screenshot could not be taken: the app stopped before it drew its first screen.")
    try:
        write_svg(Path(args.screenshot), app.svg)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    say(f"wrote {args.screenshot}: frame {playback.start}/{frames} of {summary(trace)}", err=True)
