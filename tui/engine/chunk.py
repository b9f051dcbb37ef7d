"""One chunk's record: the ScanStep of GPT-2's inner scan, merge_pair, and ChunkTrace with its replay.

A chunk's rounds are a tuple of `Round` (GPT-2's rule) or a compact `RoundLog` (tiktoken's rule).
Its intermediate words are rebuilt on demand: from every CHECKPOINT-th word by replaying GPT-2's scan,
or, where the chunk keeps its removed boundaries (`cuts`: tiktoken's rule, long GPT-2 words), by
cutting the aliases at every boundary no earlier round removed, in O(length) and without checkpoints.

>>> merge_pair(("a", "b", "a", "b"), "a", "b")
('ab', 'ab')
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, compress, pairwise
from typing import Literal, cast

from .rounds import Round

#: Every CHECKPOINT-th word of a chunk is kept; the words between are replayed on demand.
CHECKPOINT = 16

#: "whole": tiktoken's rule found the chunk's bytes to be a token and emitted it without merging.
CacheState = Literal["miss", "hit", "single", "whole"]
Stop = Literal["no-rule", "one-symbol", "hit", "single", "whole"]
Word = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ScanStep:
    """One pass of the inner scan: read position `i`, where `word.index(first, i)` found `j`, and the outcome.

    `kind` is 'merge' (first+second written), 'keep' (first written alone) or 'tail' (first not
    found again: the rest copied). `written` is the length of the new word after this step.
    """

    kind: Literal["merge", "keep", "tail"]
    i: int
    j: int | None
    written: int


def merge_pair(word: Word, first: str, second: str, steps: list[ScanStep] | None = None) -> Word:
    """The inner scan: merge every non-overlapping (first, second) left to right.

    The new word is built while the old one is read, so a new symbol joins only the next round.
    >>> merge_pair(("a", "a", "a"), "a", "a")
    ('aa', 'a')
    """
    new_word: list[str] = []
    i = 0
    n = len(word)
    # GPT-2 calls word.index(first, i) until it raises; knowing where the last `first` is, the scan
    # stops there instead and raises nothing (an exception per round is a measurable cost).
    try:
        last = n - 1 - word[::-1].index(first)
    except ValueError:  # not in the word at all (never so in bpe(), where the pair was just found)
        last = -1
    while i <= last:
        j = word.index(first, i)
        new_word.extend(word[i:j])
        start = i
        i = j
        if i < n - 1 and word[i + 1] == second:
            new_word.append(first + second)
            i += 2
            kind: Literal["merge", "keep"] = "merge"
        else:
            new_word.append(word[i])
            i += 1
            kind = "keep"
        if steps is not None:
            steps.append(ScanStep(kind, start, j, len(new_word)))
    if i < n:  # word.index(first, i) would raise: the rest is copied
        new_word.extend(word[i:])
        if steps is not None:
            steps.append(ScanStep("tail", i, None, len(new_word)))
    return tuple(new_word)


@dataclass(frozen=True, eq=False, slots=True)
class ChunkTrace:
    """What bpe() did to one regex chunk. Words between checkpoints are rebuilt by the same scan."""

    index: int
    start: int
    text: str
    data: bytes
    aliases: str
    cache: CacheState
    rounds: Sequence[Round]  # a tuple (GPT-2's rule) or a compact RoundLog (tiktoken's)
    symbols: Word
    ids: tuple[int, ...]
    source: int | None = None  # for a cache hit: the chunk whose run filled the cache
    _words: tuple[Word, ...] = field(default=(), repr=False)
    #: The boundaries (alias offsets) the merges removed, in order; `_ends[r - 1]` of them after round r
    #: (None: one per round). Kept instead of checkpoint words for tiktoken's rule and long words.
    _cuts: array | None = field(default=None, repr=False)
    _ends: array | None = field(default=None, repr=False)
    _memo: dict | None = field(default=None, repr=False)  # a few recently rebuilt words, made on first use

    @property
    def stop(self) -> Stop:
        """Why the chunk finished: cache hit, single symbol, one symbol left, or no remaining rule."""
        if self.cache != "miss":
            return self.cache
        return "one-symbol" if len(self.symbols) == 1 else "no-rule"

    @property
    def merged(self) -> int:
        """Merge occurrences that fired in this chunk (0 for a cache hit).

        The sum of the rounds' `merged`: each occurrence turns two symbols into one, so it is what the
        loop took off the initial word (asked once per chunk for a whole text's figures, so kept O(1)).
        """
        return len(self.aliases) - len(self.symbols) if self.cache == "miss" else 0

    @property
    def bpe_string(self) -> str:
        """bpe()'s return value: the symbols joined by separator spaces, e.g. 'Ġ ä½ ł'."""
        return " ".join(self.symbols)

    def word(self, r: int) -> Word:
        """The word after `r` rounds (0 is the initial alias symbols)."""
        if not 0 <= r <= len(self.rounds):
            raise IndexError(f"round {r} is outside 0..{len(self.rounds)}")
        if self.cache in ("hit", "whole") and r == 0:
            return tuple(self.aliases)
        if r == len(self.rounds):
            return self.symbols
        memo = self._memo
        if memo is None:
            memo = {}
            object.__setattr__(self, "_memo", memo)
        if r in memo:
            return memo[r]
        if self._cuts is not None:
            word = self._cut_word(self._cuts, r if self._ends is None or r == 0 else self._ends[r - 1])
            if len(memo) > 8:
                memo.clear()
            memo[r] = word
            return word
        base = r // CHECKPOINT
        k = max((m for m in memo if base * CHECKPOINT <= m < r), default=None)  # the nearest word before r in r's block
        if k is not None:
            word = memo[k]
        else:
            k, word = base * CHECKPOINT, (self._words[base - 1] if base else tuple(self.aliases))
        if len(memo) > 2 * CHECKPOINT:
            memo.clear()
        for m, rnd in enumerate(self.rounds[k:r], k + 1):
            word = merge_pair(word, *rnd.pair)
            memo[m] = word  # stepping back through the block finds each of them here
        return word

    def _cut_word(self, cuts: array, count: int) -> Word:
        """The aliases cut at every boundary except the first `count` removed ones."""
        n = len(self.aliases)
        keep = bytearray(b"\x01") * (n + 1)
        for cut in cuts[:count]:
            keep[cut] = 0
        bounds = list(compress(range(n + 1), keep))
        a = self.aliases
        return tuple([a[i:j] for i, j in pairwise(bounds)])

    def position(self, r: int) -> int:
        """Round `r` (1-based) merged symbols k and k + 1 of the word before it; returns k.

        For GPT-2's rule, the first occurrence; for tiktoken's, the one position the step merged.
        """
        rnd = self.rounds[r - 1]
        word = self.word(r - 1)
        if rnd.at < 0:
            return next(k for k, pair in enumerate(pairwise(word)) if pair == rnd.pair)
        offset = k = 0
        while offset < rnd.at:
            offset += len(word[k])
            k += 1
        return k

    def merge_positions(self, r: int) -> tuple[int, ...]:
        """The positions of the word before round `r` (1-based) where the round merged its pair, in
        order: where its scan's 'merge' steps are, found without recording the scan."""
        if self.rounds[r - 1].at >= 0:
            return (self.position(r),)
        word, (first, second) = self.word(r - 1), self.rounds[r - 1].pair
        found: list[int] = []
        i, n = 0, len(word)
        last = n - 1 - word[::-1].index(first) if first in word else -1
        while i <= last:
            j = word.index(first, i)
            if j + 1 < n and word[j + 1] == second:
                found.append(j)
                i = j + 2
            else:
                i = j + 1
        return tuple(found)

    def merged_at(self) -> Iterator[list[int]]:
        """For each round in order, the alias offsets where the left part of every pair it merged starts.

        Read from the removed boundaries where the chunk keeps them, else by replaying the rounds once
        from the initial word (what the capture's own scan cost): a trace file stores these, not words.
        """
        rounds = self.rounds
        cuts, ends = self._cuts, self._ends
        if cuts is not None:
            for r, rnd in enumerate(rounds):
                left = len(rnd.pair[0])
                lo, hi = (r, r + 1) if ends is None else (ends[r - 1] if r else 0, ends[r])
                yield [cut - left for cut in cuts[lo:hi]]
            return
        word = tuple(self.aliases)
        bounds = set(range(len(word) + 1))
        for rnd in rounds:
            word = merge_pair(word, *rnd.pair)
            kept = set(accumulate(map(len, word), initial=0))
            left = len(rnd.pair[0])
            yield sorted([cut - left for cut in bounds - kept])  # each merge removed the boundary inside its pair
            bounds = kept

    def scan(self, r: int) -> list[ScanStep]:
        """The inner scan of round `r` (1-based), step by step, replayed from the word before it.

        A tiktoken step merges one position k: the symbols before it are copied (one 'merge' step
        found at k), then the rest ('tail').
        """
        steps: list[ScanStep] = []
        if self.rounds[r - 1].at >= 0:
            k, n = self.position(r), len(self.word(r - 1))
            steps.append(ScanStep("merge", 0, k, k + 1))
            if k + 2 < n:
                steps.append(ScanStep("tail", k + 2, None, n - 1))
            return steps
        merge_pair(self.word(r - 1), *self.rounds[r - 1].pair, steps)
        return steps


class _Filling:
    """ChunkTrace's slots without its frozen `__setattr__`: a record is filled here and then becomes a
    ChunkTrace (`__class__` assignment, which Python allows between classes with the same slots)."""

    __slots__ = (
        "_cuts",
        "_ends",
        "_memo",
        "_words",
        "aliases",
        "cache",
        "data",
        "ids",
        "index",
        "rounds",
        "source",
        "start",
        "symbols",
        "text",
    )
    index: int
    start: int
    text: str
    data: bytes
    aliases: str
    cache: CacheState
    rounds: Sequence[Round]
    symbols: Word
    ids: tuple[int, ...]
    source: int | None
    _words: tuple[Word, ...]
    _cuts: array | None
    _ends: array | None
    _memo: dict | None


def chunk_trace(
    index: int,
    start: int,
    text: str,
    data: bytes,
    aliases: str,
    cache: CacheState,
    rounds: Sequence[Round],
    symbols: Word,
    ids: tuple[int, ...],
    source: int | None = None,
    words: tuple[Word, ...] = (),
    cuts: array | None = None,
    ends: array | None = None,
) -> ChunkTrace:
    """`ChunkTrace(index, start, …, source, words, cuts, ends)`: the same record, made four times faster.

    The frozen dataclass's own `__init__` sets each of the 14 fields through `object.__setattr__`
    (1.4 µs a record); a capture of 1 MB makes 270,000 records.
    """
    record = _Filling()
    record.index = index
    record.start = start
    record.text = text
    record.data = data
    record.aliases = aliases
    record.cache = cache
    record.rounds = rounds
    record.symbols = symbols
    record.ids = ids
    record.source = source
    record._words = words
    record._cuts = cuts
    record._ends = ends
    record._memo = None
    object.__setattr__(record, "__class__", ChunkTrace)
    return cast(ChunkTrace, record)


#: What every later chunk of the same text shares with the first (GPT-2's rule): its text, data,
#: aliases, symbols (what bpe()'s cache holds for it) and ids, and that first chunk's index.
Seen = tuple[str, bytes, str, Word, tuple[int, ...], int]


def seen_again(index: int, start: int, seen: Seen, cache: CacheState) -> ChunkTrace:
    """The record of a chunk whose text an earlier chunk had: a cache hit (`source` is that chunk),
    or a single symbol again. Its strings and tuples are the earlier chunk's.

    The same record as `chunk_trace(index, start, *seen[:3], cache, (), *seen[3:5], source)`, made
    with a shorter call: most chunks of a long text are seen again (258,000 of 270,000 at 1 MB).
    """
    text, data, aliases, symbols, ids, first = seen
    record = _Filling()
    record.index = index
    record.start = start
    record.text = text
    record.data = data
    record.aliases = aliases
    record.cache = cache
    record.rounds = ()
    record.symbols = symbols
    record.ids = ids
    record.source = first if cache == "hit" else None
    record._words = ()
    record._cuts = None
    record._ends = None
    record._memo = None
    object.__setattr__(record, "__class__", ChunkTrace)
    return cast(ChunkTrace, record)
