"""Where a view draws a stand-in or cuts a number, the full value is one look away: the editor names the character
behind the stand-in at its cursor (in the panes' spelling), and Explore's panel lists a chunk's token ids first
while the ids under the rows are cut to their columns."""

from __future__ import annotations

from tests.app_support import make_app, opened, settle
from tests.screens.test_dialogs_editor import type_keys
from tui.engine.bpe import chunk_ids
from tui.engine.tables import get_table
from tui.safe import visible
from tui.screens.dialogs import EditBox
from tui.widgets.text_panel import TextPanel


async def test_the_editor_says_what_the_stand_in_at_its_cursor_is() -> None:
    """👍🏽 is drawn 👍◌ in the box (one column per character); on the ◌ the line under the box spells it as the
    Chunks pane does, ⟨U+1F3FD⟩; on a character drawn as itself the line is gone."""
    app = make_app()
    async with opened(app, size=(80, 24)) as pilot:
        await pilot.press("e")
        box = app.screen.query_one(EditBox)
        box.clear()
        await type_keys(app, pilot, "ab👍\U0001f3fd")
        await pilot.press("left")
        await pilot.pause()
        line = app.screen.query_one("#stand-in")
        assert visible("\U0001f3fd") == "⟨U+1F3FD⟩"  # the panes' spelling
        assert (line.display, str(line.render())) == (True, "◌ at the cursor is ⟨U+1F3FD⟩ EMOJI MODIFIER FITZPATRICK TYPE-4")
        await pilot.press("left", "left")
        await pilot.pause()
        assert not line.display
        await pilot.press("escape")


async def test_explore_lists_the_chunks_full_ids_first_while_v_shows_ids_under_the_rows() -> None:
    """At 60x18 the ids under 'aaababcabxyz' are cut to their token's columns ('3…'); the panel then starts with the
    chunk's place and its tokens, every id whole, and v again puts the branches back first."""
    text = "aaababcabxyz"
    app = make_app(text)
    async with opened(app, "explore", size=(60, 18)) as pilot:
        await pilot.press("v")
        await settle(app, pilot)
        ids = next(chunk_ids(text, get_table("gpt2")))
        lines = app.screen.query_one("#explore-explain", TextPanel).text.plain.splitlines()
        assert lines[0] == f"GPT-2 · chunk 1/1 '{text}' at 0"
        assert lines[1].startswith(f"{len(ids)} tokens: " + " ".join(map(str, ids)) + "   enter: animate it under GPT-2")
        await pilot.press("v")
        await settle(app, pilot)
        lines = app.screen.query_one("#explore-explain", TextPanel).text.plain.splitlines()
        assert lines[0].startswith(f"GPT-2 · chunk 1/1 '{text}' at 0 · branch ")
