"""The left and right parts of a tiktoken table's tokens, recovered lazily: a rank file has no merges.

Token t of rank R is split as tiktoken's own merging would build it from its bytes when only ranks
below R may join: the last step joins two parts, and those are its rule (R - OFFSET, left, right).
Nothing is recovered at load; one rank costs one short merge, and `recover_all` (for a worker)
walks them all, reporting progress. Each result is cached.

>>> from .tiktoken_files import tiktoken_table
>>> t = tiktoken_table("t", {b"a": 0, b"b": 1, b"ab": 256, b"abb": 257}, {}, "", "", "")
>>> parts(t, 257), t.merges[0], len(t.merges)
(('ab', 'b'), ('a', 'b'), 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, overload

from ..aliases import to_aliases
from .ranks import NO_RULE, OFFSET, Pair

if TYPE_CHECKING:
    from .table import Table


class _Cache:
    """Per table: the bytes of each rank (made on first use) and the parts found so far."""

    def __init__(self, byte_ranks: Mapping[bytes, int]) -> None:
        self.byte_ranks = byte_ranks
        self._by_rank: list[bytes] | None = None
        self.parts: dict[int, Pair | None] = {}

    @property
    def by_rank(self) -> list[bytes]:
        if self._by_rank is None:
            by_rank = [b""] * (max(self.byte_ranks.values(), default=-1) + 1)
            for token, rank in self.byte_ranks.items():
                by_rank[rank] = token
            self._by_rank = by_rank
        return self._by_rank


_CACHES: dict[int, _Cache] = {}


def _cache(table: Table) -> _Cache:
    cache = _CACHES.get(id(table.byte_ranks))
    if cache is None or cache.byte_ranks is not table.byte_ranks:
        assert table.byte_ranks is not None, f"{table.name} is not a tiktoken table"
        cache = _CACHES[id(table.byte_ranks)] = _Cache(table.byte_ranks)
    return cache


def split_below(token: bytes, ranks: Mapping[bytes, int], limit: int) -> list[int]:
    """Boundaries of `token` merged by tiktoken's rule with only ranks below `limit` allowed."""
    get = ranks.get
    bounds = list(range(len(token) + 1))

    def rank_at(j: int) -> int:
        r = get(token[bounds[j] : bounds[j + 2]], NO_RULE)
        return r if r < limit else NO_RULE

    pair_ranks = [rank_at(j) for j in range(len(token) - 1)]
    while pair_ranks:
        rank = min(pair_ranks)
        if rank == NO_RULE:
            break
        i = pair_ranks.index(rank)
        del bounds[i + 1]
        del pair_ranks[i]
        if i:
            pair_ranks[i - 1] = rank_at(i - 1)
        if i < len(pair_ranks):
            pair_ranks[i] = rank_at(i)
    return bounds


def parts(table: Table, rank: int) -> Pair | None:
    """The (left, right) alias strings whose join made the token of tiktoken rank `rank` (its id, >= first_id + OFFSET).

    None when its bytes do not end as exactly two parts (no such token in cl100k_base or o200k_base).
    """
    cache = _cache(table)
    if rank in cache.parts:
        return cache.parts[rank]
    token = cache.by_rank[rank]
    bounds = split_below(token, cache.byte_ranks, rank)
    found = (to_aliases(token[: bounds[1]]), to_aliases(token[bounds[1] :])) if len(bounds) == 3 else None
    cache.parts[rank] = found
    return found


def recover_all(table: Table, progress: Callable[[int, int], None] | None = None, cancelled: Callable[[], bool] | None = None) -> int:
    """Recover every rank's parts (from a worker); returns how many are cached. `progress(done, total)`
    is called every 4,096 ranks; `cancelled()` returning True stops early."""
    total = len(_cache(table).by_rank)
    for rank in range(table.rank_offset, total):
        parts(table, rank)
        if rank % 4096 == 0:
            if progress is not None:
                progress(rank, total)
            if cancelled is not None and cancelled():
                break
    return len(_cache(table).parts)


class LazyMerges(Sequence[Pair]):
    """`Table.merges` of a tiktoken table: rule r is the parts of the token of id first_id + OFFSET + r, found on access."""

    def __init__(self, table: Table, count: int) -> None:
        self._table = table
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Pair: ...
    @overload
    def __getitem__(self, index: slice) -> list[Pair]: ...
    def __getitem__(self, index: int | slice) -> Pair | list[Pair]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError(index)
        return parts(self._table, self._table.rank_offset + index) or ("", "")

    def __iter__(self) -> Iterator[Pair]:
        for i in range(self._count):
            yield self[i]


class PairRanks(Mapping[Pair, int]):
    """`Table.ranks` of a tiktoken table: (left, right) -> rule rank, answered from the token's recovered parts."""

    def __init__(self, table: Table) -> None:
        self._table = table

    def get(self, key, default=None):
        left, right = key
        ident = self._table.encoder.get(left + right)
        if ident is None or not 0 <= ident - self._table.first_id - OFFSET < len(self._table.merges):
            return default
        return ident - self._table.first_id - OFFSET if parts(self._table, ident) == (left, right) else default

    def __getitem__(self, key: Pair) -> int:
        rank = self.get(key)
        if rank is None:
            raise KeyError(key)
        return rank

    def __contains__(self, key: object) -> bool:
        return isinstance(key, tuple) and len(key) == 2 and self.get(key) is not None

    def __iter__(self) -> Iterator[Pair]:
        return iter(self._table.merges)

    def __len__(self) -> int:
        return len(self._table.merges)
