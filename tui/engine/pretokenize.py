"""GPT-2's pre-tokenizer: the regex that cuts text into chunks BPE never merges across.

>>> split("Hello've world123 how's are you!!!?")
['Hello', "'ve", ' world', '123', ' how', "'s", ' are', ' you', '!!!?']
>>> split("    if")
['   ', ' if']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import regex

#: The exact pattern of openai/gpt-2 src/encoder.py (needs the `regex` package for \p{L} and \p{N}).
GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""

#: What `regex` counts as \s among ASCII characters; the standard `re` also counts \x1c–\x1f.
_SPACE = r"\t\n\x0b\x0c\r "

#: GPT-2's pattern for ASCII text in the standard library's `re`: on ASCII every class matches the
#: same characters (\p{L} is A–Z and a–z, \p{N} 0–9, \s spelled out), so the chunks are the same
#: (tests/engine/test_pretokenize.py compares the two), and `regex`, 5 ms to import, waits for the
#: first text or table that needs it: the start-up's text does not.
GPT2_ASCII_PATTERN = rf"""'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^{_SPACE}A-Za-z0-9]+|[{_SPACE}]+(?![^{_SPACE}])|[{_SPACE}]+"""

_ASCII = re.compile(GPT2_ASCII_PATTERN)


class Chunk(Protocol):
    """A match of the pattern: one chunk (what `re` and `regex` matches both are)."""

    def start(self) -> int: ...

    def group(self) -> str: ...


class Chunker(Protocol):
    """A compiled pattern, from `re` or from `regex`."""

    def finditer(self, string: str, /) -> Iterator[Chunk]: ...

    def findall(self, string: str, /) -> list[Any]: ...


@cache
def compiled(pattern: str) -> regex.Pattern[str]:
    """A pattern compiled once with `regex` (a table's, or tui.safe's), imported when first needed: 5 ms at start-up."""
    import regex

    return regex.compile(pattern)


def chunker(pattern: str, text: str) -> Chunker:
    """The compiled `pattern` to cut `text` with: GPT-2's on an ASCII text is GPT2_ASCII_PATTERN."""
    return _ASCII if pattern == GPT2_PATTERN and text.isascii() else compiled(pattern)


def split(text: str) -> list[str]:
    """All chunks of `text`, in order; their concatenation is `text`."""
    return chunker(GPT2_PATTERN, text).findall(text)


def iter_spans(text: str) -> Iterator[tuple[int, str]]:
    """(start offset, chunk) for each chunk, produced lazily so long texts can be captured piecewise."""
    for match in chunker(GPT2_PATTERN, text).finditer(text):
        yield match.start(), match.group()
