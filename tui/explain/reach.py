"""Which tokens can come out: every ordinary token of a table in one of four classes.

- `reachable`: its own text encodes to exactly its id;
- `fragment`: its bytes are not valid UTF-8 alone (a piece of a character: it only appears inside longer text);
- `split_by_regex`: the pre-tokenizer never lets its text be one chunk (cutting it gives more than one);
- `taken_apart`: one chunk, but the merges reach other tokens first.

The classes are checked in that order (a fragment is never cut). Under tiktoken's rule a chunk whose
bytes are a token is emitted whole (`bpe._loop_ranked`), so a one-chunk token of a rank file is
reachable without merging; under GPT-2's rule, or when the table normalises its text first, the
chunk is encoded by the engine itself (`chunk_ids`) and its ids compared.

>>> from ..engine.tables import teaching
>>> found = classify(teaching())
>>> [found.count(c) for c in CLASSES]
[137, 128, 0, 0]
>>> found.examples["reachable"][:2], reach_of(teaching(), 128), found.of(128), found.of(264), found.of(265)
([(256, 'aa'), (257, 'ab')], 'fragment', 'fragment', 'reachable', None)
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from itertools import compress, islice
from operator import itemgetter
from typing import Literal

from ..engine.aliases import to_aliases
from ..engine.bpe import chunk_ids
from ..engine.pretokenize import chunker
from ..engine.tables import Table

Class = Literal["reachable", "fragment", "split_by_regex", "taken_apart"]
CLASSES: tuple[Class, ...] = ("reachable", "fragment", "split_by_regex", "taken_apart")

#: What each class means, in a few words (the CLI's table, the views' filters).
MEANINGS: dict[Class, str] = {
    "reachable": "its own text encodes to exactly it",
    "fragment": "not valid UTF-8 alone: only inside longer text",
    "split_by_regex": "the regex never lets its text be one chunk",
    "taken_apart": "one chunk, but the merges reach other tokens first",
}

#: How many tokens are classified between two calls of `progress`.
STRIDE = 4096

Progress = Callable[[int, int], None]


def chunks_of(table: Table, text: str) -> list[str]:
    """The chunks the table's pre-tokenizer cuts `text` into: the one call to the chunker here (the other
    path cuts inside the engine's own loop, `chunk_ids`). A table's pattern has no capturing group, so
    `findall` gives the chunks themselves, as `pretokenize.split` relies on."""
    return chunker(table.pattern, text).findall(text)


def ordinary(table: Table) -> list[tuple[bytes, int]]:
    """(bytes, id) of every ordinary token (special tokens left out), in id order."""
    if table.byte_ranks is not None:
        tokens: Iterable[tuple[bytes, int]] = table.byte_ranks.items()
    else:
        special = table.special
        tokens = ((table.symbol_bytes(s), i) for s, i in table.encoder.items() if s not in special)
    return sorted(tokens, key=itemgetter(1))


def _classifier(table: Table) -> Callable[[bytes, int], Class]:
    """The class of one token (its bytes and id) in `table`."""
    whole = table.rule.by_bytes and table.normalizer is None
    if table.pieces is not None:
        return _piece_classifier(table)

    def classify_one(data: bytes, ident: int) -> Class:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return "fragment"
        if whole:  # one chunk whose bytes are a token: emitted as it is
            return "reachable" if chunks_of(table, text) == [text] else "split_by_regex"
        pieces = list(chunk_ids(text, table))
        if len(pieces) != 1:
            return "split_by_regex"
        return "reachable" if pieces[0] == (ident,) else "taken_apart"

    return classify_one


def _piece_classifier(table: Table) -> Callable[[bytes, int], Class]:
    """On a SentencePiece table the classes are the piece's own: a byte piece is a `fragment`; a piece the word
    pattern cuts is `split_by_regex`; one whose characters, merged as a word alone, end as it is `reachable`,
    else `taken_apart`. (Its text is not encoded again: the normaliser would put a '▁' before it.)"""
    pieces = table.pieces
    assert pieces is not None
    decoder, byte_pieces = table.decoder, frozenset(pieces.byte_ids)

    def classify_one(data: bytes, ident: int) -> Class:
        piece = decoder[ident]
        if ident in byte_pieces:
            return "fragment"  # a byte piece, <0xF0>: a byte alone, never a character
        if chunks_of(table, piece) != [piece]:
            return "split_by_regex"
        return "reachable" if pieces.piece_bounds(piece) == [0, len(piece)] else "taken_apart"

    return classify_one


def reach_of(table: Table, ident: int) -> Class | None:
    """The class of the token of id `ident`, None for a special token or an id the table lacks."""
    text = table.decoder.get(ident)
    if text is None or ident in table.special.values():
        return None
    return _classifier(table)(table.symbol_bytes(text), ident)


@dataclass(frozen=True)
class Reach:
    """The classes of a table's ordinary tokens: each class's ids (ascending) and its first examples."""

    table: str
    ids: Mapping[Class, array]
    examples: Mapping[Class, list[tuple[int, str]]]  # (id, alias text): merged tokens first, then bytes
    complete: bool = True  # False when cancelled: the counts cover the tokens classified so far

    def count(self, kind: Class) -> int:
        return len(self.ids[kind])

    def of(self, ident: int) -> Class | None:
        """The class of id `ident` (a view's row), None for an id not classified (special, unknown, or cancelled before it)."""
        for kind in CLASSES:
            ids = self.ids[kind]
            at = bisect_left(ids, ident)
            if at < len(ids) and ids[at] == ident:
                return kind
        return None

    @property
    def total(self) -> int:
        return sum(len(ids) for ids in self.ids.values())

    def as_json(self) -> dict[str, dict[str, object]]:
        """`{"reachable": {"count": n, "examples": [{"id": i, "text": aliases}, ...]}, "fragment": {...}, ...}`."""
        return {
            kind: {"count": self.count(kind), "examples": [{"id": i, "text": text} for i, text in self.examples[kind]]} for kind in CLASSES
        }


def classify(table: Table, examples: int = 10, progress: Progress | None = None, cancelled: Callable[[], bool] | None = None) -> Reach:
    """Classify every ordinary token of `table` (from a worker: `progress(done, total)` every STRIDE tokens
    and at the end, `cancelled()` returning True stops early). Keeps up to `examples` of each class:
    the first merged tokens by id (at least two bytes), then the first bytes."""
    tokens = ordinary(table)
    total = len(tokens)
    one = _classifier(table)
    kinds: list[Class] = []  # the class of tokens[i]; sorted into ids after the loop, in C
    add = kinds.append
    for start in range(0, total, STRIDE):
        for data, ident in tokens[start : start + STRIDE]:
            add(one(data, ident))
        if progress is not None:
            progress(len(kinds), total)
        if cancelled is not None and cancelled():
            break
    ids: dict[Class, array] = {}
    chosen: dict[Class, list[tuple[int, str]]] = {}
    decoder = table.decoder

    def spelled(data: bytes, ident: int) -> str:  # as the table writes the token: aliases, or the piece itself
        return decoder[ident] if table.pieces is not None else to_aliases(data)

    for kind in CLASSES:
        members = list(compress(tokens, map(kind.__eq__, kinds)))
        ids[kind] = array("i", map(itemgetter(1), members))
        merged = islice(((i, spelled(data, i)) for data, i in members if len(data) > 1), examples)
        single = islice(((i, spelled(data, i)) for data, i in members if len(data) == 1), examples)
        chosen[kind] = [*merged, *single][:examples]
    return Reach(table.name, ids, chosen, len(kinds) == total)
