"""Captures and loads in a worker thread; what they produce is posted to the app as messages.

A long text's first part is shown early (a partial trace), then only the progress is reported
until the whole trace is done. A cancelled capture posts nothing more.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from itertools import islice
from pathlib import Path

from textual.message_pump import MessagePump
from textual.worker import Worker, get_current_worker

from .engine.bpe import CaptureError, Trace, gc_paused, run
from .engine.growing import GrowingTrace
from .engine.tables import Table, TableError
from .engine.tracefile import TraceError, load
from .messages import CaptureFailed, CaptureProgressed, TraceCaptured
from .position import Position
from .safe import visible

PARTIAL_FIRST = 0.15  # a capture still running after this long shows what it has
PROGRESS_EVERY = 0.25  # and then says how far it has got this often; the rest appears when it is done
#: Chunks are taken in batches, and the clock and cancellation are looked at between them (per chunk, that
#: costs 0.06–0.09 s of a 1 MB capture): a batch doubles, up to BATCH chunks, while taking it lasts under
#: BATCH_TIME, and halves when it lasts longer (a 5,000-letter chunk alone takes 0.2 s).
BATCH = 4096
BATCH_TIME = 0.005


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
    source = run(text, table, record=True)
    started = last = now = time.monotonic()
    shown = False
    size = 1
    while batch := list(islice(source, size)):
        growing.extend(batch)
        if worker.is_cancelled:
            return
        before, now = now, time.monotonic()
        size = min(size * 2, BATCH) if now - before < BATCH_TIME else max(size // 2, 1)
        if now - last > (PARTIAL_FIRST if not shown else PROGRESS_EVERY) and now - started > PARTIAL_FIRST:
            last = now
            share = (batch[-1].start + len(batch[-1].text)) / max(len(text), 1)
            to.post_message(CaptureProgressed(share, source=worker))
            if shown:  # only the progress: rebuilding the shown trace would slow the capture down
                continue
            shown = True
            to.post_message(TraceCaptured(growing.trace(complete=False), keep, busy=True, source=worker))
            keep = None  # from now on the partial trace on screen holds the position
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
