"""The one merge loop: GPT-2's `bpe()` and `encode()`, instrumented so it can record what it does.

`capture()` records every round; `encode()` is the very same loop with recording off. The loop
cuts the text with the table's own regex and merges each chunk by the table's rule (`Table.rule`):
GPT-2's (`_bpe`, every occurrence of the lowest-ranked pair per round), Hugging Face tokenizers'
(`heap.merge_leftmost`, the one lowest-ranked pair per step, leftmost on ties) or tiktoken's
(`heap.merge_ranked`, one position per step, after emitting a chunk that is itself a token).

>>> from .tables import teaching
>>> capture("aaababcabxyz", teaching()).chunks[0].symbols
('aaababc', 'ab', 'xyz')
>>> encode("aaa", teaching())
[256, 64]
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise, repeat

from .aliases import to_aliases
from .chunk import CHECKPOINT, CacheState, ChunkTrace, ScanStep, Seen, Stop, Word, chunk_trace, merge_pair, seen_again
from .heap import LONG_WORD, cut_at, long_rounds, merge_leftmost, merge_long, merge_ranked
from .paused import gc_paused
from .pieces_loop import loop_pieces
from .pretokenize import Split, chunker
from .rounds import Made, Recording, Round, RoundLog, gpt2_round
from .tables import NO_RULE, Pair, Table
from .texts import CaptureError

__all__ = [
    "CHECKPOINT",
    "CacheState",
    "CaptureError",
    "ChunkTrace",
    "Round",
    "ScanStep",
    "Stop",
    "Trace",
    "capture",
    "chunk_ids",
    "encode",
    "merge_pair",
]


class _OverBudget(Exception):
    """A long word needs more rounds than the scan is given: the heap (heap.merge_long) takes it over."""


#: How many times its own length the scan may read of a word over LONG_WORD symbols before the heap
#: takes over: a long run of one repeated pair type halves in a few C-speed rounds (about twice its
#: length read in all), a long word of many pair types would take thousands of rescans (1,000,000
#: CJK characters read 64 times took 99 s; the heap does it in seconds).
LONG_WORD_READS = 4


def _bpe(
    token: str,
    ranks: Mapping[Pair, int],
    cache: dict[str, Word],
    rounds: list[Round] | None,
    words: list[Word] | None,
    budget: int | None = None,
) -> tuple[Word, CacheState]:
    """GPT-2's bpe() on one chunk's alias string; appends to `rounds`/`words` when recording.

    A Round is a value (pair, rank, merged), and the 95,000 rounds of a 1 MB capture are 3,300
    distinct ones: a `Recording` shares each with the rest of its capture instead of making it again.

    Each round takes the lowest-ranked pair among the word's current adjacent pairs (GPT-2's
    `min(pairs, key=rank)`; ranks are distinct, so it is the same pair) and merges every occurrence
    with `merge_pair`. The ranks of the current pairs are kept in a list, in word order, so finding the
    lowest is `min` and `list.index` in C; after a round that merged one occurrence only the two pairs
    beside the new symbol are looked up again, after any other round the whole list is rebuilt.
    """
    cached = cache.get(token)
    if cached is not None:
        return cached, "hit"
    word: Word = tuple(token)
    if len(word) < 2:  # no pairs: returned at once, and the cache is not written
        return word, "single"
    rank_of = ranks.get
    made = rounds.made if isinstance(rounds, Recording) else {}
    # pair_ranks[i] is the rank of (word[i], word[i + 1]), NO_RULE for a pair that is not a rule.
    pair_ranks = list(map(rank_of, pairwise(word), repeat(NO_RULE)))
    while True:
        rank = min(pair_ranks)
        if rank == NO_RULE:
            break
        if budget is not None:  # a long word: the scan may read it only so many times
            budget -= len(word)
            if budget < 0:
                raise _OverBudget
        k = pair_ranks.index(rank)  # where the lowest-ranked pair first occurs
        first, second = word[k], word[k + 1]
        new_word = merge_pair(word, first, second)
        if rounds is not None:
            count = len(word) - len(new_word)
            key = rank if count == 1 else (rank, count)
            rnd = made.get(key)
            if rnd is None:
                rnd = made[key] = gpt2_round((first, second), rank, count)
            rounds.append(rnd)
            if len(rounds) % CHECKPOINT == 0 and words is not None:
                words.append(new_word)
        if len(new_word) == 1:
            word = new_word
            break
        if len(new_word) == len(word) - 1:
            # One occurrence, at k: only the pairs on either side of the new symbol are new.
            merged = new_word[k]
            fresh = [rank_of((new_word[k - 1], merged), NO_RULE)] if k else []
            if k + 1 < len(new_word):
                fresh.append(rank_of((merged, new_word[k + 1]), NO_RULE))
            pair_ranks[max(k - 1, 0) : k + 2] = fresh
        else:
            pair_ranks = list(map(rank_of, pairwise(new_word), repeat(NO_RULE)))
        word = new_word
    cache[token] = word
    return word, "miss"


def candidates(word: Word, ranks: Mapping[Pair, int]) -> list[tuple[int, Pair, int | None]]:
    """Every adjacent pair of `word` by position, with its rank or None when it is not a rule."""
    rank_of = ranks.get
    return [(i, pair, rank_of(pair)) for i, pair in enumerate(pairwise(word))]


def utf8(text: str) -> bytes:
    """The UTF-8 bytes of `text`, or a CaptureError naming the first character that has none."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        char = text[exc.start]
        raise CaptureError(f"the text cannot be encoded as UTF-8: lone surrogate U+{ord(char):04X} at character {exc.start}.") from None


