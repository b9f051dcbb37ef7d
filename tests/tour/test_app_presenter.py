"""A lecturer's own tour file (README's example, docs/lecture.toml) plays every scene, and the presenter's keys:
space pauses, ] [ G R land on the right scene, z zooms the focused pane and puts it back with its state kept,
at 80x24 and 60x18; none of these keys is a view's own."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import TextArea

from tests.app_support import Notes, opened, screen_text, settle, until
from tui.commands import BY_VIEW, TOUR, ZOOM
from tui.screens.decode import FramesList
from tui.tour.app import TourApp
from tui.tour.files import read_tour
from tui.widgets.ids import IdsPane
from tui.widgets.pairs import PairsPane
from tui.widgets.tokenizer_rows import TokenizerRows
from tui.widgets.training_panes import TrainingCode

EXAMPLE = read_tour(Path(__file__).parents[2] / "docs" / "lecture.toml", deep=True)
SIZES = [(80, 24), (60, 18)]


async def ready(app: TourApp, pilot: Pilot) -> None:
    await settle(app, pilot)
    await pilot.pause(0.05)
    await settle(app, pilot)


def test_no_presenter_key_is_a_views_own() -> None:
    own = {key for commands in BY_VIEW.values() for c in commands if c.action != "play" for key in c.keys.split(",")}
    presenter = {key for c in (*TOUR, ZOOM) for key in c.keys.split(",")}
    assert presenter == {"right_square_bracket", "left_square_bracket", "G", "R", "space", "z"}
    assert not own & presenter  # view 1's space is its play key, which pauses a playing tour too


@pytest.mark.parametrize("size", SIZES)
async def test_readmes_example_plays_every_scene_in_its_view_from_its_position(size: tuple[int, int]) -> None:
    app = TourApp(EXAMPLE)
    async with opened(app, size=size) as pilot:
        await ready(app, pilot)
        assert app.shown_view == "encode" and app.position is not None and app.position.trace.ids == [15496, 995]
        assert app.position.index == len(app.position.frames) - 1  # at = "end"
        assert "scene 1/3: Hello, tokens" in screen_text(app)
        await pilot.press("right_square_bracket")
        await ready(app, pilot)
        assert app.scene == 1 and app.position.index == 1 and app.position.scanning and "scan 0/2" in screen_text(app)
        await pilot.press("right_square_bracket")
        await ready(app, pilot)
        assert app.scene == 2 and app.shown_view == "decode" and "→ '你'" in screen_text(app)


async def test_the_example_plays_by_itself_with_its_scenes_holds() -> None:
    app = TourApp(EXAMPLE[1:], play=True, fps=60, hold=0.05)  # the first scene's hold is 4 s: left out
    async with opened(app, size=(80, 24)) as pilot:
        await until(pilot, lambda: app.scene == 1 and app.shown_view == "decode")
        assert app.current.hold is None and EXAMPLE[0].hold == 4.0


@pytest.mark.parametrize("size", SIZES)
async def test_space_pauses_the_tour_in_any_view_and_resumes_it(size: tuple[int, int]) -> None:
    # decode first: space is the presenter's key there; Decode streams its 2 ids, then holds hold/2 = 1 s
    app = TourApp(EXAMPLE[2:] + EXAMPLE[:1], play=True, fps=60, hold=2.0)
    async with opened(app, size=size) as pilot:
        await until(pilot, lambda: app.shown_view == "decode" and app.player.playing)
        await pilot.press("space")
        assert not app.player.playing and app.scene == 0
        for _ in range(40):  # 2 s: more than the hold would take
            await pilot.pause(0.05)
        assert app.scene == 0
        await pilot.press("space")
        await until(pilot, lambda: app.scene == 1)


@pytest.mark.parametrize("size", SIZES)
async def test_next_previous_go_to_and_restart_land_on_the_right_scene(size: tuple[int, int], notes: Notes) -> None:
    app = TourApp()
    async with opened(app, size=size, notes=notes) as pilot:
        await ready(app, pilot)
        await pilot.press("right_square_bracket", "right_square_bracket")
        await ready(app, pilot)
        assert app.scene == 2
        await pilot.press("left_square_bracket")
        await ready(app, pilot)
        assert app.scene == 1 and app.shown_view == "aliases"
        await pilot.press("G", "9", "enter")
        await ready(app, pilot)
        assert app.scene == 8 and app.shown_view == "explore" and "scene 9/12" in screen_text(app)
        await pilot.press("G", "1", "enter")
        await ready(app, pilot)
        assert app.scene == 0 and app.shown_view == "encode"
        await pilot.press("end")
        assert app.position is not None and app.position.index > 0
        await pilot.press("R")
        await ready(app, pilot)
        assert app.scene == 0 and app.position.index == 0
        await pilot.press("G", "1", "3", "enter")
        await ready(app, pilot)
        assert app.scene == 0 and "There is no scene 13: the scenes are 1 to 12." in notes.messages


@pytest.mark.parametrize("size", SIZES)
async def test_z_zooms_the_focused_pane_to_the_whole_screen_and_back_keeping_its_state(size: tuple[int, int]) -> None:
    app = TourApp()
    async with opened(app, size=size) as pilot:
        await ready(app, pilot)
        await pilot.press("end")
        screen = app.screen
        pairs = screen.query_one(PairsPane)
        assert screen.focused is pairs
        before = screen_text(app)
        await pilot.press("z")
        await settle(app, pilot)
        assert screen.maximized is pairs and pairs.region.width == size[0] and pairs.region.height >= size[1] - 2
        await pilot.press("z")
        await settle(app, pilot)
        assert screen.maximized is None and screen_text(app) == before
        ids = screen.query_one(IdsPane)
        ids.focus()
        await pilot.press("z")
        await settle(app, pilot)
        assert screen.maximized is ids and ids.region.width == size[0]
        assert "17250" in screen_text(app) and "GPT-2 · 50,000" not in screen_text(app)  # only the ids fill the screen
        await pilot.press("escape")
        await settle(app, pilot)
        assert screen.maximized is None and app.position is not None and app.position.index == len(app.position.frames) - 1


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(
    ("scene", "keys", "pane", "shown"),
    [(8, (), TokenizerRows, "GPT-2"), (10, ("c",), TrainingCode, "get_stats"), (6, (), FramesList, "19526")],
    ids=["explorer", "training-code", "decode"],
)
async def test_z_zooms_the_explorer_rows_the_training_code_and_the_decode_tokens(
    size: tuple[int, int], scene: int, keys: tuple[str, ...], pane: type[Widget], shown: str
) -> None:
    """The training view shows its code pane from 140 columns: c shows it here first."""
    app = TourApp()
    async with opened(app, size=size) as pilot:
        await ready(app, pilot)
        await pilot.press("G", *str(scene + 1), "enter", *keys)
        await ready(app, pilot)
        screen = app.screen
        widget = screen.query_one(pane)
        widget.focus()
        await pilot.press("z")
        await settle(app, pilot)
        assert screen.maximized is widget and widget.region.width == size[0] and shown in screen_text(app)
        await pilot.press("z")
        await settle(app, pilot)
        assert screen.maximized is None and app.scene == scene


async def test_the_palette_and_the_help_page_hold_every_presenter_key() -> None:
    from tui.screens.help import help_text

    app = TourApp()
    async with opened(app, size=(80, 24)) as pilot:
        await ready(app, pilot)
        titles = {c.title for c in app.get_system_commands(app.screen)}
    assert {c.title for c in (*TOUR, ZOOM)} <= titles
    flat = " ".join(help_text().split())
    assert "G go to scene N (type N, enter); R restart the scene; space in views 2–9 plays or pauses the tour." in flat
    assert "In every view: z zoom the focused pane, and back (tab moves the focus)." in flat


async def test_a_scene_from_a_text_file_explains_its_pair_and_space_plays_the_tour_from_a_later_view(tmp_path: Path, notes: Notes) -> None:
    (tmp_path / "word.txt").write_text("aaa", encoding="utf-8")
    (tmp_path / "t.toml").write_text(
        '[[scene]]\ntext_file = "word.txt"\ntable = "teaching"\npair = "a a"\nhold = 0\n\n'
        '[[scene]]\ntext = "Hi"\nview = "special"\nhold = 0.05\n\n[[scene]]\ntext = "ab"\nview = "aliases"\nlookup = "a"\n',
        encoding="utf-8",
    )
    app = TourApp(read_tour(tmp_path / "t.toml", deep=True), fps=60)
    async with opened(app, size=(80, 24), notes=notes) as pilot:
        await ready(app, pilot)
        assert app.position is not None and app.position.trace.text == "aaa" and app.scene == 0
        assert any(m.startswith("rule 0: a + a → aa") for m in notes.messages), notes.messages
        await pilot.press("right_square_bracket")
        await ready(app, pilot)
        assert app.shown_view == "special" and not app.player.playing
        await pilot.press("space")  # not playing: the tour plays on from here, past this scene's 0.05 s
        await until(pilot, lambda: app.scene == 2 and app.shown_view == "aliases")


async def test_the_presenter_keys_leave_a_text_box_its_letters() -> None:
    """Editing the explorer's text in a scene, space, z, R and G are typed, not taken by the tour."""
    app = TourApp()
    async with opened(app, size=(80, 24)) as pilot:
        await ready(app, pilot)
        await pilot.press("G", "9", "enter")
        await ready(app, pilot)
        await pilot.press("e", "space", "z", "R", "G")
        await ready(app, pilot)
        assert app.screen.query_one("#explore-text", TextArea).text == " zRG    if"
        assert (app.scene, app.player.playing, app.screen.maximized) == (8, False, None)
