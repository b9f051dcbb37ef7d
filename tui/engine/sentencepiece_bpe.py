"""SentencePiece's BPE with byte fallback, as its `bpe_model.cc` runs it: the text normalised (spaces written
'▁', one '▁' put before it), cut into characters (a user-defined symbol is one, and never merges), then merged
step by step, each step joining the adjacent pair whose joined piece has the highest score (the leftmost on
ties); a final piece the vocabulary lacks falls back to its UTF-8 bytes, `<0xF0>` `<0x9D>` … .

The merge step is kept as boundaries and can be recorded (a RoundLog, its rank the merged piece's id), so the
animation and `SentencePieceBpe.encode` run the same kernel.

>>> from .sentencepiece_model import Piece, SentencePieceModel
>>> toy = SentencePieceModel((Piece("<unk>", 0, 2), Piece("▁", -1), Piece("a", -2), Piece("b", -3), Piece("▁a", -4), Piece("ab", -5)), 2)
>>> SentencePieceBpe(toy).pieces("ab")
['▁a', 'b']
"""

from __future__ import annotations

from heapq import heapify, heappop, heappush
from itertools import pairwise

from .rounds import RoundLog
from .sentencepiece_model import BYTE, NORMAL, UNKNOWN, UNUSED, USER_DEFINED, SentencePieceModel

SPACE = "▁"  # U+2581, how SentencePiece writes a space


class SentencePieceBpe:
    """A SentencePiece BPE model ready to encode: its pieces by text (those merges may make), their scores,
    the user-defined symbols, the byte pieces and the unknown piece's id."""

    def __init__(self, model: SentencePieceModel) -> None:
        self.model = model
        self.ids: dict[str, int] = {}  # every piece by its text
        self.mergeable: dict[str, int] = {}  # the pieces a merge may make: normal, user-defined, unused
        self.user_defined: set[str] = set()
        self.byte_ids: list[int] = [-1] * 256
        self.unknown = 0
        for ident, piece in enumerate(model.pieces):
            self.ids.setdefault(piece.text, ident)
            if piece.kind in (NORMAL, USER_DEFINED, UNUSED):
                self.mergeable.setdefault(piece.text, ident)
            if piece.kind == USER_DEFINED:
                self.user_defined.add(piece.text)
            elif piece.kind == BYTE and len(piece.text) == 6 and piece.text.startswith("<0x"):
                self.byte_ids[int(piece.text[3:5], 16)] = ident
            elif piece.kind == UNKNOWN:
                self.unknown = ident
        self.scores = [piece.score for piece in model.pieces]
        self.longest_user = max(map(len, self.user_defined), default=0)

    def normalize(self, text: str) -> str:
        """The text as the model's identity normaliser gives it: spaces as '▁', a '▁' before a non-empty text."""
        spec = self.model
        if spec.remove_extra_whitespaces:
            text = " ".join(text.split(" "))
            text = " ".join(part for part in text.split(" ") if part)
        if spec.escape_whitespaces:
            text = text.replace(" ", SPACE)
        if spec.add_dummy_prefix and text:
            text = (SPACE if spec.escape_whitespaces else " ") + text
        return text

    def symbols(self, normalized: str) -> list[str]:
        """The initial symbols: one a character, a user-defined symbol whole (the longest that starts here)."""
        out: list[str] = []
        at, n = 0, len(normalized)
        while at < n:
            found = ""
            if self.longest_user:
                for size in range(min(self.longest_user, n - at), 0, -1):
                    if normalized[at : at + size] in self.user_defined:
                        found = normalized[at : at + size]
                        break
            piece = found or normalized[at]
            out.append(piece)
            at += len(piece)
        return out

    def merge(self, symbols: list[str], log: RoundLog | None = None) -> list[int]:
        """The boundaries (in symbols) after SentencePiece's merges: each step the pair whose joined piece
        scores highest, leftmost on ties; a user-defined symbol never merges. Steps go to `log` if given."""
        n = len(symbols)
        starts = [0]
        for symbol in symbols:
            starts.append(starts[-1] + len(symbol))
        piece = list(symbols)  # the part that starts at index i ("" once absorbed)
        frozen = [symbol in self.user_defined for symbol in symbols]
        nxt = list(range(1, n + 1))
        prv = list(range(-1, n - 1))
        mergeable, scores = self.mergeable, self.scores

        def candidate(left: int, right: int) -> tuple[float, int, int, int] | None:
            if left < 0 or right >= n or frozen[left] or frozen[right]:
                return None
            joined = piece[left] + piece[right]
            ident = mergeable.get(joined)
            return None if ident is None else (-scores[ident], left, right, len(joined))

        # (-score, left, right, size): the highest score first, then the leftmost
        heap = [c for c in (candidate(i, i + 1) for i in range(n - 1)) if c is not None]
        heapify(heap)
        while heap:
            _, left, right, size = heappop(heap)
            if not piece[left] or not piece[right] or len(piece[left]) + len(piece[right]) != size:
                continue  # stale: one side has merged since
            if log is not None:
                log.add(starts[left], starts[right], starts[right] + len(piece[right]), mergeable[piece[left] + piece[right]])
            piece[left] += piece[right]
            piece[right] = ""
            nxt[left] = nxt[right]
            if nxt[right] < n:
                prv[nxt[right]] = left
            for pair in ((prv[left], left), (left, nxt[left])):
                found = candidate(*pair)
                if found is not None:
                    heappush(heap, found)
        bounds = [0]
        i = 0
        while i < n:
            i = nxt[i]
            bounds.append(i)
        return bounds

    def pieces(self, text: str) -> list[str]:
        """The final pieces of `text` before byte fallback."""
        symbols = self.symbols(self.normalize(text))
        return ["".join(symbols[i:j]) for i, j in pairwise(self.merge(symbols))]

    def piece_ids(self, piece: str) -> list[int]:
        """`piece`'s id, or (not a piece, byte fallback on) the ids of its UTF-8 bytes' pieces, else the unknown id."""
        ident = self.ids.get(piece)
        if ident is not None and self.model.pieces[ident].kind != UNKNOWN:
            return [ident]
        if self.model.byte_fallback:
            return [self.byte_ids[b] for b in piece.encode("utf-8")]
        return [self.unknown]

    def encode(self, text: str) -> list[int]:
        """The ids of `text`, as `SentencePieceProcessor.encode(text)` gives them (no BOS or EOS)."""
        return [ident for piece in self.pieces(text) for ident in self.piece_ids(piece)]
