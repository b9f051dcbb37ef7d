"""Every writer survives a name longer than the file system allows and an output it cannot write (issue 36, items 2
and 6): one sentence and status 2, never a traceback; in the app, `s` with such a name says so and the session
goes on."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input

from tests.engine.support import CliResult

from .apphelp import Notes, assert_alive, make_app, opened, settle

Cli = Callable[..., CliResult]
LONG = "n" * 300  # one name of 300 bytes: Linux allows 255


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--screenshot", f"{LONG}.svg"), f"bpe-tui: cannot write the screenshot {LONG}.svg: file name too long.\n"),
        (
            ("capture", "--text", "hi", "-o", f"{LONG}.json"),
            f"bpe-tui: cannot save {LONG}.json (File name too long); nothing was changed.\n",
        ),
        (("record", f"{LONG}.cast", "--text", "hi"), f"bpe-tui: cannot write the cast {LONG}.cast: file name too long.\n"),
        (
            ("record", "t.cast", "--text", "hi", "--frames", f"{LONG}/f"),
            f"bpe-tui: cannot write the frames into {LONG}/f: file name too long.\n",
        ),
        (("serve", "--files", LONG), f"bpe-tui: --files {LONG}: file name too long.\n"),
    ],
    ids=["screenshot", "capture -o", "record", "record --frames", "serve --files"],
)
def test_a_name_too_long_is_one_sentence(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...], said: str
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli(*argv) == (2, "", said)
    assert list(tmp_path.iterdir()) == []


async def test_s_with_a_name_too_long_says_so_and_the_app_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    app, notes = make_app(), Notes()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one(Input).value = f"{LONG}.json"
        await pilot.press("enter")
        await settle(app, pilot)
        assert_alive(app)
        assert [(n.title, n.message) for n in notes.errors] == [
            ("Not saved", f"Cannot save {LONG}.json (File name too long); nothing was changed.")
        ]
        await pilot.press("right")
        await settle(app, pilot)
        assert app.position.index == 1  # the session goes on where it was
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["encode", "--text", "hi"], ["capture", "--text", "hi"], ["decode", "1"]], ids=" ".join)
@pytest.mark.parametrize(
    ("redirect", "reason"),
    [({"stdout": "/dev/full"}, "No space left on device"), ({"stdout": None}, "standard output is closed")],
    ids=["full disk", "closed"],
)
def test_an_output_that_cannot_be_written_is_one_sentence(command: list[str], redirect: dict[str, str | None], reason: str) -> None:
    """`> /dev/full` and `>&-` (the process's real standard output, so a subprocess)."""
    code = "from tui.cli.main import main; main()"
    if redirect["stdout"] is None:
        run = subprocess.run(
            [sys.executable, "-c", code, *command],
            stderr=subprocess.PIPE,
            preexec_fn=lambda: os.close(1),
            text=True,
            timeout=60,
            check=False,
        )
    else:
        with open(redirect["stdout"], "w") as full:
            run = subprocess.run(
                [sys.executable, "-c", code, *command], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60, check=False
            )
    assert (run.returncode, run.stderr) == (2, f"bpe-tui: cannot write to standard output ({reason}); nothing more was printed.\n")


# -- what is written opens again (issue 36, item 7) ---------------------------------------------------------------

#: A trace file bound small enough for a short text to pass it (the real one, 128 MiB, takes a million emoji).
SMALL = 2_000
TEXT = "hello world " * 100  # its trace is about 20 KB


def small_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.engine.tracefile

    monkeypatch.setattr(tui.engine.tracefile, "MAX_FILE_BYTES", SMALL)


def refused() -> str:
    return "over 0 MiB, more than a trace file may hold, so it could not be opened again; nothing was written."


def test_capture_refuses_a_trace_it_could_not_open_again(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    small_bound(monkeypatch)
    out = tmp_path / "t.json"
    out.write_text("old", encoding="utf-8")
    code, printed, said = cli("capture", "--text", TEXT, "-o", str(out), "--force")
    assert (code, printed) == (2, "") and said.startswith(
        "bpe-tui: the trace of this text (1,200 characters, 201 chunks) is "
    )  # the last space is a chunk of its own
    assert said.endswith(refused() + "\n") and out.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.json"]  # no temporary file left
    code, printed, said = cli("capture", "--text", TEXT)
    assert (code, printed) == (2, "") and said.endswith(refused() + "\n")
    assert cli("capture", "--text", "hi")[0] == 0  # a trace within the bound is written as before


async def test_s_refuses_a_trace_it_could_not_open_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    small_bound(monkeypatch)
    monkeypatch.chdir(tmp_path)
    app, notes = make_app(TEXT, "gpt2"), Notes()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one(Input).value = "t.json"
        await pilot.press("enter")
        await settle(app, pilot)
        assert_alive(app)
        (error,) = notes.errors
        assert error.title == "Not saved" and error.message.endswith(refused())
    assert list(tmp_path.iterdir()) == []
