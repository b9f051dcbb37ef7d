"""Which regex branch made each chunk, and why: a pattern's top-level alternatives, the branch of every
chunk, and the explanation of one match (branches tried in order, the first that matches wins, and
what a trailing lookahead gave back).

>>> from ..engine.pretokenize import GPT2_PATTERN
>>> alternatives(GPT2_PATTERN)[9:]
(' ?[^\\\\s\\\\p{L}\\\\p{N}]+', '\\\\s+(?!\\\\S)', '\\\\s+')
>>> [(c.text, c.branch) for c in labelled("    if", GPT2_PATTERN)]
[('   ', 10), (' if', 7)]
>>> e = explain_match("    if", 0, GPT2_PATTERN)
>>> [a.matched for a in e.attempts], e.backtrack
([None, None, None, None, None, None, None, None, None, None, '   '], Backtrack(greedy='    ', given_back=1, assertion='(?!\\\\S)', before='i'))
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import regex

from ..engine.pipeline import Pipeline, pipeline_of
from ..engine.pretokenize import bound
from ..engine.unassigned import as_known


def alternatives(pattern: str) -> tuple[str, ...]:
    """The top-level alternatives of `pattern`: split at `|` outside groups and character classes; for a
    pipeline's key, each step's alternatives and then that step's gap (the text between its matches).

    Escapes (`\\|`, `\\]`, `\\p{L}`) are skipped whole; in a class a `]` right after `[` or `[^` is literal.
    >>> alternatives(r"a(b|c)|[|\\]]|\\||d")
    ('a(b|c)', '[|\\\\]]', '\\\\|', 'd')
    """
    pipeline = pipeline_of(pattern)
    if pipeline is not None:
        return tuple(branch for cut in pipeline.cuts for branch in (*alternatives(cut.own), _gap(cut.own)))
    out: list[str] = []
    depth = 0
    start = 0
    i = 0
    n = len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            i += 1
            if i < n and pattern[i] == "^":
                i += 1
            if i < n and pattern[i] == "]":
                i += 1
            while i < n and pattern[i] != "]":
                i += 2 if pattern[i] == "\\" else 1
            i += 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    out.append(pattern[start:])
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Chunk:
    """One chunk: its text, where it starts, which top-level alternative matched it (0-based) and that
    alternative's own text."""

    text: str
    start: int
    branch: int
    pattern: str


@cache
def _labelled_regex(pattern: str) -> tuple[regex.Pattern[str], tuple[str, ...], tuple[int, ...] | None]:
    """The pattern with each alternative in its own group; the groups' numbers when branches have groups."""
    branches = alternatives(pattern)
    wrapped = regex.compile("|".join(f"({b})" for b in branches))
    inner = [regex.compile(b).groups for b in branches]
    if not any(inner):
        return wrapped, branches, None
    numbers, g = [], 1
    for count in inner:
        numbers.append(g)
        g += 1 + count
    return wrapped, branches, tuple(numbers)


def _gap(own: str) -> str:
    """The regex of the text between a step's matches (`pretokenize.split_regex`'s gap)."""
    return rf"(?:(?!(?:{own}))[\s\S])+"


def _bases(pipeline: Pipeline) -> list[int]:
    """Where each step's branches start in `alternatives` of the pipeline's key."""
    bases, at = [], 0
    for cut in pipeline.cuts:
        bases.append(at)
        at += len(alternatives(cut.own)) + 1
    return bases


def _branch_in(own: str, piece: str, at: int, known: str | None = None) -> int | None:
    """Which alternative of a step's own regex matches `piece` at `at`, or None (the chunk is a gap);
    `known` is `as_known(piece)` when the caller has it already."""
    wrapped, _, numbers = _labelled_regex(own)
    m = wrapped.match(as_known(piece) if known is None else known, at)
    return None if m is None or m.end() == at else _branch_of(m, numbers)


def _branch_of(m: regex.Match[str], numbers: tuple[int, ...] | None) -> int:
    """The alternative a match of `_labelled_regex` took: its group's, counted past the branches' own groups."""
    if numbers is None:
        return (m.lastindex or 1) - 1
    return next(b for b, g in enumerate(numbers) if m.start(g) >= 0)


@dataclass(frozen=True, slots=True)
class Origin:
    """Which step of a table's pre-tokenizer made a chunk (0 for one regex), named, and which branch of that
    step's regex matched it (None: the chunk is text between the step's matches)."""

    step: int
    name: str
    branch: int | None
    pattern: str | None


