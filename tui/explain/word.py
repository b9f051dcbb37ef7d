"""The current word at one position, as plain data: the old word, the pair merged and where, the new word
as written so far, and the caption and note said with it.

>>> from tui.engine.bpe import capture
>>> from tui.engine.tables import teaching
>>> from .frames import Frames
>>> from .position import Position
>>> trace = capture("aaab", teaching())
>>> pic = picture(Position(trace, Frames(trace), 1), str)
>>> pic.caption, pic.old, sorted(pic.chosen), pic.new
('round 1: merge (a a) rank 0: 4 → 3 symbols', ('a', 'a', 'a', 'b'), [0], ('aa', 'a', 'b'))
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate

from ..engine.chunk import ChunkTrace
from ..engine.tables import Table
from .position import Position
from .words import count


@dataclass(frozen=True)
class WordPicture:
    """A word at one position: the old word, the positions merged, the (partial) new word, a caption and a note."""

    caption: str
    old: tuple[str, ...]
    chosen: frozenset[int]  # old positions j where (first, second) starts an occurrence merged this round
    new: tuple[str, ...] | None  # the new word as written so far (None when nothing is being built)
    cursor: tuple[int, int | None] | None  # scan detail: (i, j)
    focus: int
    ids: tuple[int | str, ...] | None = None  # at the end of a chunk: the id of each final symbol ('243 160 …': its fallback's)
    order: tuple[int, ...] = ()  # `chosen` in order
    note: str = ""  # under the word when there is room: why the rounds are bounded (start and end of a chunk)


@lru_cache(maxsize=16)
def merged_at(chunk: ChunkTrace, r: int) -> frozenset[int]:
    """The old positions where round `r` merged its pair (found once per round, not on every scan step)."""
    return frozenset(merge_order(chunk, r))


@lru_cache(maxsize=16)
def merge_order(chunk: ChunkTrace, r: int) -> tuple[int, ...]:
    """The same positions in order (the new word's index of old position k is k minus the merges before it)."""
    return chunk.merge_positions(r)


def first_merged(chunk: ChunkTrace, r: int) -> int:
    """The first old position round `r` merged (0 when it merged none)."""
    order = merge_order(chunk, r)
    return order[0] if order else 0


def cursor(at: Position) -> tuple[int, int | None]:
    """Scan detail: (i, j) after the steps shown so far ((0, None) before the first)."""
    if at.step == 0:
        return (0, None)
    last = at.steps[at.step - 1]
    return (last.i, last.j)


def word_focus(at: Position) -> int:
    """The old position to keep in view: the scan's j (or i), else the round's first merged pair."""
    frame = at.frame
    if frame.kind != "round":
        return 0
    if not at.scanning:
        return first_merged(at.chunk, frame.round)
    i, j = cursor(at)
    return j if j is not None else i


def rounds_note(at: Position) -> str:
    """Seed 000's bound, at a chunk's first and last frame: N symbols allow at most N−1 rounds, which
    bounds the rounds but not the time (each round scans the whole word again). '' for other frames."""
    chunk, frame = at.chunk, at.frame
    n = len(chunk.aliases)
    if chunk.cache != "miss" or n < 2 or frame.kind == "round":
        return ""
    step = at.trace.table.rule.step
    if frame.kind == "start":
        merges = "joins one pair" if step == "step" else "merges a pair"
        # Two lines under the initial word at 80 columns: they are free here.
        return f"At most {count(n - 1, step)}, as each {merges}; not a time bound: each rescans the word."
    # One line at 80 columns (under the word and its ids).
    return f"{count(len(chunk.rounds), step)}; {count(n, 'symbol')} allow at most {n - 1}."


def picture(at: Position, show: Callable[[str], str]) -> WordPicture:
    """What the word shows at `at`; `show` makes the user's text safe to print (tui.safe.visible where it is drawn)."""
    chunk, frame = at.chunk, at.frame
    if frame.kind != "round":
        word = chunk.word(frame.round) if frame.kind == "start" or chunk.cache not in ("hit", "whole") else chunk.symbols
        returns = at.trace.table.rule.returns
        said = f" ({returns} returns {show(chunk.bpe_string)[:40]!r})" if returns else ""
        if frame.kind == "done" and chunk.cache == "whole":
            caption = f"the whole chunk is one token: no merge ran{said}"
        elif frame.kind == "start":
            caption = f"initial word: {count(len(word), 'symbol')}"
        elif chunk.cache == "hit":
            caption = f"from the cache: {count(len(word), 'symbol')}"
        else:
            caption = f"final word: {count(len(word), 'symbol')}{said}"
        ids = symbol_ids(chunk, word, at.trace.table) if frame.kind == "done" else None
        return WordPicture(caption, word, frozenset(), None, None, 0, ids, note=rounds_note(at))
    old = chunk.word(frame.round - 1)
    chosen = merged_at(chunk, frame.round)
    new_word = chunk.word(frame.round)
    rnd = chunk.rounds[frame.round - 1]
    caption = f"round {frame.round}: merge ({rnd.pair[0]} {rnd.pair[1]}) rank {rnd.rank}: {len(old)} → {count(len(new_word), 'symbol')}"
    if not at.scanning:
        return WordPicture(caption, old, chosen, new_word, None, word_focus(at), order=merge_order(chunk, frame.round))
    written = at.steps[at.step - 1].written if at.step else 0
    return WordPicture(caption, old, chosen, new_word[:written], cursor(at), word_focus(at), order=merge_order(chunk, frame.round))


def symbol_ids(chunk: ChunkTrace, word: tuple[str, ...], table: Table) -> tuple[int | str, ...]:
    """The id under each final symbol: its id, or where symbols fell back to bytes (more ids than symbols), each
    symbol's ids together ('243 160 151 155'), as many as the table's model gives that symbol."""
    ids = chunk.ids
    if len(ids) == len(word) or table.pieces is None:
        return ids
    out: list[int | str] = []
    at = 0
    for symbol in word:
        size = len(table.pieces.piece_ids(symbol))
        group = ids[at : at + size]
        out.append(group[0] if len(group) == 1 else " ".join(map(str, group)))
        at += size
    return tuple(out)


@lru_cache(maxsize=8)
def char_starts(chunk: ChunkTrace) -> array | range:
    """The byte offset where each character of the chunk starts, and the byte count last (made once per chunk)."""
    if len(chunk.data) == len(chunk.text):
        return range(len(chunk.text) + 1)
    sizes = (1 if c < "\x80" else 2 if c < "\u0800" else 3 if c < "\U00010000" else 4 for c in chunk.text)
    return array("q", accumulate(sizes, initial=0))


def focus_bytes(at: Position) -> tuple[int, int]:
    """The bytes [lo, hi) of the pair in focus (marked and kept in view): this round's first chosen
    pair or, in scan detail, the pair (or lone symbol) the last step found at j. Empty (lo == hi),
    where a window of bytes still starts, before the scan's first step and at its tail."""
    frame = at.frame
    if frame.kind != "round":
        return (0, 0)
    word = at.chunk.word(frame.round - 1)  # one alias is one byte (one character, on a rule on characters)
    k = min(word_focus(at), len(word) - 1)
    size = 2
    if at.scanning:
        last = at.steps[at.step - 1] if at.step else None
        size = 0 if last is None or last.kind == "tail" else 2 if last.kind == "merge" else 1
    lo = sum(map(len, word[:k]))  # in C: a word may have thousands of symbols
    hi = lo + sum(map(len, word[k : k + size]))
    if at.trace.table.rule.on_characters:  # a symbol's characters, not its bytes: their bytes are the focus
        starts = char_starts(at.chunk)
        return (starts[lo], starts[hi])
    return (lo, hi)
