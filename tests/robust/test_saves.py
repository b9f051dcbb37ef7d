"""Saves off the UI thread (issue 28 item 4) and the temporary files of a save (item 13): the keys work
while a save runs, escape cancels it and leaves the old file as it was; a 250-character name saves; a
killed save's temporary file is removed by the next save to that folder, and a signal removes our own;
a link's target is replaced, never the link; a device, a FIFO or a folder is refused in one sentence."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tui.app import saving
from tui.engine import files
from tui.engine.bpe import Trace, capture
from tui.engine.tables import get_table
from tui.engine.tracefile import TraceError, dumps, load, save
from tui.screens.dialogs import ConfirmScreen

from .apphelp import Notes, make_app, opened, screen_text, until
from .conftest import assert_one_sentence
from .test_nothing_lost import _save_in_app, leftovers

TRACE = capture("aaababcabxyz", get_table("teaching"))


def held_until(gate: threading.Event) -> Callable[[Trace], Iterator[bytes]]:
    """A trace's pieces as the save writes them, held after the first until `gate` is set: a save that is
    certainly still running while the test presses keys (60 s only guards against a hang)."""
    real = saving.serialised

    def serialised(trace: Trace) -> Iterator[bytes]:
        pieces = real(trace)
        yield next(pieces)
        gate.wait(60)
        yield from pieces

    return serialised


async def test_the_keys_work_while_a_save_runs(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    gate = threading.Event()
    monkeypatch.setattr(saving, "serialised", held_until(gate))
    target = tmp_path / "t.json"
    app = make_app("aaababcabxyz")
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        start = app.position.index
        await _save_in_app(app, pilot, target)
        await until(pilot, lambda: app.busy == "saving… (escape cancels)")
        await pilot.press("right")  # a step key moves the frame before the save has ended
        await until(pilot, lambda: app.position.index == start + 1)
        assert app.position.index == start + 1 and app.saves.running and not target.exists()
        assert "saving… (escape cancels)" in screen_text(app)
        app.post_message(saving.SaveProgressed(0.4))  # as the thread reports how far it has got
        await until(pilot, lambda: "saving… 40% (escape cancels)" in screen_text(app))
        assert app.busy == "saving… 40% (escape cancels)"
        gate.set()
        await until(pilot, lambda: not app.saves.running and app.busy == "")
        assert [n.message for n in notes.all][-1] == f"Saved {target}."
        assert target.read_text(encoding="utf-8") == dumps(TRACE) and leftovers(tmp_path) == []


async def test_escape_cancels_a_save_and_the_old_file_stays(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    gate = threading.Event()
    monkeypatch.setattr(saving, "serialised", held_until(gate))
    target = tmp_path / "t.json"
    save(capture("abc", get_table("teaching")), target)
    old = target.read_bytes()
    app = make_app("aaababcabxyz")
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        await _save_in_app(app, pilot, target)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await until(pilot, lambda: app.busy == "saving… (escape cancels)")
        await pilot.press("escape")
        await until(pilot, lambda: app.busy == "cancelling the save…")
        gate.set()  # the writer goes on to its next piece, sees the cancel and stops before the rename
        await until(pilot, lambda: not app.saves.running and app.busy == "")
        assert [n.message for n in notes.all][-1] == f"Save cancelled; {target} was left as it was."
    assert target.read_bytes() == old and leftovers(tmp_path) == []


def test_the_save_thread_never_keeps_the_process_alive(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A process whose save is stuck (its writer never returns) still ends when its main thread does, and
    leaves no temporary file behind."""
    script = (
        "import sys, threading\n"
        "from pathlib import Path\n"
        "from tui.app import saving\n"
        "from tui.engine.bpe import capture\n"
        "from tui.engine.tables import get_table\n"
        "def stuck(trace):\n"
        "    yield b'{'\n"
        "    print('writing', flush=True)\n"
        "    threading.Event().wait()\n"
        "saving.serialised = stuck\n"
        "class App:  # what Saves needs of the app: a place to post to, the busy line, notifications\n"
        "    busy = ''\n"
        "    def post_message(self, message): pass\n"
        "    def notify(self, *args, **kwargs): pass\n"
        "saving.Saves(App(), App()).start(capture('abc', get_table('teaching')), Path(sys.argv[1]))\n"
        "sys.stdin.readline()\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "t.json")], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdout is not None and child.stdin is not None
    assert child.stdout.readline() == b"writing\n"
    assert [name for name in os.listdir(tmp_path) if name.startswith(files.TEMP_PREFIX)] != []
    child.stdin.write(b"\n")
    child.stdin.close()
    assert child.wait(timeout=60) == 0
    assert os.listdir(tmp_path) == []


def test_a_250_character_file_name_saves(tmp_path, cli) -> None:  # type: ignore[no-untyped-def]
    """The longest names a file system allows (255 bytes) save: the temporary name does not grow with them."""
    name = "n" * 245 + ".json"
    save(TRACE, tmp_path / name)
    assert load(tmp_path / name).ids == TRACE.ids
    assert cli("capture", "--text", "abc", "-o", str(tmp_path / ("é" * 122 + ".json")))[0] == 0  # 249 bytes
    assert leftovers(tmp_path) == []


def dead_pid() -> int:
    """The pid of a process that has ended."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_killed_saves_temporary_file_is_removed_by_the_next_save(tmp_path) -> None:  # type: ignore[no-untyped-def]
    gone, alive = dead_pid(), os.getppid()
    old = time.time() - 3600
    stale = tmp_path / f".bpe-tui-{gone}-abcd1234.tmp"  # a killed save of ours, an hour ago
    fresh = tmp_path / f".bpe-tui-{gone}-efgh5678.tmp"  # written a moment ago (perhaps on another machine)
    living = tmp_path / f".bpe-tui-{alive}-ijkl9012.tmp"  # a process still running
    ancient = tmp_path / f".bpe-tui-{alive}-mnop3456.tmp"  # untouched for two days: stale whoever has the pid now
    theirs = tmp_path / ".t.json.abcd1234.tmp"  # not ours
    for path in (stale, fresh, living, ancient, theirs):
        path.write_bytes(b"partial")
    os.utime(stale, (old, old))
    os.utime(ancient, (old - 2 * 86400, old - 2 * 86400))
    save(TRACE, tmp_path / "t.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([fresh.name, living.name, theirs.name, "t.json"])


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_signal_mid_save_removes_the_temporary_file(tmp_path, number: int) -> None:
    """`bpe-tui capture -o FILE --force` gets a signal while its temporary file is written (held in fsync):
    exit status 128 + the signal, the old file as it was, no temporary file left."""
    target = tmp_path / "t.json"
    save(TRACE, target)
    old = target.read_bytes()
    script = (
        "import os, sys\n"
        "def held(fd):\n"
        "    print('writing', flush=True)\n"
        "    sys.stdin.readline()\n"
        "os.fsync = held\n"
        "from tui.cli.main import main\n"
        "sys.argv[1:] = ['capture', '--text', 'aaababcabxyz', '-o', sys.argv[1], '--force']\n"
        "main()\n"
    )
    child = subprocess.Popen([sys.executable, "-c", script, str(target)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert child.stdout is not None
    assert child.stdout.readline() == b"writing\n"
    assert len(leftovers(tmp_path)) == 1
    child.send_signal(number)
    assert child.wait(timeout=60) == 128 + number
    assert target.read_bytes() == old and leftovers(tmp_path) == []


def test_force_through_a_link_replaces_its_target(tmp_path, cli) -> None:  # type: ignore[no-untyped-def]
    real = tmp_path / "real.json"
    save(TRACE, real)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert cli("capture", "--text", "abc", "-o", str(link), "--force")[0] == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert load(real).text == "abc"


@pytest.mark.parametrize("kind", ["device", "fifo", "folder"])
def test_only_regular_files_are_replaced(tmp_path, cli, kind: str) -> None:  # type: ignore[no-untyped-def]
    what = {"device": "is not a regular file (a character device)", "fifo": "is not a regular file (a FIFO)", "folder": "is a directory"}
    if kind == "device":
        path = Path("/dev/null")
    elif kind == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    else:
        path = tmp_path / "folder"
        path.mkdir()
    assert_one_sentence(cli("capture", "--text", "abc", "-o", str(path), "--force"), f"{path} {what[kind]}", "nothing was changed")
    with pytest.raises(TraceError, match="nothing was changed"):
        save(TRACE, path, overwrite=True)
    assert leftovers(tmp_path) == [] and (kind != "device" or Path("/dev/null").is_char_device())


async def test_saving_onto_a_folder_says_so_instead_of_asking(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    app = make_app("aaababcabxyz")
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        await _save_in_app(app, pilot, tmp_path)
        assert not isinstance(app.screen, ConfirmScreen)
        assert [(n.title, n.message) for n in notes.all] == [
            ("Not saved", f"{tmp_path} is a directory: choose a file name in it; nothing was changed.")
        ]
        monkeypatch.setenv("HOME", str(tmp_path.parent))
        await _save_in_app(app, pilot, f"~/{tmp_path.name}")  # named as it was typed, not expanded
        assert notes.all[-1].message == f"~/{tmp_path.name} is a directory: choose a file name in it; nothing was changed."
