"""What the screens and panes report: the messages sent up for a click, a key, typed ids (messages up)."""

from __future__ import annotations

from tests.app_support import Notes, cafe_app, make_app, opened, position
from tui.messages import Move, PairPicked, ShowRank, StepPressed, ViewRequested
from tui.screens.decode import DecodeScreen
from tui.screens.tables import TablesScreen


async def test_a_click_on_a_pair_row_reports_that_pair() -> None:
    """A click on the first row of the pairs pane (a a, rank 0) sends PairPicked for position 0; the app says which rule it is."""
    notes = Notes()
    app = make_app()
    async with opened(app, notes=notes, notifications=True) as pilot:
        await pilot.click("#pairs", offset=(4, 2))  # inside the border, below the note line: row 0
        await pilot.pause()
        assert notes.sent(PairPicked) == [PairPicked(0, ("a", "a"), 0)]
        await pilot.click("#pairs", offset=(4, 4))  # row 2: the pair at position 2, a b
        await pilot.pause()
        assert notes.sent(PairPicked)[-1] == PairPicked(2, ("a", "b"), 1)
        assert any(n.message.startswith("rule 1: a + b → ab") for n in notes.all)


async def test_step_keys_send_steps_and_the_app_moves() -> None:
    """right and end are the encode screen's keys: they send StepPressed, and the app moves the position."""
    notes = Notes()
    app = make_app()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("right", "end")
        assert [m.move for m in notes.sent(StepPressed)] == [Move.NEXT, Move.LAST]  # type: ignore[attr-defined]
        assert position(app) == "chunk 1/1 · round 7/7 · frame 9/9"


async def test_g_asks_for_this_rounds_rule_in_the_table() -> None:
    """g at round 1 of internationalization requests the Tables view with rank 3 (i n) to show; the Tables view shows it."""
    notes = Notes()
    app = cafe_app("internationalization")
    async with opened(app, notes=notes) as pilot:
        await pilot.press("right", "g")
        await pilot.pause()
        (request,) = notes.sent(ViewRequested)
        assert isinstance(request, ViewRequested) and request.view == "tables" and isinstance(request.then, ShowRank)
        assert request.then.rank == 3
        assert request.then.note.startswith("▶ chunk 1, round 1 chose rank 3: i + n → in")
        assert isinstance(app.screen, TablesScreen)


async def test_typed_ids_are_sent_to_decode() -> None:
    """Typing 19526 254 into the Decode view's input and pressing enter decodes them there (no request goes up)."""
    notes = Notes()
    app = cafe_app()
    async with opened(app, "decode", notes=notes) as pilot:
        assert notes.sent(ViewRequested) == [] and isinstance(app.screen, DecodeScreen)
        await pilot.press("slash", "1", "9", "5", "2", "6", "space", "2", "5", "4", "enter")
        await pilot.pause()
        assert notes.sent(ViewRequested) == [] and app.screen.typed == [19526, 254]  # type: ignore[attr-defined]


async def test_the_view_bar_reports_the_view_clicked() -> None:
    """A click on '3 Aliases' in the view bar sends ViewRequested('aliases'), and the app shows that view."""
    notes = Notes()
    app = cafe_app()
    async with opened(app, "decode", notes=notes) as pilot:
        await pilot.click("ViewBar", offset=(24, 0))
        await pilot.pause()
        assert notes.sent(ViewRequested) == [ViewRequested("aliases")]
        assert app.shown_view == "aliases"
