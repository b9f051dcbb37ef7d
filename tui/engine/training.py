"""Seed 004's training loop: count pairs inside each regex chunk into one shared dictionary, pick the most
frequent pair globally, give it the next id 256 + i, replace it in every chunk. A chunk's last symbol
never forms a pair with the next chunk's first.

The result is exactly the plain loop's (same pairs, counts, ids and ties), computed faster: identical
chunks are counted once with their multiplicity, and a round revisits only the chunks that hold the
chosen pair. Ties go to the pair inserted first into the plain loop's fresh dictionary, i.e. the one
whose first occurrence comes first in the traversal (chunk by chunk, left to right).

>>> result = train("the cat the hat", 3)
>>> [(r.pair, r.id, r.count, r.tied) for r in result.rounds]
[((116, 104), 256, 2, 3), ((256, 101), 257, 2, 2), ((97, 116), 258, 2, 1)]
>>> result.byte_count, result.chunk_count, result.tokens, round(result.compression, 2)
(15, 4, 9, 1.67)
>>> train("the cat the hat", 3, pattern=None).rounds[2].pair
(257, 32)
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from operator import itemgetter

import regex

from .pretokenize import GPT2_PATTERN
from .tables.ranks import OFFSET

Pair = tuple[int, int]  # two ids (seed 004's symbols are ids, not alias strings)


class TrainingError(ValueError):
    """Training cannot start; the message is one sentence for the user."""


@dataclass(frozen=True, slots=True)
class TrainRound:
    """One round: the chosen pair (ids), its count, the id it gets, and how many occurrences were replaced.

    `tied` is how many pairs shared the top count (1: no tie); the chosen one is the first inserted.
    `leaders` are the round's highest counts as (pair, count), as many as `train` was asked to keep, the
    chosen pair first among equals.
    """

    index: int
    pair: Pair
    id: int
    count: int
    replaced: int
    tied: int
    leaders: tuple[tuple[Pair, int], ...]
    tokens: int  # symbols left in the whole text after this round


@dataclass(frozen=True)
class TrainResult:
    """All rounds, the vocabulary they built (id -> bytes), and the text's totals."""

    text: str
    pattern: str | None
    byte_count: int
    chunk_count: int
    rounds: tuple[TrainRound, ...]
    vocab: dict[int, bytes]
    asked: int  # merges asked for; more than len(rounds) when the text ran out of pairs

    @property
    def tokens(self) -> int:
        return self.rounds[-1].tokens if self.rounds else self.byte_count

    @property
    def compression(self) -> float:
        """Bytes per token after the last round (seed 004: 15 / 9 ≈ 1.67)."""
        return self.byte_count / self.tokens if self.tokens else 0.0

    @property
    def stopped_early(self) -> bool:
        return len(self.rounds) < self.asked


def merge(ids: list[int], pair: Pair, idx: int) -> list[int]:
    """Replace every non-overlapping `pair`, left to right, by `idx`.

    >>> merge([1, 2, 3, 1, 2], (1, 2), 4)
    [4, 3, 4]
    >>> merge([97, 97, 97], (97, 97), 256)
    [256, 97]
    """
    out: list[int] = []
    i, n = 0, len(ids)
    a, b = pair
    while i < n:
        if i < n - 1 and ids[i] == a and ids[i + 1] == b:
            out.append(idx)
            i += 2
        else:
            out.append(ids[i])
            i += 1
    return out


def pieces(text: str, pattern: str | None) -> list[str]:
    """The regex chunks of `text` under `pattern`, or the whole text as one piece when `pattern` is None."""
    if pattern is None:
        return [text] if text else []
    return regex.findall(pattern, text)


