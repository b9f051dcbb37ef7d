"""The Aliases view (tui/screens/aliases.py): the 256 byte aliases as a grid, the selected byte described, lookups both ways."""

from __future__ import annotations

from tests.app_support import cafe_app, make_app, opened, screen_text, submit


async def test_aliases_grid_counts_selection_and_lookups() -> None:
    """188 kept, 68 moved; byte 32 → Ġ → id 220; right selects '!' (id 0); lookups both ways."""
    app = cafe_app()
    async with opened(app, "aliases") as pilot:
        text = screen_text(app)
        assert "188 kept · 68 moved*" in text
        assert "2_ ▸ Ġ* !" in text  # row 2, byte 32 selected: its alias is moved (*)
        assert "byte 32 = 0x20 space" in text and "id 220 = encoder['Ġ']" in text and "* moved: 256+32 = 288" in text
        assert "byte 97 → a → id 64" in text and "alias Ġ = byte 32" in text and "text Ġ = c4 a0 → Ä ł" in text
        await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        assert "byte 33 = 0x21 '!'" in text and "id 0 = encoder['!']" in text and "kept: own code point" in text
        await submit(pilot, "#aliases-find", "97")
        assert "byte 97 = 0x61 'a'" in screen_text(app)
        await submit(pilot, "#aliases-find", "Ġ")
        text = screen_text(app)
        assert "text 'Ġ' = c4 a0" in text and "→ aliases Ä ł" in text and "byte 32 = 0x20" in text


async def test_aliases_view_at_60x18_keeps_the_selected_row_in_view_and_its_panel_readable() -> None:
    """Too narrow for the panel beside the grid: it goes under it, its first lines always in sight (before,
    it was below the grid, off screen), and the grid scrolls so the selected byte's row (F_ for 255) is on screen."""
    app = make_app("café", "gpt2")
    async with opened(app, "aliases", size=(60, 18)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "F_ ▸ ð" in text and "byte 255 = 0xff" in text and "Selected" in text
        await pilot.press("home")
        await pilot.pause()
        text = screen_text(app)
        assert "0_ ▸ Ā*" in text and "byte 0 = 0x00 control" in text  # the panel, on one line
        rows = [line.rstrip() for line in text.splitlines() if line.startswith("│") and "_ " in line[:6]]
        assert rows and all(row.endswith("│") for row in rows), rows  # no scrollbar beside the grid's border
