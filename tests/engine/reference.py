"""An independent, straightforward GPT-2 encoder written from seed 000's pseudo-code, for comparisons.

It shares no code with tui.engine: its own alias map, regex and merge loop (with GPT-2's get_pairs set).
"""

from __future__ import annotations

import itertools

import regex

#: The pattern of openai/gpt-2 src/encoder.py, written out here rather than imported from the engine.
SEED_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
_PAT = regex.compile(SEED_PATTERN)


def seed_bytes_to_unicode() -> dict[int, str]:
    """bytes_to_unicode exactly as seed 000 describes it (openai/gpt-2 src/encoder.py)."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, map(chr, cs), strict=False))


BYTE_ENCODER = seed_bytes_to_unicode()


def get_pairs(word):
    return set(itertools.pairwise(word))


def reference_bpe(token: str, bpe_ranks) -> tuple[list[tuple[str, ...]], list[tuple[tuple[str, str], int]]]:
    """GPT-2's bpe() loop; returns every word (the initial one first) and every (pair, rank) chosen."""
    word = tuple(token)
    words = [word]
    chosen = []
    pairs = get_pairs(word)
    if not pairs:
        return words, chosen
    while True:
        bigram = min(pairs, key=lambda pair: bpe_ranks.get(pair, float("inf")))
        if bigram not in bpe_ranks:
            break
        first, second = bigram
        new_word = []
        i = 0
        while i < len(word):
            try:
                j = word.index(first, i)
            except ValueError:
                new_word.extend(word[i:])
                break
            new_word.extend(word[i:j])
            i = j
            if i < len(word) - 1 and word[i + 1] == second:
                new_word.append(first + second)
                i += 2
            else:
                new_word.append(word[i])
                i += 1
        word = tuple(new_word)
        words.append(word)
        chosen.append((bigram, bpe_ranks[bigram]))
        if len(word) == 1:
            break
        pairs = get_pairs(word)
    return words, chosen


def reference_chunks(text: str) -> list[str]:
    return _PAT.findall(text)


def reference_encode(text: str, bpe_ranks, encoder) -> list[int]:
    """GPT-2's encode(): regex chunks, byte aliases, bpe(), then ' '.join / split(' ') and encoder lookups."""
    ids = []
    for token in reference_chunks(text):
        token = "".join(BYTE_ENCODER[b] for b in token.encode("utf-8"))
        words, _ = reference_bpe(token, bpe_ranks)
        ids.extend(encoder[s] for s in " ".join(words[-1]).split(" "))
    return ids
