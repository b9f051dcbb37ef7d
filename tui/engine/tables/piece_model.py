"""What a model on characters gives the rest of the engine: the chunk loop (`pieces_loop.loop_pieces`), the
table (`Table.pieces`), the decoder (`decoding.decode_frames`) and the views ask it the same things, whether
it is SentencePiece's (`sentencepiece_bpe.SentencePieceBpe`) or a tokenizer.json's BPE with byte fallback
(`hf_pieces.HfPieces`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from .ranks import Pair

if TYPE_CHECKING:
    from ..normalize import Normalizer


class PieceModel(Protocol):
    """A model whose first symbols are the normalised text's characters, merged by `heap.merge_leftmost`."""

    @property
    def ranks(self) -> Mapping[Pair, int]:
        """(left, right) -> rank: each step merges the lowest, leftmost on ties."""
        ...

    @property
    def user_defined(self) -> Collection[str]:
        """Symbols that are one word and one symbol from the start, never merged."""
        ...

    @property
    def ids(self) -> Mapping[str, int]:
        """Every entry's id by its text."""
        ...

    @property
    def fallback_ids(self) -> Collection[int]:
        """Ids a final symbol never takes as itself: `piece_ids` gives its ids instead."""
        ...

    @property
    def pattern(self) -> str:
        """The regex cutting the normalised text into words no merge crosses."""
        ...

    @property
    def normalizer(self) -> Normalizer | None: ...

    @property
    def specials(self) -> Mapping[str, int]: ...

    @property
    def by_rank(self) -> Sequence[str]:
        """What the merge of each rank makes, in rank order."""
        ...

    @property
    def rank_of(self) -> Mapping[str, int]:
        """The rank of each entry a merge makes (the lowest, if several make it)."""
        ...

    @property
    def byte_ids(self) -> Sequence[int]:
        """The id each byte falls back to (-1: none)."""
        ...

    def piece_bounds(self, word: str) -> list[int]:
        """The boundaries of one word (a chunk of `pattern`) after the merges, as the chunk loop makes them."""
        ...

    def piece_ids(self, piece: str) -> list[int]:
        """The ids of a final symbol: its own, or those of its bytes (the fallback)."""
        ...

    def piece_bytes(self, ident: int, first: bool) -> bytes:
        """The bytes id `ident` adds to a decode's buffer (`first`: no id before it counts as first)."""
        ...

    def decodes_first(self, ident: int) -> bool:
        """Whether id `ident` counts as the first of a decode."""
        ...

    def decoded(self, ids: Sequence[int], errors: str) -> str:
        """The text the model's own decoder makes of `ids` (each one known); under errors='strict', bytes that are
        not UTF-8 raise UnicodeDecodeError, its offsets in the bytes `piece_bytes` gives one after another."""
        ...

    def symbol_bytes(self, symbol: str) -> bytes:
        """What a symbol stands for: a byte token its byte, any other its text with '▁' read as a space."""
        ...
