"""The merge heap: the merge rules on a long word, over a linked list of the word's parts.

A word (GPT-2's alias string, or a piece's bytes under tiktoken's rule) is a list of parts named by
their start offset and linked by `nxt`/`prv`; `current[s]` is the rank of the join of part s with
the next one (NO_RULE when it is no rule, -1 once part s is absorbed), and the heap holds
(rank, s), packed in one int, for every join that is a rule. An entry whose rank is no longer `current[s]` is stale
and skipped: a join only grows, and a grown join has another rank. `merge_parts` runs either rule:

- GPT-2's (`every`): ranks are keyed by the pair of parts, and a round takes every occurrence of the
  lowest-ranked pair type, left to right and without overlap, as GPT-2's scan does. The joins a
  round makes wait in `later` until it ends (none is of the round's type: one of its parts is longer);
- tiktoken's: ranks are keyed by the joined bytes, and a step takes the one lowest-ranked join
  (leftmost on ties); the joins it makes go straight into the heap;
- Hugging Face tokenizers' (`pairs` without `every`): ranks are keyed by the pair of parts, as GPT-2's,
  and a step takes the one lowest-ranked join, leftmost on ties, as tiktoken's.

Each merge can be recorded in a RoundLog (left start, removed boundary, right end, rank), and for
GPT-2's rule the count of merges after each round: all a trace needs to rebuild any word, without
keeping checkpoint words. A short piece under tiktoken's rule keeps a list of the ranks of adjacent
joins instead of a heap, as tiktoken's Rust `byte_pair_merge` does.

>>> merge_long("aaaaa", {("a", "a"): 0, ("aa", "aa"): 1})
('aaaa', 'a')
>>> ranks = {b"a": 0, b"b": 1, b"ab": 2, b"aa": 3, b"aab": 4}
>>> merge_ranked(b"aab", ranks), merge_ranked(b"abab", ranks)
([0, 3], [0, 2, 4])
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping
from heapq import heapify, heappop, heappush
from itertools import pairwise, repeat
from typing import Any, cast

from .rounds import Round, RoundLog
from .tables.ranks import NO_RULE, Pair

Word = tuple[str, ...]

#: Words longer than this take the heap under GPT-2's rule once the scan has read them a few times
#: (bpe.LONG_WORD_READS): a run of one repeated pair type finishes on the scan, a word of many pair
#: types does not (500 random letters: the scan 20 ms, the heap 1 ms; 20,000: 30 s against 0.2 s).
#: Below it the scan, with its checkpoint words, is as fast and replays its rounds as GPT-2 runs them.
LONG_WORD = 500
#: Pieces longer than this take the heap under tiktoken's rule; below it the list of ranks is faster.
HEAP_FROM = 128
#: The 68 byte aliases past U+00FF, each one shared string: `list(text)` makes a new string of every such character
#: (58 bytes apiece; Python shares only those up to U+00FF), so a long word's parts would hold millions of copies.
_SHARED = {alias: alias for alias in map(chr, range(0x100, 0x144))}


def merge_parts(
    text: str | bytes,
    ranks: Mapping[Any, int],
    every: bool,
    log: RoundLog | None = None,
    ends: array | None = None,
    *,
    pairs: bool | None = None,
) -> list[int]:
    """The part boundaries after merging `text` by GPT-2's rule (`every`), tiktoken's, or tokenizers' (`pairs`
    without `every`: ranks keyed by pairs of parts, one join a step). `pairs` is `every` unless given.

    Each merge is appended to `log` if given; with `every`, the number of merges after each round
    that merged to `ends` if given.

    >>> merge_parts("abab", {("a", "b"): 0, ("ab", "ab"): 1}, True)
    [0, 4]
    >>> merge_parts(b"abab", {b"ab": 0, b"abab": 1, b"ba": 2}, False)
    [0, 4]
    >>> merge_parts("abab", {("a", "b"): 1, ("ab", "a"): 0}, False, pairs=True)
    [0, 3, 4]
    """
    n = len(text)
    if n < 2:
        return list(range(n + 1))
    get = ranks.get
    by_pairs = every if pairs is None else pairs
    # Offsets in arrays (4 bytes each, not a list's pointer and int object): a 3,000,000-byte piece
    # needs 24 MB for both instead of 216 MB.
    nxt = array("i", range(1, n + 1))
    prv = array("i", range(-1, n - 1))
    # Ranks by pairs: each part's symbol, at its start (a pair is looked up by them); a byte alias shared.
    sym: list[str] = list(map(_SHARED.get, cast(str, text), cast(str, text))) if by_pairs else []
    keys: Iterable[object] = pairwise(text) if by_pairs else map(bytes, pairwise(cast(bytes, text)))
    current = list(map(get, keys, repeat(NO_RULE)))
    current.append(NO_RULE)  # the last part has no next one
    # A heap entry is one int, rank << shift | s: ordered as (rank, s), a third of a tuple's memory.
    shift = n.bit_length()
    mask = (1 << shift) - 1
    heap: list[int] = [rank << shift | s for s, rank in enumerate(current) if rank != NO_RULE]
    heapify(heap)
    later: list[int]
    push: Callable[[list[int], int], None]
    later, push = ([], list.append) if every else (heap, heappush)
    if log is not None:
        at_add, cut_add, end_add, rank_add = log.at.append, log.cut.append, log.end.append, log.rank.append
    rank = -1
    while True:  # not `while heap`: 3.11 specialises a loop's code only after unconditional jumps back
        if every and (not heap or heap[0] >> shift != rank):  # the round is over: its joins may be taken now
            if ends is not None and log is not None and len(log.at) != (ends[-1] if ends else 0):
                ends.append(len(log.at))
            for entry in later:
                heappush(heap, entry)
            later.clear()
        if not heap:
            break
        entry = heappop(heap)
        rank = entry >> shift
        s = entry & mask
        if current[s] != rank:
            continue
        m = nxt[s]  # the right part, m..e, is absorbed
        e = nxt[m]
        if log is not None:
            at_add(s)
            cut_add(m)
            end_add(e)
            rank_add(rank)
        current[m] = -1
        nxt[s] = e
        if by_pairs:
            joined = sym[s] = sym[s] + sym[m]
        if e < n:
            prv[e] = s
            r = get((joined, sym[e])) if by_pairs else get(text[s : nxt[e]])
            if r is None:
                current[s] = NO_RULE
            else:
                current[s] = r
                push(later, r << shift | s)
        else:
            current[s] = NO_RULE
        p = prv[s]
        if p >= 0:
            r = get((sym[p], joined)) if by_pairs else get(text[p:e])
            if r is None:
                current[p] = NO_RULE
            else:
                current[p] = r
                push(later, r << shift | p)
    bounds = [0]
    s = 0
    while s < n:
        s = nxt[s]
        bounds.append(s)
    return bounds


def merge_long(word: str, ranks: Mapping[Pair, int], log: RoundLog | None = None, ends: array | None = None) -> Word:
    """The final word of GPT-2's bpe() on `word`; when recording, every merge in `log` and each round's end in `ends`."""
    return cut_at(word, merge_parts(word, ranks, True, log, ends))


def cut_at(word: str, bounds: list[int]) -> Word:
    """`word` cut at `bounds`, each distinct symbol one shared string: a long chunk repeats its tokens (500,000
    '👍🏽' are 500,000 symbols of 4 aliases, 89 bytes apiece as strings of their own).

    >>> cut_at("abab", [0, 2, 4])
    ('ab', 'ab')
    """
    if len(bounds) <= HEAP_FROM:
        return tuple([word[i:j] for i, j in pairwise(bounds)])
    shared: dict[str, str] = {}
    keep = shared.setdefault
    return tuple([keep(symbol, symbol) for symbol in map(word.__getitem__, map(slice, bounds, bounds[1:]))])


def long_rounds(log: RoundLog, ends: array) -> list[Round]:
    """GPT-2's rounds from `merge_long`'s record: each round's pair (its first merge's), rank and count.

    >>> log, ends = RoundLog("aaaaa"), array("i")
    >>> merge_long("aaaaa", {("a", "a"): 0, ("aa", "aa"): 1}, log, ends)
    ('aaaa', 'a')
    >>> long_rounds(log, ends)
    [Round(pair=('a', 'a'), rank=0, merged=2, at=-1), Round(pair=('aa', 'aa'), rank=1, merged=1, at=-1)]
    """
    rank = log.rank
    return [Round(log.pair(start), rank[start], end - start) for start, end in pairwise([0, *ends])]


def merge_ranked(data: bytes, ranks: Mapping[bytes, int], log: RoundLog | None = None) -> list[int]:
    """The boundaries after merging `data` by tiktoken's rule; every step appended to `log` if given."""
    if len(data) > HEAP_FROM:
        return merge_parts(data, ranks, False, log)
    get = ranks.get
    bounds = list(range(len(data) + 1))
    # pair_ranks[j] is the rank of parts j and j + 1 joined: data[bounds[j]:bounds[j + 2]].
    pair_ranks = [get(data[j : j + 2], NO_RULE) for j in range(len(data) - 1)]
    if log is not None:  # the arrays' own appends: a capture records a step per merge of every piece
        at_add, cut_add, end_add, rank_add = log.at.append, log.cut.append, log.end.append, log.rank.append
    while pair_ranks:
        rank = min(pair_ranks)
        if rank == NO_RULE:
            break
        i = pair_ranks.index(rank)  # leftmost of the lowest
        if log is not None:
            at_add(bounds[i])
            cut_add(bounds[i + 1])
            end_add(bounds[i + 2])
            rank_add(rank)
        del bounds[i + 1]
        del pair_ranks[i]
        if i:
            pair_ranks[i - 1] = get(data[bounds[i - 1] : bounds[i + 1]], NO_RULE)
        if i < len(pair_ranks):
            pair_ranks[i] = get(data[bounds[i] : bounds[i + 2]], NO_RULE)
    return bounds


