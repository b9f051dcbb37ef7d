"""Every character of Unicode through each normaliser: bpe-tui's steps give what `tokenizers`' give (its
Unicode tables are older than Python's for NFD, NFKD and NFKC, and newer for Lowercase)."""

from __future__ import annotations

import pytest
from tokenizers import normalizers

from tui.engine.normalize import Normalizer, Step

#: Every code point but the surrogates, a newline after each, in blocks (one call per block).
CODE_POINTS = [chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000]
BLOCKS = ["\n".join(CODE_POINTS[i : i + 20_000]) for i in range(0, len(CODE_POINTS), 20_000)]


@pytest.mark.parametrize("kind", ["NFC", "NFD", "NFKC", "NFKD", "Lowercase"])
def test_every_character_normalises_as_tokenizers_does(kind: str) -> None:
    ours, theirs = Normalizer((Step(kind),)), getattr(normalizers, kind)()
    for block in BLOCKS:
        assert ours.apply(block) == theirs.normalize_str(block)
