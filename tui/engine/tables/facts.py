"""Facts about a table that seed 004 quotes: its merge rule in words, its id space, its space-only entries.

>>> from .teaching_rules import teaching
>>> id_space(teaching())
IdSpace(ordinary=265, special=0, highest=264, unused=0)
>>> rule_name(teaching())
'GPT-2 rule: each round merges every occurrence of the lowest-ranked pair'
>>> id_space_line(teaching())
'ids: 265 ordinary, highest 264, none unused'
>>> [label for label, _ in patterns(teaching())]
["regex, as GPT-2's encoder.py spells it"]
"""

from __future__ import annotations

from dataclasses import dataclass

from ..aliases import bytes_to_unicode
from ..pipeline import pipeline_of
from ..pretokenize import GPT2_PATTERN
from .table import Table
from .tiktoken_files import CL100K_PATTERN, CL100K_VIDEO_PATTERN, O200K_PATTERN


def rule_name(table: Table) -> str:
    """The table's merge rule in plain words."""
    return table.rule.summary


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
    if table.byte_ranks is None:  # the ids are the entries' own, wherever the specials are (SentencePiece's come first)
        highest = max(table.encoder.values(), default=-1)
    else:
        highest = max([table.first_id + ordinary - 1, *special.values()])
    return IdSpace(ordinary, len(special), highest, highest + 1 - ordinary - len(special))


def space_only_entries(table: Table) -> int:
    """How many entries are made only of spaces, two or more (seed 004: cl100k_base 85, GPT-2 0)."""
    if table.byte_ranks is not None:
        return sum(1 for token in table.byte_ranks if len(token) >= 2 and not token.strip(b" "))
    space = "▁" if table.rule.on_characters else bytes_to_unicode()[32]  # how the table writes a space
    return sum(1 for s in table.encoder if len(s) >= 2 and not s.strip(space))


def id_space_line(table: Table) -> str:
    """'ids: 100,256 ordinary + 5 special, highest 100,276: 16 unused (100,277 is the id space's size, ...)'."""
    space = id_space(table)
    special = f" + {space.special:,} special" if space.special else ""
    head = f"ids: {space.ordinary:,} ordinary{special}, highest {space.highest:,}"
    if not space.unused:
        return head + ", none unused"
    return head + f": {space.unused:,} unused ({space.highest + 1:,} is the id space's size, not the number of entries)"


def spaces_line(table: Table) -> str:
    """'85 entries are only spaces (two or more)': multi-space tokens come from training, not from the regex."""
    n = space_only_entries(table)
    return f"{n:,} entries are only spaces (two or more)" if n else "no entry is only spaces (two or more): each space is its own token"


#: Where each known regex is spelled as shown (tiktoken 0.14.0's `_pat_str`, GPT-2's encoder.py).
PATTERN_SOURCES = {
    GPT2_PATTERN: "regex, as GPT-2's encoder.py spells it",
    CL100K_PATTERN: "regex, as tiktoken 0.14.0 spells it",
    O200K_PATTERN: "regex, as tiktoken 0.14.0 spells it",
}


def patterns(table: Table) -> list[tuple[str, str]]:
    """The table's regex with where its spelling comes from; for cl100k_base, seed 004's spelling after it as history;
    for a pre-tokenizer of several steps (a tokenizer.json's Sequence), each step's regex in the order they cut."""
    pipeline = pipeline_of(table.pattern)
    if pipeline is not None:
        n = len(pipeline.cuts)
        return [
            (f"pre-tokenizer step {k} of {n}, {cut.name}" + (f" ({cut.how})" if cut.how else ""), cut.own)
            for k, cut in enumerate(pipeline.cuts, 1)
        ]
    shown = [(PATTERN_SOURCES.get(table.pattern, "regex"), table.pattern)]
    if table.pattern == CL100K_PATTERN:
        shown.append(
            (
                "an older spelling, kept as history: the same chunks but for whitespace with line breaks at the end",
                CL100K_VIDEO_PATTERN,
            )
        )
    return shown
