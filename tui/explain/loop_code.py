"""The merge loop and the decoder as short code listings, and which line of them a frame stands on.

The listings are this project's own condensed Python for what the engine runs (`bpe._bpe` with
`chunk.merge_pair` for GPT-2's rule, `heap.merge_ranked` for tiktoken's, `decoding.decode_frames`):
written to be read beside the animation, not executed. Each line that some frame stands on carries
an operation name (`op`); `mark()` says, from what a frame records, which line it is on, which other
lines the same frame runs (its trail), and the values of the variables beside them. Values are plain
text made from the user's symbols; the view escapes them (tui.safe) when it draws them.

>>> from ..engine.bpe import capture
>>> from .frames import Frames
>>> from ..engine.tables import teaching
>>> trace = capture("aaa", teaching())
>>> [mark(trace.chunks[0], f).op for f in Frames(trace)]
['read', 'min', 'no-rule']
>>> LISTINGS["gpt2"].line("min").code
'pair = min(pairs, key=rank)'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from ..engine.chunk import ChunkTrace, ScanStep
from ..engine.tables import merge_rules as rules
from ..engine.tables.merge_rules import MergeRule
from .frames import Frame
from .words import plural

if TYPE_CHECKING:  # the decoder's module is imported when the Decode view first opens, not at start-up
    from ..engine.decoding import DecodeRun


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a listing: its nesting depth, its code, a short comment, and the operation it is ('' if none)."""

    depth: int
    code: str
    comment: str = ""
    op: str = ""


@dataclass(frozen=True)
class Listing:
    """A titled listing; `line(op)` finds the line of an operation. `parts` is what its code calls the word
    being merged ("word" in GPT-2's and tokenizers' byte-level code, "parts" where the loop joins parts)."""

    title: str
    lines: tuple[Line, ...]
    parts: str = "word"
    credit: str = ""  # where the code comes from, said above it (GPT-2's: openai/gpt-2's encoder.py, MIT)

    def index(self, op: str) -> int:
        """The position of the line whose operation is `op` (ValueError when there is none)."""
        for n, line in enumerate(self.lines):
            if line.op == op:
                return n
        raise ValueError(f"no line is {op!r} in {self.title}")

    def line(self, op: str) -> Line:
        return self.lines[self.index(op)]


def _l(depth: int, code: str, comment: str = "", op: str = "") -> Line:
    return Line(depth, code, comment, op)


#: GPT-2's rule: every occurrence of the lowest-ranked pair per round, the word rebuilt by a scan.
GPT2 = Listing(
    "GPT-2's bpe()",
    (
        _l(0, "def encode_chunk(text):"),
        _l(1, 'token = "".join(alias[b] for b in text.encode())', "one alias per byte", "read"),
        _l(1, 'return [vocab[s] for s in bpe(token).split(" ")]', "the id lookup", "ids"),
        _l(0, ""),
        _l(0, "def bpe(token):"),
        _l(1, "if token in cache: return cache[token]", "seen before", "hit"),
        _l(1, "word = tuple(token)"),
        _l(1, "if len(word) < 2: return token", "cache not written", "single"),
        _l(1, "while True:"),
        _l(2, "pairs = set(zip(word, word[1:]))", "adjacent pairs", "pairs"),
        _l(2, "pair = min(pairs, key=rank)", "rank: ranks.get(p, inf)", "min"),
        _l(2, "if pair not in ranks: break", "lowest is no rule", "no-rule"),
        _l(2, "first, second = pair", "scan the whole word", "scan"),
        _l(2, "new_word, i = [], 0"),
        _l(2, "while i < len(word):"),
        _l(3, "try: j = word.index(first, i)", "next first from i", "index"),
        _l(3, "except ValueError:", "first not found", "tail"),
        _l(4, "new_word += word[i:]; break", "copy the rest"),
        _l(3, "new_word += word[i:j]", "copied as they are"),
        _l(3, "if word[j + 1 : j + 2] == (second,):", "next is second"),
        _l(4, "new_word.append(first + second)", "merge written", "merge"),
        _l(4, "i = j + 2"),
        _l(3, "else:"),
        _l(4, "new_word.append(first)", "symbol kept", "keep"),
        _l(4, "i = j + 1"),
        _l(2, "word = tuple(new_word)", "for the next round", "replace"),
        _l(2, "if len(word) == 1: break", "one symbol left", "one-symbol"),
        _l(1, 'joined = " ".join(word)', "separator spaces", "join"),
        _l(1, "cache[token] = joined", "the cache write", "cache-write"),
        _l(1, "return joined"),
    ),
    credit="openai/gpt-2 src/encoder.py (MIT), condensed; its bare except is except ValueError here (first not found)",
)