def chunk_origin(text: str, pattern: str, start: int, end: int) -> Origin:
    """Where the chunk text[start:end] of a table with `pattern` comes from, computed for this chunk only
    (`text` is the text the chunks cut: `Trace.normalized`).

    >>> from ..engine.pretokenize import GPT2_PATTERN
    >>> chunk_origin("    if", GPT2_PATTERN, 3, 6)
    Origin(step=0, name='regex', branch=7, pattern=' ?\\\\p{L}+')
    """
    pipeline = pipeline_of(pattern)
    if pipeline is None:
        branches = alternatives(pattern)
        branch = _branch_in(pattern, text, start)
        return Origin(0, "regex", branch, None if branch is None else branches[branch])
    step, lo, piece = pipeline.origin(text, start, end)
    cut = pipeline.cuts[step]
    branch = _branch_in(cut.own, piece, start - lo)
    return Origin(step, cut.describe(), branch, None if branch is None else alternatives(cut.own)[branch])


def branch_number(index: int) -> int:
    """The number a person reads for the top-level alternative at `index` of a regex: counted from 1,
    the same on every screen (Explore, Compare, the narration) and in `bpe-tui chunks`."""
    return index + 1


#: A branch's regex is named in the narration up to this many characters.
BRANCH_SHOWN = 24


def said_origin(text: str, pattern: str, start: int, end: int) -> str | None:
    """Which step of a pipeline cut text[start:end], in words for the narration; None for one regex.

    DeepSeek V4's '123': 'step 1 of 3, Split branch 1 \\p{N}{1,3}' (tests/screens/test_views_new_tables.py).
    >>> from ..engine.pretokenize import GPT2_PATTERN
    >>> said_origin("ab", GPT2_PATTERN, 0, 2) is None
    True
    """
    pipeline = pipeline_of(pattern)
    if pipeline is None:
        return None
    origin = chunk_origin(text, pattern, start, end)
    head = f"step {origin.step + 1} of {len(pipeline.cuts)}, {pipeline.cuts[origin.step].name}"
    if origin.pattern is None or origin.branch is None:
        return head + " between its matches"
    shown = origin.pattern[:BRANCH_SHOWN] + ("…" if len(origin.pattern) > BRANCH_SHOWN else "")
    return f"{head} branch {branch_number(origin.branch)} {shown}"


def pipeline_spans(text: str, pipeline: Pipeline) -> Iterator[tuple[int, int, int, int, int]]:
    """(start, end, branch index, lo, hi) of every chunk of a pipeline, in order: text[lo:hi] is the piece the
    chunk's step cut it from (where its branch is explained, `explain_in_piece`)."""
    bases = _bases(pipeline)
    gaps = [len(alternatives(cut.own)) for cut in pipeline.cuts]
    probes: dict[int, tuple[int, str]] = {}  # each step's last piece, as the references see it: a piece holds many chunks
    for start, chunk, step, lo, piece, matched in pipeline.labelled(text):
        branch = None
        if matched:  # else the chunk is text between the step's matches: no branch to look for
            probe = probes.get(step)
            if probe is None or probe[0] != lo:
                probe = probes[step] = (lo, as_known(piece))
            branch = _branch_in(pipeline.cuts[step].own, piece, start - lo, probe[1])
        yield start, start + len(chunk), bases[step] + (gaps[step] if branch is None else branch), lo, lo + len(piece)


def chunk_spans(text: str, pattern: str) -> Iterator[tuple[int, int, int]]:
    """(start, end, branch index) of every chunk, in order, as the regex engine finds them."""
    pipeline = pipeline_of(pattern)
    if pipeline is not None:
        for start, end, branch, _, _ in pipeline_spans(text, pipeline):
            yield start, end, branch
        return
    bound(pattern, text)  # a tokenizer.json's Split regex: refused first if it backtracks without end
    wrapped, _, numbers = _labelled_regex(pattern)
    for m in wrapped.finditer(as_known(text)):  # matched as the references see the text, cut from the text
        yield m.start(), m.end(), _branch_of(m, numbers)


def branch_labeller(text: str, pattern: str) -> Callable[[int], int]:
    """The branch of the chunk of `text` that starts at an offset, for one regex `pattern` (not a pipeline):
    the regex tries its alternatives in order wherever a match starts, so matching again at the chunk's
    start finds the same match and branch as the cut of the whole text did.

    >>> from ..engine.pretokenize import GPT2_PATTERN
    >>> label = branch_labeller("    if", GPT2_PATTERN)
    >>> label(0), label(3)
    (10, 7)
    """
    known = as_known(text)  # matched as the references see the text

    def label(start: int) -> int:
        return _branch_in(pattern, text, start, known) or 0  # (a chunk is a match: None does not happen)

    return label


