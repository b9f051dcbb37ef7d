"""Trace invariants, checked independently of the engine's own merge code.

For a captured trace: every round chooses the lowest-ranked pair present in the word; the pair's
occurrences are merged left to right without overlapping; the symbol count drops every round; the
loop stops only when one symbol is left or no pair is a rule; the final ids are what `encode()` gives.
On tiktoken's rule (cl100k_base, o200k_base) each step instead joins the one leftmost lowest-ranked
adjacent pair, and a chunk that is itself a token is emitted whole.
"""

from __future__ import annotations

import itertools
from typing import Any

from tui.engine.bpe import Trace, encode
from tui.engine.tables import Table

Word = tuple[str, ...]


def _aliases(data: bytes) -> str:
    """GPT-2's bytes_to_unicode, written out again (printable bytes keep their code point)."""
    kept = [*range(33, 127), *range(161, 173), *range(174, 256)]
    moved = [b for b in range(256) if b not in kept]
    table = {b: chr(b) for b in kept} | {b: chr(256 + n) for n, b in enumerate(moved)}
    return "".join(table[b] for b in data)


def occurrences(word: Word, pair: tuple[str, str]) -> list[int]:
    """Start positions of `pair` in `word`, taken greedily from the left (so they never overlap)."""
    out, i = [], 0
    while i < len(word) - 1:
        if (word[i], word[i + 1]) == pair:
            out.append(i)
            i += 2
        else:
            i += 1
    return out


def merge_at(word: Word, positions: list[int]) -> Word:
    """`word` with the pair starting at each of `positions` joined into one symbol."""
    out: list[str] = []
    starts = set(positions)
    i = 0
    while i < len(word):
        if i in starts:
            out.append(word[i] + word[i + 1])
            i += 2
        else:
            out.append(word[i])
            i += 1
    return tuple(out)


def lowest(word: Word, ranks: Any) -> tuple[int, tuple[str, str]] | None:
    """(rank, pair) of the lowest-ranked pair present in `word`, or None when no pair is a rule."""
    ranked = [(ranks[p], p) for p in set(itertools.pairwise(word)) if p in ranks]
    return min(ranked) if ranked else None


def check_round(word: Word, pair: tuple[str, str], rank: int, new: Word, ranks: Any, where: str) -> list[int]:
    """One round: the lowest pair was chosen, merged at non-overlapping places, and the word shrank."""
    best = lowest(word, ranks)
    assert best is not None, f"{where}: a round ran although no pair of {word} is a rule"
    assert (rank, tuple(pair)) == best, f"{where}: chose {pair} (rank {rank}), the lowest present is {best}"
    positions = occurrences(word, tuple(pair))  # type: ignore[arg-type]
    assert positions and all(b - a >= 2 for a, b in itertools.pairwise(positions)), f"{where}: overlapping merges"
    assert new == merge_at(word, positions), f"{where}: {new} is not {word} with {pair} merged"
    assert len(new) == len(word) - len(positions) < len(word), f"{where}: the symbol count did not drop"
    return positions


def check_stop(word: Word, ranks: Any, where: str) -> None:
    assert len(word) == 1 or lowest(word, ranks) is None, f"{where}: stopped while {lowest(word, ranks)} could merge"


