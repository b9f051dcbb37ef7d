"""The candidate pairs at one frame, as plain data: every adjacent pair of the word the round reads with
its rank, the lowest rank and where it first occurs, a note counting pairs and rules, and at a chunk's
last frame the rules that were candidates but never chosen; and what a picked pair is, in sentences.

>>> from tui.engine.bpe import capture
>>> from tui.engine.tables import teaching
>>> from .frames import Frames
>>> trace = capture("aaab", teaching())
>>> rows = pair_rows(Position(trace, Frames(trace), 1), "position")
>>> list(rows.rows), rows.lowest, rows.note
([(0, ('a', 'a'), 0), (1, ('a', 'a'), 0), (2, ('a', 'b'), 1)], 0, '3 pairs · 3 rules')
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..engine.chunk import ChunkTrace
from ..engine.tables import NO_RULE
from .position import Position
from .word import first_merged, merge_order
from .words import plural

if TYPE_CHECKING:  # the rounds are followed (tui.explain.whynot) only at a chunk's end or when a pair is asked about
    from .whynot import WhyNot

Order = Literal["position", "rank"]
CACHE_NOTE = "the cache answered: no pairs"
#: Chunks with more symbols than this are not followed round by round on the UI thread (0.04 s at 1,000).
WHY_LIMIT = 1_000


class Rows(Sequence[tuple[int, tuple[str, str], "int | None"]]):
    """The (position, pair, rank) rows of a word, made only when asked for (a word may have thousands):
    a row's rank is looked up when the row is. In rank order the positions are kept as a list."""

    def __init__(self, word: tuple[str, ...] = (), ranks: Mapping[tuple[str, str], int] | None = None, order: list[int] | None = None):
        self.word = word
        self.ranks: Mapping[tuple[str, str], int] = ranks or {}
        self.order = order
        self._made: dict[int, tuple[int, tuple[str, str], int | None]] = {}  # a drawn row is asked for three or four times

    def __len__(self) -> int:
        return max(len(self.word) - 1, 0)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        made = self._made.get(index)
        if made is None:
            position = self.order[index] if self.order is not None else range(len(self))[index]
            pair = (self.word[position], self.word[position + 1])
            made = self._made[index] = (position, pair, self.ranks.get(pair))
        return made

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, (list, Rows)) else NotImplemented


@dataclass(frozen=True)
class PairRows:
    """The candidate pairs at one frame: (position, pair, rank) rows, the lowest rank, and a note."""

    rows: Rows
    lowest: int | None
    note: str
    never: tuple[WhyNot, ...] = ()  # at a chunk's last frame: the rules that were candidates, never chosen
    target: int = 0  # the row of the lowest-ranked pair's first occurrence (what this round merges)

    @property
    def count(self) -> int:
        """The lines the candidates take: the pairs, then (if any) a line naming the never-chosen rules, and those rules."""
        return len(self.rows) + (len(self.never) + 1 if self.never else 0)


def pair_rows(at: Position, order: Order) -> PairRows:
    """The candidates considered at this frame: the word the round reads (pure, testable).

    For a chunk the loop ran on, the trace says which is the lowest pair and where it first occurs
    (the round after this word merged it), and the rules are counted from a neighbouring round's
    count; only in rank order are all the ranks looked up.
    """
    chunk, frame = at.chunk, at.frame
    if chunk.cache == "hit":  # bpe() returns the cached word before it lists any pair
        return PairRows(Rows(), None, CACHE_NOTE)
    r = frame.round - 1 if frame.kind == "round" else frame.round
    word = chunk.word(r)
    if len(word) < 2:
        note = "single symbol: no pairs" if chunk.cache == "single" else "one symbol: no pairs left"
        return PairRows(Rows(), None, note)
    table = at.trace.table
    count = len(word) - 1
    if chunk.cache == "miss":
        rules = rule_count(chunk, r, table.ranks)
        lowest = chunk.rounds[r].rank if r < len(chunk.rounds) else None
        target = first_merged(chunk, r + 1) if lowest is not None else 0
    else:  # a whole-token chunk (tiktoken's rule): emitted as it is, so no pair is the one merged
        ranks = every_rank(word, table.ranks)
        rules = count - ranks.count(NO_RULE)
        lowest, target = None, 0
    positions = None
    if order == "rank":
        ranks = every_rank(word, table.ranks)
        positions = sorted(range(count), key=ranks.__getitem__)  # a stable sort: ties stay in position order
        target = 0  # in rank order the lowest comes first
    note = f"{count} {plural(count, 'pair')} · " + (f"{rules} {plural(rules, 'rule')}" if rules else "none is a rule")
    if chunk.cache == "whole":
        note += " · whole token"
    never: tuple[WhyNot, ...] = ()
    if frame.kind == "done" and len(chunk.aliases) <= WHY_LIMIT:
        from .whynot import never_chosen

        never = tuple(never_chosen(at.trace, frame.chunk))
    return PairRows(Rows(word, table.ranks, positions), lowest, note, never, target)


