"""Captures and loads in a worker thread; what they produce is posted to the app as messages.

A long text's first part is shown early (a partial trace), then only the progress is reported
until the whole trace is done. A cancelled capture posts nothing more.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from pathlib import Path

from textual.message_pump import MessagePump
from textual.worker import Worker, get_current_worker

from .engine.bpe import CaptureError, ChunkTrace, Trace, gc_paused, run
from .engine.tables import Table, TableError
from .messages import CaptureFailed, CaptureProgressed, TraceCaptured
from .position import Position
from .safe import visible

PARTIAL_FIRST = 0.15  # a capture still running after this long shows what it has
PROGRESS_EVERY = 0.25  # and then says how far it has got this often; the rest appears when it is done


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
    chunks: list[ChunkTrace] = []
    started = last = time.monotonic()
    shown = False
    for chunk in run(text, table, record=True):
        if worker.is_cancelled:
            return
        chunks.append(chunk)
        now = time.monotonic()
        if now - last > (PARTIAL_FIRST if not shown else PROGRESS_EVERY) and now - started > PARTIAL_FIRST:
            last = now
            share = (chunk.start + len(chunk.text)) / max(len(text), 1)
            to.post_message(CaptureProgressed(share, source=worker))
            if shown:  # only the progress: rebuilding the shown trace would slow the capture down
                continue
            shown = True
            to.post_message(TraceCaptured(Trace(table, text, tuple(chunks), complete=False), keep, busy=True, source=worker))
            keep = None  # from now on the partial trace on screen holds the position
    if not worker.is_cancelled:
        to.post_message(TraceCaptured(Trace(table, text, tuple(chunks)), keep, source=worker))


def load_in_worker(to: MessagePump, path: Path, resolve: Callable[[str], Table]) -> None:
    """The worker's body for a trace file: load it and post it (or why it cannot be opened)."""
    from .engine.tracefile import TraceError, load  # json and the file checks: only when a file is opened

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


def settle_heap() -> None:
    """Move what exists now (tables, traces, widgets) out of the collector's sight.

    None of it forms reference cycles, but a full collection would still walk it all, and such a
    walk in the middle of a keypress is a visible stall.
    """
    gc.unfreeze()  # what was frozen before may be garbage now: let this collection see it
    gc.collect()
    gc.freeze()


def settle_start() -> None:
    """The first settle after start-up: as `settle_heap`, then the collector runs again (`bpe-tui` pauses it while starting)."""
    settle_heap()
    gc.enable()
