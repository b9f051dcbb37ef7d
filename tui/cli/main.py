"""bpe-tui's entry point (`[project.scripts]`): a registered command (tui/cli/commands.py) or the app (app_options.py).

Each command's module, and what only it needs (json, decoding, trace files, training, serve, the
tour), is imported when that command runs: the app's start-up does not pay for it.
"""

from __future__ import annotations

import argparse
import signal
import sys

from ..engine.bpe import CaptureError
from ..engine.tables import TableError
from ..playback import PlaybackError
from .app_options import run_app
from .commands import COMMANDS, NAMES, named
from .inputs import Parser, UsageError, fail


def user_errors() -> tuple[type[Exception], ...]:
    """The errors a user can cause, each reported in one line with exit status 2."""
    from ..engine.decoding import DecodeError
    from ..engine.tracefile import TraceError
    from ..engine.training import TrainingError
    from .serve import ServeError

    return (TableError, CaptureError, DecodeError, TraceError, TrainingError, ServeError, PlaybackError)


def build_parser() -> argparse.ArgumentParser:
    """`bpe-tui COMMAND ...`: one subparser per registered command, with the registry's help."""
    parser = Parser(prog="bpe-tui", description="See GPT-2's byte-level BPE work, frame by frame.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(sub.add_parser(command.name, help=command.help))
    return parser


def run_command(argv: list[str]) -> None:
    """Run the command `argv[0]` with the rest of `argv`."""
    parser = build_parser()
    args, app_argv = parser.parse_known_args(argv)
    command = named(args.command)
    if command.app_options:
        args.app_argv = app_argv
    elif app_argv:
        parser.error(f"unrecognized arguments: {' '.join(app_argv)}")
    command.run(args)


def ended_by_signal(number: int, frame: object) -> None:
    """SIGTERM and SIGHUP end a command as ctrl+c does, with status 128 + the signal's number (143, 129); a file
    being saved keeps its old contents and our temporary file is removed. (The app installs its own: tui/saving.py.)"""
    from ..engine.files import remove_temporaries

    remove_temporaries()
    raise SystemExit(128 + number)


def main(argv: list[str] | None = None) -> None:
    if argv is None:  # the process's own entry point (not a test calling main in-process)
        argv = sys.argv[1:]
        for name in ("SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), ended_by_signal)
    try:
        if argv and argv[0] in NAMES:
            run_command(argv)
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
