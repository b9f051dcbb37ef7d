"""GPT-2's byte aliases: a reversible map from each of the 256 byte values to one printable character.

>>> bytes_to_unicode()[32], bytes_to_unicode()[97], bytes_to_unicode()[160]
('Ġ', 'a', 'ł')
>>> to_aliases(" 你".encode("utf-8"))
'Ġä½ł'
"""

from __future__ import annotations

from functools import cache

#: Bytes whose alias is the character with the same code point: '!'..'~', '¡'..'¬', '®'..'ÿ'.
KEPT: frozenset[int] = frozenset([*range(33, 127), *range(161, 173), *range(174, 256)])
#: The other 68 bytes (0-32, 127-160, 173), moved in ascending order to code points 256, 257, ...
REMAPPED: frozenset[int] = frozenset(range(256)) - KEPT


@cache
def bytes_to_unicode() -> dict[int, str]:
    """The 256-entry bijection byte value -> alias character."""
    table = {b: chr(b) for b in sorted(KEPT)}
    for n, b in enumerate(sorted(REMAPPED)):
        table[b] = chr(256 + n)
    return dict(sorted(table.items()))


@cache
def unicode_to_bytes() -> dict[str, int]:
    """The inverse bijection alias character -> byte value."""
    return {c: b for b, c in bytes_to_unicode().items()}


@cache
def _translation() -> tuple[str, ...]:
    return tuple(bytes_to_unicode()[b] for b in range(256))


def to_aliases(data: bytes) -> str:
    """Replace every byte by its alias: b'Hi !' -> 'HiĠ!'."""
    alias = _translation()
    return "".join([alias[b] for b in data])


def from_aliases(text: str) -> bytes:
    """Restore the bytes of an alias string: 'Ġä½ł' -> b' \\xe4\\xbd\\xa0'. Raises KeyError on a non-alias."""
    decoder = unicode_to_bytes()
    return bytes([decoder[c] for c in text])
