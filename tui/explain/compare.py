"""Two tables on one text, compared: their chunks aligned by offset, a chunk's merge rounds in lock-step,
and every place where the two part ways, each with its cause from a closed list (CAUSES) and one sentence.

A chunk both tables cut alike (same start, same text) is stepped in lock-step: frame 0 is the chunk's
bytes, frame k each side's word after its k-th round (a chunk taken whole is one step). The first frame
where the two words differ is where they part ways, and the two pairs chosen there say why. A divergence
after which both sides still end in the same tokens is of the path alone (`path_only`); `first` is where
the tokens themselves first differ, the question a user brings.

>>> from ..engine.tables import get_table
>>> c = compare("1234567", get_table("gpt2"), get_table("cl100k_base"))
>>> d = c.first
>>> d.cause, d.chunk, d.round
('boundaries', 0, 0)
>>> compare("aaab", get_table("teaching"), get_table("teaching")).first is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import takewhile
from typing import Literal, get_args

from ..engine.aliases import from_aliases
from ..engine.bpe import Trace, capture
from ..engine.chunk import ChunkTrace, Word
from ..engine.tables import OFFSET, Pair, Table
from .branches import branch_number, chunk_origin
from .compare_sides import base_name, side_name
from .words import count, quoted

Cause = Literal[
    "boundaries",
    "normalization",
    "missing rule",
    "rank order",
    "whole chunk",
    "merge rule",
    "merge order",
    "characters vs bytes",
    "byte fallback",
]
CAUSES: tuple[Cause, ...] = get_args(Cause)


@dataclass(frozen=True, slots=True)
class Step:
    """What one side shows at a lock-step frame: its word, the pair merged to reach it and that pair's rank
    (None at frame 0 and once the side has stopped), `whole` when the chunk was taken whole in this step."""

    word: Word
    pair: Pair | None = None
    rank: int | None = None
    whole: bool = False
    done: bool = False


def played(trace: Trace, index: int) -> ChunkTrace:
    """The chunk whose rounds chunk `index` shows: a cache hit's are its source's."""
    chunk = trace.chunks[index]
    return trace.chunks[chunk.source] if chunk.cache == "hit" and chunk.source is not None else chunk


def steps(chunk: ChunkTrace) -> int:
    """How many steps the chunk takes: its rounds, or one for a chunk taken whole."""
    return 1 if chunk.cache == "whole" else len(chunk.rounds)


def step(chunk: ChunkTrace, k: int) -> Step:
    """The chunk's frame `k` (0: its bytes); past its last step, its last word, marked done."""
    if chunk.cache == "whole":
        return Step(tuple(chunk.aliases)) if k == 0 else Step(chunk.symbols, whole=k == 1, done=k > 1)
    n = len(chunk.rounds)
    if k == 0 or k > n:
        return Step(chunk.word(min(k, n)), done=k > n)
    rnd = chunk.rounds[k - 1]
    return Step(chunk.word(k), rnd.pair, rnd.rank)


def is_rule(table: Table, pair: Pair) -> bool:
    """Whether `table` merges `pair` at all: a rule of its list (GPT-2's rule), its joined bytes a token (tiktoken's)."""
    if table.rule.by_bytes and table.byte_ranks is not None:
        return from_aliases(pair[0] + pair[1]) in table.byte_ranks
    return pair in table.ranks


def rank_of(table: Table, pair: Pair) -> int | None:
    """The rank `table` gives `pair` (tiktoken's rule: the joined token's), None when it is no rule."""
    if table.rule.by_bytes and table.byte_ranks is not None:
        ident = table.byte_ranks.get(from_aliases(pair[0] + pair[1]))
        return None if ident is None else ident - table.first_id - OFFSET
    return table.ranks.get(pair)


def shown(pair: Pair) -> str:
    """A pair in a sentence: 'Ġ' + 't'."""
    return f"{quoted(pair[0])} + {quoted(pair[1])}"


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where the two sides part ways: chunk `chunk` of A (`chunk_b` of B), lock-step frame `round` (0: the cut
    itself), the cause and one sentence."""

    chunk: int
    chunk_b: int
    round: int
    cause: Cause
    sentence: str
    path_only: bool = False  # both sides still end with the same tokens there: another route, not another result

    def as_json(self) -> dict[str, object]:
        return {"chunk": self.chunk, "round": self.round, "cause": self.cause, "sentence": self.sentence, "path_only": self.path_only}


def same_tokens(a: Table, b: Table) -> bool:
    """Whether the two sides are one table's tokens under two merge rules (the `merge rule` cause)."""
    return a.rule is not b.rule and a.sha256 == b.sha256 and base_name(a) == base_name(b)


