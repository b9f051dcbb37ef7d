"""From a format's layout to parts: special tokens by name, runs of text each encoded by one call, each id credited.

A layout is a sequence of segments: a `Special` (one control token, by its name in the table's special tokens)
or a `Run` (texts, each template or content of one message, encoded together as one text, as the reference
encodes them). A run with `matched` is first cut at the table's special-token strings, as Hugging Face's
tokenizers cut a text at its added tokens: each match becomes a special part (of the message whose text held
it), and what lies between is encoded piece by piece.

A run of one text is encoded as it is. A run of several is encoded whole, and each id is credited to the text it
falls in, in the normalised text the table encodes (SentencePiece's '▁' for a space, Qwen's NFC): where the texts'
boundaries fall there is measured by normalising each prefix. An id covering bytes of two texts goes to the
template text among them, so such an id counts as template.

On the teaching table 'x: aaab' is 'x', ':', 'Ġ' and 'aaab' (id 262), which straddles the two texts:

>>> from ..tables import teaching
>>> parts = assemble([Run((Text("template", 0, "x: a"), Text("content", 0, "aab")))], teaching())
>>> [(p.kind, p.text, p.ids) for p in parts]
[('template', 'x: a', (87, 25, 220, 262)), ('content', 'aab', ())]
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal
from weakref import WeakKeyDictionary

from ..bpe import ChunkTrace, chunk_ids, encode, run
from ..pretokenize import chunker
from ..tables import Table
from .parts import ChatError, Part


@dataclass(frozen=True)
class Special:
    """One special token the format inserts, by its name in the table (`<s>`, `[INST]`, `<|start|>`)."""

    name: str
    message: int | None = None


@dataclass(frozen=True)
class Text:
    """Text the format writes: its own ('template') or a message's ('content')."""

    kind: Literal["template", "content"]
    message: int | None
    text: str


@dataclass(frozen=True)
class Run:
    """Texts encoded together by one call of the table's encoder; `matched`: cut first at the table's special tokens."""

    texts: tuple[Text, ...]
    matched: bool = False


Segment = Special | Run


def assemble(segments: Sequence[Segment], table: Table) -> tuple[Part, ...]:
    """The parts of a layout on `table`, in order."""
    parts: list[Part] = []
    for segment in segments:
        if isinstance(segment, Special):
            parts.append(Part("special", segment.message, segment.name, (special_id(table, segment.name),)))
        elif segment.matched:
            for piece in cut_at_specials(segment.texts, table):
                if isinstance(piece, Special):
                    parts.append(Part("special", piece.message, piece.name, (special_id(table, piece.name),)))
                else:
                    parts += encode_texts(piece, table)
        else:
            parts += encode_texts(segment.texts, table)
    return tuple(parts)


def special_id(table: Table, name: str) -> int:
    """The id of the special token `name` in `table`."""
    ident = (table.specials or {}).get(name)
    if ident is None:
        ident = table.encoder.get(name)
    if ident is None:
        raise ChatError(f"the table {table.name} has no special token {name}.")
    return ident


_PATTERNS: WeakKeyDictionary[Table, re.Pattern[str] | None] = WeakKeyDictionary()


def specials_pattern(table: Table) -> re.Pattern[str] | None:
    """A regex matching any of the table's special-token strings, the longest first where several start at one place."""
    if table not in _PATTERNS:
        names = sorted((name for name in (table.specials or {}) if name), key=lambda name: (-len(name), name))
        _PATTERNS[table] = re.compile("|".join(map(re.escape, names))) if names else None
    return _PATTERNS[table]


def cut_at_specials(texts: Sequence[Text], table: Table) -> Iterator[Special | tuple[Text, ...]]:
    """The texts cut at every special-token string the table has (across the texts' edges too: a string split
    between two texts is still one token): the specials, and between them the runs of text pieces."""
    pattern = specials_pattern(table)
    if pattern is None:
        yield tuple(texts)
        return
    whole = "".join(t.text for t in texts)
    starts = [0]
    for t in texts:
        starts.append(starts[-1] + len(t.text))
    at = 0
    for match in pattern.finditer(whole):
        yield from _pieces(texts, starts, at, match.start())
        owner = texts[bisect_right(starts, match.start()) - 1]
        yield Special(match.group(), owner.message)
        at = match.end()
    yield from _pieces(texts, starts, at, len(whole))


