"""Rounds: what one effective step of the merge loop did, and a compact log of many of them.

GPT-2's rule records a `Round` object per round (a chunk has few). tiktoken's rule merges one
position per step, so a long piece has as many rounds as merges; `RoundLog` keeps four integers
per round in arrays and makes each `Round` only when it is read.

>>> log = RoundLog("aaa")
>>> log.add(0, 1, 2, 300)
>>> log[0], len(log), log.cuts()
(Round(pair=('a', 'a'), rank=44, merged=1, at=0), 1, array('i', [1]))
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import cast, overload

from .tables.ranks import OFFSET, Pair


@dataclass(frozen=True, slots=True)
class Round:
    """One effective round: the lowest-ranked pair, its rank, how many occurrences it merged.

    `at` is, for tiktoken's rule, the alias offset where the merged left part starts (two different
    splits can join to the same bytes, so the position is what makes a replay exact); -1 for GPT-2's
    rule, which merges every occurrence.
    """

    pair: Pair
    rank: int
    merged: int
    at: int = -1


class _Filling:
    """Round's slots without its frozen `__setattr__`: filled, then made a Round (as chunk.chunk_trace does)."""

    __slots__ = ("at", "merged", "pair", "rank")
    pair: Pair
    rank: int
    merged: int
    at: int


def gpt2_round(pair: Pair, rank: int, merged: int) -> Round:
    """`Round(pair, rank, merged)`, made three times faster (a capture of 1 MB records 95,000 rounds)."""
    made = _Filling()
    made.pair = pair
    made.rank = rank
    made.merged = merged
    made.at = -1
    object.__setattr__(made, "__class__", Round)
    return cast(Round, made)


#: The distinct rounds a capture has made: by rank (one occurrence merged), or by (rank, occurrences).
Made = dict[int | tuple[int, int], Round]


class Recording(list[Round]):
    """A chunk's rounds while GPT-2's loop records them; `made` is every distinct Round its capture has
    made so far, shared by all its chunks (see bpe._bpe)."""

    __slots__ = ("made",)

    def __init__(self, made: Made) -> None:
        super().__init__()
        self.made = made


class RoundLog(Sequence[Round]):
    """Merge steps as arrays: where the left part starts, the boundary removed, where the right part ends, the rank.

    Read as a sequence, each step is one tiktoken-rule Round (its rank is the joined token's minus OFFSET);
    GPT-2's rule on a long word records its steps here too and groups them into rounds (heap.merge_long).
    """

    __slots__ = ("_aliases", "at", "cut", "end", "offset", "rank")

    def __init__(self, aliases: str, offset: int = OFFSET) -> None:
        self._aliases = aliases
        self.offset = offset  # a stored rank minus this is the rule's rank (Tekken's ids start at 1,000: OFFSET + 1,000)
        self.at = array("i")
        self.cut = array("i")
        self.end = array("i")
        self.rank = array("i")

    def attach(self, aliases: str) -> None:
        """Give the log its chunk's aliases (known only after merging when only bytes were merged)."""
        self._aliases = aliases

    def add(self, at: int, cut: int, end: int, rank: int) -> None:
        """Record a merge of the part at alias offset `at` (up to `cut`) with the next (up to `end`)."""
        self.at.append(at)
        self.cut.append(cut)
        self.end.append(end)
        self.rank.append(rank)

    def pair(self, r: int) -> Pair:
        """The (left, right) parts step `r` joined."""
        a, cut = self._aliases, self.cut[r]
        return a[self.at[r] : cut], a[cut : self.end[r]]

    def cuts(self) -> array:
        """Every removed boundary, in step order (the log's own array)."""
        return self.cut

    def __len__(self) -> int:
        return len(self.at)

    @overload
    def __getitem__(self, index: int) -> Round: ...
    @overload
    def __getitem__(self, index: slice) -> list[Round]: ...
    def __getitem__(self, index: int | slice) -> Round | list[Round]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return Round(self.pair(index), self.rank[index] - self.offset, 1, self.at[index])

    def __iter__(self) -> Iterator[Round]:
        for i in range(len(self)):
            yield self[i]

    def rows(self) -> Iterator[list[str | int]]:
        """Each step as a trace file stores it: `[left, right, rank, at]` (see tracefile)."""
        a, offset = self._aliases, self.offset
        for at, cut, end, rank in zip(self.at, self.cut, self.end, self.rank, strict=True):
            yield [a[at:cut], a[cut:end], rank - offset, at]

    def nbytes(self) -> int:
        """Memory the arrays hold."""
        return sum(a.buffer_info()[1] * a.itemsize for a in (self.at, self.cut, self.end, self.rank))
