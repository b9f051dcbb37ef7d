"""The Table type: what the one merge loop asks a rule table (ranks, ids), and the error a loader raises.

>>> t = Table("tiny", (("a", "b"),), {"a": 0, "b": 1, "ab": 2}, "0" * 64)
>>> t.ranks[("a", "b")], t.decoder[2]
(0, 'ab')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from ..aliases import KEPT, REMAPPED, bytes_to_unicode

Pair = tuple[str, str]


class TableError(Exception):
    """A rule table could not be loaded; the message is one sentence for the user."""


@dataclass(frozen=True, eq=False)
class Table:
    """An immutable rule table: merges in rank order, their ranks, and the symbol <-> id maps."""

    name: str
    merges: tuple[Pair, ...]
    encoder: Mapping[str, int]
    sha256: str
    source: str = ""
    ranks: Mapping[Pair, int] = field(init=False, repr=False)
    decoder: Mapping[int, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", {pair: rank for rank, pair in enumerate(self.merges)})
        object.__setattr__(self, "decoder", {i: s for s, i in self.encoder.items()})

    @property
    def title(self) -> str:
        """How the interface names this table ('teaching · 9 rules'): its registry entry's label."""
        from .registry import label

        return label(self)

    @cached_property
    def special(self) -> dict[str, int]:
        """Entries that are neither a byte alias nor a merge result, e.g. {'<|endoftext|>': 50256}."""
        made = {bytes_to_unicode()[b] for b in range(256)} | {a + b for a, b in self.merges}
        return {s: i for s, i in self.encoder.items() if s not in made}


def byte_symbol_order() -> list[str]:
    """The 256 byte aliases in GPT-2's id order: kept bytes by value first, then the 68 moved ones.

    This is the order of encoder.json's first 256 entries: '!' is id 0, 'Ġ' (space) is id 220.
    """
    alias = bytes_to_unicode()
    return [alias[b] for b in sorted(KEPT)] + [alias[b] for b in sorted(REMAPPED)]


def vocab_bpe_text(merges: tuple[Pair, ...]) -> str:
    """Serialise merges in GPT-2's vocab.bpe format (header, one 'left right' rule a line)."""
    return "#version: 0.2\n" + "".join(f"{a} {b}\n" for a, b in merges)