#: tiktoken's rule: the piece's bytes, one join per step (the lowest-ranked, leftmost on ties).
TIKTOKEN = Listing(
    "tiktoken's rule",
    (
        _l(0, "def encode_piece(piece):"),
        _l(1, 'data = piece.encode("utf-8")', "bytes, no aliases", "read"),
        _l(1, "if len(data) < 2: return [ranks[data]]", "one byte", "single"),
        _l(1, "if data in ranks: ids = [ranks[data]]", "the piece is a token", "whole"),
        _l(1, "else:"),
        _l(2, "parts = [bytes([b]) for b in data]", "one part per byte"),
        _l(2, "while len(parts) > 1:", "one part left: done", "one-symbol"),
        _l(3, "joins = [ranks.get(a + b, NONE)", "adjacent joins", "pairs"),
        _l(3, "         for a, b in zip(parts, parts[1:])]"),
        _l(3, "rank = min(joins)", "the lowest rank", "min"),
        _l(3, "if rank == NONE: break", "no join is a token", "no-rule"),
        _l(3, "k = joins.index(rank)", "leftmost if tied", "index"),
        _l(3, "parts[k] += parts.pop(k + 1)", "join k and k + 1 only", "merge"),
        _l(2, "ids = [ranks[p] for p in parts]", "the id lookup", "ids"),
        _l(1, "return ids", "no cache: a repeated piece is encoded again"),
    ),
    parts="parts",
)

#: Hugging Face tokenizers' order: a merge list, one occurrence a step (the lowest merge rank, leftmost on ties).
TOKENIZERS = Listing(
    "tokenizers' BPE",
    (
        _l(0, "def encode_word(text):"),
        _l(1, 'token = "".join(alias[b] for b in text.encode())', "one alias per byte", "read"),
        _l(1, "if token in cache: return cache[token]", "seen before", "hit"),
        _l(1, "if ignore_merges and token in vocab:", "an entry already", "whole"),
        _l(2, "return [vocab[token]]"),
        _l(1, "word = list(token)"),
        _l(1, "if len(word) < 2: return [vocab[token]]", "nothing to merge", "single"),
        _l(1, "while len(word) > 1:", "one symbol left: done", "one-symbol"),
        _l(2, "ranked = [ranks.get(p, NONE)", "adjacent pairs", "pairs"),
        _l(2, "          for p in zip(word, word[1:])]"),
        _l(2, "rank = min(ranked)", "the lowest merge rank", "min"),
        _l(2, "if rank == NONE: break", "no pair is a merge", "no-rule"),
        _l(2, "k = ranked.index(rank)", "leftmost if tied", "index"),
        _l(2, "word[k : k + 2] = [word[k] + word[k + 1]]", "that occurrence only", "merge"),
        _l(1, "ids = [vocab[s] for s in word]", "the id lookup", "ids"),
        _l(1, "cache[token] = ids", "the cache write", "cache-write"),
        _l(1, "return ids"),
    ),
)

