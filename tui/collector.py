"""When the garbage collector runs: after a frame is on screen, not in the middle of a keypress.

A step allocates tens of thousands of short-lived objects (strips, segments, rows); with Python's
default threshold (700) the collector ran three or four times inside every step, and now and then
walked its older generations too (2 ms a step on a 5,000-letter chunk, and most of the slowest
steps). Once the app has settled, the collector's own trigger is raised far above what a step
allocates, and the app collects the young generations itself once a frame is drawn (and, as a
safety net, every few tenths of a second), so a keypress is never interrupted by a collection.
"""

from __future__ import annotations

import gc

#: Allocations the collector lets pass before it runs by itself: many steps' worth.
YOUNG = 50_000
#: Fewer new objects than this are not worth a pass between frames.
SMALL = 1_000


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
