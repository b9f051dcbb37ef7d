"""The chunks of one explorer row, kept as columns of machine integers: a row of a 1,000,000-character text
may hold a million chunks, which as tuples of Python objects took about 250 MB a row and six rows over a
gigabyte; as columns of 4-byte integers (every offset, id and count is under 2**31) they take 20 bytes a chunk
and 8 a token, and a `RowChunk` is made only when one is asked for (the explorer looks at the few it draws).
Also where each chunk stands in the text the row draws, when the table's normaliser changed the text it cut.

>>> chunks = RowChunks("Hi 你好")
>>> chunks.extend([(0, 2, 7, (17250,), (0,), ()), (2, 5, 7, (220, 19526, 254, 25001, 121), (0, 1, 1, 2, 2), (1, 2))])
>>> len(chunks), chunks[0].text, chunks[-1]
(2, 'Hi', RowChunk(text=' 你好', start=2, branch=7, ids=(220, 19526, 254, 25001, 121), token_starts=(0, 1, 1, 2, 2), cuts=(1, 2)))
"""

from __future__ import annotations

import unicodedata
from array import array
from collections.abc import Callable, Iterator, Sequence
from itertools import accumulate, chain, islice, pairwise
from typing import NamedTuple, overload

#: A chunk as `RowChunks.extend` takes it: start, end, branch, ids, the ids' starts, the exact cuts; on a row placed
#: on a text its normaliser changed, then where the chunk starts in the normalised text (where its regex matched).
Added = tuple[int, int, int, Sequence[int], Sequence[int], Sequence[int]]
PlacedAdded = tuple[int, int, int, Sequence[int], Sequence[int], Sequence[int], int]


BATCH = 4096  # chunks gathered as tuples before they go into the columns at once
UNLABELLED = -1  # a chunk's branch, to be found when the chunk is asked for


class RowChunk(NamedTuple):
    """One chunk of one row: its text and start, the branch that matched it, and its tokens.

    `token_starts` holds each token's start as a character offset in the chunk (a token that starts
    inside a character is given that character's offset); `cuts` are the starts that fall exactly on
    a character boundary (0 excluded): only there can a token boundary be drawn.
    """

    text: str
    start: int
    branch: int
    ids: tuple[int, ...]
    token_starts: tuple[int, ...]
    cuts: tuple[int, ...]

    @property
    def end(self) -> int:
        return self.start + len(self.text)


class RowChunks(Sequence[RowChunk]):
    """A row's chunks of `text` (the text the row draws) in order, as columns; indexing makes the one
    `RowChunk` asked for. A chunk added with branch UNLABELLED is given `label(start)` when it is asked for
    (a regex's branch at a chunk's start is found again by matching there: few chunks are ever shown), its
    start in the normalised text when the row is `placed` on the text as typed."""

    __slots__ = ("_branches", "_cut_at", "_cut_starts", "_cuts", "_ends", "_id_at", "_ids", "_label", "_token_starts", "starts", "text")

    def __init__(self, text: str, label: Callable[[int], int] | None = None, *, placed: bool = False) -> None:
        self.text = text
        self._label = label
        self._cut_starts = array("i") if placed else None  # each chunk's start in the normalised text
        self.starts = array("i")  # each chunk's start, ascending: bisected to find the chunk at an offset
        self._ends = array("i")
        self._branches = array("i")
        self._ids = array("i")  # every chunk's ids, one after the other; chunk k's are _ids[_id_at[k]:_id_at[k + 1]]
        self._token_starts = array("i")  # one per id, as _ids
        self._id_at = array("i", [0])
        self._cuts = array("i")  # chunk k's are _cuts[_cut_at[k]:_cut_at[k + 1]]
        self._cut_at = array("i", [0])

    def extend(self, batch: Sequence[Added] | Sequence[PlacedAdded]) -> None:
        """Append a batch of chunks, each as `Added` says (with its start in the normalised text when the row is
        placed): the columns grow at C speed, column by column."""
        if not batch:
            return
        columns = list(zip(*batch, strict=True))
        starts, ends, branches, ids, firsts, cuts = columns[:6]
        if self._cut_starts is not None:
            self._cut_starts.extend(columns[6])
        self.starts.extend(starts)
        self._ends.extend(ends)
        self._branches.extend(branches)
        self._ids.extend(chain.from_iterable(ids))
        self._token_starts.extend(chain.from_iterable(firsts))
        self._id_at.extend(islice(accumulate(map(len, ids), initial=self._id_at[-1]), 1, None))
        self._cuts.extend(chain.from_iterable(cuts))
        self._cut_at.extend(islice(accumulate(map(len, cuts), initial=self._cut_at[-1]), 1, None))

    def cut_start(self, k: int) -> int:
        """Where chunk `k` starts in the text it was cut from: the normalised text on a placed row."""
        return self.starts[k] if self._cut_starts is None else self._cut_starts[k]

    def branch(self, k: int) -> int:
        """The branch that matched chunk `k`: as it was added, or found now (`label`) for one added UNLABELLED."""
        branch = self._branches[k]
        return self._label(self.cut_start(k)) if branch == UNLABELLED and self._label is not None else branch

    @property
    def tokens(self) -> int:
        """How many tokens the chunks hold in all."""
        return len(self._ids)

    def __len__(self) -> int:
        return len(self.starts)

    @overload
    def __getitem__(self, index: int) -> RowChunk: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[RowChunk, ...]: ...
    def __getitem__(self, index: int | slice) -> RowChunk | tuple[RowChunk, ...]:
        if isinstance(index, slice):
            return tuple(self[k] for k in range(*index.indices(len(self))))
        k = index + len(self) if index < 0 else index
        if not 0 <= k < len(self):
            raise IndexError("chunk index out of range")
        a, b, c, d = self._id_at[k], self._id_at[k + 1], self._cut_at[k], self._cut_at[k + 1]
        ids, first, cuts = self._ids[a:b], self._token_starts[a:b], self._cuts[c:d]
        start = self.starts[k]
        return RowChunk(self.text[start : self._ends[k]], start, self.branch(k), tuple(ids), tuple(first), tuple(cuts))

    def __iter__(self) -> Iterator[RowChunk]:
        return (self[k] for k in range(len(self)))


