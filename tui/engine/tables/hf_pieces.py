"""A tokenizer.json's BPE with byte fallback (Llama 2's, Mistral's, Gemma's files) as Hugging Face `tokenizers`
runs it: the normalised text's characters are the first symbols, merged one occurrence a step by the merges list
(the exact pair (a, b); its rank is its place in the list: the lowest first, the leftmost on ties), and a final
symbol that is no entry of the model's vocabulary becomes the `<0xXX>` tokens of its UTF-8 bytes. The ids it
gives are decoded as the file's decoder does (`HfDecoder`).

tokenizers falls back before it merges, a character at a time (`BPE::merge_word`): a character the vocabulary
lacks is its byte tokens from the start. No merge can join those (the loader refuses a file whose merges name a
byte token), and no merge joins the character either (a merge's parts are entries), so falling back after the
merges, as the chunk loop on characters does (`pieces_loop.loop_pieces`), gives the same ids.

>>> pieces = HfPieces((("a", "b"),), {"a": 0, "b": 1, "ab": 2, **{byte_token(b): 3 + b for b in range(256)}}, {"ab"}, {}, frozenset(),
...                   "[\\\\s\\\\S]+", None, HfDecoder(byte_fallback=True))
>>> pieces.piece_ids("ab"), pieces.piece_ids("é")
([2], [198, 172])
>>> pieces.decoded([2, 198, 172], "replace"), pieces.decoded([2, 198, 172, 198], "replace")  # a run not UTF-8: one U+FFFD a byte
('abé', 'ab���')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from ..normalize import Normalizer
from .ranks import Pair

SPACE = "▁"  # U+2581: how a SentencePiece-style vocabulary writes a space
HEX = frozenset("0123456789abcdefABCDEF")


def byte_token(b: int) -> str:
    """The token byte `b` falls back to: '<0xE4>' (tokenizers looks up `format!("<{b:#04X}>")`)."""
    return f"<0x{b:02X}>"


def token_byte(token: str) -> int | None:
    """The byte tokenizers' ByteFallback decoder reads in a token: '<0xE4>' is 0xE4; None for any other token.
    Read as Rust's `u8::from_str_radix(&token[3..5], 16)` reads it: hex digits of either case, after an optional '+'.

    >>> token_byte("<0xE4>"), token_byte("<0xe4>"), token_byte("<0x+4>"), token_byte("<0x4>"), token_byte("▁a")
    (228, 228, 4, None, None)
    """
    if not (len(token.encode("utf-8")) == 6 and token.startswith("<0x") and token.endswith(">")):
        return None
    digits = token[3:5]
    digits = digits[1:] if digits.startswith("+") else digits
    return int(digits, 16) if digits and HEX.issuperset(digits) else None


@dataclass(frozen=True)
class HfDecoder:
    """A tokenizer.json's decoder, of the shapes bpe-tui models: `replaces` (string for string, on each token, in
    order), then ByteFallback (`byte_fallback`: each run of byte tokens read as UTF-8 alone, a run that is not
    UTF-8 one U+FFFD per byte, all of it), Fuse, and Strip of up to `strip` leading `strip_char`s of the fused text
    (Llama 2's: one space); or the Metaspace decoder alone (`metaspace`: '▁' is a space, but every '▁' of the
    first token is dropped when `drops_first`, the pre-tokenizer having put one before the text)."""

    replaces: tuple[tuple[str, str], ...] = ()
    byte_fallback: bool = False
    strip: int = 0
    strip_char: str = " "
    metaspace: bool = False
    drops_first: bool = False

    def token_text(self, token: str, first: bool) -> str:
        """One token's text after the steps that act on each token alone (`first`: it is the first token)."""
        if self.metaspace:
            return token.replace(SPACE, "") if first and self.drops_first else token.replace(SPACE, " ")
        for old, new in self.replaces:
            token = token.replace(old, new)
        return token

    def stripped(self, text: str) -> str:
        """The fused text less its first `strip` `strip_char`s (those it starts with)."""
        cut = 0
        while cut < min(self.strip, len(text)) and text[cut] == self.strip_char:
            cut += 1
        return text[cut:]


