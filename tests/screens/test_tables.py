"""The Tables view (tui/screens/tables.py): the sizes of what initialisation builds, the rank/id check, every rule,
a jump to a rank, search, and the animator's g to the round's rule."""

from __future__ import annotations

from tests.app_support import cafe_app, make_app, opened, screen_text, submit
from tui.screens.tables import RulesList, TablesScreen


async def test_tables_sizes_check_jump_and_search() -> None:
    """Sizes of what initialisation builds; the check over 50,000 rules; jump to a rank; search."""
    app = cafe_app()
    async with opened(app, "tables") as pilot:
        text = screen_text(app)
        assert "✓ encoder[left + right] == 256 + rank holds for 50,000 of 50,000 rules" in text
        assert "0–255 (bytes) and 50256 '<|endoftext|>' (special) have no rank." in text
        for row in ("byte_encoder    256", "byte_decoder    256", "encoder      50,257", "decoder      50,257", "bpe_ranks    50,000"):
            assert row in text
        assert "0 Ġ         t         Ġt                256  ✓           ' t'" in text
        rules = app.screen.query_one(RulesList)
        assert rules.count == 50000
        await submit(pilot, "#tables-find", "45353")
        assert rules.cursor == 45353 and "45,353 intern    ational   international   45609  ✓" in screen_text(app)
        await pilot.press("end")
        assert rules.cursor == 49999
        await submit(pilot, "#tables-find", "id 45609")
        assert rules.cursor == 45353
        await submit(pilot, "#tables-find", "the")
        await pilot.press("n")
        await pilot.pause()
        assert "match 2/282" in screen_text(app)


async def test_encode_key_g_jumps_to_the_rounds_rule_with_neighbours() -> None:
    """From round 1 of 'internationalization' (rank 3, i n), g shows that rule among ranks 2 and 4;
    the other ranks the text used are marked •, and u steps to the next one."""
    app = cafe_app("internationalization")
    async with opened(app) as pilot:
        await pilot.press("right", "g")
        await pilot.pause()
        assert isinstance(app.screen, TablesScreen)
        rules = app.screen.query_one(RulesList)
        assert rules.cursor == 3
        text = screen_text(app)
        assert "chunk 1, round 1 chose rank 3: i + n → in" in text
        assert "2 h         e" in text and "▶•     3 i         n" in text and "4 r         e" in text
        assert "•     5 o         n" in text
        await pilot.press("u")
        await pilot.pause()
        assert rules.cursor == 5 and "used rank 5: 2 of 14 used by this text" in screen_text(app)


async def test_tables_teaching_table() -> None:
    app = make_app("aaababcabxyz", "teaching")
    async with opened(app, "tables"):
        text = screen_text(app)
        assert "holds for 9 of 9 rules" in text and "Rules · teaching · 9 by rank" in text