def _segments(text: str) -> list[int]:
    """Where `text` may be normalised piece by piece: before each character that starts a new cluster
    (combining class 0 and no Hangul vowel or final jamo, which compose with what precedes them)."""
    return [i for i, c in enumerate(text) if i == 0 or (not unicodedata.combining(c) and not "\u1160" <= c <= "\u11ff")]


def origins(text: str, steps: Sequence[Callable[[str], str]]) -> array[int]:
    """For each offset of the text the normaliser's `steps` make of `text`, and its end: the offset in `text`
    it comes from. A step that keeps the length moves no offset; a prefix's characters come from the start;
    any other step's map is found from its input and output (`_step_origins`); the maps are chained.

    >>> import unicodedata
    >>> list(origins("cafe\u0301 ok", [lambda s: unicodedata.normalize("NFC", s)]))
    [0, 1, 2, 3, 5, 6, 7, 8]
    >>> list(origins("a  b", [lambda s: " ".join(s.split()), lambda s: s.replace(" ", "▁"), lambda s: "▁" + s]))
    [0, 0, 1, 3, 4]
    """
    at = array("i", range(len(text) + 1))
    current = text
    for step in steps:
        after = step(current)
        extra = len(after) - len(current)
        if extra > 0 and after.endswith(current):  # a prefix ('▁' before the text)
            at = array("i", [at[0]]) * extra + at
        elif extra:
            at = array("i", map(at.__getitem__, _step_origins(current, after, step)))
        current = after
    return at


def _step_origins(before: str, after: str, step: Callable[[str], str]) -> list[int]:
    """For each offset of `after` (one step's output for `before`, of another length and not `before` behind a
    prefix) and its end, the offset in `before` it comes from: the matching character when the step only
    removed some (squeezed spaces, a strip); else cluster by cluster, an offset inside a rewritten cluster
    coming from the cluster's start; failing all, the same offset capped."""
    if len(after) < len(before):
        kept = _kept(before, after)
        if kept is not None:
            return [*kept, len(before)]
    pieces = [(lo, hi, step(before[lo:hi])) for lo, hi in pairwise([*_segments(before), len(before)])]
    if "".join(piece for _, _, piece in pieces) != after:
        return [min(i, len(before)) for i in range(len(after) + 1)]
    out: list[int] = []
    for lo, hi, piece in pieces:
        out += range(lo, hi) if len(piece) == hi - lo else [lo] * len(piece)
    out.append(len(before))
    return out


def _kept(before: str, after: str) -> list[int] | None:
    """Where each character of `after` stands in `before` when `after` is `before` less some whitespace
    (squeezed spaces, a strip); None otherwise."""
    out: list[int] = []
    i = 0
    for char in after:
        while i < len(before) and before[i] != char and before[i].isspace():
            i += 1
        if i == len(before) or before[i] != char:
            return None
        out.append(i)
        i += 1
    return out if before[i:].isspace() or i == len(before) else None
