"""Deterministic benchmark texts, built from a seeded generator (no downloads, same text every run).

`multilingual(n)` mixes English prose, Python code, Chinese, Japanese, Arabic, emoji and numbers in
segments of a few hundred characters. Words recur as in real text (so GPT-2's chunk cache sees hits),
while Chinese and Japanese runs are random (so many chunks are long and new).
`letters(n)` is one chunk of n random lowercase letters.
"""

from __future__ import annotations

import random
import string

from .wordlists import ARABIC, EMOJI, ENGLISH, HANZI, KANA, KANJI, NAMES

ZIPF = [1 / (k + 1) for k in range(len(ENGLISH))]


def _english(rng: random.Random) -> str:
    words = []
    for _ in range(rng.randint(8, 40)):
        words.append(rng.choices(ENGLISH, ZIPF)[0])  # Zipf-like: the common words recur, as in prose
    sentence = " ".join(words)
    return sentence[0].upper() + sentence[1:] + rng.choice([". ", ", ", "? ", "! ", ".\n\n", "; "])


def _code(rng: random.Random) -> str:
    a, b, c = (rng.choice(NAMES) + ("_" + str(rng.randrange(10)) if rng.random() < 0.3 else "") for _ in range(3))
    lines = [
        f"def {a}({b}, {c}={rng.randrange(100)}):",
        f"    {b} = [{c} ** 2 for {c} in range({rng.randrange(1000)})]  # {rng.choice(ENGLISH)} {rng.choice(ENGLISH)}",
        f"    if {a} is not None and len({b}) >= {rng.randrange(50)}:",
        f"        return {{'{a}': {b}, \"{c}\": {rng.random():.4f}}}",
        f"\treturn {b}[{rng.randrange(9)}:]",
        "",
    ]
    return "\n".join(lines[: rng.randint(2, 6)]) + "\n"


def _run(rng: random.Random, alphabet: str, lo: int, hi: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(lo, hi)))


def _chinese(rng: random.Random) -> str:
    return "".join(_run(rng, HANZI, 2, 30) + rng.choice("，。、；！？") for _ in range(rng.randint(1, 4)))


def _japanese(rng: random.Random) -> str:
    return "".join(_run(rng, KANA + KANJI, 2, 25) + rng.choice("、。") for _ in range(rng.randint(1, 4)))


def _arabic(rng: random.Random) -> str:
    return " ".join(rng.choice(ARABIC) for _ in range(rng.randint(4, 20))) + rng.choice(["، ", ". ", "؟ "])


def _emoji(rng: random.Random) -> str:
    return "".join(rng.choice(EMOJI) + (" " if rng.random() < 0.5 else "") for _ in range(rng.randint(1, 8))) + " "


def _numbers(rng: random.Random) -> str:
    pieces = [
        str(rng.randrange(10 ** rng.randint(1, 9))),
        f"{rng.uniform(-1000, 1000):.{rng.randint(1, 6)}f}",
        f"{rng.randint(1900, 2100)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        f"{rng.randrange(10**7):,}",
        f"0x{rng.randrange(16**6):x}",
        f"{rng.randrange(100)}%",
    ]
    return " ".join(rng.choice(pieces) for _ in range(rng.randint(2, 8))) + " "


KINDS = ((_english, 40), (_code, 15), (_chinese, 12), (_japanese, 10), (_arabic, 8), (_emoji, 5), (_numbers, 10))


def multilingual(size: int = 100_000, seed: int = 5) -> str:
    """`size` characters of mixed-script text, the same for the same seed."""
    rng = random.Random(seed)
    makers, weights = zip(*KINDS, strict=False)
    out: list[str] = []
    total = 0
    while total < size:
        piece = rng.choices(makers, weights)[0](rng)
        out.append(piece)
        total += len(piece)
    return "".join(out)[:size]


def letters(n: int = 5000, seed: int = 5) -> str:
    """One chunk of `n` random lowercase letters (GPT-2's worst case: one long word, few merges apply)."""
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(n))


#: The text shapes of the capture grid (issue 36, item 10): each n characters of one kind.
SHAPES = ("mixed", "letters", "digits", "zwj", "skin tones", "cjk")


def shaped(shape: str, n: int) -> str:
    """n characters of one shape: mixed prose and scripts, one chunk of letters, digits (one chunk each under Qwen),
    man + ZWJ pairs, 👍 + a skin-tone modifier, and one run of CJK with kana."""
    if shape == "mixed":
        return multilingual(n)
    if shape == "letters":
        return letters(n)
    unit = {"digits": "1234567890", "zwj": "\U0001f468\u200d", "skin tones": "\U0001f44d\U0001f3fd", "cjk": "漢字仮名交じり文"}[shape]
    return (unit * (n // len(unit) + 1))[:n]
