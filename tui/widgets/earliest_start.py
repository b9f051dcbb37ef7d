"""Choosing which part of a long row a pane shows: as early a start as still keeps the target in view.

A pane lays its items out from a start (greedily, in bands); the later the start, the further the
layout reaches. So the earliest start that still reaches a target is found by bisection, laying out
only the items in view each time: O(visible · log n), never O(n).

>>> first_start(8, 10, lambda start: start + 5)  # five items fit: start 6 shows 6..10
6
>>> first_start(8, 10, lambda start: 30)  # everything fits from the start
0
>>> first_start(8, 20, lambda start: start + 5)  # the target cannot be reached with the focus in view
8
"""

from __future__ import annotations

from collections.abc import Callable


def first_start(focus: int, target: int, reach: Callable[[int], int], *, room: int | None = None) -> int:
    """The smallest start in [0, focus] whose layout reaches past `target` (reach(start) is the end
    of the layout, exclusive, and does not decrease as start grows); `focus` if none does.

    `room` bounds how many items a layout can hold, so the search (and what it measures) stays
    within `room` items of the target.
    """
    if reach(focus) <= target:
        return focus
    lo, hi = (0 if room is None else max(0, target + 1 - room)), focus  # reach(hi) > target
    while lo < hi:
        mid = (lo + hi) // 2
        if reach(mid) > target:
            hi = mid
        else:
            lo = mid + 1
    return lo