def _pieces(texts: Sequence[Text], starts: list[int], begin: int, end: int) -> Iterator[tuple[Text, ...]]:
    """The texts' pieces between the characters `begin` and `end` of their join, as one run (none when empty)."""
    if begin >= end:
        return
    out = []
    for k in range(bisect_right(starts, begin) - 1, len(texts)):
        start = starts[k]
        if start >= end:
            break
        t = texts[k]
        lo, hi = max(begin, start), min(end, start + len(t.text))
        if lo < hi:
            out.append(Text(t.kind, t.message, t.text[lo - start : hi - start]))
    yield tuple(out)


def encode_texts(texts: Sequence[Text], table: Table) -> list[Part]:
    """The parts of texts encoded as one text: each id credited to the text it lies in (see the module docstring).

    The text is encoded chunk by chunk, each chunk's span found by the table's own chunker on the normalised text;
    a chunk inside one text gives it all its ids, and only a chunk across a boundary is traced (`bpe.run`, up to that
    chunk) to credit each of its ids by the bytes it covers."""
    texts = [t for t in texts if t.text]
    if len(texts) <= 1:
        return [Part(t.kind, t.message, t.text, tuple(encode(t.text, table))) for t in texts]
    whole = "".join(t.text for t in texts)
    normalized = table.normalize(whole)
    bounds = char_bounds(texts, table, normalized)
    owned: list[list[int]] = [[] for _ in texts]
    traced: Iterator[tuple[int, ChunkTrace]] | None = None
    matches = chunker(table.pattern, normalized).finditer(normalized)
    for index, (match, ids) in enumerate(zip(matches, chunk_ids(whole, table), strict=True)):
        start = match.start()
        end = start + len(match.group())
        first, last = bisect_right(bounds, start) - 1, bisect_right(bounds, end - 1) - 1
        if first == last:
            owned[first] += ids
            continue
        traced = traced or enumerate(run(whole, table, record=False))
        chunk = next(c for k, c in traced if k == index)
        edges = [len(chunk.text[: max(bounds[k] - start, 0)].encode("utf-8")) for k in range(first, last + 1)]
        for ident, lo, hi in id_spans(chunk, table):
            a = first + bisect_right(edges, lo) - 1
            b = first + bisect_right(edges, max(hi - 1, lo)) - 1
            owner = next((k for k in range(a, b + 1) if texts[k].kind == "template"), a)
            owned[owner].append(ident)
    return [Part(t.kind, t.message, t.text, tuple(ids)) for t, ids in zip(texts, owned, strict=True)]


def char_bounds(texts: Sequence[Text], table: Table, normalized: str) -> list[int]:
    """Where each text starts in the normalised join (never decreasing, none past its end): each prefix normalised."""
    out, at = [0], 0
    whole = "".join(t.text for t in texts)
    for t in texts[:-1]:
        at += len(t.text)
        mapped = at if table.normalizer is None else len(table.normalize(whole[:at]))
        out.append(min(max(mapped, out[-1]), len(normalized)))
    return out


def id_spans(chunk: ChunkTrace, table: Table) -> Iterator[tuple[int, int, int]]:
    """(id, first byte, end byte) of each id of a traced chunk, in bytes of the chunk's text."""
    model = table.pieces
    ids = iter(chunk.ids)
    at = 0
    for symbol in chunk.symbols:
        if model is None:  # one alias a byte, one id a symbol
            yield next(ids), at, at + len(symbol)
            at += len(symbol)
            continue
        size = len(symbol.encode("utf-8"))
        ident = model.ids.get(symbol)
        if ident is not None and ident not in model.fallback_ids:
            yield next(ids), at, at + size
        else:
            fallen = model.piece_ids(symbol)
            if len(fallen) == size:  # byte fallback: one id a byte
                for k in range(size):
                    yield next(ids), at + k, at + k + 1
            else:  # the unknown piece for the whole symbol
                for _ in fallen:
                    yield next(ids), at, at + size
        at += size