def lockstep(ca: ChunkTrace, cb: ChunkTrace) -> Iterator[tuple[int, Step, Step]]:
    """(frame, A's step, B's step) for every frame of two runs of the same chunk, up to the longer one's end."""
    for k in range(max(steps(ca), steps(cb)) + 1):
        yield k, step(ca, k), step(cb, k)


@dataclass(frozen=True)
class Comparison:
    """Two traces of one text; `pairs` are the chunks both cut alike, `divergences` every place they part ways."""

    a: Trace
    b: Trace

    @cached_property
    def names(self) -> tuple[str, str]:
        return side_name(self.a.table), side_name(self.b.table)

    @cached_property
    def differ_at(self) -> int | None:
        """The first character where the two normalised texts differ (None: they are the same text)."""
        na, nb = self.a.normalized, self.b.normalized
        if na == nb:
            return None
        return sum(1 for _ in takewhile(lambda p: p[0] == p[1], zip(na, nb, strict=False)))

    @cached_property
    def cut_marks(self) -> tuple[frozenset[int], frozenset[int]]:
        """Where each side starts a chunk (character offsets in the normalised text)."""
        return frozenset(c.start for c in self.a.chunks), frozenset(c.start for c in self.b.chunks)

    def walk(self) -> Iterator[tuple[Literal["same", "cut", "normalization"], int, int]]:
        """The two chunk lists side by side: 'same' for chunks cut alike, 'cut' where the cuts part, then
        the next chunks that start together; 'normalization' (the last) where the texts themselves differ."""
        ax, bx, limit = self.a.chunks, self.b.chunks, self.differ_at
        i = j = 0
        while i < len(ax) and j < len(bx):
            ca, cb = ax[i], bx[j]
            ea, eb = ca.start + len(ca.text), cb.start + len(cb.text)
            if limit is not None and max(ea, eb) > limit:
                yield "normalization", i, j
                return
            if ca.start == cb.start and ca.text == cb.text:
                yield "same", i, j
                i, j = i + 1, j + 1
                continue
            yield "cut", i, j
            i, j = i + (ea <= eb), j + (eb <= ea)
            while i < len(ax) and j < len(bx) and ax[i].start != bx[j].start:
                if ax[i].start < bx[j].start:
                    i += 1
                else:
                    j += 1

    @cached_property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """(A's chunk, B's chunk) for every chunk both cut alike, in text order."""
        return tuple((i, j) for kind, i, j in self.walk() if kind == "same")

    def divergences(self) -> Iterator[Divergence]:
        """Every place the two part ways, in text order (a chunk's rounds are compared only where both cut it alike).
        A side that starts from characters and one that starts from bytes part ways once, before anything."""
        if self.a.table.rule.on_characters != self.b.table.rule.on_characters:
            yield self._symbols()
            return
        walked = list(self.walk())
        for n, (kind, i, j) in enumerate(walked):
            if kind == "same":
                found = self.chunk_divergence(i, j)
                if found is not None:
                    yield self._told(found, (i, i + 1), (j, j + 1))
            elif kind == "cut":  # the tokens of both sides' chunks up to where they cut alike again
                ends = walked[n + 1][1:] if n + 1 < len(walked) else (len(self.a.chunks), len(self.b.chunks))
                yield self._told(self._boundaries(i, j), (i, ends[0]), (j, ends[1]))
            else:
                yield self._normalization(i, j)

    @cached_property
    def first(self) -> Divergence | None:
        """The first place where the two sides' tokens differ, with its cause (a divergence of the path alone,
        the same tokens by another route, is not it), or None when their tokens never differ."""
        return next((d for d in self.divergences() if not d.path_only), None)

    def chunk_divergence(self, i: int, j: int) -> Divergence | None:
        """The first lock-step frame where A's chunk `i` and B's chunk `j` (the same text) differ, if any; then,
        the same symbols at the end, one that only one side has to spell with its bytes (byte fallback)."""
        ca, cb = played(self.a, i), played(self.b, j)
        for k, sa, sb in lockstep(ca, cb):
            if sa.word != sb.word:
                return self._parted(i, j, k, sa, sb)
        (ta, tb), (na, nb) = (self.a.table, self.b.table), self.names
        for symbol in ca.symbols:
            if (symbol in ta.encoder) != (symbol in tb.encoder) and (ta.rule.falls_back or tb.rule.falls_back):
                has, lacks = (na, nb) if symbol in ta.encoder else (nb, na)
                said = f"{has} has the piece {quoted(symbol)} while {lacks} spells it with its UTF-8 bytes' pieces"
                return Divergence(i, j, steps(ca), "byte fallback", f"chunk {i + 1} {quoted(ca.text)}: {said}.")
        return None

    def _told(self, found: Divergence, a: tuple[int, int], b: tuple[int, int]) -> Divergence:
        """`found`, said to be of the path alone when both sides' chunks a and b end in the same tokens, or
        else with where their tokens first differ and the ids each side gives there."""
        ta, tb = _tokens(self.a, *a), _tokens(self.b, *b)
        if [t for t, _ in ta] == [t for t, _ in tb]:
            return replace(found, sentence=found.sentence[:-1] + "; both still end in the same tokens.", path_only=True)
        if self.a.table.rule.on_characters:  # pieces, not byte aliases: no byte offsets to line them up by
            return found
        k = next((k for k, (x, y) in enumerate(zip(ta, tb, strict=False)) if x[0] != y[0]), min(len(ta), len(tb)))
        pa = pb = k
        ea = eb = 0  # bytes after the first k tokens (one alias a byte)
        while pa < len(ta) or pb < len(tb):  # each side's tokens from there until both end at the same byte
            if pa < len(ta) and (ea <= eb or pb == len(tb)):
                ea, pa = ea + len(ta[pa][0]), pa + 1
            else:
                eb, pb = eb + len(tb[pb][0]), pb + 1
            if ea == eb and pa > k and pb > k:
                break
        text = from_aliases("".join(t for t, _ in ta[k:pa])).decode("utf-8", "replace")
        (na, nb), ids = self.names, [" ".join(str(i) for _, i in side) for side in (ta[k:pa], tb[k:pb])]
        return replace(found, sentence=found.sentence[:-1] + f"; the tokens first differ at {quoted(text)}: {na} {ids[0]}, {nb} {ids[1]}.")

    def _symbols(self) -> Divergence:
        """One side merges characters, the other bytes: their first words already differ."""
        na, nb = self.names
        chars, other = (na, nb) if self.a.table.rule.on_characters else (nb, na)
        said = (
            f"{chars} starts from the text's characters (a space is ▁), {other} from its UTF-8 bytes written as aliases "
            "(a space is Ġ): the two never merge the same symbols, so only their ids can be set side by side"
        )
        return Divergence(0, 0, 0, "characters vs bytes", f"chunk 1: {said}.")

    def _parted(self, i: int, j: int, k: int, sa: Step, sb: Step) -> Divergence:
        (ta, tb), (na, nb) = (self.a.table, self.b.table), self.names
        at = f"chunk {i + 1} {quoted(self.a.chunks[i].text)}, round {k}"
        cause: Cause
        if same_tokens(ta, tb):  # one merge list in two orders (GPT-2's rounds, tokenizers' steps), or a rank file's rule
            cause = "merge rule" if ta.rule.by_bytes or tb.rule.by_bytes else "merge order"
            said = self._rules_said(i, j, sa, sb)
        elif sa.whole or sb.whole:
            (whole, table), (other, o_step) = ((na, ta), (nb, sb)) if sa.whole else ((nb, tb), (na, sa))
            why = f"its bytes are one token ({table.rule.label})" if table.rule.by_bytes else "it is an entry (ignore_merges)"
            merges = f"merges {shown(o_step.pair)} first" if o_step.pair is not None else "has no rule for it"
            cause, said = "whole chunk", f"{whole} takes the chunk whole, as {why}, while {other} {merges}"
        elif sa.pair is not None and not is_rule(tb, sa.pair):
            cause, said = "missing rule", f"{na} merges {shown(sa.pair)} (rank {sa.rank:,}), which is no rule of {nb}"
        elif sb.pair is not None and not is_rule(ta, sb.pair):
            cause, said = "missing rule", f"{nb} merges {shown(sb.pair)} (rank {sb.rank:,}), which is no rule of {na}"
        elif sa.pair is not None and sb.pair is not None and sa.pair != sb.pair:
            cause = "rank order"
            said = (
                f"{na} ranks {shown(sa.pair)} ({sa.rank:,}) before {shown(sb.pair)} ({rank_of(ta, sb.pair):,}) while {nb} ranks "
                f"{shown(sb.pair)} ({sb.rank:,}) before {shown(sa.pair)} ({rank_of(tb, sa.pair):,})"
            )
        else:
            cause, said = "merge rule", self._rules_said(i, j, sa, sb)
        return Divergence(i, j, k, cause, f"{at}: {said}.")

    def _rules_said(self, i: int, j: int, sa: Step, sb: Step) -> str:
        """The `merge rule` sentence: what each rule did at the frame (`_told` adds whether the tokens agree)."""
        na, nb = self.names
        return f"{na} {_did(sa)} while {nb} {_did(sb)}; the order differs"

    def _boundaries(self, i: int, j: int) -> Divergence:
        (na, nb), ca, cb = self.names, self.a.chunks[i], self.b.chunks[j]
        oa = chunk_origin(self.a.normalized, self.a.table.pattern, ca.start, ca.start + len(ca.text))
        ob = chunk_origin(self.b.normalized, self.b.table.pattern, cb.start, cb.start + len(cb.text))
        said = f"{na} cuts {quoted(ca.text)} ({_branch(oa.branch, oa.pattern)}) where {nb} cuts {quoted(cb.text)} ({_branch(ob.branch, ob.pattern)})"
        return Divergence(i, j, 0, "boundaries", f"chunk {i + 1}: {said}.")

    def _normalization(self, i: int, j: int) -> Divergence:
        (na, nb), at = self.names, self.differ_at or 0
        changed = [(name, t.table) for name, t in ((na, self.a), (nb, self.b)) if t.normalized != t.text]
        who = " and ".join(name for name, _ in changed) or na
        steps = "; ".join(table.normalizer.describe() for _, table in changed if table.normalizer is not None)
        said = f"{who} changed the text before cutting it{f' ({steps})' if steps else ''}: at character {at + 1}, "
        said += f"{na} reads {_char(self.a.normalized[at : at + 1])} where {nb} reads {_char(self.b.normalized[at : at + 1])}"
        return Divergence(i, j, 0, "normalization", f"chunk {i + 1}: {said}.")


