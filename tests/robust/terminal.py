"""What reaches the terminal: run the real app in a pseudo-terminal, or render the screen in-process,
and check the bytes for anything but Textual's own drawing sequences."""

from __future__ import annotations

import os
import re
import select
import struct
import sys
import time
from dataclasses import dataclass

import regex

from .hostile import ESCAPES, FORBIDDEN_ON_SCREEN

#: Any escape sequence a terminal would act on: CSI, OSC (BEL or ST ended), DCS/SOS/PM/APC, or a 2-byte escape.
ANY_SEQUENCE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[ -~])", re.S)
#: The sequences Textual itself writes: SGR colours, cursor moves, its terminal modes, the kitty
#: keyboard protocol, and OSC 22 (the mouse pointer shape).
TEXTUAL_SEQUENCE = re.compile(r"\x1b\[(?:[0-9;:]*m|\d+;\d+H|H|\?(\d+)[hl]|\?(\d+)\$p|>\d+u|<u)|\x1b\]22;[a-z-]+\x07")
TEXTUAL_MODES = {"1", "7", "25", "1000", "1003", "1004", "1006", "1015", "1016", "1049", "2004", "2026", "2048"}
_TOWER = regex.compile(r"\p{M}{3,}")


def terminal_problems(output: str, payloads: tuple[str, ...] = tuple(ESCAPES.values())) -> list[str]:
    """Everything in `output` (what the app wrote) that is not Textual's own drawing; [] when clean."""
    problems: list[str] = []
    for payload in payloads:
        if payload in output:
            problems.append(f"the raw payload {payload!r} reached the terminal")
    text: list[str] = []
    pos = 0
    while True:
        esc = output.find("\x1b", pos)
        text.append(output[pos : esc if esc >= 0 else len(output)])
        if esc < 0:
            break
        match = ANY_SEQUENCE.match(output, esc)
        sequence = match.group() if match else "\x1b"
        allowed = TEXTUAL_SEQUENCE.fullmatch(sequence)
        if allowed is None:
            problems.append(f"escape sequence {sequence[:40]!r} is not one Textual writes")
        elif (allowed.group(1) or allowed.group(2) or "1") not in TEXTUAL_MODES:
            problems.append(f"terminal mode sequence {sequence!r} is not one Textual writes")
        pos = esc + max(len(sequence), 1)
    plain = "".join(text)
    bad = sorted({c for c in plain if c in FORBIDDEN_ON_SCREEN})
    if bad:
        problems.append(f"raw characters {''.join(bad)!r} outside escape sequences")
    tower = _TOWER.search(plain)
    if tower:
        problems.append(f"a tower of {len(tower.group())} combining marks")
    return problems


def drawn_text(output: str) -> str:
    """`output` without Textual's sequences: the characters drawn, in the order they were written."""
    return TEXTUAL_SEQUENCE.sub("", output)


def screen_output(app) -> str:  # type: ignore[no-untyped-def]
    """The exact string a real driver would write to draw the app's whole current screen."""
    update = app.screen._compositor.render_full_update()
    return update.render_segments(app.console)


@dataclass
class TerminalRun:
    output: bytes
    status: int  # the exit status
    ended_at: int = 0  # how many bytes it had written when it was told to end (q, or the signal)


#: How long a terminal session may last before the test calls it a hang: never a claim about speed.
HANG = 90.0


def run_in_terminal(
    argv: list[str],
    keys: list[bytes | str],
    *,
    size: tuple[int, int] = (100, 30),
    ready: str = "Output ids",
    end: int | None = None,
    cwd: str | None = None,
    code: str | None = None,
) -> TerminalRun:
    """Run `python -m tui ARGV` (or `python -c CODE ARGV`, CODE ending in tui's main()) in `cwd` in a pseudo-terminal, wait until it has drawn `ready`, type `keys`,
    then 'q' (or send it the signal `end`); return every byte it wrote and its exit status.

    In `keys` bytes are typed; a str waits until the app has drawn that text since the last key typed
    (a dialog open, a file loaded, the screen under a dialog drawn again), so a busy machine cannot
    make a key arrive before the app is ready for it. Only a hang (HANG seconds) ends the wait.
    """
    import fcntl
    import pty
    import termios

    cols, rows = size
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real app on a real (pseudo) terminal, sized before it starts
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            os.environ.pop("BPE_TUI_EXIT_ON_READY", None)
            for name in ("COLUMNS", "LINES"):  # they override the terminal's own size (a CI sets LINES=24)
                os.environ.pop(name, None)
            if cwd is not None:
                os.chdir(cwd)
            os.execv(sys.executable, [sys.executable, *(["-m", "tui"] if code is None else ["-c", code]), *argv])
        finally:
            os._exit(127)
    out = bytearray()
    deadline = time.monotonic() + HANG

    def read(wait: float) -> bool:
        """Add to `out` what the app writes within `wait` seconds; False once it has closed the terminal."""
        if not select.select([fd], [], [], wait)[0]:
            return True
        try:
            data = os.read(fd, 1 << 16)
        except OSError:
            return False
        out.extend(data)
        return bool(data)

    def until_drawn(text: str, since: int) -> None:
        while text not in drawn_text(out[since:].decode("utf-8", "replace")) and time.monotonic() < deadline:
            if not read(0.05):
                return

    try:
        until_drawn(ready, 0)
        since = len(out)
        for key in keys:
            if isinstance(key, str):
                until_drawn(key, since)
                continue
            since = len(out)
            os.write(fd, key)
            read(0.01)
        ended_at = len(out)
        if end is None:
            os.write(fd, b"q")
        else:
            os.kill(pid, end)
        while time.monotonic() < deadline and read(0.05):
            pass  # until the app closes the terminal
        status = None
        while status is None and time.monotonic() < deadline:
            finished, st = os.waitpid(pid, os.WNOHANG)
            if finished:
                status = st
            time.sleep(0.01)
        if status is None:
            os.kill(pid, 9)
            _, status = os.waitpid(pid, 0)
    finally:
        os.close(fd)
    return TerminalRun(bytes(out), os.waitstatus_to_exitcode(status), ended_at)


#: Keys as a terminal sends them.
KEY = {
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "shift+right": b"\x1b[1;2C",
    "pagedown": b"\x1b[6~",
    "pageup": b"\x1b[5~",
    "home": b"\x1b[H",
    "end": b"\x1b[F",
    "escape": b"\x1b[27u",  # the kitty keyboard protocol's escape (Textual asks for it): never read as the start of another key
    "enter": b"\r",
}
