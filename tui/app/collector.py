"""All of the app's garbage-collector policy: paused at start-up, frozen heaps, collections between frames.

A step allocates tens of thousands of short-lived objects (strips, segments, rows); with Python's
default threshold (700) the collector ran three or four times inside every step, and now and then
walked its older generations too (2 ms a step on a 5,000-letter chunk, and most of the slowest
steps). Once the app has settled, the collector's own trigger is raised far above what a step
allocates, and the app collects the young generations itself once a frame is drawn (and, as a
safety net, every few tenths of a second), so a keypress is never interrupted by a collection.

The hooks: `starting()` around the whole app run, `frozen_out()` on a trace a capture has just made,
and a `Pacer` the app tells when it is mounted (from then on it watches the app's `position` for
each frame shown), when a trace is complete and when it is unmounted. (`engine.bpe.gc_paused`, which a capture holds while it runs, stays in the
engine: it is part of what capturing costs, for every caller of `capture()`, not an app policy.)
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from textual.app import App

from ..engine.paused import gc_paused, keep_frozen

#: Allocations the collector lets pass before it runs by itself: many steps' worth.
YOUNG = 50_000
#: Fewer new objects than this are not worth a pass between frames.
SMALL = 1_000
SETTLE_AFTER = 0.5  # seconds after start-up or a capture before the heap is frozen (settle_heap)
COLLECT_EVERY = 0.25  # seconds: the safety net between frames


def hold() -> tuple[int, int, int]:
    """Raise the collector's own trigger to YOUNG; the thresholds it had, to give back with `release`."""
    before = gc.get_threshold()
    gc.set_threshold(YOUNG, before[1], before[2])
    return before


def release(thresholds: tuple[int, int, int]) -> None:
    gc.set_threshold(*thresholds)


def between_frames() -> None:
    """Collect what the last frames left: the youngest generation, the older ones when their turn has
    come (as the collector would). Nothing while the collector is paused (a capture is running)."""
    if not gc.isenabled():
        return
    young, middle, old = gc.get_count()
    _, every_middle, every_old = gc.get_threshold()
    if young > SMALL:
        gc.collect(2 if old >= every_old else 1 if middle >= every_middle else 0)


def settle_heap() -> None:
    """Move what exists now (tables, traces, widgets) out of the collector's sight.

    None of it forms reference cycles, but a full collection would still walk it all, and such a
    walk in the middle of a keypress is a visible stall.
    """
    gc.unfreeze()  # what was frozen before may be garbage now: let this collection see it
    gc.collect()
    gc.freeze()
    keep_frozen()


def settle_start() -> None:
    """The first settle after start-up: as `settle_heap`, then the collector runs again (`starting` paused it)."""
    settle_heap()
    gc.enable()


def frozen_out() -> None:
    """A capture's whole trace was just made while the collector was off, so it is all in its youngest
    generation: the first collection once it is back on would walk the whole new trace (0.1 s at 1 MB,
    while it is being shown). Frozen, it is out of the collector's sight until settle_heap looks again."""
    gc.freeze()


@contextmanager
def starting() -> Iterator[None]:
    """Around the app's run: the collector is paused until its first screen has settled (`Pacer.mounted`).

    Start-up makes tens of thousands of long-lived objects (modules, classes, styles, widgets) and
    no garbage: a collection would only walk them, and a full one costs as much as a frame.
    """
    with gc_paused():
        try:
            yield
        finally:
            gc.freeze()  # the interpreter's last collection at exit need not walk what the app left
            keep_frozen()


class Pacer:
    """The app's hooks into the collector; `capturing` says whether a capture or a load runs now."""

    def __init__(self, app: App[Any], capturing: Callable[[], bool]) -> None:
        self._app = app
        self._capturing = capturing
        self._thresholds: tuple[int, int, int] | None = None  # the collector's, while it runs between frames

    def mounted(self) -> None:
        """From now on: the collector settles after start-up, and runs between frames (each new position)."""
        self._app.set_timer(SETTLE_AFTER, self._settle_start)
        self._app.watch(self._app, "position", self.frame_shown, init=False)

    def _settle_start(self) -> None:
        """settle_start (the collector back on after start-up), once no capture runs; from then on the
        collector runs between frames."""
        if self._capturing():
            self._app.set_timer(SETTLE_AFTER, self._settle_start)
        else:
            settle_start()
            if self._thresholds is None:
                self._thresholds = hold()
                self._app.set_interval(COLLECT_EVERY, between_frames)

    def frame_shown(self) -> None:
        if self._thresholds is not None:
            self._app.call_after_refresh(between_frames)  # once the new frame is on screen

    def trace_complete(self) -> None:
        self._app.set_timer(SETTLE_AFTER, self._settle_heap)

    def _settle_heap(self) -> None:
        """settle_heap, but not while a capture runs: its full collection would walk every chunk made so
        far and stop the worker meanwhile; the capture's end settles the heap anyway."""
        if not self._capturing():
            settle_heap()

    def unmounted(self) -> None:
        if self._thresholds is not None:
            release(self._thresholds)
            self._thresholds = None
