"""Why a rule never fired: seed 000's "present in the table, unusable on this input".

A rule can be a candidate (its two symbols adjacent in the word) and still never be chosen:
a lower-ranked rule is always present, and one of those earlier merges takes one of its two
symbols into a longer one. This module finds, for such a rule, the round whose merge consumed it.

>>> from ..engine.bpe import capture
>>> from ..engine.tables import teaching
>>> [(w.pair, w.rank, w.last_round, w.consumed_by) for w in never_chosen(capture("aaababcabxyz", teaching()), 0)]
[(('b', 'c'), 2, 2, ('a', 'b')), (('c', 'a'), 3, 2, ('a', 'b'))]
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from ..engine.bpe import Trace
from ..engine.tables import Pair
from .words import quoted

#: A chunk with more symbols than this is not searched round by round (it would take seconds).
MAX_SYMBOLS = 4_000


@dataclass(frozen=True, slots=True)
class WhyNot:
    """What happened to one pair in one chunk.

    `first_round` .. `last_round` are the rounds in which it was a candidate (1-based; None if it
    never was). A pair still present at the end has `last_round` None when it is not a rule.
    `consumed_by` is the pair chosen in `last_round`, whose merge took one of its symbols.
    """

    pair: Pair
    rank: int | None
    chosen: bool
    first_round: int | None
    last_round: int | None
    consumed_by: Pair | None
    consumed_rank: int | None

    @property
    def sentence(self) -> str:
        """One plain sentence for the user."""
        a, b = self.pair
        name = f"({a} {b})"
        if self.rank is None:
            return f"{name} is not a rule of this table: it can never be merged."
        if self.chosen:
            return f"{name} (rank {self.rank}) was chosen in round {self.first_round}."
        if self.first_round is None:
            return f"{name} (rank {self.rank}) is in the table, but its symbols are never next to each other in this chunk."
        during = f"round {self.first_round}" if self.first_round == self.last_round else f"rounds {self.first_round}–{self.last_round}"
        c, d = self.consumed_by or ("", "")
        took = f"its {quoted(a)}" if d == a else f"its {quoted(b)}" if c == b else "one of its symbols"
        return (
            f"{name} (rank {self.rank}) was a candidate in {during}, but a lower rank was always present; "
            f"round {self.last_round} merged ({c} {d}) (rank {self.consumed_rank}), which took {took}: "
            "present in the table, unusable on this input."
        )


def why_not(trace: Trace, chunk_index: int, pair: Pair) -> WhyNot:
    """What became of `pair` in chunk `chunk_index`: chosen, never adjacent, or consumed by an earlier merge (and which)."""
    chunk = trace.chunks[chunk_index]
    rank = trace.table.ranks.get(pair)
    chosen_in = next((r for r, rnd in enumerate(chunk.rounds, start=1) if rnd.pair == pair), None)
    if rank is None or chosen_in is not None:
        return WhyNot(pair, rank, chosen_in is not None, chosen_in, chosen_in, None, None)
    return _consumed(trace, chunk_index, pair, rank, _presence(trace, chunk_index, {pair}).get(pair))


def never_chosen(trace: Trace, chunk_index: int) -> list[WhyNot]:
    """Every rule that was a candidate in some round of chunk `chunk_index` but never chosen, by rank.

    One walk through the rounds finds them all. Empty for a chunk that ran no loop, and for one too
    long to walk round by round (MAX_SYMBOLS).
    """
    chunk = trace.chunks[chunk_index]
    if chunk.cache != "miss" or len(chunk.aliases) > MAX_SYMBOLS:
        return []
    ranks = trace.table.ranks
    chosen = {rnd.pair for rnd in chunk.rounds}
    seen = _presence(trace, chunk_index, None)
    found = [_consumed(trace, chunk_index, p, ranks[p], rounds) for p, rounds in seen.items() if p in ranks and p not in chosen]
    return sorted(found, key=lambda w: w.rank if w.rank is not None else -1)


def _presence(trace: Trace, chunk_index: int, wanted: set[Pair] | None) -> dict[Pair, tuple[int, int]]:
    """(first, last) round in which each pair (of `wanted`, or every pair) was a candidate, in first-seen order."""
    chunk = trace.chunks[chunk_index]
    seen: dict[Pair, tuple[int, int]] = {}
    for r in range(1, len(chunk.rounds) + 1):
        for pair in pairwise(chunk.word(r - 1)):
            if wanted is None or pair in wanted:
                seen[pair] = (seen[pair][0], r) if pair in seen else (r, r)
    return seen


def _consumed(trace: Trace, chunk_index: int, pair: Pair, rank: int, rounds: tuple[int, int] | None) -> WhyNot:
    """A rule never chosen: never adjacent (`rounds` None), or taken apart by the merge of its last round."""
    if rounds is None:
        return WhyNot(pair, rank, False, None, None, None, None)
    first, last = rounds
    chosen = trace.chunks[chunk_index].rounds[last - 1]
    return WhyNot(pair, rank, False, first, last, chosen.pair, chosen.rank)
