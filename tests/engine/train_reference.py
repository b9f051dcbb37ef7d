"""Seed 004's training loop as the seed writes it: the plain reference the fast one is checked against."""

from __future__ import annotations

from itertools import pairwise

import regex

from tui.engine.training import merge


def plain_train(
    text: str, merges: int, pattern: str | None, leaders: list[list[tuple[tuple[int, int], int]]] | None = None
) -> tuple[list[tuple[tuple[int, int], int, int]], int]:
    """The seed's loop as written there: a fresh dict each round, max() by count, merge in every chunk.

    Returns (pair, count, how many pairs had that count) per round, and the tokens left. Given a list
    `leaders`, each round appends to it all its (pair, count) by count, first inserted first among equals.
    """
    chunks = regex.findall(pattern, text) if pattern is not None else [text]
    ids = [list(chunk.encode("utf-8")) for chunk in chunks]
    out = []
    for i in range(merges):
        stats: dict[tuple[int, int], int] = {}
        for chunk_ids in ids:
            for pair in pairwise(chunk_ids):
                stats[pair] = stats.get(pair, 0) + 1
        if not stats:
            break
        pair = max(stats, key=stats.__getitem__)
        if leaders is not None:
            leaders.append(sorted(stats.items(), key=lambda item: -item[1]))  # a stable sort keeps insertion order
        out.append((pair, stats[pair], sum(1 for n in stats.values() if n == stats[pair])))
        ids = [merge(chunk_ids, pair, 256 + i) for chunk_ids in ids]
    return out, sum(len(c) for c in ids)
