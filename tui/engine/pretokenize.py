"""GPT-2's pre-tokenizer: the regex that cuts text into chunks BPE never merges across.

>>> split("Hello've world123 how's are you!!!?")
['Hello', "'ve", ' world', '123', ' how', "'s", ' are', ' you', '!!!?']
>>> split("    if")
['   ', ' if']
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import regex

#: The exact pattern of openai/gpt-2 src/encoder.py (needs the `regex` package for \p{L} and \p{N}).
GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""

_COMPILED = regex.compile(GPT2_PATTERN)


@cache
def compiled(pattern: str) -> regex.Pattern[str]:
    """A table's regex, compiled once."""
    return _COMPILED if pattern == GPT2_PATTERN else regex.compile(pattern)


def split(text: str) -> list[str]:
    """All chunks of `text`, in order; their concatenation is `text`."""
    return _COMPILED.findall(text)


def iter_spans(text: str) -> Iterator[tuple[int, str]]:
    """(start offset, chunk) for each chunk, produced lazily so long texts can be captured piecewise."""
    for match in _COMPILED.finditer(text):
        yield match.start(), match.group()
