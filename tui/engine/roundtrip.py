"""The round trip: decode frame by frame, the 256 aliases, what initialisation builds, special tokens.

Plain Python (no Textual, no Rich): every view of issue 4 draws data computed here, and the
headless `bpe-tui decode --explain` prints the same frames as text.

>>> from .tables import gpt2
>>> run = decode_frames([19526, 254], gpt2())
>>> [(f.id, f.alias, list(f.data), f.complete) for f in run.frames]
[(19526, 'ä½', [228, 189], False), (254, 'ł', [160], False)]
>>> run.wrong, run.text
('��', '你')
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from .aliases import KEPT, REMAPPED, bytes_to_unicode, unicode_to_bytes
from .bpe import Trace, encode
from .decode import Errors, decode
from .tables import Table

#: A merged symbol's id is OFFSET + its rank in the official table (ids 0..255 are the byte symbols).
OFFSET = 256
ENDOFTEXT = "<|endoftext|>"

# -- decode, frame by frame --------------------------------------------------------------------


def utf8_length(lead: int) -> int | None:
    """How many bytes a UTF-8 sequence starting with `lead` has, or None if it cannot start one."""
    if lead < 0x80:
        return 1
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return None


def utf8_note(data: bytes) -> str:
    """Why `data` is, or is not, complete UTF-8 on its own, in a few words.

    >>> utf8_note(bytes([228, 189])), utf8_note(bytes([160]))
    ('incomplete: 2 of its 3 bytes', 'starts with continuation byte 0xa0')
    """
    if not data:
        return "no bytes"
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = data[exc.start]
        if exc.reason == "unexpected end of data":
            need = utf8_length(byte) or 0
            have = len(data) - exc.start
            return f"incomplete: {have} of its {need} bytes"
        if 0x80 <= byte <= 0xBF and exc.start == 0:
            return f"starts with continuation byte 0x{byte:02x}"
        return f"byte 0x{byte:02x} at {exc.start}: {exc.reason}"
    return "complete"


def utf8_short(data: bytes) -> str:
    """utf8_note in two or three words, for narrow columns: 'complete', '2 of 3 bytes', 'continuation'."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = data[exc.start]
        if exc.reason == "unexpected end of data":
            return f"{len(data) - exc.start} of {utf8_length(byte) or 0} bytes"
        if 0x80 <= byte <= 0xBF and exc.start == 0:
            return "continuation"
        return f"invalid 0x{byte:02x}"
    return "complete" if data else "no bytes"


def char_spans(data: bytes) -> list[tuple[int, int, str]]:
    """Where each character of `data` lies: (start, end, character), '�' for bytes that are not one.

    Invalid or cut-off sequences become one '�' per maximal valid prefix, as errors='replace' does.
    >>> char_spans(bytes([99, 228, 189, 160, 228]))
    [(0, 1, 'c'), (1, 4, '你'), (4, 5, '�')]
    """
    spans = []
    p, n = 0, len(data)
    while p < n:
        need = utf8_length(data[p])
        if need is not None and p + need <= n:
            try:
                spans.append((p, p + need, data[p : p + need].decode("utf-8")))
                p += need
                continue
            except UnicodeDecodeError:
                pass
        k = 1
        if need is not None and need > 1:
            while k < need and p + k < n and 0x80 <= data[p + k] <= 0xBF:
                try:
                    (data[p : p + k + 1] + b"\x80" * (need - k - 1)).decode("utf-8")
                except UnicodeDecodeError:
                    break
                k += 1
        spans.append((p, p + k, "\ufffd"))
        p += k
    return spans


@dataclass(frozen=True, slots=True)
class TokenFrame:
    """One id of a decode: looked up to its alias string, restored to bytes, appended to the buffer.

    `alone` is the token decoded by itself (the wrong way, always 'replace'); `released` is what a
    streaming decoder lets out after this token, `held` the bytes it keeps waiting for the rest
    of a character.
    """

    position: int
    id: int
    alias: str
    data: bytes
    start: int
    complete: bool
    note: str
    alone: str
    released: str
    held: bytes

    @property
    def end(self) -> int:
        return self.start + len(self.data)

    @property
    def short(self) -> str:
        return utf8_short(self.data)


@dataclass(frozen=True, slots=True)
class Utf8Failure:
    """The single decode failed under 'strict': the exact UnicodeDecodeError and the token holding the byte."""

    start: int
    end: int
    reason: str
    byte: int
    token: int  # position (0-based) of the token whose bytes contain `start`
    message: str  # str(UnicodeDecodeError), word for word


@dataclass(frozen=True, slots=True)
class LookupFailure:
    """An id the table cannot decode: unknown (GPT-2's decoder[id] raises KeyError) or not made of aliases."""

    position: int
    id: int
    message: str


