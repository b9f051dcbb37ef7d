"""The garbage collector runs between frames once the app has settled, never by itself inside a step."""

from __future__ import annotations

import gc
import weakref

from tests.app_support import make_app, opened, until
from tui.app import collector


class Node:
    """An object in a reference cycle: only the collector frees it."""

    def __init__(self) -> None:
        self.me = self


def young_cycle() -> tuple[weakref.ref[Node], list[list[int]]]:
    """A cycle that is garbage, and more than SMALL live objects made after it."""
    gc.collect()
    ref = weakref.ref(Node())
    return ref, [[] for _ in range(collector.SMALL + 100)]


def test_between_frames_collects_the_young_cycles_and_waits_while_a_capture_pauses_the_collector() -> None:
    thresholds = collector.hold()  # the collector's own trigger out of the way, as in the settled app
    try:
        ref, keep = young_cycle()
        assert ref() is not None
        collector.between_frames()
        assert ref() is None
        ref, keep = young_cycle()
        gc.disable()  # as capture() does while it runs
        try:
            collector.between_frames()
            assert ref() is not None
        finally:
            gc.enable()
        gc.collect()
        assert ref() is None and len(keep) > collector.SMALL
    finally:
        collector.release(thresholds)
    assert gc.get_threshold() == thresholds


async def test_the_settled_app_holds_the_collector_back_and_gives_its_threshold_back_at_exit() -> None:
    before = gc.get_threshold()
    app = make_app()
    async with opened(app) as pilot:
        held = (collector.YOUNG, before[1], before[2])
        await until(pilot, lambda: gc.get_threshold() == held and not app.capturing)  # SETTLE_AFTER after start
        assert gc.get_threshold() == held
        ref, live = young_cycle()
        await pilot.press("right")  # a step: once its frame is drawn, the young cycle is collected
        # Waited for, not a fixed pause: on a busy machine the frame (or the safety net) comes later.
        await until(pilot, lambda: ref() is None)
        assert ref() is None and len(live) > collector.SMALL
        assert gc.get_threshold() == held  # collected by the app, its own trigger still held back
    assert gc.get_threshold() == before