#: SentencePiece's BPE: characters, one join a step (the highest-scoring joined piece, leftmost on ties), byte fallback.
SENTENCEPIECE = Listing(
    "SentencePiece's BPE",
    (
        _l(0, "def encode_word(word):  # normalised: ' ' is '▁'"),
        _l(1, "parts = list(word)", "one part per character", "read"),
        _l(1, "if len(parts) < 2 or word in user_defined:", "nothing to merge", "single"),
        _l(2, "return piece_ids(word)"),
        _l(1, "while len(parts) > 1:", "one part left: done", "one-symbol"),
        _l(2, "scores = [score.get(a + b, NONE)", "adjacent pairs", "pairs"),
        _l(2, "          for a, b in zip(parts, parts[1:])]"),
        _l(2, "best = max(scores)", "the highest score", "min"),
        _l(2, "if best == NONE: break", "no join is a piece", "no-rule"),
        _l(2, "k = scores.index(best)", "leftmost if tied", "index"),
        _l(2, "parts[k] += parts.pop(k + 1)", "join k and k + 1 only", "merge"),
        _l(1, "ids = [i for p in parts for i in piece_ids(p)]", "a part that is no piece: its bytes", "ids"),
        _l(1, "return ids", "no cache: a repeated word is merged again"),
    ),
    parts="parts",
)

#: tokenizers' BPE on characters (a tokenizer.json with byte_fallback): one listed pair a step, byte fallback.
TOKENIZERS_FALLBACK = Listing(
    "tokenizers' BPE, byte fallback",
    (
        _l(0, "def encode_word(word):  # normalised: ' ' is '▁'"),
        _l(1, "parts = list(word)", "one part per character", "read"),
        _l(1, "if len(parts) < 2: return piece_ids(word)", "nothing to merge", "single"),
        _l(1, "while len(parts) > 1:", "one part left: done", "one-symbol"),
        _l(2, "ranked = [ranks.get(p, NONE)", "adjacent pairs", "pairs"),
        _l(2, "          for p in zip(parts, parts[1:])]"),
        _l(2, "rank = min(ranked)", "the lowest merge rank", "min"),
        _l(2, "if rank == NONE: break", "no pair is a merge", "no-rule"),
        _l(2, "k = ranked.index(rank)", "leftmost if tied", "index"),
        _l(2, "parts[k] += parts.pop(k + 1)", "that occurrence only", "merge"),
        _l(1, "ids = [i for p in parts for i in piece_ids(p)]", "no token: its bytes' <0xNN>", "ids"),
        _l(1, "return ids"),
    ),
    parts="parts",
)

#: Decoding: every id's alias string back to bytes, one buffer, one UTF-8 read at the end.
DECODE = Listing(
    "decode(): bytes joined, read once",
    (
        _l(0, 'def decode(ids, errors="replace"):'),
        _l(1, "data = bytearray()", "one buffer"),
        _l(1, "for i in ids:"),
        _l(2, "alias = decoder[i]", "KeyError if unknown", "lookup"),
        _l(2, "data += bytes(byte_of[c] for c in alias)", "alias → byte", "bytes"),
        _l(1, 'return data.decode("utf-8", errors=errors)', "one read, at the end", "utf8"),
    ),
)

LISTINGS = {
    "gpt2": GPT2,
    "tiktoken": TIKTOKEN,
    "hf": TOKENIZERS,
    "sentencepiece": SENTENCEPIECE,
    "hf-fallback": TOKENIZERS_FALLBACK,
    "decode": DECODE,
}


@dataclass(frozen=True)
class Mark:
    """Where a frame stands in a listing: the line `op`, every line it runs (`trail`, in order, `op`
    among them) and the values shown beside lines, as (op, text)."""

    op: str
    trail: tuple[str, ...]
    beside: tuple[tuple[str, str], ...] = ()

    def values(self, op: str) -> str:
        """The text beside the line `op` ('' when it has none)."""
        return next((text for line, text in self.beside if line == op), "")


#: Values longer than this are cut with … (a word of thousands of symbols stays one line).
LIMIT = 120
#: Words longer than this are not counted for their distinct pairs (a set of every pair, on every step: 1 ms at 4,000).
DISTINCT_LIMIT = 1_000


