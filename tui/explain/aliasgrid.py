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
    """All 256 bytes in byte order (row = high nibble, column = low nibble in the view). A table on characters
    has no aliases: each byte shows as two hex digits, and its id is its byte piece's (`<0x41>`), the fallback's."""
    if table.rule.on_characters:
        return tuple(AliasEntry(b, f"{b:02X}", True, table.encoder.get(byte_piece(b))) for b in range(256))
    alias = bytes_to_unicode()
    return tuple(AliasEntry(b, alias[b], b in KEPT, table.encoder.get(alias[b])) for b in range(256))


def byte_piece(b: int) -> str:
    """The piece a byte falls back to in SentencePiece's vocabularies: '<0x41>'."""
    return f"<0x{b:02X}>"


def pieces_legend(entries: tuple[AliasEntry, ...], table: Table) -> str:
    """What the grid is on a table on characters, in one sentence with the table's own ids."""
    ids = [e.id for e in entries]
    first = ids[0]
    span = f"ids {first:,}–{first + 255:,} (byte + {first:,})" if first is not None and ids == [*range(first, first + 256)] else "ids above"
    space = table.encoder.get("▁")
    return (
        f"{table.rule.owner} merges characters (a space is ▁{'' if space is None else f', id {space:,}'}); "
        f"a character that is no piece falls back to these byte pieces: {span}"
    )


def id_legend(entries: tuple[AliasEntry, ...]) -> str:
    """How the table numbers its 256 one-byte tokens, with three examples read from the table itself:
    GPT-2's order (kept bytes first, then the moved: Ġ = 220), the byte values (a trained table: Ġ = 32),
    or, for any other order, just the three ids."""
    shown = [entries[b] for b in (33, 97, 32)]  # '!', 'a', and the space's alias Ġ
    examples = ", ".join(f"{e.alias} = {'—' if e.id is None else e.id}" for e in shown)
    ids = [e.id for e in entries]
    if ids == [*range(256)]:
        return f"ids 0–255 are the byte values ({examples})"
    first = ids[0]
    if first is not None and ids == [*range(first, first + 256)]:  # Tekken: its special tokens come first
        return f"ids {first:,}–{first + 255:,} are the byte values + {first:,} ({examples})"
    kept = [e.id for e in entries if e.kept]
    moved = [e.id for e in sorted((e for e in entries if not e.kept), key=lambda e: e.code_point)]
    if kept + moved == [*range(256)]:
        return f"ids 0–255 follow bytes_to_unicode's order: kept bytes by value, then the moved ({examples})"
    return f"one-byte tokens' ids in this table: {examples}"


def runs(values: list[int]) -> list[tuple[int, int]]:
    """Consecutive runs of sorted `values` as (first, last): [33..126, 161..172] -> [(33, 126), (161, 172)]."""
    found: list[tuple[int, int]] = []
    for v in values:
        if found and found[-1][1] == v - 1:
            found[-1] = (found[-1][0], v)
        else:
            found.append((v, v))
    return found


def kept_breakdown() -> str:
    """Seed 000's sum of the bytes that keep their code point: '33–126 (94) + 161–172 (12) + 174–255 (82) = 188'."""
    parts = [f"{a}–{b} ({b - a + 1})" for a, b in runs(sorted(KEPT))]
    return " + ".join(parts) + f" = {len(KEPT)}"


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
