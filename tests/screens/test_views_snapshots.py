"""Pictures of the round-trip views at 80x24, and the Decode view at 160x50 (update with --snapshot-update).

Toasts are off and cursors never blink (conftest), so each picture depends only on the keys pressed.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.pilot import Pilot

from tests.app_support import cafe_app, make_app, submit


def test_decode_cafe_nihao(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Decode of café 你好's 8 ids at 80x24: ✗ rows for ä½ ł å¥ ½, held e4 bd / e5 a5, wrong 'café ����' vs right 'café 你好'."""
    assert snap_compare(cafe_app(quiet=True), press=["2"])


def test_decode_19526_strict(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """[19526] under strict: 2 of 3 bytes, the UnicodeDecodeError at positions 0–1 with Python's exact message."""

    async def typed(pilot: Pilot) -> None:
        await pilot.press("2")
        await submit(pilot, "#decode-ids", "19526")

    assert snap_compare(cafe_app(quiet=True), run_before=typed, press=["p"])


def test_decode_buffer_160x50(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """At 160x50 the Decode view adds the buffer: token boundaries │, 你 and 好 drawn across them with ─."""
    assert snap_compare(cafe_app(quiet=True), press=["2", "down", "down", "down", "down", "down"], terminal_size=(160, 50))


def test_aliases_grid(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The 16 × 16 alias grid with byte 32 (Ġ*, id 220) selected, 188 kept · 68 moved*, alias Ġ vs text Ġ."""
    assert snap_compare(cafe_app(quiet=True), press=["3"])


def test_tables_rule_of_round_one(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """g from round 1 of internationalization: rank 3 (i n) among its neighbours, ranks 5, 7, 9 marked •, the 50,000-rule check."""
    assert snap_compare(cafe_app("internationalization", quiet=True), press=["right", "g"])


def test_special_scene(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The special-token scene: seven ordinary ids for the literal, 50256 registered, three different things."""

    async def made(pilot: Pilot) -> None:
        await pilot.press("5")
        await pilot.app.workers.wait_for_complete()  # the scene is made in a worker
        await pilot.pause()

    assert snap_compare(cafe_app(quiet=True), run_before=made)


def test_explore_four_spaces_if(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The explorer on '    if HOW'S 1234567' at 80x24: three aligned rows, the first chunk's backtrack explained."""

    async def opened(pilot: Pilot) -> None:
        await pilot.press("6")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(make_app("    if HOW'S 1234567", "gpt2", quiet=True), run_before=opened, press=["home"])


def test_compare_gpt2_cl100k(snap_compare: Callable[..., bool]) -> None:
    """View 8 on 'The year 1234567 was unbelievable' at 80x24: GPT-2 against cl100k_base, stacked, cuts only cl100k_base
    makes marked ▲, 'The' at round 1 (⟦he⟧ against ⟦The⟧ taken whole), both ids and the first divergence explained."""

    async def compared(pilot: Pilot) -> None:
        await pilot.press("8")
        await pilot.app.workers.wait_for_complete()  # both sides are encoded in a worker
        await pilot.pause()

    assert snap_compare(make_app("The year 1234567 was unbelievable", "gpt2", quiet=True), run_before=compared)


def test_chat_tekken_example(snap_compare: Callable[..., bool]) -> None:
    """The Chat view on Tekken: issue 38's conversation in 15 ids, [INST] and [/INST] as control tokens 3 and 4, the
    system prompt in the last user message's frame, the 7 ids the format adds, where mistral-v1's request parts ways."""

    async def shown(pilot: Pilot) -> None:
        await pilot.press("9")
        await pilot.app.workers.wait_for_complete()  # the partner format is rendered in a worker
        await pilot.pause()

    assert snap_compare(make_app("Hi", "tekken", quiet=True), run_before=shown)