@dataclass(frozen=True)
class DecodeRun:
    """All frames of one decode, the joined buffer, and the single UTF-8 decode at the end."""

    table: str
    ids: tuple[int, ...]
    errors: Errors
    frames: tuple[TokenFrame, ...]
    buffer: bytes
    text: str | None  # the right way's result; None when lookup or strict decoding failed
    lookup: LookupFailure | None
    failure: Utf8Failure | None
    flushed: str  # what the streaming decoder releases at the very end (held bytes under 'replace')
    stream_stop: int | None  # under 'strict', the token at which the streaming decoder raised (len(frames): at the end)

    @property
    def wrong(self) -> str:
        """Each token decoded alone, then joined: '�' + '�' = '��' for [19526, 254]."""
        return "".join(f.alone for f in self.frames)

    @property
    def streamed(self) -> str:
        """Everything the streaming decoder released, including the final flush."""
        return "".join(f.released for f in self.frames) + self.flushed

    @property
    def ok(self) -> bool:
        return self.text is not None

    @property
    def problem(self) -> str | None:
        """One sentence for what went wrong, or None."""
        if self.lookup is not None:
            return self.lookup.message
        if self.failure is not None:
            f = self.failure
            return (
                f"UnicodeDecodeError under errors='strict': {f.message} "
                f"(byte 0x{f.byte:02x} is in token {f.token + 1}, id {self.frames[f.token].id})."
            )
        return None


def decode_frames(ids: Iterable[int], table: Table, errors: Errors = "replace") -> DecodeRun:
    """GPT-2's decode() with every step kept: lookup, aliases → bytes, one buffer, one UTF-8 decode.

    Stops at the first id the table cannot decode, naming it (the original raises KeyError).
    """
    ids = tuple(ids)
    to_byte = unicode_to_bytes()
    stream = codecs.getincrementaldecoder("utf-8")(errors)
    frames: list[TokenFrame] = []
    buffer = bytearray()
    lookup: LookupFailure | None = None
    stop: int | None = None
    for position, i in enumerate(ids):
        alias = table.decoder.get(i)
        if alias is None:
            lookup = LookupFailure(
                position, i, f"id {i} (token {position + 1}) is not in the {table.name} vocabulary: decoder[{i}] raises KeyError."
            )
            break
        try:
            data = bytes([to_byte[c] for c in alias])
        except KeyError:
            lookup = LookupFailure(
                position, i, f"id {i} (token {position + 1}) stands for {alias[:40]!r}, which is not made of byte aliases."
            )
            break
        try:
            data.decode("utf-8")
            complete = True
        except UnicodeDecodeError:
            complete = False
        released, held = "", b""
        if stop is None:
            try:
                released = stream.decode(data)
                held = stream.getstate()[0]
            except UnicodeDecodeError:
                stop = position
        frames.append(
            TokenFrame(
                position, i, alias, data, len(buffer), complete,
                "complete" if complete else utf8_note(data),
                data.decode("utf-8", errors="replace"), released, held,
            )
        )  # fmt: skip
        buffer += data
    flushed = ""
    if lookup is None and stop is None:
        try:
            flushed = stream.decode(b"", final=True)
        except UnicodeDecodeError:
            stop = len(frames)  # the held bytes of an unfinished character fail at the end
    text: str | None = None
    failure: Utf8Failure | None = None
    if lookup is None:
        try:
            text = bytes(buffer).decode("utf-8", errors=errors)
        except UnicodeDecodeError as exc:
            token = next(f.position for f in frames if f.start <= exc.start < f.end)
            failure = Utf8Failure(exc.start, exc.end, exc.reason, buffer[exc.start], token, str(exc))
    return DecodeRun(table.name, ids, errors, tuple(frames), bytes(buffer), text, lookup, failure, flushed, stop)


def parse_ids(text: str) -> list[int]:
    """Ids typed by a user: integers separated by spaces or commas, brackets allowed ('[19526, 254]').

    >>> parse_ids("[19526, 254]"), parse_ids("50256")
    ([19526, 254], [50256])
    """
    ids = []
    for part in text.replace(",", " ").replace("[", " ").replace("]", " ").split():
        if not (part.isascii() and part.isdigit()):
            raise ValueError(f"{part[:20]!r} is not an id: ids are non-negative integers.")
        if len(part) > 12:
            raise ValueError(f"{part[:20]}… is too long to be an id.")
        ids.append(int(part))
    if not ids:
        raise ValueError("no ids given.")
    return ids


def hexbytes(data: bytes) -> str:
    """'e4 bd a0'."""
    return " ".join(f"{b:02x}" for b in data)