def _loop(text: str, table: Table, record: bool, traces: bool, placed: bool = False, split: Split | None = None) -> Iterator:
    """The capture loop: GPT-2's Encoder.encode, chunk by chunk.

    Yields each chunk's ChunkTrace (`traces`), or only its ids (plain encode), or with `placed` its start,
    end and ids. `split`, when given, cuts the normalised text in the table's pattern's stead (a caller that
    labels each chunk as it cuts it, with the same pattern). bpe() is asked about every chunk, so its cache decides hit or single exactly as in GPT-2;
    a chunk text seen before reuses its text, bytes, aliases, symbols and ids (the same objects: a 1 MB
    text has 270,000 chunks of 12,000 distinct texts), which depend on the text alone.
    """
    if table.normalizer is not None:  # the chunks' offsets are in the normalised text (Trace.normalized)
        text = table.normalizer.apply(text)
    utf8(text)
    if table.pieces is not None:
        yield from loop_pieces(text, table, record, traces, placed, split)
        return
    if table.rule.by_bytes:
        yield from _loop_ranked(text, table, record, traces, placed, split)
        return
    ranks, encoder = table.ranks, table.encoder
    entries = encoder if table.ignore_merges else None
    leftmost = table.rule.one_at_a_time
    cache: dict[str, Word] = {}
    seen: dict[str, Seen] = {}  # chunk text -> what the first chunk of that text has
    made: Made = {}  # the distinct rounds recorded so far (see _bpe)
    for index, match in enumerate(chunker(table.pattern, text).finditer(text) if split is None else split(text)):
        token = match.group()
        known = seen.get(token)
        if known is not None:  # a cache hit, or a single symbol again: bpe() records nothing
            state = _bpe(known[2], ranks, cache, None, None)[1]
            if traces:
                yield seen_again(index, match.start(), known, state)
            else:
                yield (match.start(), match.end(), known[4]) if placed else known[4]
            continue
        data = token.encode("utf-8")
        aliases = to_aliases(data)
        rounds: list[Round] | None = Recording(made) if record else None
        steps: Sequence[Round] = ()  # one occurrence a step (tokenizers' order): the log itself
        words: list[Word] | None = [] if record else None
        cuts: array | None = None
        ends: array | None = None
        symbols: Word
        if entries is not None and aliases in entries and len(aliases) > 1:  # taken whole; seen again, a cache hit
            symbols, state = (aliases,), "whole"
            cache[aliases] = symbols
        elif leftmost and len(aliases) > 1:  # tokenizers' order: one step a merge, kept as boundaries
            log = RoundLog(aliases, 0) if record else None
            symbols, state, words = cut_at(aliases, merge_leftmost(aliases, ranks, log)), "miss", None
            cache[aliases] = symbols
            if log is not None:
                steps, cuts = log, log.cuts()
        elif len(aliases) <= LONG_WORD:
            symbols, state = _bpe(aliases, ranks, cache, rounds, words)
        else:
            try:  # a few rounds of the scan, with checkpoint words ...
                symbols, state = _bpe(aliases, ranks, cache, rounds, words, LONG_WORD_READS * len(aliases))
            except _OverBudget:  # ... or the same rounds by the heap, boundaries kept instead of words
                log, ends = (RoundLog(aliases), array("i")) if record else (None, None)
                symbols, state, words = merge_long(aliases, ranks, log, ends), "miss", None
                cache[aliases] = symbols
                if log is not None and ends is not None:
                    rounds, cuts = long_rounds(log, ends), log.cuts()
        ids = tuple([encoder[s] for s in symbols])
        seen[token] = (token, data, aliases, symbols, ids, index)
        if traces:
            recorded = steps or tuple(rounds or ())
            yield chunk_trace(
                index, match.start(), token, data, aliases, state, recorded, symbols, ids, None, tuple(words or ()), cuts, ends
            )
        else:
            yield (match.start(), match.end(), ids) if placed else ids


