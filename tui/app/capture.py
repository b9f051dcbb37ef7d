"""Captures and loads: the worker bodies, and `Captures`, what their messages do to the app's state.

The workers run in a thread and post what they produce as messages (TraceCaptured, CaptureProgressed,
CaptureFailed). A long text's first part is shown early (a partial trace), then only the progress is
reported until the whole trace is done. A cancelled capture posts nothing more.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from textual.app import App
from textual.message_pump import MessagePump
from textual.notifications import SeverityLevel
from textual.worker import Worker, WorkerState, get_current_worker

from ..engine.bpe import CaptureError, ChunkTrace, Trace, gc_paused, run
from ..engine.growing import GrowingTrace
from ..engine.tables import Table, TableError, label
from ..explain.position import Position
from ..messages import CaptureFailed, CaptureProgressed, CaptureRequested, TableSwitchRequested, TextEdited, TraceCaptured, TraceFileChosen
from ..safe import sentence, visible
from . import collector

PARTIAL_FIRST = 0.15  # a capture still running after this long shows what it has
PROGRESS_EVERY = 0.25  # and then says how far it has got this often; the rest appears when it is done
#: Cancellation and the clock are looked at, and the chunks so far handed to the growing trace, once per
#: STRIDE characters of text (per chunk, that cost 0.06–0.09 s of a 1 MB capture's 0.9 s).
STRIDE = 4096


def capture_in_worker(to: MessagePump, text: str, table_name: str, resolve: Callable[[str], Table], keep: Position | None) -> None:
    """The worker's body: resolve the table, capture chunk by chunk, post the results to `to`."""
    worker = get_current_worker()
    try:
        table = resolve(table_name)
        with gc_paused():
            _capture_chunks(to, worker, text, table, keep)
    except (CaptureError, TableError) as exc:
        to.post_message(CaptureFailed(str(exc), source=worker))


def _capture_chunks(to: MessagePump, worker: Worker[None], text: str, table: Table, keep: Position | None) -> None:
    """Partial traces every so often, then the whole one (nothing if cancelled)."""
    growing = GrowingTrace(table, text)
    started = last = time.monotonic()
    shown = False  # the first part is on screen: from then on only the progress is told
    batch: list[ChunkTrace] = []
    add, mark = batch.append, STRIDE
    for chunk in run(text, table, record=True):
        add(chunk)
        # Until the first part is shown the clock is read after every chunk (a slow chunk may be the one
        # that passes PARTIAL_FIRST), then only once per STRIDE characters.
        if chunk.start < mark and (shown or time.monotonic() - started <= PARTIAL_FIRST):
            continue
        growing.extend(batch)
        batch = []
        add, mark = batch.append, chunk.start + STRIDE
        if worker.is_cancelled:
            return
        now = time.monotonic()
        if now - started > PARTIAL_FIRST and (not shown or now - last > PROGRESS_EVERY):
            last = now
            to.post_message(CaptureProgressed((chunk.start + len(chunk.text)) / len(text), source=worker))
            if not shown:
                shown = True
                to.post_message(TraceCaptured(growing.trace(complete=False), keep, busy=True, source=worker))
                keep = None  # from now on the partial trace on screen holds the position
    growing.extend(batch)
    if worker.is_cancelled:
        return
    trace = growing.trace()
    collector.frozen_out()
    to.post_message(TraceCaptured(trace, keep, source=worker))


def load_in_worker(to: MessagePump, path: Path, resolve: Callable[[str], Table]) -> None:
    """The worker's body for a trace file: load it and post it (or why it cannot be opened)."""
    from ..engine.tracefile import TraceError, load  # json and the file checks: only when a file is opened

    worker = get_current_worker()
    try:
        trace = load(path, resolve)
    except TraceError as exc:
        to.post_message(CaptureFailed(str(exc), "Cannot open", source=worker, given=str(path)))
        return
    to.post_message(TraceCaptured(trace, None, opened=f"Opened {visible(str(path))}.", source=worker))


def landing(trace: Trace, keep: Position | None, current: Position | None) -> Position:
    """Where to stand on a new trace: near `keep` (a table switch), near the current position while a
    partial trace of the same text grows, else at the start (keeping scan detail as it was)."""
    if keep is not None:
        return keep.with_trace(trace)
    if current is not None and not current.trace.complete and current.trace.text == trace.text:
        return current.with_trace(trace)
    return Position.of(trace, detail=current.detail if current else False)


class Tables(Protocol):
    """The app's tables: a resolver by name, and the name `t` moves to."""

    @property
    def resolve(self) -> Callable[[str], Table]: ...

    def after(self, name: str) -> str: ...


class State(Protocol):
    """What captures read and change: the app's position, what it says while busy, the text being edited."""

    position: Position | None
    busy: str
    draft: str

    @property
    def tables(self) -> Tables: ...

    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False
    ) -> None: ...


