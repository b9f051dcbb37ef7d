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
from .engine.growing import GrowingTrace
from .engine.tables import Table, TableError
from .explain.position import Position
from .messages import CaptureFailed, CaptureProgressed, TraceCaptured
from .safe import visible

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
    # What was made while the collector was off is all in its youngest generation: the first collection
    # once it is back on would walk the whole new trace (0.1 s at 1 MB, while it is being shown).
    # Frozen, it is out of the collector's sight until settle_heap looks again.
    gc.freeze()
    to.post_message(TraceCaptured(trace, keep, source=worker))


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