def _loop_ranked(text: str, table: Table, record: bool, traces: bool, placed: bool, split: Split | None) -> Iterator:
    """The same chunk loop on tiktoken's rule: a one-byte chunk is single, a chunk whose bytes are a token
    is emitted whole, else it is merged.

    tiktoken keeps no per-chunk cache (unlike GPT-2's bpe()), so a chunk seen before is never a hit:
    it is emitted whole or merged again, with the same steps. The trace says so (its state and steps
    are the first occurrence's, shared, not recomputed); only the plain encode skips the work.
    """
    byte_ranks = table.byte_ranks
    assert byte_ranks is not None, f"{table.name} has no byte ranks"
    first = table.rank_offset  # a joined token's id minus this is its rule's rank
    seen: dict[str, tuple[str, bytes, str, tuple[int, ...], Word, CacheState, Sequence[Round], array | None]] = {}
    for index, match in enumerate(chunker(table.pattern, text).finditer(text) if split is None else split(text)):
        token = match.group()
        known = seen.get(token)
        if known is not None:
            token, data, aliases, ids, symbols, state, steps, cuts = known
            if traces:
                yield chunk_trace(index, match.start(), token, data, aliases, state, steps, symbols, ids, cuts=cuts)
            else:
                yield (match.start(), match.end(), ids) if placed else ids
            continue
        data = token.encode("utf-8")
        whole = byte_ranks.get(data)
        log = RoundLog("", first) if record and whole is None else None
        if whole is not None:
            state, bounds, ids = ("single" if len(data) < 2 else "whole"), [0, len(data)], (whole,)
        else:
            state, bounds = "miss", merge_ranked(data, byte_ranks, log)
            ids = tuple([byte_ranks[data[i:j]] for i, j in pairwise(bounds)])
        if not traces:
            seen[token] = (token, data, "", ids, (), state, (), None)
            yield (match.start(), match.end(), ids) if placed else ids
            continue
        aliases = to_aliases(data)
        symbols = cut_at(aliases, bounds)
        rounds: Sequence[Round] = ()
        cuts = None
        if log is not None and len(log):
            log.attach(aliases)
            rounds, cuts = log, log.cuts()
        seen[token] = (token, data, aliases, ids, symbols, state, rounds, cuts)
        yield chunk_trace(index, match.start(), token, data, aliases, state, rounds, symbols, ids, cuts=cuts)


def run(text: str, table: Table, *, record: bool) -> Iterator[ChunkTrace]:
    """Encode `text` chunk by chunk, as GPT-2's Encoder.encode does, yielding each chunk's trace.

    With `record` off the rounds are not kept (the loop itself is the same).
    """
    return _loop(text, table, record, True)


def chunk_ids(text: str, table: Table) -> Iterator[tuple[int, ...]]:
    """The ids of each chunk of `text`, chunk by chunk (the plain encode loop, not joined).

    >>> from .tables import teaching
    >>> list(chunk_ids("aaa b", teaching()))
    [(256, 64), (220, 65)]
    """
    return _loop(text, table, False, False)


def placed_ids(text: str, table: Table, split: Split | None = None) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """(start, end, ids) of each chunk, its place in the normalised text (`Trace.normalized`) with its ids:
    the plain encode loop again, for a view that draws every chunk where it stands (and may cut the
    normalised text itself with `split`, into the very chunks the table's pattern cuts).

    >>> from .tables import teaching
    >>> list(placed_ids("aaa b", teaching()))
    [(0, 3, (256, 64)), (3, 5, (220, 65))]
    """
    return _loop(text, table, False, False, True, split)


def encode(text: str, table: Table) -> list[int]:
    """GPT-2's encode(): the ids of `text` (the capture loop with recording off)."""
    ids: list[int] = []
    for chunk in chunk_ids(text, table):
        ids += chunk
    return ids


@dataclass(frozen=True, eq=False)
class Trace:
    """The complete, immutable record of one text's encoding with one table."""

    table: Table
    text: str  # as it was given; the chunks' offsets are in `normalized`
    chunks: tuple[ChunkTrace, ...]
    complete: bool = True  # False while a long capture is still running: more chunks will follow

    @cached_property
    def normalized(self) -> str:
        """The text the chunks cut: `text` after the table's normaliser (the same string when it has none)."""
        return self.table.normalize(self.text)

    @cached_property
    def ids(self) -> list[int]:
        return [i for chunk in self.chunks for i in chunk.ids]

    @cached_property
    def byte_count(self) -> int:
        """The text's UTF-8 bytes as the chunks hold them; on a rule on characters, the text's own (the '▁'
        its normaliser writes for a space, 3 bytes, stands for 1, and the one it puts first for none)."""
        if self.table.rule.on_characters:
            return len(self.text.encode("utf-8"))
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

    @cached_property
    def token_count(self) -> int:
        """len(ids), without making the list."""
        return sum(len(c.ids) for c in self.chunks)

    @cached_property
    def most_rounds(self) -> int:
        """The most rounds any one chunk has."""
        return max((len(c.rounds) for c in self.chunks), default=0)

    @cached_property
    def widest(self) -> int:
        """The most symbols any one chunk starts with (no scan has more steps)."""
        return max((len(c.aliases) for c in self.chunks), default=0)

    @cached_property
    def round_chunks(self) -> array[int]:
        """The index of every chunk that has rounds, in order."""
        return array("q", (i for i, c in enumerate(self.chunks) if c.rounds))


def capture(text: str, table: Table) -> Trace:
    """Encode `text` with `table`, recording every round of every chunk."""
    with gc_paused():
        return Trace(table, text, tuple(run(text, table, record=True)))
