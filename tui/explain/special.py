"""The special-token scene: '<|endoftext|>' typed as text is ordinary tokens; its registered id is not.

>>> from ..engine.tables import gpt2
>>> scene = special_scene(gpt2())
>>> scene.ids, scene.special_id, scene.decoded, scene.rank
((27, 91, 437, 1659, 5239, 91, 29), 50256, '<|endoftext|>', None)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.bpe import encode
from ..engine.decoding import decode
from ..engine.tables import Table
from .rules import OFFSET, rank_of_id

ENDOFTEXT = "<|endoftext|>"


@dataclass(frozen=True)
class SpecialScene:
    """'<|endoftext|>' typed as text is seven ordinary tokens; id 50256 decodes to it; encode never makes it."""

    literal: str
    ids: tuple[int, ...]
    pieces: tuple[tuple[int, str], ...]  # (id, alias string) for each id of the literal
    special_id: int | None
    decoded: str | None
    rank: int | None  # always None for a special entry: no rule made it
    last_merge_id: int  # OFFSET + len(merges) - 1: the highest id the formula can give

    @property
    def follows_formula(self) -> bool:
        return self.rank is not None


def special_scene(table: Table, literal: str = ENDOFTEXT) -> SpecialScene:
    """The scene for `literal` in `table`: its ordinary ids, and the registered entry if there is one."""
    ids = tuple(encode(literal, table))
    pieces = tuple((i, table.decoder[i]) for i in ids)
    special_id = table.encoder.get(literal)
    decoded = decode([special_id], table) if special_id is not None else None
    rank = rank_of_id(table, special_id) if special_id is not None else None
    return SpecialScene(literal, ids, pieces, special_id, decoded, rank, OFFSET + len(table.merges) - 1)
