"""SentencePiece's BPE with byte fallback, as its `bpe_model.cc` runs it: the text normalised (spaces written
'▁', one '▁' put before it), cut into characters (a user-defined symbol is one, and never merges), then merged
step by step, each step joining the adjacent pair whose joined piece has the highest score (the leftmost on
ties); a final piece the vocabulary lacks falls back to its UTF-8 bytes, `<0xF0>` `<0x9D>` … .

A score is turned into a rank: the mergeable pieces of two characters or more in order of score, highest
first, equal scores one rank. "Highest score, leftmost on ties" is then "lowest rank, leftmost on ties",
Hugging Face tokenizers' order, and the merge is the same kernel (`heap.merge_leftmost`), its pair ranks
asked of `PieceRanks`: any two adjacent parts whose join is a piece are a candidate.

The text is cut into words where no merge can cross (`chunk_pattern`): before each '▁' that follows another
character, when no piece holds a '▁' after another character (true of Mistral's three files), and around each
user-defined symbol. Each word merges alone exactly as inside the whole text: a join across the cut would
hold such a '▁', so it is never a piece.

>>> from .sentencepiece_model import Piece, SentencePieceModel
>>> toy = SentencePieceModel((Piece("<unk>", 0, 2), Piece("▁", -1), Piece("a", -2), Piece("b", -3), Piece("▁a", -4), Piece("ab", -5)), 2)
>>> SentencePieceBpe(toy).pieces("ab")
['▁a', 'b']
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from itertools import pairwise

from .heap import merge_leftmost
from .normalize import Normalizer, Step
from .pretokenize import chunker
from .sentencepiece_model import BYTE, CONTROL, NORMAL, UNKNOWN, UNUSED, USER_DEFINED, SentencePieceModel
from .tables.ranks import Pair
from .utf8 import EACH_BYTE

SPACE = "▁"  # U+2581, how SentencePiece writes a space


class PieceRanks(Mapping[Pair, int]):
    """(left, right) -> the rank of the piece `left + right` (its place in score order), for any split of it."""

    def __init__(self, rank_of: dict[str, int]) -> None:
        self._rank_of = rank_of

    def get(self, key, default=None):
        return self._rank_of.get(key[0] + key[1], default)

    def __getitem__(self, key: Pair) -> int:
        rank = self.get(key)
        if rank is None:
            raise KeyError(key)
        return rank

    def __contains__(self, key: object) -> bool:
        return isinstance(key, tuple) and len(key) == 2 and self.get(key) is not None

    def __iter__(self) -> Iterator[Pair]:
        return iter(())  # a piece may be joined from any of its splits: there is no list of pairs to walk

    def __len__(self) -> int:
        return len(self._rank_of)


class SentencePieceBpe:
    """A SentencePiece BPE model ready to encode: its pieces by text, their ranks in score order, the
    user-defined symbols, the byte pieces, the unknown piece's id, its normaliser and its word pattern."""

    def __init__(self, model: SentencePieceModel) -> None:
        self.model = model
        self.ids: dict[str, int] = {}  # every piece by its text
        self.user_defined: set[str] = set()
        self.byte_ids: list[int] = [-1] * 256
        self.unknown = 0
        mergeable: list[tuple[float, int, str]] = []
        for ident, piece in enumerate(model.pieces):
            first = self.ids.setdefault(piece.text, ident) == ident
            if first and piece.kind in (NORMAL, USER_DEFINED, UNUSED) and len(piece.text) > 1:
                mergeable.append((-piece.score, ident, piece.text))
            if piece.kind == USER_DEFINED:
                self.user_defined.add(piece.text)
            elif piece.kind == BYTE and len(piece.text) == 6 and piece.text.startswith("<0x"):
                self.byte_ids[int(piece.text[3:5], 16)] = ident
            elif piece.kind == UNKNOWN:
                self.unknown = ident
        mergeable.sort()
        #: The mergeable pieces in score order (highest first, then by id): `by_rank[r]` made at rank r.
        self.by_rank: list[str] = [text for _, _, text in mergeable]
        self.rank_of: dict[str, int] = {}
        rank, last = -1, None
        for score, _, text in mergeable:
            rank += score != last
            self.rank_of[text], last = rank, score
        self.ranks = PieceRanks(self.rank_of)
        #: The ids a final symbol never takes as itself: the unknown piece (byte fallback, or <unk>, instead).
        self.fallback_ids = frozenset({self.unknown})
        self.specials = {p.text: i for i, p in enumerate(model.pieces) if p.kind in (CONTROL, UNKNOWN)}
        self.normalizer = Normalizer(
            tuple(
                step
                for step, wanted in (
                    (Step("SqueezeSpaces"), model.remove_extra_whitespaces),
                    (Step("Replace", (" ", SPACE)), model.escape_whitespaces),
                    (Step("Prepend", (SPACE if model.escape_whitespaces else " ",)), model.add_dummy_prefix),
                )
                if wanted
            )
        )
        self.pattern = chunk_pattern(self.user_defined, not any(re.search(f"[^{SPACE}]{SPACE}", text) for text in self.rank_of))

    def normalize(self, text: str) -> str:
        """The text as the model's identity normaliser gives it: spaces as '▁', a '▁' before a non-empty text."""
        return self.normalizer.apply(text)

    def piece_bounds(self, word: str) -> list[int]:
        """The boundaries of one word (a chunk of `pattern`) after the merges; a user-defined symbol stays whole."""
        return [0, len(word)] if word in self.user_defined else merge_leftmost(word, self.ranks)

    def pieces(self, text: str) -> list[str]:
        """The final pieces of `text` before byte fallback."""
        out: list[str] = []
        normalized = self.normalize(text)
        for match in chunker(self.pattern, normalized).finditer(normalized):
            word = match.group()
            out += [word[i:j] for i, j in pairwise(self.piece_bounds(word))]
        return out

    def piece_ids(self, piece: str) -> list[int]:
        """`piece`'s id, or (not a piece, byte fallback on) the ids of its UTF-8 bytes' pieces, else the unknown id."""
        ident = self.ids.get(piece)
        if ident is not None and self.model.pieces[ident].kind != UNKNOWN:
            return [ident]
        if self.model.byte_fallback:
            return [self.byte_ids[b] for b in piece.encode("utf-8")]
        return [self.unknown]

    def piece_bytes(self, ident: int, first: bool) -> bytes:
        """What SentencePiece's decoder makes of piece `ident`: a control piece nothing, the unknown piece ' ⁇ ',
        a byte piece its byte, any other its text with '▁' read as a space, less the space the dummy prefix
        put before the text when it is the `first` piece that is not a control one."""
        piece = self.model.pieces[ident]
        if piece.kind == CONTROL:
            return b""
        if piece.kind == UNKNOWN:
            return " \u2047 ".encode()
        if piece.kind == BYTE:
            return bytes([int(piece.text[3:5], 16)])
        text = piece.text.replace(SPACE, " ")
        if first and self.model.add_dummy_prefix and text.startswith(" "):
            text = text[1:]
        return text.encode("utf-8")

    def symbol_bytes(self, symbol: str) -> bytes:
        """What a symbol stands for: a byte piece its byte, any other its text with '▁' read as a space."""
        ident = self.ids.get(symbol)
        if ident is not None and self.model.pieces[ident].kind == BYTE:
            return bytes([int(symbol[3:5], 16)])
        return symbol.replace(SPACE, " ").encode("utf-8")

    def decodes_first(self, ident: int) -> bool:
        """Whether piece `ident` counts as the first piece of a decode (a control piece does not)."""
        return self.model.pieces[ident].kind != CONTROL

    def decoded(self, ids: Sequence[int], errors: str) -> str:
        """What SentencePiece's decoder makes of `ids`: their bytes (`piece_bytes`), each run between two control
        pieces read alone, every byte of an invalid sequence one U+FFFD (errors='replace')."""
        handler = EACH_BYTE if errors == "replace" else errors
        buffer, edges, first = bytearray(), [0], True
        for ident in ids:
            if not self.decodes_first(ident):
                edges.append(len(buffer))  # a control piece ends a run of byte pieces
            buffer += self.piece_bytes(ident, first)
            first = first and not self.decodes_first(ident)
        edges.append(len(buffer))
        data, out = bytes(buffer), []
        for start, end in pairwise(edges):
            try:
                out.append(data[start:end].decode("utf-8", errors=handler))
            except UnicodeDecodeError as exc:  # said at its place in the whole buffer
                raise UnicodeDecodeError("utf-8", data, start + exc.start, start + exc.end, exc.reason) from None
        return "".join(out)

    def encode(self, text: str) -> list[int]:
        """The ids of `text`, as `SentencePieceProcessor.encode(text)` gives them (no BOS or EOS)."""
        return [ident for piece in self.pieces(text) for ident in self.piece_ids(piece)]


def chunk_pattern(user_defined: set[str], cut_at_spaces: bool) -> str:
    """The words a SentencePiece text is cut into: each user-defined symbol alone (the longest first, as
    SentencePiece's prefix match takes it), and between them either words that begin where a '▁' follows
    another character (`cut_at_spaces`) or the whole run.

    >>> chunk_pattern({"[X]"}, True)
    '\\\\[X\\\\]|▁*(?:(?!\\\\[X\\\\])[^▁])+|▁+'
    """
    symbols = "|".join(re.escape(text) for text in sorted(user_defined, key=lambda text: (-len(text), text)))
    if not symbols:
        return f"{SPACE}*[^{SPACE}]+|{SPACE}+" if cut_at_spaces else r"[\s\S]+"
    if cut_at_spaces:
        return f"{symbols}|{SPACE}*(?:(?!{symbols})[^{SPACE}])+|{SPACE}+"
    return rf"{symbols}|(?:(?!{symbols})[\s\S])+"