def explain(run: DecodeRun, show: Callable[[str], str] = lambda s: s) -> list[str]:
    """The frames of `run` as text, one line each, then the wrong way, the right way and the result.

    `show` makes untrusted strings safe to print (the CLI passes tui.safe.visible).
    """

    def q(s: str) -> str:
        return "'" + show(s) + "'"

    lines = [
        f"decode {len(run.ids)} id{'s' * (len(run.ids) != 1)} with the {run.table} table, errors={run.errors!r}:",
        "each id -> decoder[id] (alias string) -> byte_decoder per character -> bytes appended to one buffer",
        "",
        f"{'#':>4}  {'id':>6}  {'alias':<14} {'bytes (hex)':<16} {'decoded alone':<48}  stream: released / held",
    ]
    for f in run.frames:
        alone = f"✓ complete {q(f.alone)}" if f.complete else f"✗ {f.note} -> {q(f.alone)}"
        held = hexbytes(f.held) if f.held else "-"
        if run.stream_stop is not None and f.position >= run.stream_stop:
            stream = "raises UnicodeDecodeError" if f.position == run.stream_stop else "(stopped)"
        else:
            stream = f"{q(f.released)} / {held}"
        lines.append(f"{f.position + 1:>4}  {f.id:>6}  {q(f.alias):<14} {hexbytes(f.data):<16} {alone:<48}  {stream}")
    if run.lookup is not None:
        lines.append(f"{run.lookup.position + 1:>4}  {run.lookup.id:>6}  ✗ unknown id")
    lines.append("")
    if run.flushed:
        lines.append(f"end of stream: the held bytes are flushed as {q(run.flushed)}")
    elif run.stream_stop is not None and run.stream_stop == len(run.frames):
        lines.append(f"end of stream: the held bytes {hexbytes(run.frames[-1].held)} raise UnicodeDecodeError")
    if run.frames:
        lines.append("wrong way (decode each token alone, then join): " + " + ".join(q(f.alone) for f in run.frames) + f" = {q(run.wrong)}")
        lines.append(
            f"right way (join the bytes, decode once): {hexbytes(run.buffer)} -> " + (q(run.text) if run.text is not None else "fails")
        )
    if run.problem is not None:
        lines.append("error: " + show(run.problem))
    else:
        lines.append(f"decode({list(run.ids)}) = {q(run.text or '')}")
    return lines


# -- the alias grid ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AliasEntry:
    """One byte of the bijection: its alias, the alias's code point, and the alias symbol's id."""

    byte: int
    alias: str
    kept: bool  # the alias has the byte's own code point (188 bytes); else it moved to 256 + n
    id: int | None  # table.encoder[alias]: the id of the one-symbol token, not the byte value

    @property
    def code_point(self) -> int:
        return ord(self.alias)

    @property
    def moved(self) -> int | None:
        """n for an alias moved to 256 + n, else None."""
        return None if self.kept else self.code_point - 256


def alias_grid(table: Table) -> tuple[AliasEntry, ...]:
    """All 256 bytes in byte order (row = high nibble, column = low nibble in the view)."""
    alias = bytes_to_unicode()
    return tuple(AliasEntry(b, alias[b], b in KEPT, table.encoder.get(alias[b])) for b in range(256))


def alias_counts() -> tuple[int, int]:
    """(kept, moved): (188, 68)."""
    return len(KEPT), len(REMAPPED)


def byte_of_alias(char: str) -> int | None:
    """Reverse lookup: the byte an alias character stands for, or None if it is not an alias ('Ġ' -> 32)."""
    return unicode_to_bytes().get(char)


@dataclass(frozen=True, slots=True)
class Spelling:
    """A piece of input text as GPT-2 writes it: its UTF-8 bytes, one alias each."""

    text: str
    data: bytes
    aliases: str

    @property
    def entries(self) -> list[tuple[int, str]]:
        return list(zip(self.data, self.aliases, strict=True))


def spell(text: str) -> Spelling:
    """Input text → UTF-8 bytes → aliases. spell('Ġ') is bytes [196, 160], aliases 'Äł' (not byte 32)."""
    data = text.encode("utf-8", errors="surrogatepass")
    alias = bytes_to_unicode()
    return Spelling(text, data, "".join(alias[b] for b in data))


# -- what initialisation builds ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Built:
    """One table initialisation builds (or one cache), its size and what it maps."""

    name: str
    size: int
    maps: str
    source: str