class HfPieces:
    """A tokenizer.json BPE model with byte fallback ready for the chunk loop on characters (a `PieceModel`):
    ranks by the exact pair, every entry's id (added tokens too), the byte tokens, the pattern cutting the
    normalised text into words no merge crosses, and the decoder.

    `vocab` is the model's own vocabulary (a character only an added token has falls back: tokenizers' model never
    sees added tokens); `skipped` are the special added tokens' ids, which a decode leaves out (tokenizers'
    `decode(ids)`, skip_special_tokens true)."""

    def __init__(
        self,
        merges: Sequence[Pair],
        ids: Mapping[str, int],
        vocab: Collection[str],
        specials: Mapping[str, int],
        skipped: frozenset[int],
        pattern: str,
        normalizer: Normalizer | None,
        decoder: HfDecoder,
        ignore_merges: bool = False,
    ) -> None:
        self.merges = merges
        self.ranks: dict[Pair, int] = {pair: rank for rank, pair in enumerate(merges)}
        self.ids = ids
        self.user_defined: frozenset[str] = frozenset()  # added tokens are encoded as ordinary text, as on byte-level files
        self.fallback_ids = frozenset(ident for symbol, ident in ids.items() if symbol not in vocab)
        self.byte_ids = [ids.get(byte_token(b), -1) for b in range(256)]  # -1: an ASCII character the vocabulary holds
        self.specials = specials
        self.skipped = skipped
        self.pattern = pattern
        self.normalizer = normalizer
        self.decoder = decoder
        self.ignore_merges = ignore_merges
        self.tokens = {ident: symbol for symbol, ident in ids.items()}

    @cached_property
    def by_rank(self) -> list[str]:
        """What the merge of each rank makes."""
        return [left + right for left, right in self.merges]

    @cached_property
    def rank_of(self) -> dict[str, int]:
        """The rank of each entry a merge makes (the lowest, if several make it)."""
        out: dict[str, int] = {}
        for rank, made in enumerate(self.by_rank):
            out.setdefault(made, rank)
        return out

    def piece_bounds(self, word: str) -> list[int]:
        """The boundaries of one word (a chunk of `pattern`) after the merges; under ignore_merges an entry stays whole."""
        ident = self.ids.get(word) if self.ignore_merges and len(word) > 1 else None
        if ident is not None and ident not in self.fallback_ids:
            return [0, len(word)]
        from ..heap import merge_leftmost  # not at import: the merge kernel needs this package

        return merge_leftmost(word, self.ranks)

    def piece_ids(self, piece: str) -> list[int]:
        """`piece`'s id, or (no entry of the model's vocabulary) the ids of its UTF-8 bytes' tokens."""
        ident = self.ids.get(piece)
        if ident is not None and ident not in self.fallback_ids:
            return [ident]
        return [self.byte_ids[b] for b in piece.encode("utf-8")]

    def _byte(self, text: str) -> int | None:
        return token_byte(text) if self.decoder.byte_fallback else None

    def piece_bytes(self, ident: int, first: bool) -> bytes:
        """What id `ident` adds to a decode: nothing for a special added token, a byte token's byte, else its text
        after the decoder's steps on each token (the first token less what Strip takes from the fused text's start)."""
        if ident in self.skipped:
            return b""
        text = self.decoder.token_text(self.tokens[ident], first)
        byte = self._byte(text)
        if byte is not None:
            return bytes([byte])
        return (self.decoder.stripped(text) if first else text).encode("utf-8")

    def decodes_first(self, ident: int) -> bool:
        """Whether id `ident` is a decode's first token: a special added token is left out, so it is not."""
        return ident not in self.skipped

    def decoded(self, ids: Sequence[int], errors: str) -> str:
        """The text tokenizers' `decode(ids)` gives: special added tokens left out, each token's steps, each run of
        byte tokens read alone (under errors='strict' one that is not UTF-8 raises), the whole stripped."""
        out: list[str] = []
        buffer, run = bytearray(), bytearray()  # buffer: every id's piece_bytes, where a failure is said
        run_at, first = 0, True

        def flush() -> None:
            if not run:
                return
            try:
                out.append(run.decode("utf-8"))
            except UnicodeDecodeError as exc:
                if errors == "strict":
                    raise UnicodeDecodeError("utf-8", bytes(buffer), run_at + exc.start, run_at + exc.end, exc.reason) from None
                out.append("\ufffd" * len(run))
            run.clear()

        for ident in ids:
            if ident in self.skipped:
                continue
            text = self.decoder.token_text(self.tokens[ident], first)
            byte = self._byte(text)
            if byte is None:
                flush()
                out.append(text)
                buffer += self.piece_bytes(ident, first)
            else:
                run_at = run_at if run else len(buffer)
                run.append(byte)
                buffer.append(byte)
            first = False
        flush()
        return self.decoder.stripped("".join(out))

    def symbol_bytes(self, symbol: str) -> bytes:
        """What a symbol stands for: a byte token its byte (when the decoder reads bytes), any other its text with '▁' read as a space."""
        byte = self._byte(symbol) if symbol in self.ids else None
        return bytes([byte]) if byte is not None else symbol.replace(SPACE, " ").encode("utf-8")
