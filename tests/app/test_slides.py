"""For the lecture hall: hands-free play (--play --fps --loop --start), themes (--theme, T), screenshots
(--screenshot, S), the token colours, and one sentence with exit status 2 for each bad option."""

from __future__ import annotations

import html
import re
from itertools import pairwise
from pathlib import Path

import pytest
from rich.style import Style
from rich.text import Text
from textual.color import Color

from tests.app_support import IdsPane, Notes, header, hold_play_timer, make_app, opened, playing, position, settle, until
from tests.robust.terminal import screen_output
from tui.app import BpeApp
from tui.app.slides import check_theme, next_theme, shot_name, theme_names
from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.explain.explorer import build_row
from tui.playback import Playback, PlaybackError, step_speed
from tui.screens.encode import EncodeScreen
from tui.widgets.token_colours import HUES, indices, palette_index, tints
from tui.widgets.tokenizer_rows import text_line, window

REVERSE = re.compile(r"\x1b\[(?:[0-9;]*;)?7(?:;[0-9;]*)?m")


def svg_text(path: Path) -> str:
    """The characters an SVG screenshot shows, tags dropped and non-breaking spaces made plain."""
    return html.unescape(re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))).replace("\xa0", " ")


# -- the command line ----------------------------------------------------------------------------


def test_screenshot_writes_the_start_frame_as_svg(cli, tmp_path: Path) -> None:
    """`--screenshot FILE --start 3` on the teaching default draws frame 3 of 9 headless and exits 0."""
    target = tmp_path / "frame.svg"
    assert cli("--screenshot", str(target), "--start", "3") == (0, "", f"wrote {target}: frame 3/9 of 1 chunk, 7 rounds, 3 ids\n")
    shown = svg_text(target)
    assert target.read_text(encoding="utf-8").startswith("<svg")
    assert "chunk 1/1 · round 2/7 · frame 3/9" in shown
    assert "teaching · 9 rules" in shown
    assert "space play" in shown and "q quit" in shown  # the footer, as S draws it
    assert_offline(target)


def assert_offline(svg: Path) -> None:
    """An SVG screenshot fetches nothing (no URL but its namespace) and names local fonts that cover CJK."""
    text = svg.read_text(encoding="utf-8")
    assert re.findall(r"https?://[^\s\"')]+", text) == ["http://www.w3.org/2000/svg"]
    assert "@font-face" not in text and '"Noto Sans Mono CJK SC"' in text


def test_screenshot_of_a_text_file_under_a_table_and_theme(cli, tmp_path: Path) -> None:
    """--text-file works for the app as for the commands; --theme is applied before the picture is taken."""
    source = tmp_path / "in.txt"
    source.write_text("Hi 你!", encoding="utf-8")
    target = tmp_path / "hi.svg"
    code, out, err = cli("--table", "gpt2", "--text-file", str(source), "--theme", "textual-light", "--screenshot", str(target))
    assert (code, out, err) == (0, "", f"wrote {target}: frame 1/8 of 3 chunks, 2 rounds, 5 ids\n")
    assert "chunk 1/3 · round 0/1 · frame 1/8" in svg_text(target)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--fps", "0"], "--fps must be a number of frames per second above 0, not 0."),
        (["--play", "--fps", "-2"], "--fps must be a number of frames per second above 0, not -2."),
        (["--fps", "1000"], "--fps can be at most 60 frames per second, not 1000."),
        (["--start", "10"], "--start 10 is past the last frame: this trace has 9 frames."),
        (["--start", "0"], "--start counts frames from 1, as the header does; 0 is not a frame."),
        (["--text", "a", "--start", "3"], "--start 3 is past the last frame: this trace has 2 frames."),
        (["--theme", "beamer"], f"there is no theme 'beamer'; the themes are: {', '.join(theme_names())}."),
    ],
)
def test_bad_lecture_options_are_one_sentence_and_exit_2(cli, argv: list[str], message: str) -> None:
    assert cli(*argv) == (2, "", f"bpe-tui: {message}\n")


