"""The two parts each piece of a SentencePiece model is made of, recovered lazily: a .model has no merge list.

A piece is split as SentencePiece's own merging would build it from its characters: the last step joins two
parts, and those are its merge. A piece that its characters never merge into (the model holds it, no merge
reaches it) has no parts. Each result is cached.

>>> from ..sentencepiece_bpe import SentencePieceBpe
>>> from ..sentencepiece_model import Piece, SentencePieceModel
>>> toy = SentencePieceModel((Piece("<unk>", 0, 2), Piece("a", -1), Piece("b", -2), Piece("ab", -3), Piece("abb", -4)), 2)
>>> merges = PieceMerges(SentencePieceBpe(toy))
>>> len(merges), merges[0], merges[1]
(2, ('a', 'b'), ('ab', 'b'))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from ..heap import merge_leftmost
from ..rounds import RoundLog
from .ranks import Pair

if TYPE_CHECKING:
    from .piece_model import PieceModel


class PieceMerges(Sequence[Pair]):
    """`Table.merges` of a SentencePiece table: merge r is the parts of the piece of rank r (`by_rank`, highest score first)."""

    def __init__(self, model: PieceModel) -> None:
        self._model = model
        self._parts: dict[int, Pair] = {}

    def __len__(self) -> int:
        return len(self._model.by_rank)

    @overload
    def __getitem__(self, index: int) -> Pair: ...
    @overload
    def __getitem__(self, index: slice) -> list[Pair]: ...
    def __getitem__(self, index: int | slice) -> Pair | list[Pair]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        found = self._parts.get(index)
        if found is None:
            piece = self._model.by_rank[index]
            log = RoundLog(piece, 0)
            merge_leftmost(piece, self._model.ranks, log)
            last = len(log) - 1
            found = log.pair(last) if last >= 0 and log.at[last] == 0 and log.end[last] == len(piece) else ("", "")
            self._parts[index] = found
        return found

    def __iter__(self) -> Iterator[Pair]:
        for i in range(len(self)):
            yield self[i]
