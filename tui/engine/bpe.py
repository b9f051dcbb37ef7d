"""The one merge loop: GPT-2's `bpe()` and `encode()`, instrumented so it can record what it does.

`capture()` records every round; `encode()` is the very same loop with recording off.

>>> from .tables import teaching
>>> capture("aaababcabxyz", teaching()).chunks[0].symbols
('aaababc', 'ab', 'xyz')
>>> encode("aaa", teaching())
[256, 64]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from .aliases import to_aliases
from .pretokenize import iter_spans
from .tables import Pair, Table

INF = float("inf")
#: Every CHECKPOINT-th word of a chunk is kept; the words between are replayed on demand.
CHECKPOINT = 16

CacheState = Literal["miss", "hit", "single"]
Stop = Literal["no-rule", "one-symbol", "hit", "single"]
Word = tuple[str, ...]


class CaptureError(ValueError):
    """The text cannot be captured; the message is one sentence for the user."""


@dataclass(frozen=True, slots=True)
class Round:
    """One effective outer round: the lowest-ranked pair present, and how many occurrences it merged."""

    pair: Pair
    rank: int
    merged: int


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
    while i < n:
        try:
            j = word.index(first, i)
        except ValueError:
            new_word.extend(word[i:])
            if steps is not None:
                steps.append(ScanStep("tail", i, None, len(new_word)))
            break
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
    return tuple(new_word)


def _bpe(token: str, ranks: dict, cache: dict, rounds: list | None, words: list | None) -> tuple[Word, CacheState]:
    """GPT-2's bpe() on one chunk's alias string; appends to `rounds`/`words` when recording."""
    cached = cache.get(token)
    if cached is not None:
        return cached, "hit"
    word: Word = tuple(token)
    if len(word) < 2:  # no pairs: returned at once, and the cache is not written
        return word, "single"
    rank_of = ranks.get
    while True:
        pairs = set(zip(word, word[1:]))
        best = min(pairs, key=lambda p: rank_of(p, INF))
        rank = rank_of(best)
        if rank is None:
            break
        new_word = merge_pair(word, best[0], best[1])
        if rounds is not None:
            rounds.append(Round(best, rank, len(word) - len(new_word)))
            if len(rounds) % CHECKPOINT == 0:
                words.append(new_word)  # type: ignore[union-attr]
        word = new_word
        if len(word) == 1:
            break
    cache[token] = word
    return word, "miss"


@dataclass(frozen=True, eq=False)
class ChunkTrace:
    """What bpe() did to one regex chunk. Words between checkpoints are rebuilt by the same scan."""

    index: int
    start: int
    text: str
    data: bytes
    aliases: str
    cache: CacheState
    rounds: tuple[Round, ...]
    symbols: Word
    ids: tuple[int, ...]
    source: int | None = None  # for a cache hit: the chunk whose run filled the cache
    _words: tuple[Word, ...] = field(default=(), repr=False)
    _memo: dict = field(default_factory=dict, repr=False)

    @property
    def stop(self) -> Stop:
        """Why the chunk finished: cache hit, single symbol, one symbol left, or no remaining rule."""
        if self.cache != "miss":
            return self.cache
        return "one-symbol" if len(self.symbols) == 1 else "no-rule"

    @property
    def merged(self) -> int:
        """Merge occurrences that fired in this chunk (0 for a cache hit)."""
        return sum(r.merged for r in self.rounds)

    @property
    def bpe_string(self) -> str:
        """bpe()'s return value: the symbols joined by separator spaces, e.g. 'Ġ ä½ ł'."""
        return " ".join(self.symbols)

    def word(self, r: int) -> Word:
        """The word after `r` rounds (0 is the initial alias symbols)."""
        if not 0 <= r <= len(self.rounds):
            raise IndexError(f"round {r} is outside 0..{len(self.rounds)}")
        if self.cache == "hit" and r == 0:
            return tuple(self.aliases)
        if r == len(self.rounds):
            return self.symbols
        memo = self._memo
        if r in memo:
            return memo[r]
        base = r // CHECKPOINT
        if r - 1 in memo and (r - 1) // CHECKPOINT == base:
            k, word = r - 1, memo[r - 1]
        else:
            k, word = base * CHECKPOINT, (self._words[base - 1] if base else tuple(self.aliases))
        for rnd in self.rounds[k:r]:
            word = merge_pair(word, *rnd.pair)
        if len(memo) > 8:
            memo.clear()
        memo[r] = word
        return word

    def scan(self, r: int) -> list[ScanStep]:
        """The inner scan of round `r` (1-based), step by step, replayed from the word before it."""
        steps: list[ScanStep] = []
        merge_pair(self.word(r - 1), *self.rounds[r - 1].pair, steps)
        return steps


def candidates(word: Word, ranks: dict) -> list[tuple[int, Pair, int | None]]:
    """Every adjacent pair of `word` by position, with its rank or None when it is not a rule."""
    rank_of = ranks.get
    return [(i, pair, rank_of(pair)) for i, pair in enumerate(zip(word, word[1:]))]


def utf8(text: str) -> bytes:
    """The UTF-8 bytes of `text`, or a CaptureError naming the first character that has none."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        char = text[exc.start]
        raise CaptureError(
            f"the text cannot be encoded as UTF-8: lone surrogate U+{ord(char):04X} at character {exc.start}."
        ) from None


def run(text: str, table: Table, *, record: bool) -> Iterator[ChunkTrace]:
    """Encode `text` chunk by chunk, as GPT-2's Encoder.encode does, yielding each chunk's trace.

    With `record` off the rounds are not kept (the loop itself is the same).
    """
    utf8(text)
    ranks, encoder = table.ranks, table.encoder
    cache: dict[str, Word] = {}
    first_run: dict[str, int] = {}
    for index, (start, token) in enumerate(iter_spans(text)):
        data = token.encode("utf-8")
        aliases = to_aliases(data)
        rounds: list[Round] | None = [] if record else None
        words: list[Word] | None = [] if record else None
        symbols, state = _bpe(aliases, ranks, cache, rounds, words)
        source = None
        if state == "miss":
            first_run[aliases] = index
        elif state == "hit":
            source = first_run[aliases]
        ids = tuple([encoder[s] for s in symbols])
        yield ChunkTrace(index, start, token, data, aliases, state, tuple(rounds or ()), symbols, ids, source, tuple(words or ()))


def encode(text: str, table: Table) -> list[int]:
    """GPT-2's encode(): the ids of `text` (the capture loop with recording off)."""
    return [i for chunk in run(text, table, record=False) for i in chunk.ids]


@dataclass(frozen=True, eq=False)
class Trace:
    """The complete, immutable record of one text's encoding with one table."""

    table: Table
    text: str
    chunks: tuple[ChunkTrace, ...]
    complete: bool = True  # False while a long capture is still running: more chunks will follow

    @cached_property
    def ids(self) -> list[int]:
        return [i for chunk in self.chunks for i in chunk.ids]

    @cached_property
    def byte_count(self) -> int:
        return sum(len(c.data) for c in self.chunks)

    @cached_property
    def merges_fired(self) -> int:
        return sum(c.merged for c in self.chunks)

    @cached_property
    def round_count(self) -> int:
        return sum(len(c.rounds) for c in self.chunks)

    @cached_property
    def cache_hits(self) -> int:
        return sum(c.cache == "hit" for c in self.chunks)


def capture(text: str, table: Table) -> Trace:
    """Encode `text` with `table`, recording every round of every chunk."""
    return Trace(table, text, tuple(run(text, table, record=True)))
