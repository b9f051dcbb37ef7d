"""A table's rules: what initialisation builds, each rule, the id = 256 + rank check, rule search, and the
ranks a trace used.

>>> from ..engine.tables import teaching
>>> r = rule(teaching(), 8)
>>> r.left, r.right, r.merged, r.id, r.follows
('aaabab', 'c', 'aaababc', 264, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ..engine.aliases import bytes_to_unicode, unicode_to_bytes
from ..engine.bpe import Trace
from ..engine.tables import OFFSET, Table
from .aliasgrid import spell
from .words import plural


@dataclass(frozen=True, slots=True)
class Built:
    """One table initialisation builds (or one cache), its size and what it maps."""

    name: str
    size: int
    maps: str
    source: str


def init_summary(table: Table, trace: Trace | None = None) -> list[Built]:
    """What the table's reference implementation builds before it encodes, with the sizes: GPT-2's get_encoder()
    (alias maps, encoder, bpe_ranks, cache), tiktoken's CoreBPE (byte strings ranked, nothing else), tokenizers'
    BPE model (vocab, merges, cache; ByteLevel's alias map, or the byte tokens of its fallback) or SentencePiece's
    processor (pieces and scores, byte pieces).

    A per-chunk cache belongs to one encoder and fills as text is encoded (here: the distinct chunks of `trace`
    that ran the loop); GPT-2's alias function's lru_cache holds one mapping.
    """
    rule = table.rule
    specials = Built("special_tokens", len(table.special), "special → id", "the encoding's specials")
    if rule.by_bytes:  # tiktoken's CoreBPE: byte strings ranked, no alias maps, no merge list, no cache
        return [
            Built("encoder", len(table.encoder), "bytes → rank", "the rank file"),
            Built("decoder", len(table.decoder), "rank → bytes", "encoder inverted"),
            specials,
        ]
    cache = len({c.aliases for c in trace.chunks if c.cache == "miss"}) if trace is not None else 0
    if table.pieces is not None:
        pieces = table.pieces
        fallback = Built("byte pieces", sum(i >= 0 for i in pieces.byte_ids), "byte → <0xNN>", "for the fallback")
        if not table.lists_merges:  # SentencePiece's processor: pieces, scores, no merge list
            return [
                Built("pieces", len(table.encoder), "piece → id, score", "the .model file"),
                Built("ranks", len(pieces.rank_of), "piece → score rank", "its scores, sorted"),
                fallback,
                Built("control", len(table.special), "special → id", "never made from text"),
            ]
        return [*_tokenizers_model(table), fallback, Built("added_tokens", len(table.special), "token → id", "added_tokens")]
    if rule.one_at_a_time:  # tokenizers' BPE model under a ByteLevel pre-tokenizer
        return [
            Built("bytes_char", len(bytes_to_unicode()), "byte → alias", "the ByteLevel pre-tokenizer"),
            *_tokenizers_model(table),
            Built("cache", cache, "word → tokens", "per model, filled by encode()"),
            Built("added_tokens", len(table.special), "token → id", "added_tokens"),
        ]
    info = bytes_to_unicode.cache_info()
    byte_decoder = unicode_to_bytes()
    return [
        Built("byte_encoder", len(bytes_to_unicode()), "byte → alias", "bytes_to_unicode()"),
        Built("byte_decoder", len(byte_decoder), "alias → byte", "its inverse"),
        Built("encoder", len(table.encoder), "symbol → id", "encoder.json"),
        Built("decoder", len(table.decoder), "id → symbol", "encoder inverted"),
        Built("bpe_ranks", len(table.ranks), "pair → rank", "vocab.bpe, header skipped"),
        Built("cache", cache, "chunk → symbols", "per Encoder, filled by encode()"),
        Built("lru_cache", info.currsize, "() → byte_encoder", "on bytes_to_unicode, not per chunk"),
    ]


def _tokenizers_model(table: Table) -> list[Built]:
    """What tokenizers' BPE model reads from a tokenizer.json: its vocabulary both ways and its merges."""
    return [
        Built("vocab", len(table.encoder), "token → id", "model.vocab"),
        Built("vocab_r", len(table.decoder), "id → token", "vocab inverted"),
        Built("merges", len(table.ranks), "pair → rank, id", "model.merges"),
    ]


@dataclass(frozen=True, slots=True)
class MergeRule:
    """One merge rule: rank, left, right, merged symbol, its id, and whether id == offset + rank (256, Tekken's 1,256)."""

    rank: int
    left: str
    right: str
    merged: str
    id: int | None
    offset: int = OFFSET

    @property
    def follows(self) -> bool:
        return self.id == self.offset + self.rank


def rule(table: Table, rank: int) -> MergeRule:
    left, right = table.merges[rank]
    return MergeRule(rank, left, right, left + right, table.encoder.get(left + right), table.rank_offset)


@dataclass(frozen=True)
class RankCheck:
    """`encoder[left + right] == 256 + rank` checked over every rule of a table."""

    total: int
    passing: int
    first_failure: MergeRule | None
    base: int  # entries with no rank: the 256 byte symbols
    special: Mapping[str, int]  # entries that are neither byte nor merge: no rank, no formula
    first_id: int = 0  # the id of the first byte symbol (Tekken's 1,000, after its special ids)

    @property
    def offset(self) -> int:
        """What a rule's merged id exceeds its rank by: 256, or 1,256 for Tekken."""
        return self.first_id + OFFSET

    @property
    def holds(self) -> bool:
        return self.passing == self.total


def rank_id_check(table: Table) -> RankCheck:
    """Run the check over all rules (50,000 for GPT-2, all passing)."""
    encoder = table.encoder
    passing, offset = 0, table.rank_offset
    failure: MergeRule | None = None
    for rank, (left, right) in enumerate(table.merges):
        if encoder.get(left + right) == offset + rank:
            passing += 1
        elif failure is None:
            failure = rule(table, rank)
    base = sum(1 for a in bytes_to_unicode().values() if a in encoder)
    return RankCheck(len(table.merges), passing, failure, base, dict(table.special), table.first_id)


@lru_cache(maxsize=8)
def _made_by(table: Table) -> dict[str, int]:
    """merged symbol -> the rank of the rule that makes it (the first such rule)."""
    made: dict[str, int] = {}
    for rank, (a, b) in enumerate(table.merges):
        made.setdefault(a + b, rank)
    return made


def rank_of_id(table: Table, ident: int) -> int | None:
    """The rank of the rule that made id `ident`, if that id is a merge result (None for bytes and specials)."""
    symbol = table.decoder.get(ident)
    return None if symbol is None else _made_by(table).get(symbol)


Query = Literal["rank", "id", "rule", "symbol"]


@dataclass(frozen=True)
class Search:
    """The ranks a table search found, best first, and how the query was read."""

    query: str
    kind: Query
    ranks: tuple[int, ...]
    note: str


def search_rules(table: Table, query: str) -> Search:
    """Find rules: '123' jumps to rank 123, 'id 45609' to the rule that made that id, 'a b' to that rule,
    anything else to rules whose left, right or merged symbol is (or contains) the query.

    The query is tried as typed and as GPT-2 writes the text: ' the' and 'Ġthe' both find 'Ġthe'.
    """
    q = query.strip("\n")
    stripped = q.strip()
    merges = table.merges
    if stripped.isascii() and stripped.isdigit():
        rank = int(stripped)
        if rank >= len(merges):
            return Search(q, "rank", (), f"rank {rank} does not exist: ranks are 0 … {len(merges) - 1:,}")
        return Search(q, "rank", (rank,), f"rank {rank}")
    if stripped.lower().startswith("id ") and stripped[3:].strip().isdigit():
        ident = int(stripped[3:].strip())
        maker = rank_of_id(table, ident)
        if maker is None:
            what = "not in the vocabulary" if ident not in table.decoder else "a base byte or special entry: no rule made it"
            return Search(q, "id", (), f"id {ident} is {what}")
        return Search(q, "id", (maker,), f"id {ident} was made by rank {maker}")
    parts = q.split(" ")
    if len(parts) == 2 and parts[0] and parts[1] and tuple(parts) in table.ranks:
        rank = table.ranks[(parts[0], parts[1])]
        return Search(q, "rule", (rank,), f"the rule {parts[0]} {parts[1]} is rank {rank}")
    if not q:
        return Search(q, "symbol", (), "type a rank, 'id N', a rule 'left right', or a symbol")
    forms = list(dict.fromkeys([q, spell(q).aliases]))
    exact: list[int] = []
    sides: list[int] = []
    inside: list[int] = []
    for r, (a, b) in enumerate(merges):
        merged = a + b
        if merged in forms:
            exact.append(r)
        elif a in forms or b in forms:
            sides.append(r)
        elif any(f in merged for f in forms):
            inside.append(r)
    ranks = tuple(exact + sides + inside)
    shown = " or ".join(repr(f) for f in forms)
    if not ranks:
        return Search(q, "symbol", (), f"no rule mentions {shown}")
    return Search(
        q, "symbol", ranks,
        f"{shown}: made by {len(exact)} {plural(len(exact), 'rule')}, a side of {len(sides)}, inside {len(inside)} more",
    )  # fmt: skip


def used_ranks(trace: Trace) -> list[int]:
    """The distinct ranks the trace's rounds used, in ascending order (seed 000: 3, 5, 7 … 45353)."""
    return sorted({r.rank for chunk in trace.chunks for r in chunk.rounds})
