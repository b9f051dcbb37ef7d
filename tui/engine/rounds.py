"""Rounds: what one effective step of the merge loop did, and a compact log of many of them.

GPT-2's rule records a `Round` object per round (a chunk has few). tiktoken's rule merges one
position per step, so a long piece has as many rounds as merges; `RoundLog` keeps four integers
per round in arrays and makes each `Round` only when it is read.

>>> log = RoundLog("aaa")
>>> log.add(0, 1, 1, 300)
>>> log[0], len(log), log.cut(0)
(Round(pair=('a', 'a'), rank=44, merged=1, at=0), 1, 1)
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import cast, overload

Pair = tuple[str, str]
#: tiktoken's rank of a token is its id; the rule rank (position in `Table.merges`) is that minus 256.
OFFSET = 256


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
    """tiktoken-rule rounds of one chunk as arrays: where the left part starts, both lengths, the rank."""

    __slots__ = ("_aliases", "_at", "_left", "_rank", "_right")

    def __init__(self, aliases: str) -> None:
        self._aliases = aliases
        self._at = array("i")
        self._left = array("i")
        self._right = array("i")
        self._rank = array("i")

    def attach(self, aliases: str) -> None:
        """Give the log its chunk's aliases (known only after merging when only bytes were merged)."""
        self._aliases = aliases

    def add(self, at: int, left: int, right: int, token_rank: int) -> None:
        """Record a merge of the part at alias offset `at` (`left` long) with the next (`right` long)."""
        self._at.append(at)
        self._left.append(left)
        self._right.append(right)
        self._rank.append(token_rank - OFFSET)

    def cut(self, r: int) -> int:
        """The boundary (alias offset) that round `r` (0-based) removed."""
        return self._at[r] + self._left[r]

    def cuts(self) -> array:
        """Every removed boundary, in round order."""
        return array("i", map(int.__add__, self._at, self._left))

    def __len__(self) -> int:
        return len(self._at)

    @overload
    def __getitem__(self, index: int) -> Round: ...
    @overload
    def __getitem__(self, index: slice) -> list[Round]: ...
    def __getitem__(self, index: int | slice) -> Round | list[Round]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        at, left, right = self._at[index], self._left[index], self._right[index]
        a = self._aliases
        return Round((a[at : at + left], a[at + left : at + left + right]), self._rank[index], 1, at)

    def __iter__(self) -> Iterator[Round]:
        for i in range(len(self)):
            yield self[i]

    def nbytes(self) -> int:
        """Memory the arrays hold."""
        return sum(a.buffer_info()[1] * a.itemsize for a in (self._at, self._left, self._right, self._rank))
