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
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from itertools import chain, pairwise

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
    symbols = _Symbols(list(weight), list(weight.values()))
    vocab = {i: bytes([i]) for i in range(256)}
    tokens = sum(len(d) * n for d, n in weight.items())
    rounds: list[TrainRound] = []
    for i in range(merges):
        tied = symbols.top()
        if not tied:
            break
        pair = tied[0] if len(tied) == 1 else min(tied, key=symbols.first)
        top = symbols.counts[pair]
        idx = OFFSET + i
        top_counts = symbols.leaders(leaders) if leaders else ()
        replaced = symbols.merge(pair, idx)
        tokens -= replaced
        vocab[idx] = vocab[pair[0]] + vocab[pair[1]]
        rounds.append(TrainRound(i + 1, pair, idx, top, replaced, len(tied), top_counts, tokens))
        if progress is not None and not progress(i + 1):
            break
    return TrainResult(text, pattern, len(text.encode("utf-8")), len(chunks), tuple(rounds), vocab, merges)


class _Symbols:
    """Every distinct chunk's symbols in one doubly linked list (a chunk ends where `after` is -1), the count
    of each adjacent pair weighted by its chunk's multiplicity, where each pair occurs, and a heap of counts.

    A node keeps the index of its first byte, so node order is traversal order and the smallest node
    holding a pair is its first occurrence. Merging a pair visits only its occurrences and changes only
    the counts of their neighbours; stale heap entries and stale positions are skipped when met (a
    position is checked against the list itself, so a stale one is never taken for a live one).
    """

    def __init__(self, words: list[bytes], freq: list[int]) -> None:
        value: list[int] = []
        weight: list[int] = []
        for word, n in zip(words, freq, strict=True):
            value.extend(word)
            weight.extend([n] * len(word))
        size = len(value)
        after = list(range(1, size + 1))
        before = list(range(-1, size - 1))
        start = 0
        for word in words:  # cut the list between chunks
            end = start + len(word)
            after[end - 1] = -1
            if end < size:
                before[end] = -1
            start = end
        by_weight: dict[int, list[bytes]] = {}
        for word, n in zip(words, freq, strict=True):
            by_weight.setdefault(n, []).append(word)
        counts: Counter[Pair] = Counter()
        for n, group in by_weight.items():
            found = Counter(chain.from_iterable(pairwise(word) for word in group))
            counts.update(found if n == 1 else {pair: k * n for pair, k in found.items()})
        # pair -> the nodes where it may start, ascending; stale nodes (and those at a chunk's end) are skipped
        # when met. A pair made by a merge holds the new id, so its nodes are all added in that round, left
        # to right: every list stays sorted by appending.
        at: defaultdict[Pair, list[int]] = defaultdict(list)
        for p, pair in enumerate(pairwise(value)):
            at[pair].append(p)
        self.value, self.weight, self.after, self.before = value, weight, after, before
        self.counts, self.at = counts, at
        self.heap = [(-n, pair) for pair, n in counts.items()]
        heapq.heapify(self.heap)

    def _holds(self, p: int, pair: Pair) -> bool:
        q = self.after[p]
        return q >= 0 and self.value[p] == pair[0] and self.value[q] == pair[1]

    def first(self, pair: Pair) -> int:
        """The node of `pair`'s first occurrence: where the plain loop's fresh dictionary inserts it."""
        found = self.at[pair]
        k = 0
        while not self._holds(found[k], pair):
            k += 1
        if k:
            del found[:k]  # stale for good: a node never holds a pair again once it has stopped holding it
        return found[0]

    def top(self) -> list[Pair]:
        """The pairs sharing the highest count (none when no pair is left).

        The heap holds one entry per pair, at least its count: a pair's count only falls after the round
        that made it, so an entry found too high is put back at the pair's count (and a gone pair dropped).
        """
        heap, counts = self.heap, self.counts
        tied: list[Pair] = []
        best = 0
        while heap and (not tied or heap[0][0] == best):
            was, pair = heapq.heappop(heap)
            n = counts.get(pair)
            if n is None:
                continue
            if -was != n:
                heapq.heappush(heap, (-n, pair))
                continue
            best = was
            tied.append(pair)
        for pair in tied:  # back in: only the chosen one leaves, and its count drops to nothing
            heapq.heappush(heap, (best, pair))
        return tied

    def leaders(self, keep: int) -> tuple[tuple[Pair, int], ...]:
        """The `keep` highest counts, in the plain loop's order among equals (the chosen pair first of its count)."""
        counts = self.counts
        least = heapq.nlargest(keep, counts.values())[-1]
        best = [(n, pair) for pair, n in counts.items() if n >= least]
        best.sort(key=lambda item: (-item[0], self.first(item[1])))
        return tuple((pair, n) for n, pair in best[:keep])

    def merge(self, pair: Pair, idx: int) -> int:
        """Replace every non-overlapping `pair`, left to right, by `idx`; returns how many symbols went (weighted)."""
        value, after, before, weight, counts, at = self.value, self.after, self.before, self.weight, self.counts, self.at
        a, b = pair
        made: list[Pair] = []
        replaced = 0
        for p in at.pop(pair):
            q = after[p]
            if q < 0 or value[p] != a or value[q] != b:
                continue  # stale, or taken by the occurrence just before (a a a)
            n = weight[p]
            left, right = before[p], after[q]
            value[p], value[q], after[p] = idx, -1, right
            replaced += n
            # the neighbours' pairs: (x, a) becomes (x, idx) and (b, y) becomes (idx, y)
            sides = []
            if left >= 0:
                x = value[left]
                sides.append(((x, a), (x, idx), left))
            if right >= 0:
                y = value[right]
                before[right] = p
                sides.append(((b, y), (idx, y), p))
            for old, new, start in sides:
                if old != pair:  # the chosen pair's own count is dropped whole below
                    k = counts[old] - n
                    if k:
                        counts[old] = k
                    else:
                        del counts[old]
                if new in counts:
                    counts[new] += n
                    at[new].append(start)
                else:
                    counts[new] = n
                    at[new] = [start]
                    made.append(new)
        del counts[pair]
        for new in dict.fromkeys(made):  # one entry each (a pair made, dropped and made again is listed twice)
            if new in counts:
                heapq.heappush(self.heap, (-counts[new], new))
        return replaced
