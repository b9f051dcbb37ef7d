"""tiktoken's merge rule on one piece: one position per step, the lowest-ranked join (leftmost on ties).

Works on the piece's bytes and returns the part boundaries (byte offsets, which are also alias
offsets: one alias character per byte). Short pieces keep a list of the ranks of adjacent joins,
as tiktoken's Rust `byte_pair_merge` does; long ones a heap keyed (rank, offset) over a linked list
of parts, so a 1,000,000-byte piece takes O(n log n), not a rescan per merge.

>>> ranks = {b"a": 0, b"b": 1, b"ab": 2, b"aa": 3, b"aab": 4}
>>> merge_ranked(b"aab", ranks)
[0, 3]
>>> merge_ranked(b"abab", ranks)
[0, 2, 4]
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from heapq import heapify, heappop, heappush

from .rounds import RoundLog

NO_RULE = sys.maxsize
#: Pieces longer than this use the heap; below it the list of ranks is faster.
HEAP_FROM = 128


def merge_ranked(data: bytes, ranks: Mapping[bytes, int], log: RoundLog | None = None) -> list[int]:
    """The boundaries after merging `data` by tiktoken's rule; every step appended to `log` if given."""
    if len(data) > HEAP_FROM:
        return _merge_heap(data, ranks, log)
    get = ranks.get
    bounds = list(range(len(data) + 1))
    # pair_ranks[j] is the rank of parts j and j + 1 joined: data[bounds[j]:bounds[j + 2]].
    pair_ranks = [get(data[j : j + 2], NO_RULE) for j in range(len(data) - 1)]
    while pair_ranks:
        rank = min(pair_ranks)
        if rank == NO_RULE:
            break
        i = pair_ranks.index(rank)  # leftmost of the lowest
        if log is not None:
            log.add(bounds[i], bounds[i + 1] - bounds[i], bounds[i + 2] - bounds[i + 1], rank)
        del bounds[i + 1]
        del pair_ranks[i]
        if i:
            pair_ranks[i - 1] = get(data[bounds[i - 1] : bounds[i + 1]], NO_RULE)
        if i < len(pair_ranks):
            pair_ranks[i] = get(data[bounds[i] : bounds[i + 2]], NO_RULE)
    return bounds


def _merge_heap(data: bytes, ranks: Mapping[bytes, int], log: RoundLog | None) -> list[int]:
    """The same steps with a heap: parts are named by their start offset, linked by `nxt` and `prv`.

    `current[s]` is the rank of the join starting at part s now; a heap entry whose rank differs is
    stale (a join's bytes only grow, and distinct bytes have distinct ranks) and is skipped.
    """
    n = len(data)
    get = ranks.get
    nxt = list(range(1, n + 1))
    prv = list(range(-1, n - 1))
    current = [NO_RULE] * n
    heap: list[tuple[int, int]] = []
    for s in range(n - 1):
        r = get(data[s : s + 2])
        if r is not None:
            current[s] = r
            heap.append((r, s))
    heapify(heap)
    while heap:
        rank, s = heappop(heap)
        if current[s] != rank:
            continue
        m = nxt[s]  # the right part, m..e, is absorbed
        e = nxt[m]
        if log is not None:
            log.add(s, m - s, e - m, rank)
        current[m] = -1
        nxt[s] = e
        if e < n:
            prv[e] = s
            r = get(data[s : nxt[e]])
            current[s] = NO_RULE if r is None else r
            if r is not None:
                heappush(heap, (r, s))
        else:
            current[s] = NO_RULE
        p = prv[s]
        if p >= 0:
            r = get(data[p:e])
            current[p] = NO_RULE if r is None else r
            if r is not None:
                heappush(heap, (r, p))
    bounds = [0]
    s = 0
    while s < n:
        s = nxt[s]
        bounds.append(s)
    return bounds