def init_summary(table: Table, trace: Trace | None = None) -> list[Built]:
    """The mappings GPT-2's get_encoder() builds from vocab.bpe and encoder.json, with their sizes.

    The per-chunk cache belongs to one Encoder and fills as text is encoded (here: the distinct
    chunks of `trace` that ran the loop); the alias function's lru_cache holds one mapping.
    """
    info = bytes_to_unicode.cache_info()
    byte_decoder = unicode_to_bytes()
    cache = len({c.aliases for c in trace.chunks if c.cache == "miss"}) if trace is not None else 0
    return [
        Built("byte_encoder", len(bytes_to_unicode()), "byte → alias", "bytes_to_unicode()"),
        Built("byte_decoder", len(byte_decoder), "alias → byte", "its inverse"),
        Built("encoder", len(table.encoder), "symbol → id", "encoder.json"),
        Built("decoder", len(table.decoder), "id → symbol", "encoder inverted"),
        Built("bpe_ranks", len(table.ranks), "pair → rank", "vocab.bpe, header skipped"),
        Built("cache", cache, "chunk → symbols", "per Encoder, filled by encode()"),
        Built("lru_cache", info.currsize, "() → byte_encoder", "on bytes_to_unicode, not per chunk"),
    ]


@dataclass(frozen=True, slots=True)
class Rule:
    """One merge rule: rank, left, right, merged symbol, its id, and whether id == 256 + rank."""

    rank: int
    left: str
    right: str
    merged: str
    id: int | None

    @property
    def follows(self) -> bool:
        return self.id == OFFSET + self.rank


def rule(table: Table, rank: int) -> Rule:
    left, right = table.merges[rank]
    return Rule(rank, left, right, left + right, table.encoder.get(left + right))


@dataclass(frozen=True)
class RankCheck:
    """`encoder[left + right] == 256 + rank` checked over every rule of a table."""

    total: int
    passing: int
    first_failure: Rule | None
    base: int  # entries with no rank: the 256 byte symbols
    special: Mapping[str, int]  # entries that are neither byte nor merge: no rank, no formula

    @property
    def holds(self) -> bool:
        return self.passing == self.total


def rank_id_check(table: Table) -> RankCheck:
    """Run the check over all rules (50,000 for GPT-2, all passing)."""
    encoder = table.encoder
    passing = 0
    failure: Rule | None = None
    for rank, (left, right) in enumerate(table.merges):
        if encoder.get(left + right) == OFFSET + rank:
            passing += 1
        elif failure is None:
            failure = rule(table, rank)
    base = sum(1 for a in bytes_to_unicode().values() if a in encoder)
    return RankCheck(len(table.merges), passing, failure, base, dict(table.special))


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
        rank = rank_of_id(table, ident)
        if rank is None:
            what = "not in the vocabulary" if ident not in table.decoder else "a base byte or special entry: no rule made it"
            return Search(q, "id", (), f"id {ident} is {what}")
        return Search(q, "id", (rank,), f"id {ident} was made by rank {rank}")
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
        f"{shown}: made by {len(exact)} rule{'s' * (len(exact) != 1)}, a side of {len(sides)}, inside {len(inside)} more",
    )  # fmt: skip


def used_ranks(trace: Trace) -> list[int]:
    """The distinct ranks the trace's rounds used, in ascending order (seed 000: 3, 5, 7 … 45353)."""
    return sorted({r.rank for chunk in trace.chunks for r in chunk.rounds})


# -- header figures and the special-token scene -----------------------------------------------


@dataclass(frozen=True, slots=True)
class Figures:
    """Seed 002's header for a text: base symbols, merges, vocabulary size, bytes → tokens, merges fired."""

    base: int
    merges: int
    special: int
    vocab: int
    bytes: int
    tokens: int
    fired: int

    @property
    def vocab_sum(self) -> str:
        """'256 + 50,000 + 1' (or '256 + 9' for a table without specials)."""
        return f"{self.base} + {self.merges:,}" + (f" + {self.special}" if self.special else "")


def figures(trace: Trace) -> Figures:
    table = trace.table
    special = len(table.special)
    return Figures(256, len(table.merges), special, len(table.encoder), trace.byte_count, len(trace.ids), trace.merges_fired)


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


__all__ = [
    "OFFSET",
    "AliasEntry",
    "Built",
    "DecodeRun",
    "Figures",
    "LookupFailure",
    "RankCheck",
    "Rule",
    "Search",
    "SpecialScene",
    "Spelling",
    "TokenFrame",
    "Utf8Failure",
    "alias_counts",
    "alias_grid",
    "byte_of_alias",
    "char_spans",
    "decode_frames",
    "explain",
    "figures",
    "hexbytes",
    "init_summary",
    "parse_ids",
    "rank_id_check",
    "rank_of_id",
    "rule",
    "search_rules",
    "special_scene",
    "spell",
    "used_ranks",
    "utf8_note",
    "utf8_short",
]  # fmt: skip
