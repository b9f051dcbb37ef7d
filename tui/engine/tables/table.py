"""The Table type: what the one merge loop asks a rule table (ranks, ids), and the error a loader raises.

A table merges by its rule (`Table.rule`, a MergeRule from merge_rules.RULES); the first two:

- GPT2: GPT-2's encoder.py: each round takes the lowest-ranked *pair type* in `ranks` and merges
  every non-overlapping occurrence of it, left to right;
- TIKTOKEN: tiktoken's encoder: a piece whose bytes are a token is emitted at once; otherwise each
  step merges the ONE adjacent position whose joined bytes have the lowest rank in `byte_ranks`
  (leftmost on ties). A rank file lists tokens, not merges; `merges` recovers them lazily.

>>> t = Table(name="tiny", merges=(("a", "b"),), encoder={"a": 0, "b": 1, "ab": 2}, sha256="0" * 64)
>>> t.ranks[("a", "b")], t.decoder[2], t.rule
(0, 'ab', MergeRule('gpt2'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from ..aliases import KEPT, REMAPPED, bytes_to_unicode, from_aliases
from ..normalize import Normalizer
from ..pretokenize import GPT2_PATTERN
from .merge_rules import GPT2, MergeRule
from .ranks import OFFSET, Pair
from .tiktoken_parts import LazyMerges, PairRanks

if TYPE_CHECKING:
    from .piece_model import PieceModel


class TableError(Exception):
    """A rule table could not be loaded; the message is one sentence for the user."""


class LazyMap(Mapping[str, int]):
    """A mapping built by `build` on first use (a 200,000-entry map the start-up never pays for)."""

    def __init__(self, build: Callable[[], Mapping]) -> None:
        self._build: Callable[[], Mapping] | None = build
        self._map: Mapping = {}

    @property
    def built(self) -> bool:
        return self._build is None

    def _get(self) -> Mapping:
        if self._build is not None:
            self._map, self._build = self._build(), None
        return self._map

    def __getitem__(self, key):
        return self._get()[key]

    def get(self, key, default=None):
        return self._get().get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._get()

    def __iter__(self) -> Iterator:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


@dataclass(frozen=True, eq=False, kw_only=True)
class Table:
    """An immutable rule table: merges in rank order, their ranks, the symbol <-> id maps, its rule and regex.

    For a rule `by_bytes` (tiktoken's) `byte_ranks` maps each ordinary token's bytes to its id (its rank plus
    `first_id`: 0 but for Tekken, so the order of ranks is kept) and `specials` lists the special
    tokens; `merges` is then a lazy sequence (rule r's parts are the token of id first_id + OFFSET + r
    split as tiktoken's own merging would build it), recovered on demand.
    """

    name: str
    merges: Sequence[Pair]
    encoder: Mapping[str, int]
    sha256: str
    source: str = ""
    rule: MergeRule = GPT2
    pattern: str = GPT2_PATTERN
    byte_ranks: Mapping[bytes, int] | None = None
    specials: Mapping[str, int] | None = None
    vocab: bytes | None = field(default=None, repr=False)  # the vocab.bpe it was read from (for the loader comparison)
    normalizer: Normalizer | None = None  # applied to the whole text before chunking (Qwen's NFC); None: the text as it is
    ignore_merges: bool = False  # a chunk whose aliases are an entry is that entry, unmerged (a tokenizer.json's ignore_merges)
    first_id: int = 0  # a rule by bytes: the id of rank 0 (Tekken's 1,000, after its special ids); `byte_ranks` holds ids
    pieces: PieceModel | None = field(
        default=None, repr=False
    )  # a model on characters (SentencePiece's, a tokenizer.json's with byte fallback)
    ranks: Mapping[Pair, int] = field(init=False, repr=False)
    decoder: Mapping[int, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.pieces is not None:  # the model's ranks; a SentencePiece model's merges recovered on demand, a merge list kept
            from .piece_parts import PieceMerges

            if not self.merges:
                object.__setattr__(self, "merges", PieceMerges(self.pieces))
            object.__setattr__(self, "ranks", self.pieces.ranks)
            object.__setattr__(self, "decoder", {i: s for s, i in self.encoder.items()})
            return
        if self.rule.by_bytes:
            if not self.merges and self.byte_ranks:
                object.__setattr__(self, "merges", LazyMerges(self, max(self.byte_ranks.values()) + 1 - self.first_id - OFFSET))
            object.__setattr__(self, "ranks", PairRanks(self))
            object.__setattr__(self, "decoder", LazyMap(lambda: {i: s for s, i in self.encoder.items()}))
            return
        object.__setattr__(self, "ranks", {pair: rank for rank, pair in enumerate(self.merges)})
        object.__setattr__(self, "decoder", {i: s for s, i in self.encoder.items()})

    def normalize(self, text: str) -> str:
        """`text` as the table's chunks cut it: after its normaliser (`text` itself when it has none)."""
        return text if self.normalizer is None else self.normalizer.apply(text)

    def symbol_bytes(self, symbol: str) -> bytes:
        """The bytes a symbol of this table stands for: its aliases read back, or on a rule on characters its
        text ('▁' a space) or, for a byte piece '<0xF0>', that byte."""
        if self.pieces is not None:
            return self.pieces.symbol_bytes(symbol)
        return from_aliases(symbol)

    @property
    def lists_merges(self) -> bool:
        """Whether the merges were read from the file (a merge list), not recovered from its tokens or pieces."""
        return isinstance(self.merges, tuple | list)

    @property
    def rank_offset(self) -> int:
        """What a rule's merged id exceeds its rank by: 256 (the byte ids), 1,256 for Tekken (after its 1,000 special ids).
        A SentencePiece model's ids are not its ranks plus anything: ask `merged_id`."""
        return self.first_id + OFFSET

    def merged_id(self, rank: int, left: str, right: str) -> int | None:
        """The id of what the merge of rank `rank` of `left` and `right` makes (None: no entry)."""
        if self.pieces is not None:
            return self.encoder.get(left + right)
        return self.rank_offset + rank

    @cached_property
    def special(self) -> dict[str, int]:
        """Entries that are neither a byte alias nor a merge result, e.g. {'<|endoftext|>': 50256}."""
        if self.specials is not None:
            return dict(self.specials)
        made = {bytes_to_unicode()[b] for b in range(256)} | {a + b for a, b in self.merges}
        return {s: i for s, i in self.encoder.items() if s not in made}


def byte_symbol_order() -> list[str]:
    """The 256 byte aliases in GPT-2's id order: kept bytes by value first, then the 68 moved ones.

    This is the order of encoder.json's first 256 entries: '!' is id 0, 'Ġ' (space) is id 220.
    """
    alias = bytes_to_unicode()
    return [alias[b] for b in sorted(KEPT)] + [alias[b] for b in sorted(REMAPPED)]


def vocab_bpe_text(merges: Sequence[Pair]) -> str:
    """Serialise merges in GPT-2's vocab.bpe format (header, one 'left right' rule a line)."""
    return "#version: 0.2\n" + "".join(f"{a} {b}\n" for a, b in merges)
