"""The app (tui/app/app.py): the number keys switch views and leave the animator's step keys to it, inputs keep the
keys the app binds, the palette and the help page list the views, and one table for every view (`t` anywhere).

Each test presses keys, then reads what the view shows (the whole screen, as text). The views' own checks are
tests/screens' (test_decode.py, test_aliases.py, test_tables.py, test_special.py).
"""

from __future__ import annotations

from tests.app_support import GPT2_TITLE, Notes, cafe_app, header, make_app, opened, playing, screen_text, settle
from tui.screens.aliases import AliasesScreen
from tui.screens.decode import DecodeScreen
from tui.screens.help import help_text
from tui.screens.special import SpecialScreen
from tui.screens.tables import TablesScreen

# -- switching -------------------------------------------------------------------------------


async def test_number_keys_switch_views_and_step_keys_stay_with_the_animator() -> None:
    """2–5 open the views over the animator (the view bar brackets the current one); right/space/end
    do not step the animator meanwhile; 1 returns to it and its step keys work again."""
    app = cafe_app()
    async with opened(app) as pilot:
        for key, screen in (("2", DecodeScreen), ("3", AliasesScreen), ("4", TablesScreen), ("5", SpecialScreen)):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, screen) and len(app.screen_stack) == 2, key
            assert f"[{key} " in screen_text(app).splitlines()[0]
            await pilot.press("right", "space", "end", "l")
            assert app.position is not None and app.position.index == 0 and not playing(app), key
        await pilot.press("1")
        await pilot.pause()
        assert len(app.screen_stack) == 1 and app.shown_view == "encode"
        await pilot.press("right")
        assert app.position.index == 1
        await pilot.press("end")
        assert app.position.index == len(app.position.frames) - 1


async def test_inputs_keep_the_keys_the_app_binds() -> None:
    """Typed into the ids input, digits, space, home, end, left and right edit the text."""
    app = cafe_app()
    async with opened(app) as pilot:
        await pilot.press("2", "slash", "2", "5", "4", "home", "1", "9", "5", "2", "6", "space", "end", "left", "right")
        assert app.screen.query_one("#decode-ids").value == "19526 254"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert app.position is not None and app.position.index == 0
        assert "✓ decode(2 ids, errors='replace') = '你'" in screen_text(app)


async def test_palette_and_help_list_the_views() -> None:
    """The command palette and the help page name every view; under the help, number keys do nothing."""
    app = cafe_app()
    async with opened(app) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("View 1: Encode (the animator)", "View 2: Decode, frame by frame", "View 3: the 256 byte aliases",
                      "View 4: tables, rank vs id, all rules", "View 5: special tokens", "This round's rule in the rule table"):  # fmt: skip
            assert title in titles
        for line in ("2 Decode", "3 Aliases", "4 Tables", "5 Special"):
            assert line in help_text()
        await pilot.press("2", "question_mark", "3")
        await pilot.pause()
        assert isinstance(app.screen_stack[1], DecodeScreen) and len(app.screen_stack) == 3


# -- one table for every view ----------------------------------------------------------------


async def test_t_in_any_view_switches_the_app_table_and_every_view_follows() -> None:
    """`t` in the Tables view recaptures the text under the next table: the Tables view, the Decode
    view and the animator all show GPT-2 afterwards (before, `t` there changed that view alone)."""
    app = make_app("aaababcabxyz", "teaching")
    async with opened(app, "tables") as pilot:
        assert "holds for 9 of 9 rules" in screen_text(app)
        await pilot.press("t")
        await settle(app, pilot)
        assert app.position.trace.table.name == "gpt2" and app.position.trace.text == "aaababcabxyz"
        assert "holds for 50,000 of 50,000 rules" in screen_text(app)
        await pilot.press("2")
        await pilot.pause()
        # GPT-2's ids for this text, decoded in view 2 without pressing anything else.
        assert "Decode · 6 ids · the trace of 'aaababcabxyz'" in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        assert GPT2_TITLE in header(app)[0]


async def test_the_tour_keys_outside_the_tour_say_where_the_tour_is(notes: Notes) -> None:
    """] and [ are the tour's keys; in the app they once did nothing, silently."""
    app = make_app()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert notes.messages[-1] == "No tour runs here: ] and [ move between the scenes of bpe-tui tour."


async def test_the_palette_offers_cancel_only_while_a_capture_runs() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await settle(app, pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Cancel the capture" not in titles and "Next frame" in titles


async def test_a_normalised_header_says_the_texts_bytes_and_the_normalised_ones() -> None:
    """Qwen 3 composes 'e' + U+0301 into 'é' (NFC): the header says both byte counts."""
    app = make_app("cafe\u0301", "qwen3")
    async with opened(app) as pilot:
        await settle(app, pilot)
        assert "6 bytes, 5 after NFC → 2 tokens" in screen_text(app).splitlines()[0]