def show(value: object) -> str:
    """A value as Python would print it, but strings in plain quotes (no repr escapes: the view's one
    escaping shows invisible characters the same way everywhere), cut at LIMIT characters.

    >>> show(("a", "ab")), show(["Ġ"]), show(3), show("it's")
    ("('a', 'ab')", "['Ġ']", '3', '"it\\'s"')
    """
    if isinstance(value, str):
        mark = '"' if "'" in value and '"' not in value else "'"
        text = f"{mark}{value}{mark}"
    elif isinstance(value, tuple | list):
        items = [show(v) for v in value[:LIMIT]]
        inner = ", ".join(items) + ("," if isinstance(value, tuple) and len(value) == 1 else "")
        text = ("(" + inner + ")") if isinstance(value, tuple) else ("[" + inner + "]")
    else:
        text = str(value)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def _pairs(names: Sequence[tuple[str, object]]) -> str:
    return "  ".join(f"{name}={show(value)}" for name, value in names)


def mark(chunk: ChunkTrace, frame: Frame, steps: Sequence[ScanStep] | None = None, step: int = 0, *, rule: MergeRule = rules.GPT2) -> Mark:
    """The line `frame` of `chunk` stands on. `steps` (the round's scan steps) is given in scan detail,
    with `step` of them shown; `rule` is the table's."""
    one = rule.one_at_a_time
    parts = LISTINGS[rule.code or rule.name].parts
    if frame.kind == "start":
        return _start(chunk, rule)
    if frame.kind == "done":
        return _done(chunk, rule)
    rnd = chunk.rounds[frame.round - 1]
    first, second = rnd.pair
    before = chunk.word(frame.round - 1)
    after = chunk.word(frame.round)
    chosen = (("pair", rnd.pair), ("rank", rnd.rank))
    if steps is None:  # the whole round at once
        distinct = f", {len(set(pairwise(before)))} distinct" if len(before) <= DISTINCT_LIMIT else ""  # a long word: no set per step
        beside = [("pairs", f"{len(before) - 1} adjacent{distinct}"), ("min", _pairs(chosen))]
        if one:
            beside.append(("merge", _pairs((("k", chunk.position(frame.round)), (parts, after)))))
            return Mark("min", ("pairs", "min", "index", "merge"), tuple(beside))
        beside.append(("replace", _pairs((("word", after), ("merged", rnd.merged)))))
        return Mark("min", ("pairs", "min", "scan", "replace"), tuple(beside))
    if one:
        k = chunk.position(frame.round)
        if step == 0:
            return Mark("index", ("pairs", "min", "index"), (("min", _pairs(chosen)), ("index", _pairs((("k", k), ("pair", rnd.pair))))))
        written = after[: steps[step - 1].written]
        return Mark("merge", ("index", "merge"), (("merge", _pairs((("k", k), ("parts so far", written)))),))
    if step == 0:
        return Mark("scan", ("min", "scan"), (("scan", _pairs((("first", first), ("second", second), ("new_word", []), ("i", 0)))),))
    s = steps[step - 1]
    new_word = list(after[: s.written])
    last = ("replace",) if step == len(steps) else ()
    if s.kind == "tail":
        values = _pairs((("i", s.i), ("first", first), ("new_word", new_word)))
        return Mark("tail", ("index", "tail", *last), (("index", f"{show(first)} not found from i={s.i}"), ("tail", values)))
    found = _pairs((("i", s.i), ("j", s.j)))
    if s.kind == "merge":
        values = _pairs((("first", first), ("second", second), ("new_word", new_word), ("i", (s.j or 0) + 2)))
        return Mark("merge", ("index", "merge", *last), (("index", found), ("merge", values)))
    nxt = before[s.j + 1] if s.j is not None and s.j + 1 < len(before) else None
    why = f"next {show(nxt)} is not {show(second)}" if nxt is not None else "no next symbol"
    values = _pairs((("first", first), ("new_word", new_word), ("i", (s.j or 0) + 1)))
    return Mark("keep", ("index", "keep", *last), (("index", found), ("keep", f"{why}: {values}")))