def spans(text: str, pattern: str) -> list[tuple[str, int, int]]:
    """(chunk text, start, branch index) for every chunk."""
    return [(text[start:end], start, branch) for start, end, branch in chunk_spans(text, pattern)]


def labelled(text: str, pattern: str) -> list[Chunk]:
    """Every chunk of `text` under `pattern`, with the branch that matched it."""
    branches = _labelled_regex(pattern)[1]
    return [Chunk(t, s, b, branches[b]) for t, s, b in spans(text, pattern)]


@dataclass(frozen=True, slots=True)
class Attempt:
    """One branch tried at the position: what it matched there, or None."""

    branch: int
    pattern: str
    matched: str | None


@dataclass(frozen=True, slots=True)
class Backtrack:
    """A winning branch that ends in a lookahead: its run alone took `greedy`; the assertion failed
    before `before` (None: at the end), so `given_back` characters were handed back."""

    greedy: str
    given_back: int
    assertion: str
    before: str | None


@dataclass(frozen=True, slots=True)
class Explanation:
    """The branches tried in order at `start` up to the first that matches (the last attempt), and any backtrack."""

    start: int
    attempts: tuple[Attempt, ...]
    backtrack: Backtrack | None

    @property
    def winner(self) -> Attempt:
        return self.attempts[-1]


def _trailing_lookahead(branch: str) -> tuple[str, str] | None:
    """(the branch without it, the lookahead) when the branch ends in a top-level `(?!...)` or `(?=...)`."""
    if not branch.endswith(")"):
        return None
    depth = 0
    for i in range(len(branch) - 1, -1, -1):
        c = branch[i]
        if c == ")" and (i == 0 or branch[i - 1] != "\\"):
            depth += 1
        elif c == "(" and (i == 0 or branch[i - 1] != "\\"):
            depth -= 1
            if depth == 0:
                head, tail = branch[:i], branch[i:]
                return (head, tail) if tail.startswith(("(?!", "(?=")) and head else None
    return None


def explain_match(text: str, start: int, pattern: str) -> Explanation:
    """Why the chunk at `start` is what it is: each branch tried there in order until one matches.

    For `\\s+(?!\\S)` at `····if`: `\\s+` alone takes four spaces, `(?!\\S)` fails before `i`, and one
    space is given back (the chunk is three spaces; `·if` takes the fourth). A pipeline's chunk is looked for
    among its chunks (`explain_in_piece` explains one whose piece is known without that walk).
    """
    pipeline = pipeline_of(pattern)
    if pipeline is not None:  # explained inside the piece its step cut, with that step's branches
        found = next((c for c in pipeline.labelled(text) if c[0] == start), None)
        if found is None:
            return Explanation(start, (), None)
        try:
            step, lo, piece = pipeline.origin(text, start, start + len(found[1]))
        except ValueError:  # no chunk of this pipeline is text[start:end]
            return Explanation(start, (), None)
        return _in_piece(pipeline, step, piece, start, lo)
    attempts: list[Attempt] = []
    backtrack = None
    probe = as_known(text)  # matched as the references see the text, cut from the text
    for index, branch in enumerate(alternatives(pattern)):
        m = regex.compile(branch).match(probe, start)
        attempts.append(Attempt(index, branch, text[m.start() : m.end()] if m else None))
        if m is None:
            continue
        split = _trailing_lookahead(branch)
        if split is not None:
            run = regex.compile(split[0]).match(probe, start)
            if run is not None and run.end() > m.end():
                before = text[run.end()] if run.end() < len(text) else None
                backtrack = Backtrack(text[run.start() : run.end()], run.end() - m.end(), split[1], before)
        break
    return Explanation(start, tuple(attempts), backtrack)


def explain_in_piece(text: str, start: int, pattern: str, branch: int, lo: int, hi: int) -> Explanation:
    """`explain_match` for the chunk of a pipeline at `start` whose branch is `branch` (so its step is known) and
    whose step cut it from the piece text[lo:hi] (`pipeline_spans`): the piece alone is looked at."""
    pipeline = pipeline_of(pattern)
    assert pipeline is not None, "explain_in_piece explains a pipeline's chunks"
    step = bisect_right(_bases(pipeline), branch) - 1
    return _in_piece(pipeline, step, text[lo:hi], start, lo)


def _in_piece(pipeline: Pipeline, step: int, piece: str, start: int, lo: int) -> Explanation:
    """The explanation inside the piece (at `lo` in the text) that `step` cut, with that step's branches, numbered
    as the pipeline's branches are."""
    inner, base = explain_match(piece, start - lo, pipeline.cuts[step].own), _bases(pipeline)[step]
    return Explanation(start, tuple(Attempt(base + a.branch, a.pattern, a.matched) for a in inner.attempts), inner.backtrack)
