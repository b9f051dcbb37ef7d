"""SIGTERM, SIGHUP and SIGINT (`kill -INT`; ctrl+c in the app is a key) end the app as q does (issue 28 item 8,
issue 36 item 16): during play, a capture or a save, the real app in a pseudo-terminal leaves the alternate screen,
shows the cursor and turns mouse tracking off, and exits with 128 + the signal's number (143, 129, 130); a save it
was writing leaves no temporary file."""

from __future__ import annotations

import signal
import sys

import pytest

from .terminal import run_in_terminal
from .test_nothing_lost import leftovers

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs a Linux pseudo-terminal")

#: What Textual writes to give the terminal back: leave the alternate screen, show the cursor, mouse tracking off.
RESTORE = ("\x1b[?1049l", "\x1b[?25h", "\x1b[?1000l", "\x1b[?1003l", "\x1b[?1006l")
SIGNALS = pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT], ids=["SIGTERM", "SIGHUP", "SIGINT"])

#: A capture that is still running when the signal comes: after its first chunk it waits until it is cancelled.
HELD_CAPTURE = """
import time
import tui.app.capture
from textual.worker import get_current_worker
real_run = tui.app.capture.run
def held_run(text, table, *, record):
    for n, chunk in enumerate(real_run(text, table, record=record)):
        yield chunk
        while n == 0 and not get_current_worker().is_cancelled:
            time.sleep(0.01)
tui.app.capture.run = held_run
from tui.cli.main import main
main()
"""

#: A save that is still running when the signal comes: its first piece written, it never goes on.
HELD_SAVE = """
import threading
from tui.app import saving
real = saving.serialised
def held(trace):
    pieces = real(trace)
    yield next(pieces)
    threading.Event().wait()
saving.serialised = held
from tui.cli.main import main
main()
"""


def assert_restored(run, number: int) -> None:  # type: ignore[no-untyped-def]
    after = run.output[run.ended_at :].decode("utf-8", "replace")
    assert run.status == 128 + number, after[-500:]
    missing = [sequence for sequence in RESTORE if sequence not in after]
    assert missing == [], f"{missing!r} not written after the signal"


@SIGNALS
def test_a_signal_during_play_gives_the_terminal_back(number: int) -> None:
    run = run_in_terminal(["--text", "aaababcabxyz", "--play", "--loop"], ["▶"], end=number)
    assert_restored(run, number)


@SIGNALS
def test_a_signal_during_a_capture_gives_the_terminal_back(number: int) -> None:
    run = run_in_terminal(["--text", "aaababcabxyz hello world"], [b"t", "capturing"], end=number, code=HELD_CAPTURE)
    assert_restored(run, number)


@SIGNALS
def test_a_signal_during_a_save_gives_the_terminal_back_and_leaves_no_temporary_file(tmp_path, number: int) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "teaching-aaababcabxyz.json"  # the name offered, in the folder the app runs in
    keys: list[bytes | str] = [b"s", "Save this trace as", b"\r", "saving"]
    run = run_in_terminal(["--text", "aaababcabxyz"], keys, end=number, code=HELD_SAVE, cwd=str(tmp_path))
    assert_restored(run, number)
    assert not target.exists() and leftovers(tmp_path) == []


def test_a_terminal_that_goes_away_ends_the_app() -> None:
    """The terminal is closed under the app (its window shut): the kernel hangs up, the app cannot write
    the restore sequences any more, and still ends with 129 (within its grace of a few seconds)."""
    import fcntl
    import os
    import pty
    import select
    import struct
    import termios
    import time

    from .terminal import HANG

    pid, fd = pty.fork()
    if pid == 0:
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            for name in ("COLUMNS", "LINES"):
                os.environ.pop(name, None)
            os.execv(sys.executable, [sys.executable, "-m", "tui", "--text", "hello", "--play", "--loop"])
        finally:
            os._exit(127)
    out = b""
    deadline = time.monotonic() + HANG
    while b"Output ids" not in out and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.05)[0]:
            out += os.read(fd, 1 << 16)
    os.close(fd)  # the terminal goes away
    status = None
    while status is None and time.monotonic() < deadline:
        finished, st = os.waitpid(pid, os.WNOHANG)
        status = os.waitstatus_to_exitcode(st) if finished else None
        time.sleep(0.05)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    assert status == 128 + signal.SIGHUP