def _start(chunk: ChunkTrace, rule: MergeRule) -> Mark:
    if rule.on_characters:  # the normalised word, one part per character
        return Mark("read", ("read",), (("read", _pairs((("word", chunk.aliases), ("parts", list(chunk.aliases[:LIMIT]))))),))
    if rule.by_bytes:
        return Mark("read", ("read",), (("read", _pairs((("piece", chunk.text), ("data", list(chunk.data[:LIMIT]))))),))
    return Mark("read", ("read",), (("read", _pairs((("text", chunk.text), ("token", chunk.aliases)))),))


def _done(chunk: ChunkTrace, rule: MergeRule) -> Mark:
    """The line that ends the chunk: an early return, or a break and what follows it."""
    tiktoken, one = rule.by_bytes, rule.one_at_a_time
    code = LISTINGS[rule.code or rule.name]
    parts = code.parts
    stop, ids = chunk.stop, list(chunk.ids)
    if stop == "hit":
        source = f"filled by chunk {(chunk.source or 0) + 1}"
        value = ids if one else chunk.bpe_string
        return Mark("hit", ("hit", "ids"), (("hit", f"{source}: {show(value)}"), ("ids", _pairs((("ids", ids),)))))
    if stop == "single":
        if tiktoken:
            return Mark("single", ("read", "single"), (("single", _pairs((("data", list(chunk.data)), ("ids", ids)))),))
        return Mark("single", ("single", "ids"), (("single", _pairs((("token", chunk.aliases),))), ("ids", _pairs((("ids", ids),)))))
    if stop == "whole":
        return Mark("whole", ("read", "whole"), (("whole", _pairs((("ids", ids),))),))
    word = chunk.symbols
    ending: tuple[str, ...]
    if stop == "one-symbol":
        ending = ("merge", "one-symbol") if one else ("replace", "one-symbol")
        beside: list[tuple[str, str]] = [("one-symbol", _pairs(((parts, word),)))]
    else:
        ending = ("pairs", "min", "no-rule")
        none = "no join of the parts is a token" if tiktoken else f"no pair of {len(word)} symbols is a rule"
        beside = [("no-rule", f"{code.line('no-rule').comment} ({len(word)} parts)" if rule.on_characters else none)]
    if one:
        beside.append(("ids", _pairs((("ids", ids),))))
        return Mark(stop, (*ending, "ids", "cache-write") if rule.caches_chunks else (*ending, "ids"), tuple(beside))
    beside += [("join", _pairs((("joined", chunk.bpe_string),))), ("ids", _pairs((("ids", ids),)))]
    return Mark(stop, (*ending, "join", "cache-write", "ids"), tuple(beside))


def decode_mark(run: DecodeRun, cursor: int) -> Mark:
    """The line the decode cursor is on: row `cursor` of the run's frames (the row after them is the
    id that could not be looked up). The last token's row runs the one UTF-8 read as well."""
    frames = run.frames
    if run.lookup is not None and cursor >= len(frames):
        u = run.lookup
        return Mark("lookup", ("lookup",), (("lookup", f"i={u.id}: raises KeyError, decoding stops"),))
    if not frames:
        return Mark("utf8", ("utf8",), (("utf8", "no ids: data is empty"),))
    k = max(0, min(cursor, len(frames) - 1))
    f = frames[k]
    beside = [
        ("lookup", _pairs((("i", f.id), ("alias", f.alias)))),
        ("bytes", f"+{_hex(f.data)} → {f.end} {plural(f.end, 'byte')}"),
    ]
    trail: tuple[str, ...] = ("lookup", "bytes")
    if k == len(frames) - 1 and run.lookup is None:
        trail += ("utf8",)
        result = f"→ {show(run.text)}" if run.text is not None else "raises UnicodeDecodeError"
        beside.append(("utf8", f"errors={show(run.errors)} {result}"))
    return Mark("bytes", trail, tuple(beside))


def _hex(data: bytes) -> str:
    text = " ".join(f"{b:02x}" for b in data[:16])
    return text + (" …" if len(data) > 16 else "")