def test_a_screenshot_path_that_cannot_be_written(cli, tmp_path: Path) -> None:
    """A missing folder, or a folder in the file's place: one sentence, exit 2, and no app is started."""
    missing = tmp_path / "no" / "x.svg"
    assert cli("--screenshot", str(missing)) == (
        2,
        "",
        f"bpe-tui: cannot write the screenshot {missing}: the folder {missing.parent} does not exist.\n",
    )
    assert cli("--screenshot", str(tmp_path)) == (2, "", f"bpe-tui: cannot write the screenshot {tmp_path}: it is a folder.\n")


def test_a_trace_file_with_a_text_file_is_refused(cli, tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text("abc", encoding="utf-8")
    assert cli("traces/x.json", "--text-file", str(source)) == (
        2,
        "",
        "bpe-tui: give either a trace file or --text / --text-file, not both.\n",
    )


def test_playback_values() -> None:
    assert Playback(play=True, fps=10).label(10) == "▶ 10 fps"
    assert Playback.label(0.5) == "▶ 0.5 fps"
    assert [step_speed(2.0, 1), step_speed(2.0, -1), step_speed(20.0, 1), step_speed(0.5, -1), step_speed(7.0, 1)] == [
        3.0,
        1.0,
        20.0,
        0.5,
        10.0,
    ]
    with pytest.raises(PlaybackError, match="above 0, not nan"):
        Playback(fps=float("nan"))
    Playback(start=9).check(9)  # the last frame is a frame


# -- hands-free ----------------------------------------------------------------------------------


def lecture_app(text: str = "aaababcabxyz", **options: object) -> BpeApp:
    return BpeApp(capture(text, get_table("teaching")), playback=Playback(**options))  # type: ignore[arg-type]


async def test_play_fps_loop_reaches_the_end_and_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--play --fps 10 --loop`: playing at once, '▶ 10 fps' in the header, the last frame, then frame 1 again."""
    hold_play_timer(monkeypatch)
    app = lecture_app(play=True, fps=10, loop=True, hold=0)  # the hold at the last frame: tests/app/test_player.py
    async with opened(app) as pilot:
        screen = app.screen
        assert isinstance(screen, EncodeScreen) and app.player._timer is not None
        assert app.player._timer._interval == 1 / 10
        assert playing(app) and position(app) == "chunk 1/1 · round 0/7 · frame 1/9  ▶ 10 fps"
        heights = set()
        for _ in range(8):
            app.player._tick()
            await pilot.pause()
            heights.add(screen.query_one("#status").size.height)
        assert position(app) == "chunk 1/1 · round 7/7 · frame 9/9  ▶ 10 fps"
        app.player._tick()
        await pilot.pause()
        assert position(app) == "chunk 1/1 · round 0/7 · frame 1/9  ▶ 10 fps"
        assert heights == {screen.query_one("#status").size.height}  # the header never changed height


async def test_play_without_loop_stops_at_the_end_and_the_real_timer_moves() -> None:
    app = lecture_app(play=True, fps=60, start=7)
    async with opened(app) as pilot:
        await until(pilot, lambda: not playing(app))
        assert position(app) == "chunk 1/1 · round 7/7 · frame 9/9"


async def test_start_frame_and_speed_keys_show_in_the_header_not_a_toast(notes: Notes) -> None:
    app = lecture_app(start=3)
    async with opened(app, notes=notes) as pilot:
        assert position(app) == "chunk 1/1 · round 2/7 · frame 3/9"
        await pilot.press("space")
        assert header(app)[1].endswith("▶ 2 fps")
        await pilot.press("plus", "plus")
        assert header(app)[1].endswith("▶ 5 fps")
        await pilot.press("minus")
        assert header(app)[1].endswith("▶ 3 fps")
        await pilot.press("space")
        assert "fps" not in header(app)[1]
        assert not [m for m in notes.messages if "second" in m or "fps" in m]


# -- themes --------------------------------------------------------------------------------------


def test_theme_names_and_cycle() -> None:
    names = theme_names()
    assert {"textual-dark", "textual-light", "solarized-light"} <= set(names)
    assert check_theme("nord") == "nord"
    assert next_theme(names[-1], names) == names[0] and next_theme("textual-dark", names) == names[1]
    assert next_theme("not-a-theme", names) == names[0]


@pytest.mark.parametrize("no_color", [False, True], ids=["colour", "NO_COLOR"])
async def test_theme_key_cycles_and_highlights_stay_marked(no_color: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """T moves to the next theme (textual-light after textual-dark); in each the chosen pair is ▶ and reversed."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("right")
        seen = []
        for _ in range(4):
            await pilot.press("T")
            await pilot.pause()
            seen.append(app.theme)
            output = screen_output(app)
            assert REVERSE.search(output) and "▶" in output, app.theme
        assert seen == list(app.available_themes)[1:5]
        assert seen[0] == "textual-light"


async def test_the_theme_option_is_applied() -> None:
    app = BpeApp(capture("abc", get_table("teaching")), theme="solarized-light")
    async with opened(app) as pilot:
        await pilot.pause()
        assert app.theme == "solarized-light"


# -- screenshots from the app --------------------------------------------------------------------


async def test_the_screenshot_key_saves_in_the_current_folder(notes: Notes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_app()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("right", "right", "S")
        await pilot.pause()
        target = tmp_path / "bpe-tui-aaababcabxyz-teaching-encode-frame-3-textual-dark.svg"
        assert "frame 3/9" in svg_text(target) and "q quit" in svg_text(target)
        assert_offline(target)
        assert notes.messages[-1] == f"Saved this screen as {target}."
        await pilot.press("4")
        await settle(app, pilot)
        folder = tmp_path / "bpe-tui-aaababcabxyz-teaching-tables-frame-3-textual-dark.svg"
        folder.mkdir()  # in the file's place: it cannot be written
        await pilot.press("S")
        await pilot.pause()
        assert notes.errors[-1].message == f"{folder} is a directory: choose a file name in it; nothing was changed."


def test_screenshot_names_are_safe() -> None:
    assert shot_name("aaababcabxyz", "gpt2", "encode", 1, "nord") == "bpe-tui-aaababcabxyz-gpt2-encode-frame-1-nord.svg"
    assert shot_name("../../etc/passwd\x00\x1b[31m", "t/../x", "decode", 2, "nord") == "bpe-tui-etc-passwd-31m-t-x-decode-frame-2-nord.svg"
    assert shot_name(" \n\t", "", "encode", 5, "nord") == "bpe-tui-text-table-encode-frame-5-nord.svg"
    assert shot_name("x" * 500, "y" * 500, "encode", 1, "nord") == f"bpe-tui-{'x' * 32}-{'y' * 32}-encode-frame-1-nord.svg"
    assert shot_name("café 你好\u202e", "gpt2", "encode", 1, "nord") == "bpe-tui-café-你好-gpt2-encode-frame-1-nord.svg"


# -- token colours -------------------------------------------------------------------------------


def test_palette_slots_are_fixed_and_spread() -> None:
    """The same id always gets the same slot (in every run: no hash()), and the slots are all used."""
    assert [palette_index(i) for i in (0, 1, 2, 3, 220, 464, 50256)] == [0, 7, 0, 5, 2, 7, 1]
    assert {palette_index(i) for i in range(64)} == set(range(len(HUES)))


def test_neighbours_never_share_a_slot() -> None:
    ids = [5, 5, 5, 464, 464, 0, 2, 0, 17250, 17250]
    slots = indices(ids)
    assert slots == [2, 3, 2, 7, 0, 1, 0, 1, 2, 1]  # a clash moves the second one slot on (464 twice: 7, then 0)
    assert all(a != b for a, b in pairwise(slots))
    assert indices([464, 3797]) == [palette_index(464), palette_index(3797)]  # no clash: both as they are
    assert indices([]) == []


@pytest.mark.parametrize("background", ["#1e1e1e", "#f5f5f5"])
def test_tints_stay_close_to_the_background(background: str) -> None:
    """Every tint differs from the others but stays on the background's side of mid-grey, so the
    theme's text colour (chosen for that background) remains readable on it."""
    base = Color.parse(background)
    styles = tints(base)
    colours = [s.bgcolor.get_truecolor() for s in styles if s.bgcolor is not None]
    assert len(set(colours)) == len(HUES) == len(styles)
    for r, g, b in colours:
        brightness = (0.299 * r + 0.587 * g + 0.114 * b) / 255
        assert (brightness < 0.45) if base.brightness < 0.5 else (brightness > 0.55), (background, (r, g, b))


async def test_the_ids_pane_tints_each_token_and_neighbours_differ() -> None:
    """The ids pane's alias-id blocks each carry their token's tint; neighbours' tints differ; two spaces still separate them."""
    app = BpeApp(capture("Hello world, internationalization!", get_table("gpt2")))
    async with opened(app) as pilot:
        await pilot.press("end")
        await pilot.pause()
        pane = app.query_one(IdsPane)
        text = pane.render()
        assert isinstance(text, Text)
        pieces = [piece.strip() for piece in re.split(r"  |\n", text.plain) if piece.strip()]
        assert pieces == ["Hello 15496", "│ Ġworld 995", "│ , 11", "│ Ġinternational 3230", "ization 1634", "│ ! 0"]  # never cut in two
        backgrounds = []
        for span in text.spans:
            style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
            if style.bgcolor is not None and text.plain[span.start : span.end].strip().isdigit():
                backgrounds.append(style.bgcolor)
        assert len(backgrounds) == 6
        assert all(a != b for a, b in pairwise(backgrounds))
        palette = tints(pane.background_colors[1])
        assert backgrounds[0] == palette[palette_index(15496)].bgcolor


async def test_tints_follow_the_theme() -> None:
    """After a theme change the ids pane draws on the new background's tints (dark, then light)."""
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("end")
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            pane = app.query_one(IdsPane)
            line = app.screen._compositor.render_strips()[pane.region.y + 1]
            drawn = {seg.style.bgcolor.get_truecolor() for seg in line if seg.style and seg.style.bgcolor}
            bgcolor = tints(pane.background_colors[1])[palette_index(264)].bgcolor
            assert bgcolor is not None and bgcolor.get_truecolor() in drawn, theme


def test_explorer_tokens_are_tinted_whole_and_neighbours_differ() -> None:
    """In the explorer's token rows each token is one piece of one tint, whatever the other rows cut
    (GPT-2's 45 spans cl100k_base's boundary at 456), and neighbouring tokens get different tints."""
    text = "1234567 dollars"  # GPT-2 and cl100k_base cut the digits differently
    win = window(text, 0, 80)
    shades = [f"slot{n}" for n in range(len(HUES))]
    for name in ("gpt2", "cl100k_base"):
        row = build_row(text, get_table(name))
        assert row is not None
        stretch = row.stretch(win.lo, win.hi, tokens=True)
        line = text_line(stretch, win, None, shades)
        assert [piece for piece, _ in line] == [text[p.start : p.end].replace(" ", "·") for p in stretch.pieces]
        assert len(line) == sum(len(c.ids) for c in row.chunks) == 4  # one piece a token
        assert all(a[1] != b[1] for a, b in pairwise(line))
        if name == "gpt2":
            assert [piece for piece, _ in line][:3] == ["123", "45", "67"]
