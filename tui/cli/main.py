"""bpe-tui's entry point (`[project.scripts]`): a registered command (tui/cli/commands.py), `help`, or the app
(app_options.py); routing.py says which a command line asks for.

Only the command that runs is imported, with what only it needs (json, decoding, trace files,
training, serve, the tour): neither the app's start-up nor another command pays for it.
"""

from __future__ import annotations

import argparse
import errno
import io
import os
import signal
import sys

from ..engine.memory import OUT_OF_MEMORY
from .commands import NAMES, Command, named
from .inputs import Parser, UsageError, fail, say
from .routing import command_at

#: Exit status when standard output is closed before everything was written (`bpe-tui encode … | head -0`):
#: 128 + SIGPIPE, as a program that the signal ended reports it, with nothing said.
CLOSED_PIPE = 141
#: What writing the output can fail with (a full disk, a file too big, an I/O error, a closed descriptor): any such
#: error reaching main came from standard output, since every file a command writes reports its own in one sentence.
OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EFBIG, errno.EIO, errno.EDQUOT, errno.EBADF})


class ClosedOutput(io.TextIOBase):
    """Standard output when the shell closed it (`>&-`): each write fails as a closed descriptor does."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def user_errors() -> tuple[type[Exception], ...]:
    """The errors a user can cause, each reported in one line with exit status 2."""
    from ..engine.bpe import CaptureError
    from ..engine.decoding import DecodeError
    from ..engine.tables import TableError
    from ..engine.tracefile import TraceError
    from ..engine.training import TrainingError
    from ..playback import PlaybackError
    from .serve import ServeError

    return (TableError, CaptureError, DecodeError, TraceError, TrainingError, ServeError, PlaybackError)


def command_parser(command: Command) -> argparse.ArgumentParser:
    """`bpe-tui NAME`'s own parser: its usage, the registry's one line, its options (a bad one prints this usage)."""
    parser = Parser(prog=f"bpe-tui {command.name}", description=command.help)
    command.add_parser(parser)
    return parser


def run_command(command: Command, argv: list[str]) -> None:
    """Run `command` with its arguments `argv`."""
    parser = command_parser(command)
    if command.app_options:
        args, app_argv = parser.parse_known_args(argv)
        args.app_argv = app_argv
    else:
        args = parser.parse_args(argv)
    command.run(args)


def route(argv: list[str]) -> None:
    """Run what `argv` asks for: a command (its table options may come first), help, or the app."""
    at = command_at(argv)
    if at is not None:
        run_command(named(argv[at]), argv[:at] + argv[at + 1 :])  # the options before the name keep their place: first
        return
    from .app_options import build_app_parser, run_app

    if argv[:1] == ["help"]:  # `bpe-tui help`, `bpe-tui help encode`
        if argv[1:2] and argv[1] in NAMES:
            command_parser(named(argv[1])).print_help()
        else:
            build_app_parser().print_help()
        return
    run_app(argv)


def quiet_closed_pipe() -> None:
    """Standard output was closed by its reader: point it at /dev/null so that the interpreter's last flush
    says nothing either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real descriptor (a test's stand-in)
        return
    os.close(devnull)


def ended_by_signal(number: int, frame: object) -> None:
    """SIGTERM and SIGHUP end a command as ctrl+c does, with status 128 + the signal's number (143, 129); a file
    being saved keeps its old contents and our temporary file is removed. (The app installs its own: tui/app/saving.py.)"""
    from ..engine.files import remove_temporaries

    remove_temporaries()
    raise SystemExit(128 + number)


def main(argv: list[str] | None = None) -> None:
    if argv is None:  # the process's own entry point (not a test calling main in-process)
        argv = sys.argv[1:]
        if sys.stdout is None:
            sys.stdout = ClosedOutput()
        for name in ("SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), ended_by_signal)
    try:
        route(argv)
        sys.stdout.flush()
    except UsageError as exc:
        fail(str(exc))
    except BrokenPipeError:
        quiet_closed_pipe()
        raise SystemExit(CLOSED_PIPE) from None
    except OSError as exc:
        if exc.errno not in OUTPUT_ERRORS:
            raise
        quiet_closed_pipe()  # what is still buffered goes nowhere, so the interpreter's last flush fails no more
        fail(f"cannot write to standard output ({exc.strerror}); nothing more was printed.")
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except MemoryError:
        say("bpe-tui: out of memory (a served app: past the server's --max-memory); nothing was written.", err=True)
        raise SystemExit(OUT_OF_MEMORY) from None
    except Exception as exc:
        if isinstance(exc, user_errors()):
            fail(str(exc))
        raise
