"""A trace that grows batch by batch while a long text is captured, its whole-text figures summed as it grows.

Each figure of a trace (`Trace.ids`, `byte_count`, `merges_fired`, `round_count`, `cache_hits`,
`frame_starts`) is a walk over every chunk record. Over a finished 1 MB trace (270,000 records in
100 MB) each walk takes 10–35 ms, most of it waiting for memory, and the app needs them all at once,
on the UI thread, just as the trace is shown. Summed over each batch as soon as the loop has made it,
while its records are still in the processor's cache, they cost a few ms in all. A trace made here
holds the very values its properties would compute.

>>> from .bpe import capture, run
>>> from .tables import teaching
>>> growing = GrowingTrace(teaching(), "aaa b aaa b")
>>> growing.extend(list(run("aaa b aaa b", teaching(), record=True)))
>>> trace = growing.trace()
>>> figures = attrgetter("ids", "byte_count", "merges_fired", "round_count", "cache_hits", "frame_starts")
>>> figures(trace)
([256, 64, 220, 65, 220, 256, 64, 220, 65], 11, 2, 2, 1, array('q', [0, 3, 5, 8, 10]))
>>> figures(trace) == figures(capture("aaa b aaa b", teaching()))
True
"""

from __future__ import annotations

from array import array
from itertools import accumulate, chain, compress, islice
from operator import attrgetter

from .bpe import ChunkTrace, Trace
from .tables import Table

_IDS, _DATA, _ROUNDS, _CACHE, _MERGED = (attrgetter(name) for name in ("ids", "data", "rounds", "cache", "merged"))


class GrowingTrace:
    """The chunks captured so far and their figures; `trace()` makes an (immutable) Trace of them."""

    def __init__(self, table: Table, text: str) -> None:
        self.table = table
        self.text = text
        self.chunks: list[ChunkTrace] = []
        self.ids: list[int] = []
        self.byte_count = self.merges_fired = self.round_count = self.cache_hits = 0
        self.frame_starts: array[int] = array("q", [0])

    def extend(self, batch: list[ChunkTrace]) -> None:
        """Add the next chunks, in order (C-level passes over the batch: no Python code per chunk)."""
        self.chunks += batch
        self.ids += chain.from_iterable(map(_IDS, batch))
        self.byte_count += sum(map(len, map(_DATA, batch)))
        rounds = list(map(len, map(_ROUNDS, batch)))
        self.round_count += sum(rounds)
        # Each chunk has a start frame, a frame per round and a done frame.
        self.frame_starts += array("q", islice(accumulate(map((2).__add__, rounds), initial=self.frame_starts[-1]), 1, None))
        caches = list(map(_CACHE, batch))
        self.cache_hits += caches.count("hit")
        self.merges_fired += sum(map(_MERGED, compress(batch, map("miss".__eq__, caches))))  # only a miss merges

    def trace(self, complete: bool = True) -> Trace:
        """A Trace of the chunks so far, its figures already known (a partial one gets copies)."""
        trace = Trace(self.table, self.text, tuple(self.chunks), complete)
        known = {
            "ids": self.ids if complete else list(self.ids),
            "frame_starts": self.frame_starts if complete else array("q", self.frame_starts),
            "byte_count": self.byte_count,
            "merges_fired": self.merges_fired,
            "round_count": self.round_count,
            "cache_hits": self.cache_hits,
        }
        vars(trace).update(known)  # where each functools.cached_property keeps its value
        return trace
