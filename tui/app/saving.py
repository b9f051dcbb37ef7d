"""Saves off the UI thread: a trace is serialised and written by a daemon thread, piece by piece.

The view asks (`SaveRequested`, once the user has chosen a path and agreed to replace a file); `Saves`
starts the thread, which reports how far it has got (`SaveProgressed`) and how it ended (`SaveEnded`).
Escape asks it to stop: it stops between two pieces, before the rename, so the old file stays as it was.
The thread is a daemon: it never keeps the process alive, and what it leaves is removed at exit
(`files.remove_temporaries`). SIGTERM, SIGHUP and SIGINT end the app as q does (`end_on_signals`): the terminal
given back, the save stopped, its temporary file removed.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from textual.app import App
from textual.message import Message
from textual.message_pump import MessagePump
from textual.notifications import SeverityLevel

from ..engine.bpe import Trace
from ..engine.files import Cancelled, remove_temporaries, write_atomic
from ..messages import SaveRequested
from ..safe import sentence, visible

PROGRESS_EVERY = 0.25  # seconds between two progress reports


class SaveProgressed(Message):
    """The running save has written this share of the trace."""

    def __init__(self, share: float) -> None:
        super().__init__()
        self.share = share


class SaveEnded(Message):
    """The save is over: what to tell the user (an error has a title), and whether it was cancelled."""

    def __init__(self, message: str, *, title: str = "", cancelled: bool = False) -> None:
        super().__init__()
        self.message = message
        self.title = title
        self.cancelled = cancelled


def serialised(trace: Trace) -> Iterator[bytes]:
    """The trace file's bytes, a piece at a time (the header, each chunk, the end); a TraceError past the trace
    file limit, before anything is renamed."""
    from ..engine.tracefile import encoded  # json: only when a trace is saved

    yield from encoded(trace)


def save_in_thread(to: MessagePump, trace: Trace, target: Path, stop: threading.Event) -> None:
    """The thread's body: write the trace, reporting progress to `to`, and how it ended."""
    from ..engine.tracefile import TraceError

    total = len(trace.chunks) + 2  # the header, the chunks, the end
    last = time.monotonic()

    def reported() -> Iterator[bytes]:
        nonlocal last
        for n, piece in enumerate(serialised(trace), start=1):
            yield piece
            if time.monotonic() - last > PROGRESS_EVERY:
                last = time.monotonic()
                to.post_message(SaveProgressed(n / total))

    try:
        write_atomic(target, reported(), TraceError, stop=stop.is_set)
    except Cancelled:
        to.post_message(SaveEnded(f"Save cancelled; {visible(str(target))} was left as it was.", cancelled=True))
    except TraceError as exc:
        to.post_message(SaveEnded(sentence(str(exc), str(target)), title="Not saved"))
    else:
        to.post_message(SaveEnded(f"Saved {visible(str(target))}."))


class State(Protocol):
    """What saves change: the line that says what is running."""

    busy: str

    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False
    ) -> None: ...


class Saves:
    """At most one save at a time, in a daemon thread; escape (`cancel`) stops it before the rename."""

    def __init__(self, app: App[Any], state: State) -> None:
        self._app = app
        self._state = state
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, trace: Trace, target: Path) -> None:
        if self.running:
            self._state.notify("A save is running: wait for it, or cancel it with escape.", title="Not saved", severity="warning")
            return
        self._stop = threading.Event()
        self._state.busy = "saving… (escape cancels)"
        self._thread = threading.Thread(
            target=save_in_thread, args=(self._app, trace, target, self._stop), name="bpe-tui save", daemon=True
        )
        self._thread.start()

    def cancel(self) -> None:
        """Ask the running save to stop; it says so (SaveEnded) once it has."""
        if self.running and not self._stop.is_set():
            self._stop.set()
            self._state.busy = "cancelling the save…"

    def progressed(self, message: SaveProgressed) -> None:
        if self.running and not self._stop.is_set():
            self._state.busy = f"saving… {message.share:.0%} (escape cancels)"

    def ended(self, message: SaveEnded) -> None:
        if self._state.busy.startswith(("saving", "cancelling the save")):  # not a capture's, started meanwhile
            self._state.busy = ""
        if message.title:
            self._state.notify(message.message, title=message.title, severity="error")
        else:
            self._state.notify(message.message, timeout=3)


class SaveReports:
    """Mixed into the app: its handlers for save requests and for what the save thread reports."""

    saves: Saves

    def on_save_requested(self, message: SaveRequested) -> None:
        self.saves.start(message.trace, message.target)

    def on_save_progressed(self, message: SaveProgressed) -> None:
        self.saves.progressed(message)

    def on_save_ended(self, message: SaveEnded) -> None:
        self.saves.ended(message)


#: The signals that end the app as q does; the exit status is 128 + the signal's number (143, 129, 130), as a shell reports it.
ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name))


#: Seconds an app ended by a signal has to give the terminal back before the process ends anyway (a hung-up
#: terminal takes no more writes, and Textual would wait for them for ever).
GRACE = 5.0


def end_on_signals(app: App[Any], saves: Saves) -> None:
    """From now on SIGTERM, SIGHUP and SIGINT stop the save, remove our temporary files and exit the app the
    ordinary way, which gives the terminal back (alternate screen left, cursor shown, mouse tracking off);
    if that has not ended the process within GRACE seconds, it ends there and then."""

    def ended(number: int) -> None:
        saves.cancel()
        remove_temporaries()
        threading.Thread(target=_end_after_grace, args=(128 + number,), name="bpe-tui exit", daemon=True).start()
        app.exit(return_code=128 + number)

    loop = asyncio.get_running_loop()
    for number in ENDING:
        try:
            loop.add_signal_handler(number, ended, number)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, or no such handlers here
            return


def _end_after_grace(status: int) -> None:
    time.sleep(GRACE)
    os._exit(status)
