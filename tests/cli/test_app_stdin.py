"""Text piped into the app (`echo hello | bpe-tui`): the text comes from the pipe and the keys from the terminal,
as `less` does; with no terminal at all, one sentence and exit 2 instead of an app nobody can quit (issue 24, point 6)."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import time

import pytest

from tests.robust.terminal import drawn_text
from tui.cli.app_options import piped

NO_TERMINAL = (
    b"bpe-tui: the app needs a terminal, and there is none (standard input is not one, /dev/tty cannot be opened); "
    b"the headless commands (encode, chunks, decode, capture) need none.\n"
)


@pytest.mark.parametrize("argv", [[], ["--text", "hello"], ["--table", "gpt2"]])
def test_no_terminal_is_one_sentence(argv):
    """In a new session (no controlling terminal) with text on a pipe, the app refuses at once instead of running for ever."""
    result = subprocess.run(
        [sys.executable, "-m", "tui", *argv], input=b"piped text", capture_output=True, timeout=60, check=False, start_new_session=True
    )
    assert (result.returncode, result.stdout, result.stderr) == (2, b"", NO_TERMINAL)


def test_an_option_error_comes_before_the_missing_terminal():
    """A bad option is still named first (exit 2 either way)."""
    result = subprocess.run(
        [sys.executable, "-m", "tui", "--text", "x", "--fps", "0"],
        input=b"",
        capture_output=True,
        timeout=60,
        check=False,
        start_new_session=True,
    )
    assert result.returncode == 2 and b"--fps" in result.stderr and result.stderr != NO_TERMINAL


def test_piped_text_is_shown_and_q_from_the_terminal_quits():
    """In a pseudo-terminal with standard input a pipe holding 'piped words', the app shows that text, and `q` typed
    on the terminal quits it (before, the keys were read from the exhausted pipe and nothing could stop the app)."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal is the pty, standard input a pipe with the text
        try:
            read_end, write_end = os.pipe()
            os.write(write_end, b"piped words")
            os.close(write_end)
            os.dup2(read_end, 0)
            os.environ["TERM"] = "xterm-256color"
            os.execv(sys.executable, [sys.executable, "-m", "tui"])
        finally:
            os._exit(127)
    out, deadline, status = bytearray(), time.monotonic() + 90, None

    def read() -> None:
        """Add to `out` what the app wrote in the last 50 ms (nothing once it has closed the terminal)."""
        if select.select([fd], [], [], 0.05)[0]:
            with contextlib.suppress(OSError):
                out.extend(os.read(fd, 1 << 16))

    try:
        while "piped" not in drawn_text(out.decode("utf-8", "replace")) and time.monotonic() < deadline:
            read()
        os.write(fd, b"q")
        while status is None and time.monotonic() < deadline:
            read()
            finished, code = os.waitpid(pid, os.WNOHANG)
            status = code if finished else None
    finally:
        if status is None:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    assert "piped" in drawn_text(out.decode("utf-8", "replace"))
    assert status is not None and os.waitstatus_to_exitcode(status) == 0


def test_a_pipe_that_a_textual_driver_speaks_on_is_not_text(monkeypatch):
    """Under `bpe-tui serve`, textual-serve runs the app with TEXTUAL_DRIVER set and talks to it on standard input:
    that pipe is the driver's, never text to read. A test runner's stand-in stdin (no descriptor) is no pipe either."""
    assert piped() is False  # pytest's captured stdin has no file descriptor
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "rb") as pipe:
        monkeypatch.setattr(sys, "stdin", pipe)
        monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
        assert piped() is True
        monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
        assert piped() is False
    os.close(write_end)
