"""Facts about a table that seed 004 quotes: its merge rule in words, its id space, its space-only entries.

>>> from .teaching_rules import teaching
>>> id_space(teaching())
IdSpace(ordinary=265, special=0, highest=264, unused=0)
>>> rule_name(teaching())
'GPT-2 rule: each round merges every occurrence of the lowest-ranked pair'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..aliases import bytes_to_unicode
from .table import Table

RULE_NAMES = {
    "gpt2": "GPT-2 rule: each round merges every occurrence of the lowest-ranked pair",
    "tiktoken": "tiktoken rule: each step merges the one adjacent join of lowest rank (leftmost on ties)",
}


def rule_name(table: Table) -> str:
    """The table's merge rule in plain words, for a header."""
    return RULE_NAMES[table.rule]


@dataclass(frozen=True, slots=True)
class IdSpace:
    """Ordinary entries, special tokens, the highest id, and the ids below it that name nothing."""

    ordinary: int
    special: int
    highest: int
    unused: int


def id_space(table: Table) -> IdSpace:
    """cl100k_base: 100,256 ordinary, ids up to 100,276, 16 unused (the 100,277 is the id space's size)."""
    special = table.special
    ordinary = len(table.byte_ranks) if table.byte_ranks is not None else len(table.encoder) - len(special)
    highest = max([ordinary - 1, *special.values()])
    return IdSpace(ordinary, len(special), highest, highest + 1 - ordinary - len(special))


def space_only_entries(table: Table) -> int:
    """How many entries are made only of spaces, two or more (seed 004: cl100k_base 85, GPT-2 0)."""
    if table.byte_ranks is not None:
        return sum(1 for token in table.byte_ranks if len(token) >= 2 and not token.strip(b" "))
    space = bytes_to_unicode()[32]
    return sum(1 for s in table.encoder if len(s) >= 2 and not s.strip(space))
