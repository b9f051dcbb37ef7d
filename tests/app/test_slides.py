"""For the lecture hall (tui/app/slides.py): themes (--theme, T), screenshots (--screenshot, S) and their file names,
and one sentence with exit status 2 for each bad option (hands-free play is tests/app/test_player.py's, the token
colours tests/widgets/test_token_colours.py's)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.app_support import Notes, make_app, opened, settle, until
from tests.robust.terminal import screen_output
from tests.screens.test_explore import open_explorer, type_text
from tui.app import BpeApp
from tui.app.slides import check_theme, next_theme, shot_name, theme_names
from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.screens.dialogs import ConfirmScreen

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


# `S` (issue 23 item 18): each screenshot is named after its text, table, view, frame and theme, so another table or
# theme never replaces an earlier one; a file of the same name is replaced only after asking; in view 6 the name is
# view 6's own text.


def shots(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


async def test_another_table_or_theme_gets_its_own_file(notes: Notes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_app("aaababcabxyz", "teaching")
    async with opened(app, notes=notes) as pilot:
        await pilot.press("S")
        await pilot.press("T")  # the next theme
        await pilot.press("S")
        await pilot.press("t")  # the next table
        await settle(app, pilot)
        await pilot.press("S")
        await until(pilot, lambda: len(shots(tmp_path)) == 3)
        assert shots(tmp_path) == [
            "bpe-tui-aaababcabxyz-gpt2-encode-frame-1-textual-light.svg",
            "bpe-tui-aaababcabxyz-teaching-encode-frame-1-textual-dark.svg",
            "bpe-tui-aaababcabxyz-teaching-encode-frame-1-textual-light.svg",
        ]


async def test_a_screenshot_replaces_a_file_only_after_asking(notes: Notes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "bpe-tui-aaababcabxyz-teaching-encode-frame-1-textual-dark.svg"
    target.write_text("my own slide", encoding="utf-8")
    app = make_app("aaababcabxyz", "teaching")
    async with opened(app, notes=notes) as pilot:
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert target.read_text(encoding="utf-8") == "my own slide" and notes.messages == []
        await pilot.press("S")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: notes.messages != [])
        assert notes.messages == [f"Saved this screen as {target}."]
        svg = target.read_text(encoding="utf-8")
        assert svg.startswith("<svg") and "Overwrite" not in svg  # the screen, not the question over it


async def test_view_6_is_named_after_its_own_text(notes: Notes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app = make_app("aaababcabxyz", "gpt2")
    async with opened(app, size=(100, 30), notes=notes) as pilot:
        await open_explorer(app, pilot)
        await type_text(app, pilot, "hello world")
        await pilot.press("S")
        await until(pilot, lambda: shots(tmp_path) != [])
        assert shots(tmp_path) == ["bpe-tui-hello-world-gpt2-explore-frame-1-textual-dark.svg"]
