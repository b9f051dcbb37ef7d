"""The 256 byte aliases as the Aliases view shows them: a grid in byte order, and text spelled in aliases.

>>> spell("Ġ").aliases, byte_of_alias("Ġ")
('Äł', 32)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.aliases import KEPT, REMAPPED, bytes_to_unicode, unicode_to_bytes
from ..engine.tables import Table


@dataclass(frozen=True, slots=True)
class AliasEntry:
    """One byte of the bijection: its alias, the alias's code point, and the alias symbol's id."""

    byte: int
    alias: str
    kept: bool  # the alias has the byte's own code point (188 bytes); else it moved to 256 + n
    id: int | None  # table.encoder[alias]: the id of the one-symbol token, not the byte value

    @property
    def code_point(self) -> int:
        return ord(self.alias)

    @property
    def moved(self) -> int | None:
        """n for an alias moved to 256 + n, else None."""
        return None if self.kept else self.code_point - 256


def alias_grid(table: Table) -> tuple[AliasEntry, ...]:
    """All 256 bytes in byte order (row = high nibble, column = low nibble in the view)."""
    alias = bytes_to_unicode()
    return tuple(AliasEntry(b, alias[b], b in KEPT, table.encoder.get(alias[b])) for b in range(256))


def alias_counts() -> tuple[int, int]:
    """(kept, moved): (188, 68)."""
    return len(KEPT), len(REMAPPED)


def byte_of_alias(char: str) -> int | None:
    """Reverse lookup: the byte an alias character stands for, or None if it is not an alias ('Ġ' -> 32)."""
    return unicode_to_bytes().get(char)


@dataclass(frozen=True, slots=True)
class Spelling:
    """A piece of input text as GPT-2 writes it: its UTF-8 bytes, one alias each."""

    text: str
    data: bytes
    aliases: str

    @property
    def entries(self) -> list[tuple[int, str]]:
        return list(zip(self.data, self.aliases, strict=True))


def spell(text: str) -> Spelling:
    """Input text → UTF-8 bytes → aliases. spell('Ġ') is bytes [196, 160], aliases 'Äł' (not byte 32)."""
    data = text.encode("utf-8", errors="surrogatepass")
    alias = bytes_to_unicode()
    return Spelling(text, data, "".join(alias[b] for b in data))
