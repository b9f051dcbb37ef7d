"""The collector paused while the engine makes many small objects and no cycles (a capture, a table's load).

It lives below `bpe.py` and the tables, so a loader can pause it without importing the merge loop.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: Whether the heap is kept frozen by the caller (the app's collector, tui/app/collector.py, from its first
#: settle): what a capture made then stays frozen with the rest. The interpreter could say whether anything
#: is frozen (`gc.get_freeze_count()`), but it counts by walking every frozen object: 18 ms a capture
#: with the app's heap frozen (three million objects with o200k_base loaded), on every key of the explorer.
_kept_frozen = False


def keep_frozen() -> None:
    """From now on the heap is kept frozen (the app, once it has settled): captures leave theirs frozen too."""
    global _kept_frozen
    _kept_frozen = True


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while capturing.

    A capture makes hundreds of thousands of small objects and no reference cycles; the collector
    would rescan them again and again (a third of a 1 MB capture's time) and find nothing to free.
    It stays here, not with the app's collector policy (tui/app/collector.py): it is part of what capturing
    costs for every caller of `capture()` (the command line, the tests, the app's worker alike).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            # What the capture made is long-lived and still counted as young: once back on, the collector
            # would walk all of it at the next allocation (0.7 s after 1,000,000 characters in 455,000
            # chunks). Freezing and unfreezing moves it to the oldest generation without a walk (both
            # constant time); in the app, whose settled heap is kept frozen, it stays frozen with it.
            gc.freeze()
            if not _kept_frozen:
                gc.unfreeze()
            gc.enable()
