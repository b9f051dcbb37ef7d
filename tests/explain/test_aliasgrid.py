"""The alias grid and spelling (tui/engine/aliasgrid.py): 188 kept, 68 moved, Ġ is byte 32."""

from __future__ import annotations

from tui.engine.tables import Table
from tui.explain.aliasgrid import alias_counts, alias_grid, byte_of_alias, id_legend, kept_breakdown, spell


def test_alias_grid_counts(gpt2_table: Table) -> None:
    """188 bytes keep their code point, 68 move to 256 + n, in ascending byte order."""
    grid = alias_grid(gpt2_table)
    assert len(grid) == 256 and alias_counts() == (188, 68)
    assert sum(e.kept for e in grid) == 188 and sum(not e.kept for e in grid) == 68
    moved = [e for e in grid if not e.kept]
    assert [e.code_point for e in moved] == list(range(256, 324)) and [e.moved for e in moved] == list(range(68))
    assert {e.byte for e in moved} == set(range(33)) | set(range(127, 161)) | {173}


def test_alias_grid_facts(gpt2_table: Table) -> None:
    """Byte 97 → alias a → id 64; byte 33 → ! → id 0; byte 32 → Ġ (U+0120, 256 + 32) → id 220."""
    grid = alias_grid(gpt2_table)
    assert (grid[97].alias, grid[97].id, grid[97].kept) == ("a", 64, True)
    assert (grid[33].alias, grid[33].id) == ("!", 0)
    assert (grid[32].alias, grid[32].code_point, grid[32].moved, grid[32].id) == ("Ġ", 0x120, 32, 220)
    assert (grid[160].alias, grid[160].id) == ("ł", 254)


def test_literal_g_dot_is_two_bytes_not_byte_32() -> None:
    """Input 'Ġ' is UTF-8 [196, 160], two aliases Ä ł; the alias Ġ stands for byte 32."""
    s = spell("Ġ")
    assert list(s.data) == [196, 160] and s.aliases == "Äł" and s.entries == [(196, "Ä"), (160, "ł")]
    assert byte_of_alias("Ġ") == 32 and byte_of_alias("你") is None
    assert spell(" 你").aliases == "Ġä½ł"


def test_the_legend_reads_each_tables_own_ids(gpt2_table: Table) -> None:
    """GPT-2 numbers its one-byte tokens in bytes_to_unicode's order (Ġ = 220); a trained table by byte
    value (Ġ = 32, as the side panel says); a table without them says so for each."""
    from tui.engine.tables.trained import from_training
    from tui.engine.training import train

    assert id_legend(alias_grid(gpt2_table)) == (
        "ids 0–255 follow bytes_to_unicode's order: kept bytes by value, then the moved (! = 0, a = 64, Ġ = 220)"
    )
    trained = from_training(train("the cat the hat", 3)).table
    assert id_legend(alias_grid(trained)) == "ids 0–255 are the byte values (! = 33, a = 97, Ġ = 32)"
    tiny = Table(name="tiny", merges=(("a", "b"),), encoder={"a": 0, "b": 1, "ab": 2}, sha256="0" * 64)
    assert id_legend(alias_grid(tiny)) == "one-byte tokens' ids in this table: ! = —, a = 0, Ġ = —"


def test_the_kept_bytes_are_seed_000s_three_runs() -> None:
    """94 + 12 + 82 = 188 bytes keep their code point."""
    assert kept_breakdown() == "33–126 (94) + 161–172 (12) + 174–255 (82) = 188"
