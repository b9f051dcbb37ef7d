"""GPT-2's rule on a long word: the same rounds as `bpe._bpe`, found with a heap instead of rescans.

Each round takes the lowest-ranked pair type present and merges all its occurrences, left to right
and without overlap, exactly as GPT-2's scan does. Parts are named by their initial position and
linked by `nxt`/`prv`; the heap holds (rank, position) of every adjacent pair that is a rule, so
a round pops exactly that pair type's occurrences in order. A pair made in a round never has that
round's type (its left or right symbol is longer than the type's), so it waits for a later round.
Merging removes a boundary; the removed ones (`cuts`) and the count after each round (`ends`) are
all a trace needs to rebuild any word, so no checkpoint words are kept.

>>> ranks = {("a", "a"): 0, ("aa", "aa"): 1}
>>> merge_long(tuple("aaaaa"), ranks)
('aaaa', 'a')
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Mapping
from heapq import heapify, heappop, heappush

from .rounds import Pair, Round

NO_RULE = sys.maxsize
#: Words longer than this take the heap (below it GPT-2's scan, with its checkpoints, is faster).
LONG_WORD = 20_000

Word = tuple[str, ...]


def merge_long(
    word: Word, ranks: Mapping[Pair, int], rounds: list[Round] | None = None, cuts: array | None = None, ends: array | None = None
) -> Word:
    """The final word of GPT-2's bpe() on `word`; when recording, every round, removed boundary and count."""
    n = len(word)
    sym = list(word)
    nxt = list(range(1, n + 1))
    prv = list(range(-1, n - 1))
    current = [NO_RULE] * n
    get = ranks.get
    heap: list[tuple[int, int]] = []
    for s in range(n - 1):
        r = get((sym[s], sym[s + 1]))
        if r is not None:
            current[s] = r
            heap.append((r, s))
    heapify(heap)
    while heap:
        rank = heap[0][0]
        batch = []
        while heap and heap[0][0] == rank:
            batch.append(heappop(heap)[1])
        merged = 0
        pair: Pair | None = None
        for s in batch:
            if current[s] != rank:  # stale, or its left part was taken by the previous occurrence
                continue
            m = nxt[s]
            e = nxt[m] if m < n else n
            if pair is None:
                pair = (sym[s], sym[m])
            sym[s] += sym[m]
            current[m] = -1
            nxt[s] = e
            merged += 1
            if cuts is not None:
                cuts.append(m)
            if e < n:
                prv[e] = s
                r = get((sym[s], sym[e]))
                current[s] = NO_RULE if r is None else r
                if r is not None:
                    heappush(heap, (r, s))
            else:
                current[s] = NO_RULE
            p = prv[s]
            if p >= 0:
                r = get((sym[p], sym[s]))
                current[p] = NO_RULE if r is None else r
                if r is not None:
                    heappush(heap, (r, p))
        if merged and rounds is not None and ends is not None and pair is not None:
            rounds.append(Round(pair, rank, merged))
            ends.append(len(cuts) if cuts is not None else 0)
    out = []
    s = 0
    while s < n:
        out.append(sym[s])
        s = nxt[s]
    return tuple(out)