def merge_leftmost(word: str, ranks: Mapping[Pair, int], log: RoundLog | None = None) -> list[int]:
    """The boundaries after merging `word` as Hugging Face tokenizers' BPE does: each step the one adjacent
    pair of lowest merge rank, leftmost on ties, whatever order the merges were listed in (a pair made by a
    step may outrank the next occurrence of the pair it was made from). Every step appended to `log` if given.

    >>> merge_leftmost("abab", {("a", "b"): 1, ("ab", "a"): 0})
    [0, 3, 4]
    """
    if len(word) > HEAP_FROM:
        return merge_parts(word, ranks, False, log, pairs=True)
    get = ranks.get
    bounds = list(range(len(word) + 1))
    parts = list(word)
    pair_ranks = [get(pair, NO_RULE) for pair in pairwise(parts)]  # pair_ranks[j]: parts j and j + 1
    while pair_ranks:
        rank = min(pair_ranks)
        if rank == NO_RULE:
            break
        i = pair_ranks.index(rank)  # leftmost of the lowest
        if log is not None:
            log.add(bounds[i], bounds[i + 1], bounds[i + 2], rank)
        parts[i : i + 2] = [parts[i] + parts[i + 1]]
        del bounds[i + 1]
        del pair_ranks[i]
        if i:
            pair_ranks[i - 1] = get((parts[i - 1], parts[i]), NO_RULE)
        if i < len(pair_ranks):
            pair_ranks[i] = get((parts[i], parts[i + 1]), NO_RULE)
    return bounds
