"""Pilot tests: press a number key, then read what the view shows (the whole screen, as text).

A view is built the first time its key is pressed, which costs most of each test's time, so
related checks share one app.
"""

from __future__ import annotations

from textual.widgets import Input

from tests.app_support import (
    CAFE_IDS,
    GPT2_TITLE,
    Notes,
    cafe_app,
    header,
    make_app,
    opened,
    playing,
    screen_text,
    settle,
    submit,
    type_ids,
    until,
)
from tui.screens.aliases import AliasesScreen
from tui.screens.decode import DecodeScreen
from tui.screens.help import help_text
from tui.screens.special import SpecialScreen
from tui.screens.tables import RulesList, TablesScreen

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


# -- decode ----------------------------------------------------------------------------------


async def test_decode_shows_the_trace_ids_with_streaming() -> None:
    """The trace's ids by default: per token bytes, ✓/✗ alone, released text and held bytes."""
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        screen = app.screen
        assert isinstance(screen, DecodeScreen) and screen.run is not None and list(screen.run.ids) == CAFE_IDS
        text = screen_text(app)
        assert "Decode · 8 ids · the trace of 'café 你好'" in text
        assert "vocab 50,257 = 256 + 50,000 + 1 · 12 bytes → 8 tokens" in text
        assert "19526  'ä½'" in text and "✗ '\ufffd' 2 of 3 bytes" in text and "e4 bd" in text
        assert "254  'ł'" in text and "'你'" in text
        assert "= 'café \ufffd\ufffd\ufffd\ufffd'" in text  # the wrong way
        assert "✓ decode(8 ids, errors='replace') = 'café 你好'" in text
        await pilot.press("down", "down", "down", "down")  # token 5: ä½
        await pilot.pause()
        text = screen_text(app)
        assert "token 5/8: id 19526" in text and "released 'café ' · holding e4 bd until its character is complete" in text


async def test_the_decode_hint_suggests_ids_of_the_table_shown() -> None:
    app = make_app("hello", "cl100k_base")
    async with opened(app, "decode", size=(100, 30)) as pilot:
        hint = app.screen.query_one("#decode-ids", Input)
        assert hint.placeholder == "/: type ids (57668 · 100257) · empty: the trace's"
        await pilot.press("t")  # o200k_base
        await until(pilot, lambda: "12370" in hint.placeholder)
        assert hint.placeholder == "/: type ids (12370 · 199999) · empty: the trace's"


async def test_decode_typed_ids_19526_254_both_and_unknown() -> None:
    """[19526] and [254] alone are '�'; [19526, 254] is 你 the right way, �� the wrong way; 99999 is named."""
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        await type_ids(pilot, "19526")
        text = screen_text(app)
        assert "Decode · 1 id · typed ids" in text and "✗ incomplete: 2 of its 3 bytes" in text
        assert "✓ decode(1 id, errors='replace') = '\ufffd'" in text
        await type_ids(pilot, "254")
        text = screen_text(app)
        assert "✗ starts with continuation byte 0xa0" in text and "= '\ufffd'" in text
        await type_ids(pilot, "19526 254")
        text = screen_text(app)
        assert "wrong way  each token alone, then joined: '\ufffd' + '\ufffd' = '\ufffd\ufffd'" in text
        assert "right way  bytes joined, decoded once:    e4 bd a0 → '你'" in text
        await type_ids(pilot, "19526 99999 254")
        text = screen_text(app)
        assert "✗ KeyError: 99999" in text and "decoder[99999] raises KeyError" in text
        assert "✗ unknown: id 99999 (token 2)" in text


async def test_decode_strict_shows_what_raises_not_a_replacement_character() -> None:
    """Under strict, 19526 and 254 alone raise: their rows and the wrong way say so, naming the bytes; no '�' on screen."""
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        await type_ids(pilot, "19526 254")
        await pilot.press("p")
        await until(pilot, lambda: "errors:  replace [strict]" in screen_text(app))
        text = screen_text(app)
        assert "\ufffd" not in text
        assert "✗ raises (2 of 3" in text and "✗ raises (continu" in text
        assert "wrong way  each token alone, then joined: ✗ raises at token 1" in text
        assert "  bytes e4 bd alone raise UnicodeDecodeError: unexpected end of data" in text
        assert "✓ decode(2 ids, errors='strict') = '你'" in text


async def test_decode_strict_versus_replace() -> None:
    """p switches the policy: strict shows the exact UnicodeDecodeError and its position."""
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        await type_ids(pilot, "19526")
        assert "errors: [replace] strict" in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        text = screen_text(app)
        assert "errors:  replace [strict]" in text
        assert "✗ UnicodeDecodeError at positions 0–1: byte 0xe4 of token 1" in text
        assert "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data" in text
        await pilot.press("p")
        await pilot.pause()
        assert "✓ decode(1 id, errors='replace') = '\ufffd'" in screen_text(app)


async def test_decode_bad_input_is_reported_and_c_restores_trace_ids(notes: Notes) -> None:
    app = cafe_app()
    async with opened(app, "decode", notes=notes) as pilot:
        await type_ids(pilot, "12 abc")
        assert any("'abc' is not an id" in n for n in notes.messages)
        await pilot.press("escape", "c")
        await pilot.pause()
        assert "Decode · 8 ids · the trace" in screen_text(app)


# -- aliases ---------------------------------------------------------------------------------


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


# -- tables ----------------------------------------------------------------------------------


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


# -- special ---------------------------------------------------------------------------------


async def test_special_scene_and_decode_50256() -> None:
    app = cafe_app()
    async with opened(app, "special") as pilot:
        text = screen_text(app)
        assert "encode('<|endoftext|>') = [27, 91, 437, 1659, 5239, 91, 29]" in text
        assert "encoder['<|endoftext|>'] = 50256" in text and "decode([50256]) = '<|endoftext|>'" in text
        for word in ("registering", "recognising", "stopping"):
            assert word in text
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DecodeScreen)
        assert "✓ decode(1 id, errors='replace') = '<|endoftext|>'" in screen_text(app)


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
