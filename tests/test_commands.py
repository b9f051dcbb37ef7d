"""One registry of commands (tui/commands.py): every key a view binds has a palette entry and a help line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from textual.binding import Binding

from tests.app_support import cafe_app, make_app, opened, screen_text, settle, until
from tui.commands import ALL_VIEWS, BY_VIEW, CANCEL, ENCODE, ENCODE_HELP, LATER_VIEWS, QUIT, VIEWS, help_cells
from tui.screens.aliases import AliasesScreen
from tui.screens.base import ViewScreen
from tui.screens.compare import CompareScreen
from tui.screens.decode import DecodeScreen
from tui.screens.encode import EncodeScreen
from tui.screens.explore import ExploreScreen
from tui.screens.help import help_text
from tui.screens.special import SpecialScreen
from tui.screens.tables import TablesScreen
from tui.screens.train import TrainScreen


def flat_help() -> str:
    """The help page with its line breaks and indents as single spaces (its paragraphs are wrapped)."""
    return " ".join(help_text().split())


SCREENS: list[type] = [EncodeScreen, DecodeScreen, AliasesScreen, TablesScreen, SpecialScreen, ExploreScreen, TrainScreen, CompareScreen]


@pytest.mark.parametrize("screen", SCREENS, ids=lambda s: s.VIEW)
def test_every_binding_comes_from_the_registry_with_a_title_and_a_help_line(screen: type) -> None:
    """Each binding of a view is one registry entry (same keys, same action) with a palette title and help words."""
    commands = BY_VIEW[screen.VIEW]
    bound = [(b.key, b.action) for b in screen.BINDINGS if isinstance(b, Binding)]
    assert bound == [(c.keys, c.action) for c in commands]
    for command in commands:
        assert command.title and command.help, command
        if screen is not EncodeScreen and command.action.startswith("app."):
            continue  # help, quit and the view keys are listed once, with the animator's
        assert " ".join(command.help.split()) in flat_help(), command


def test_the_help_table_lists_every_animator_command() -> None:
    """The keys table is laid out from ENCODE_HELP; every animator command falls in one of its cells."""
    shown = help_cells(ENCODE_HELP)
    for cell in help_cells(ENCODE):
        assert cell in shown, cell
    lines = help_text().splitlines()
    for keys, words in shown:
        assert any(re.search(rf"(^|  ){re.escape(keys)} +{re.escape(words)}(  |$)", line) for line in lines), (keys, words)


@pytest.mark.parametrize("size", [(60, 18), (80, 24), (120, 40), (160, 50)])
async def test_the_help_page_fits_its_width_and_never_breaks_a_key_from_its_words(size: tuple[int, int]) -> None:
    """At every size each key and its words share a line (at 80x24 'space  play /' once broke from 'pause'),
    no line is wider than the page, and the opening sentence wraps at most once."""
    from tui.screens.help import HelpScreen, HelpText

    app = make_app()
    async with opened(app, size=size) as pilot:
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        page = app.screen.query_one(HelpText)
        lines = str(page.content).splitlines()
        assert max(map(len, lines)) <= page.size.width
        for keys, words in help_cells(ENCODE_HELP):
            assert any(re.search(rf"(^|  ){re.escape(keys)} +{re.escape(words)}(  |$)", line) for line in lines), (keys, words)
        assert lines.index("") <= 2  # the opening sentence: two lines at most


async def test_at_80_columns_every_key_is_named_on_screen() -> None:
    """The footer at 80 columns holds all its labels and the palette (before, the round and chunk moves
    and the palette fell off its end); the move keys are named on the borders of what they move."""
    app = make_app()
    async with opened(app) as pilot:
        await settle(app, pilot)  # one pause is not always one full draw on a loaded machine
        lines = screen_text(app).splitlines()
        assert " ".join(lines[-1].split()) == "space play d scan t table e edit x examples ? help q quit 1-9 views ▏^p palette"
        assert "─ ←→ frame · shift ←→ round ─╯" in lines[18]
        assert "╭─ Chunks · pgdn pgup ─" in lines[4]


async def test_the_palette_offers_each_command_of_the_view_shown() -> None:
    """Over each view the command palette holds every command of that view by its title (quit is Textual's own)."""
    app = cafe_app()
    async with opened(app) as pilot:
        for key, view in (
            ("1", "encode"),
            ("2", "decode"),
            ("3", "aliases"),
            ("4", "tables"),
            ("5", "special"),
            ("6", "explore"),
            ("7", "train"),
            ("8", "compare"),
            ("9", "chat"),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert app.shown_view == view
            assert isinstance(app.screen, (EncodeScreen, ViewScreen))
            titles = {c.title for c in app.get_system_commands(app.screen)}
            offered = {c.title for c in BY_VIEW[view] if c is not QUIT and getattr(app.screen, "offers", lambda _: True)(c.action)}
            assert offered <= titles, view
            assert (CANCEL.title in titles) == (view == "encode" and bool(getattr(app.screen, "busy", None))), (
                view
            )  # nothing to cancel, none offered


def test_every_view_is_in_the_views_independence_contract() -> None:
    """A new view joins the import contract that keeps views from importing each other."""
    config = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["name"] == "Views never import each other")
    assert sorted(contract["modules"]) == sorted(f"tui.screens.{v.name}" for v in VIEWS)


def test_every_view_has_a_key_a_bar_label_a_palette_title_a_help_paragraph_and_a_screen() -> None:
    """The registry is complete: each view's key is its place (1, 2, …), its paragraph is on the help page after its key and label."""
    import importlib

    assert [v.key for v in VIEWS] == [str(n) for n in range(1, len(VIEWS) + 1)]
    flat = flat_help()
    for view in VIEWS:
        assert view.label and view.title.startswith(f"View {view.key}: ") and view.help, view
        assert f"{view.key} {view.label} {' '.join(view.help.split())}" in flat, view.name
        assert view.name == getattr(importlib.import_module(f"tui.screens.{view.name}"), view.screen).VIEW
    assert f"Views: {ALL_VIEWS} " in flat and f"In views {LATER_VIEWS}, " in flat
    assert (ALL_VIEWS, LATER_VIEWS) == ("1–9", "2–9")


def test_every_binding_of_a_screen_or_dialog_is_a_registry_command_with_a_title_and_help() -> None:
    """Outside the widgets' own lists (each marked local), no screen or dialog binds a key the registry does not hold."""
    from tui.commands import ALIAS_GRID, CANCEL_DIALOG, CANCEL_EDIT, CLOSE_HELP, COMPLETE_PATH, CONFIRM, EDIT_BOX, TOUR, Command
    from tui.screens import dialogs
    from tui.screens.aliases import AliasGrid
    from tui.screens.help import HelpScreen
    from tui.screens.toosmall import TooSmallScreen
    from tui.tour.app import TourApp

    registry: list[Command] = [*ALIAS_GRID, *EDIT_BOX, CANCEL_DIALOG, COMPLETE_PATH, CANCEL_EDIT, *CONFIRM, CLOSE_HELP, *TOUR, QUIT]
    for command in registry:
        assert command.title and command.help, command
    known = {(c.keys, c.action) for c in registry}
    owners = [AliasGrid, TooSmallScreen, TourApp, dialogs.EditBox, dialogs.EditScreen, dialogs.PathScreen, dialogs.ConfirmScreen]
    owners += [dialogs.PickerScreen, HelpScreen]
    for owner in owners:
        bound = {(b.key, b.action) for b in owner.BINDINGS if isinstance(b, Binding)}
        assert bound and bound <= known, owner


def test_the_help_page_names_the_tours_keys_which_no_view_binds() -> None:
    assert "In the guided tour (bpe-tui tour): ] / [ next / previous scene; space pauses --play." in flat_help()
    view_keys = {key for commands in BY_VIEW.values() for command in commands for key in command.keys.split(",")}
    assert "p" in view_keys and not view_keys & {"right_square_bracket", "left_square_bracket"}