def _tokens(trace: Trace, start: int, end: int) -> list[tuple[str, int]]:
    """The tokens (each id's text in the table, and the id) of chunks start..end-1 of `trace`, in order: byte
    aliases on a byte-level rule, pieces (a fallback byte's `<0xC3>` too) on a rule on characters."""
    decoder = trace.table.decoder
    return [(decoder.get(i, f"<{i}>"), i) for k in range(start, end) for i in played(trace, k).ids]


def _char(c: str) -> str:
    """One character named by its code point and itself: "U+00E9 'é'" (or 'the end' of the text)."""
    return f"U+{ord(c):04X} {quoted(c)}" if c else "the end"


def _did(s: Step) -> str:
    if s.whole:
        return "takes the chunk whole"
    if s.pair is None:
        return "has stopped"
    return f"merges {shown(s.pair)} (rank {s.rank:,}) into {count(len(s.word), 'symbol')}"


def _branch(branch: int | None, pattern: str | None) -> str:
    return "between its matches" if branch is None else f"branch {branch_number(branch)}: {pattern}"


def no_divergence(a: Table, b: Table, found: Iterable[Divergence] = ()) -> str:
    """The sentence for two sides whose tokens never differ: the same table, two that merge the text alike, or
    two that reach the same tokens by other paths (`found`, all of the path alone)."""
    paths = [d for d in found if d.path_only]
    if paths:
        return (
            f"the same tokens: {side_name(a)} and {side_name(b)} end with the same tokens, though their paths part "
            f"{count(len(paths), 'time')} (n in view 8 shows each; the first: chunk {paths[0].chunk + 1}, {paths[0].cause})."
        )
    if a is b or (a.name == b.name and a.sha256 == b.sha256):
        return f"no divergence: both sides are {side_name(a)}, the same table, so they never part ways."
    return f"no divergence: {side_name(a)} and {side_name(b)} cut and merge this text alike, frame by frame."


def compare(text: str, a: Table, b: Table) -> Comparison:
    """Capture `text` with both tables and compare the two traces."""
    return Comparison(capture(text, a), capture(text, b))
