"""The long texts of issue 28's grid: 1,000,000 characters each, the same every run (seeded).

`one`: one letter repeated; `two`: two letters alternating; `cjk`: random CJK ideographs (one chunk
of 3,000,000 bytes); `base64`: random base64 (letters, digits, + and /: the table's regex cuts it into
many chunks, most of them new).
"""

from __future__ import annotations

import base64
import random

KINDS = ("one", "two", "cjk", "base64")
TABLES = ("gpt2", "cl100k_base", "o200k_base")
SIZE = 1_000_000


def long_text(kind: str, n: int = SIZE) -> str:
    """`n` characters of the kind named."""
    rng = random.Random(28)
    if kind == "one":
        return "a" * n
    if kind == "two":
        return ("ab" * (n // 2 + 1))[:n]
    if kind == "cjk":
        return "".join(chr(c) for c in rng.choices(range(0x4E00, 0x9FA6), k=n))
    if kind == "base64":
        return base64.b64encode(rng.randbytes(n)).decode("ascii")[:n]
    raise ValueError(f"unknown kind {kind!r}")