class Captures:
    """The capture lifecycle: start a capture or a load in a worker, and apply what its messages report."""

    def __init__(self, app: App[Any], state: State, pacer: collector.Pacer, max_text: int) -> None:
        self._app = app
        self._state = state
        self._pacer = pacer
        self._max_text = max_text
        self._capture: Worker[None] | None = None
        self._before: Position | None = None  # the position a cancelled capture goes back to
        self._doing = "Capture"  # or "Loading": what escape cancels
        self._switching: str | None = None  # the table a running switch captures: the next `t` moves on from it

    @property
    def running(self) -> bool:
        """True while a capture or a load runs."""
        return any(w.group == "capture" and w.is_running for w in self._app.workers)

    def start(self, text: str, table_name: str, keep: Position | None) -> None:
        self._before, self._doing = self._state.position, "Capture"
        self._switching = None
        self._state.busy = "capturing… (escape cancels)"
        work = partial(capture_in_worker, self._app, text, table_name, self._state.tables.resolve, keep)
        self._capture = self._app.run_worker(work, thread=True, exclusive=True, group="capture", exit_on_error=False)

    def open_file(self, path: Path) -> None:
        """Load a trace file (what the picker and the open dialog ask for), saying so at once (a big one takes seconds)."""
        self._before, self._doing = self._state.position, "Loading"
        self._state.busy = "loading… (escape cancels)"
        self._switching = None
        work = partial(load_in_worker, self._app, path, self._state.tables.resolve)
        self._capture = self._app.run_worker(work, thread=True, exclusive=True, group="capture", exit_on_error=False)

    def edit(self, text: str) -> None:
        """Capture `text` under the current table (what applying the edit dialog does)."""
        state = self._state
        if state.position is None:
            return
        state.draft = text
        if len(text) > self._max_text:
            state.notify(f"The text has {len(text):,} characters; the limit is {self._max_text:,}. Nothing was changed.", severity="error")
            return
        self.start(text, state.position.trace.table.name, keep=None)

    def requested(self, text: str, table_name: str) -> None:
        """Another view's text under its table (the explorer's chunk), from its first frame."""
        self._state.draft = text
        self.start(text, table_name, keep=None)

    def added(self, table: Table, note: str) -> None:
        """A table just added to the `t` cycle (the training view's): say so, and encode the text with it."""
        self._state.notify(
            f"{visible(label(table))}: view 1 encodes with it, t reaches it. New input is encoded with its fixed ranks, no counts."
            + (f" {note}" if note else ""),
            timeout=5,
        )
        if self._state.position is not None:
            self.start(self._state.position.trace.text, table.name, keep=None)

    def switch_table(self, named: str | None = None) -> None:
        """The same text under the next table (or the table `named`), near the same frame. A `t` pressed while a
        switch still captures moves on from the table being captured (which replaces that capture): `t t` is two
        tables on."""
        at = self._state.position
        if at is not None:
            table = named or self._state.tables.after(self._switching or at.trace.table.name)
            self.start(at.trace.text, table, keep=at)
            self._switching = table

    @staticmethod
    def _current(source: object) -> bool:
        """A worker's message still counts: a capture that was cancelled (or replaced) says nothing more."""
        return not (isinstance(source, Worker) and source.is_cancelled)

    def progressed(self, message: CaptureProgressed) -> None:
        if self._current(message.source):
            self._state.busy = f"capturing… {message.share:.0%} (escape cancels)"

    def captured(self, message: TraceCaptured) -> None:
        """Show the trace: from `keep`'s position for a switch, else from the current one if the text is the same."""
        if not self._current(message.source):
            return
        state, trace = self._state, message.trace
        if not trace.chunks:  # an empty text has no frame to stand on
            state.busy = ""
            state.notify("The text is empty: there is nothing to tokenize. Nothing was changed.", severity="warning")
            return
        if not message.busy:
            state.busy = ""
            self._switching = None
        if state.position is None or trace.text != state.position.trace.text:
            state.draft = trace.text  # a new text; a table switch keeps the draft (it may hold a failed edit)
        state.position = landing(trace, message.keep, state.position)
        if trace.complete:
            self._pacer.trace_complete()
        if message.opened:
            state.notify(message.opened, timeout=2)

    def failed(self, message: CaptureFailed) -> None:
        self._state.busy = ""
        self._switching = None
        self._state.notify(sentence(message.message, message.given), title=message.title, severity="error")

    def cancel(self) -> None:
        state = self._state
        if self._capture is not None and self._capture.is_running:
            self._capture.cancel()
            state.busy = ""
            self._switching = None
            if state.position is not None and not state.position.trace.complete and self._before is not None:
                state.position = self._before
            state.notify(f"{self._doing} cancelled; the previous trace is shown again.", timeout=3)

    def worker_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._capture and event.state in (WorkerState.CANCELLED, WorkerState.ERROR):
            self._state.busy = ""
            self._switching = None
            if event.state == WorkerState.ERROR:
                self._state.notify(sentence(f"the capture failed unexpectedly ({event.worker.error})"), severity="error")


class CaptureReports:
    """Mixed into the app: its handlers for capture requests and for what the capture workers report,
    each handed to the app's `Captures`."""

    captures: Captures

    @property
    def capturing(self) -> bool:
        """True while a capture or a load runs."""
        return self.captures.running

    def start_capture(self, text: str, table_name: str, keep: Position | None) -> None:
        self.captures.start(text, table_name, keep)

    def apply_text(self, text: str) -> None:
        self.captures.edit(text)

    def open_file(self, path: Path | str) -> None:
        self.captures.open_file(Path(path))

    def on_table_switch_requested(self, message: TableSwitchRequested) -> None:
        self.captures.switch_table(message.table)

    def on_text_edited(self, message: TextEdited) -> None:
        self.captures.edit(message.text)

    def on_trace_file_chosen(self, message: TraceFileChosen) -> None:
        self.captures.open_file(message.path)

    def on_capture_requested(self, message: CaptureRequested) -> None:
        self.captures.requested(message.text, message.table)

    def on_capture_progressed(self, message: CaptureProgressed) -> None:
        self.captures.progressed(message)

    def on_trace_captured(self, message: TraceCaptured) -> None:
        self.captures.captured(message)

    def on_capture_failed(self, message: CaptureFailed) -> None:
        self.captures.failed(message)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.captures.worker_changed(event)