def check_ranked_chunk(chunk: Any, table: Table, where: str) -> None:
    """tiktoken's rule: a chunk that is a token is whole; else each step joins the leftmost lowest-ranked
    adjacent pair (one position), and the loop stops when no adjacent join is a token."""
    byte_ranks = table.byte_ranks
    assert byte_ranks is not None
    decode = {c: b for b, c in enumerate(_aliases(bytes(range(256))))}

    def rank(a: str, b: str) -> int | None:
        return byte_ranks.get(bytes(decode[c] for c in a + b))

    if chunk.cache == "whole":
        assert byte_ranks.get(chunk.data) is not None and chunk.rounds == () and chunk.symbols == (chunk.aliases,), where
        return
    assert byte_ranks.get(chunk.data) is None, f"{where}: a token was merged instead of emitted whole"
    word: Word = tuple(chunk.aliases)
    for r, rnd in enumerate(chunk.rounds, start=1):
        joins = [(q, k) for k, (a, b) in enumerate(itertools.pairwise(word)) if (q := rank(a, b)) is not None]
        assert joins, f"{where} round {r}: a step ran although no join is a token"
        best, k = min(joins)
        assert (rnd.rank, rnd.pair, rnd.at) == (best - 256, (word[k], word[k + 1]), len("".join(word[:k]))), f"{where} round {r}"
        word = (*word[:k], word[k] + word[k + 1], *word[k + 2 :])
        assert chunk.word(r) == word, f"{where} round {r}"
    assert chunk.symbols == word and all(rank(a, b) is None for a, b in itertools.pairwise(word)), where


def check_trace(trace: Trace) -> None:
    """All invariants of a captured trace (see the module docstring)."""
    table: Table = trace.table
    ranks = table.ranks
    assert "".join(c.text for c in trace.chunks) == trace.text
    for chunk in trace.chunks:
        where = f"chunk {chunk.index} {chunk.text[:20]!r}"
        assert chunk.data == chunk.text.encode("utf-8"), where
        assert chunk.aliases == _aliases(chunk.data), where
        if chunk.cache == "hit":
            source = trace.chunks[chunk.source]  # type: ignore[index]
            assert source.index < chunk.index and source.aliases == chunk.aliases and source.cache == "miss", where
            assert chunk.symbols == source.symbols and chunk.rounds == (), where
        elif chunk.cache == "single":
            assert len(chunk.aliases) == 1 and chunk.symbols == (chunk.aliases,) and chunk.rounds == (), where
        elif table.rule.by_bytes:
            check_ranked_chunk(chunk, table, where)
        else:
            word: Word = tuple(chunk.aliases)
            assert len(word) >= 2 and chunk.word(0) == word, where
            for r, rnd in enumerate(chunk.rounds, start=1):
                new = chunk.word(r)
                positions = check_round(word, rnd.pair, rnd.rank, new, ranks, f"{where} round {r}")
                # the engine's own record of the scan agrees: merges at exactly those places
                scan = [s.j for s in chunk.scan(r) if s.kind == "merge"]
                assert scan == positions and rnd.merged == len(positions), f"{where} round {r}: scan {scan}"
                word = new
            assert chunk.symbols == word, where
            check_stop(word, ranks, where)
        assert chunk.ids == tuple(table.encoder[s] for s in chunk.symbols), where
    assert trace.ids == encode(trace.text, table)


def check_recorded(data: dict[str, Any], table: Table) -> None:
    """The same invariants, read only from a trace file's JSON (no engine code involved)."""
    ranks = table.ranks
    ids: list[int] = []
    for n, chunk in enumerate(data["chunks"]):
        where = f"chunk {n} {chunk['text'][:20]!r}"
        assert chunk["aliases"] == _aliases(bytes(chunk["bytes"])) and bytes(chunk["bytes"]) == chunk["text"].encode(), where
        word: Word = tuple(chunk["aliases"])
        if chunk["cache"] == "miss":
            for r, (left, right, rank, *offsets) in enumerate(chunk["rounds"], start=1):
                starts = list(itertools.accumulate(map(len, word), initial=0))
                positions = [starts.index(offset) for offset in offsets]  # the file says where, as alias offsets
                new = merge_at(word, positions)
                assert check_round(word, (left, right), rank, new, ranks, f"{where} round {r}") == positions, where
                word = new
            check_stop(word, ranks, where)
            assert chunk["ids"] == [table.encoder[s] for s in word], where
        else:
            assert chunk["rounds"] == [], where
        ids += chunk["ids"]
    assert data["ids"] == ids == encode(data["text"], table)