def every_rank(word: tuple[str, ...], ranks: Mapping[tuple[str, str], int]) -> list[int]:
    """The rank of each adjacent pair of `word` (NO_RULE for no rule), looked up in C."""
    return list(map(ranks.get, itertools.pairwise(word), itertools.repeat(NO_RULE)))


#: Rules among the pairs of a chunk's word after r rounds, by (chunk, r): stepping asks for r ± 1 next.
_COUNTS: dict[tuple[ChunkTrace, int], int] = {}


def rule_count(chunk: ChunkTrace, r: int, ranks: Mapping[tuple[str, str], int]) -> int:
    """How many adjacent pairs of the word after `r` rounds are rules. From a neighbouring round's
    count when it is known (only the pairs around that round's merges differ), else counted in C."""
    known = _COUNTS.get((chunk, r))
    if known is not None:
        return known
    before, after = _COUNTS.get((chunk, r - 1)), _COUNTS.get((chunk, r + 1))
    if before is not None:
        count = before + _change(chunk, r, ranks)
    elif after is not None:
        count = after - _change(chunk, r + 1, ranks)
    else:
        count = sum(map(ranks.__contains__, itertools.pairwise(chunk.word(r))))
    if len(_COUNTS) > 256:
        _COUNTS.clear()
    _COUNTS[(chunk, r)] = count
    return count


def _change(chunk: ChunkTrace, r: int, ranks: Mapping[tuple[str, str], int]) -> int:
    """Rules among the pairs of the word after round `r`, less those before it. A pair neither of whose
    symbols round r merged is in both words; only the pairs touching a merge are looked up."""
    old, new = chunk.word(r - 1), chunk.word(r)
    merged = merge_order(chunk, r)  # old positions j: (j, j + 1) became one symbol
    lost = {p for j in merged for p in (j - 1, j, j + 1) if 0 <= p < len(old) - 1}
    made = {p for k, j in enumerate(merged) for p in (j - k - 1, j - k) if 0 <= p < len(new) - 1}  # j - k: its new index
    return sum((new[p], new[p + 1]) in ranks for p in made) - sum((old[p], old[p + 1]) in ranks for p in lost)


def why_pair(at: Position, pair: tuple[str, str], rank: int | None, where: int | None, show: Callable[[str], str]) -> str:
    """What a picked pair is, in plain sentences: its rule and id (two different numbers), and why it was or was
    not chosen. `where` is the pair's position in the word (None for a rule that was never a candidate);
    `show` makes the symbols safe to print (tui.safe.visible where the sentence is shown)."""
    a, b = pair
    chunk = at.chunk
    if rank is None:
        said = "" if where is None else f" at position {where}"
        return show(f"({a} {b}){said} is not a rule of this table: it can never be merged.")
    ident = at.trace.table.encoder.get(a + b)
    lines = [show(f"rule {rank}: {a} + {b} → {a + b}, id {ident}.") + f" Rank {rank} orders the rule; id {ident} names its token."]
    if len(chunk.aliases) > WHY_LIMIT:
        lines.append(f"This chunk has {len(chunk.aliases):,} symbols: too many to follow round by round here.")
    else:
        from .whynot import why_not

        lines.append(show(why_not(at.trace, at.frame.chunk, pair).sentence))
    return "\n".join(lines)