def train(
    text: str, merges: int, pattern: str | None = GPT2_PATTERN, progress: Callable[[int], bool] | None = None, *, leaders: int = 0
) -> TrainResult:
    """Learn up to `merges` rules from `text`; stops early when no chunk has a pair left.

    `progress`, if given, is called with the number of rounds done after each round; training stops
    there when it returns False (a cancelled worker). Each round keeps its `leaders` highest pair counts.
    """
    if merges < 1:
        raise TrainingError(f"the number of merges must be at least 1, not {merges}.")
    if not text:
        raise TrainingError("the text is empty: there is nothing to train on.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise TrainingError(
            f"the text cannot be encoded as UTF-8: lone surrogate U+{ord(text[exc.start]):04X} at character {exc.start}."
        ) from None
    chunks = pieces(text, pattern)
    weight = Counter(
        chunk.encode("utf-8") for chunk in chunks
    )  # identical chunks behave identically: keep one of each, with its multiplicity
    words = [list(d) for d in weight]  # in order of first appearance, which is the traversal order of ties
    freq = [weight[d] for d in weight]
    counts: dict[Pair, int] = {}
    where: dict[Pair, set[int]] = {}  # pair -> the distinct chunks that hold it
    for c, word in enumerate(words):
        _count_in(counts, where, word, c, freq[c])
    vocab = {i: bytes([i]) for i in range(256)}
    tokens = sum(len(w) * f for w, f in zip(words, freq, strict=True))
    rounds: list[TrainRound] = []
    for i in range(merges):
        if not counts:
            break
        top = max(counts.values())
        tied = [p for p, n in counts.items() if n == top]
        pair = tied[0] if len(tied) == 1 else min(tied, key=lambda p: _first_occurrence(words, where[p], p))
        idx = OFFSET + i
        top_counts = _leaders(counts, pair, words, where, leaders) if leaders else ()
        replaced = 0
        for c in sorted(where[pair]):
            old = words[c]
            _count_out(counts, where, old, c, freq[c])
            new = merge(old, pair, idx)
            replaced += (len(old) - len(new)) * freq[c]
            words[c] = new
            _count_in(counts, where, new, c, freq[c])
        tokens -= replaced
        vocab[idx] = vocab[pair[0]] + vocab[pair[1]]
        rounds.append(TrainRound(i + 1, pair, idx, top, replaced, len(tied), top_counts, tokens))
        if progress is not None and not progress(i + 1):
            break
    return TrainResult(text, pattern, len(text.encode("utf-8")), len(chunks), tuple(rounds), vocab, merges)


def _count_in(counts: dict[Pair, int], where: dict[Pair, set[int]], word: list[int], c: int, n: int) -> None:
    """Count the pairs of chunk `c`, `n` times each (its multiplicity in the text)."""
    for pair in pairwise(word):
        counts[pair] = counts.get(pair, 0) + n
        where.setdefault(pair, set()).add(c)


def _count_out(counts: dict[Pair, int], where: dict[Pair, set[int]], word: list[int], c: int, n: int) -> None:
    """Take the pairs of chunk `c` back out (before it is rewritten); a count that reaches 0 is dropped."""
    for pair in pairwise(word):
        left = counts[pair] - n
        if left:
            counts[pair] = left
        else:
            del counts[pair]
    for pair in set(pairwise(word)):
        chunks = where[pair]
        chunks.discard(c)
        if not chunks:
            del where[pair]


def _first_occurrence(words: list[list[int]], chunks: set[int], pair: Pair) -> Pair:
    """(chunk, position) of the first occurrence of `pair` in the traversal: where the plain loop inserts it."""
    c = min(chunks)
    word = words[c]
    a, b = pair
    return c, next(k for k in range(len(word) - 1) if word[k] == a and word[k + 1] == b)


def _leaders(
    counts: dict[Pair, int], chosen: Pair, words: list[list[int]], where: dict[Pair, set[int]], keep: int
) -> tuple[tuple[Pair, int], ...]:
    """The `keep` highest counts, in the plain loop's order among equals (the chosen pair first of its count)."""
    best = heapq.nlargest(keep * 4, counts.items(), key=itemgetter(1))
    if all(pair != chosen for pair, _ in best):  # among many equal counts, the chosen one may be left out
        best.append((chosen, counts[chosen]))
    best.sort(key=lambda item: (-item[1], _first_occurrence(words, where[item[0]], item[0])))
    return tuple(best[:keep])
