"""Nothing lost: saving is atomic (temporary file + rename), never overwrites without asking, a failed
save leaves the old file intact and says why; the text being edited (app.draft) survives a table
switch, a failed capture and a cancelled capture."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from tui.engine import files
from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.engine.texts import MAX_TEXT
from tui.engine.tracefile import TraceError, dumps, load, save
from tui.screens.dialogs import ConfirmScreen, EditBox, PathScreen

from .apphelp import Notes, assert_alive, make_app, opened, settle, type_text, until
from .conftest import assert_one_sentence
from .hostile import random_words

OLD = capture("abc", get_table("teaching"))
NEW = capture("aaababcabxyz", get_table("teaching"))


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp"))


def test_save_writes_a_temporary_file_then_renames_it(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """At the moment of the rename the temporary file, in the same directory, already holds the whole
    trace, and the target still holds the old one."""
    target = tmp_path / "t.json"
    save(OLD, target)
    seen = []
    real_replace = os.replace

    def spy(src, dst):  # type: ignore[no-untyped-def]
        src, dst = Path(src), Path(dst)
        seen.append((src.parent == dst.parent, src.name, src.read_text(encoding="utf-8"), dst.read_text(encoding="utf-8")))
        return real_replace(src, dst)

    monkeypatch.setattr(files.os, "replace", spy)
    save(NEW, target, overwrite=True)
    [(same_dir, name, tmp_content, old_content)] = seen
    assert same_dir and name.startswith(f".bpe-tui-{os.getpid()}-") and name.endswith(".tmp")
    assert tmp_content == dumps(NEW) and old_content == dumps(OLD)
    assert target.read_text(encoding="utf-8") == dumps(NEW) and leftovers(tmp_path) == []


@pytest.mark.parametrize(
    "where, error",
    [("replace", errno.EXDEV), ("write", errno.ENOSPC), ("fsync", errno.EIO)],
    ids=["rename fails", "disk full", "I/O error"],
)
def test_a_failed_save_keeps_the_old_file_and_says_why(tmp_path, monkeypatch, where: str, error: int) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "t.json"
    save(OLD, target)

    def fail(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(error, os.strerror(error))

    if where == "write":
        real_fdopen = os.fdopen

        class Full:
            def __init__(self, f):  # type: ignore[no-untyped-def]
                self.f = f

            def __enter__(self):  # type: ignore[no-untyped-def]
                return self

            def __exit__(self, *exc):  # type: ignore[no-untyped-def]
                self.f.close()

            def write(self, data):  # type: ignore[no-untyped-def]
                self.f.write(data[: len(data) // 2])
                fail()

        monkeypatch.setattr(files.os, "fdopen", lambda fd, mode: Full(real_fdopen(fd, mode)))
    else:
        monkeypatch.setattr(files.os, where, fail)
    with pytest.raises(TraceError) as caught:
        save(NEW, target, overwrite=True)
    assert str(caught.value) == f"cannot save {target} ({os.strerror(error)}); nothing was changed."
    assert target.read_text(encoding="utf-8") == dumps(OLD)
    assert leftovers(tmp_path) == []


def test_saving_into_a_missing_or_unwritable_directory(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TraceError, match=r"cannot write in .*nowhere \(No such file or directory\)\."):
        save(OLD, tmp_path / "nowhere" / "t.json")
    locked = tmp_path / "locked"
    locked.mkdir()
    save(OLD, locked / "t.json")

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:  # what a read-only directory does (but to root)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)
    with pytest.raises(TraceError, match=r"\(Permission denied\)"):
        save(NEW, locked / "t.json", overwrite=True)
    monkeypatch.undo()
    assert (locked / "t.json").read_text(encoding="utf-8") == dumps(OLD)


def test_save_never_overwrites_unless_asked(tmp_path, cli) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "t.json"
    save(OLD, target)
    with pytest.raises(TraceError, match="already exists; choose another name or confirm overwriting it"):
        save(NEW, target)
    assert_one_sentence(cli("capture", "--table", "teaching", "--text", "xyz", "-o", str(target)), "already exists")
    assert target.read_text(encoding="utf-8") == dumps(OLD)
    assert cli("capture", "--table", "teaching", "--text", "aaababcabxyz", "-o", str(target), "--force")[0] == 0
    assert target.read_text(encoding="utf-8") == dumps(NEW)


async def _save_in_app(app, pilot, path: Path | str) -> None:  # type: ignore[no-untyped-def]
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(app.screen, PathScreen)
    box = app.screen.query_one("Input")
    box.value = str(path)
    await pilot.press("enter")
    await pilot.pause()


async def test_the_app_asks_before_overwriting_and_reports_a_failed_save(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "t.json"
    save(OLD, target)
    app = make_app("aaababcabxyz")
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        await _save_in_app(app, pilot, target)
        assert isinstance(app.screen, ConfirmScreen)  # asked
        await pilot.press("n")
        await pilot.pause()
        assert target.read_text(encoding="utf-8") == dumps(OLD)
        # yes, but the disk fails: the old file stays, and the notification says why
        monkeypatch.setattr(files.os, "replace", lambda *a: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device")))
        await _save_in_app(app, pilot, target)
        await pilot.press("y")
        await until(pilot, lambda: any(n.title == "Not saved" for n in notes.all))  # the save runs in a thread
        assert_alive(app)
        assert target.read_text(encoding="utf-8") == dumps(OLD) and leftovers(tmp_path) == []
        errors = [(n.title, n.message) for n in notes.all if n.severity == "error"]
        assert errors == [("Not saved", f"Cannot save {target} (No space left on device); nothing was changed.")]
        monkeypatch.undo()
        await _save_in_app(app, pilot, target)
        await pilot.press("y")
        await until(pilot, lambda: notes.all[-1].message == f"Saved {target}.")
        assert load(target).text == "aaababcabxyz"


async def test_the_app_does_not_save_a_capture_still_running(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """While a long capture is still growing, s refuses: a partial trace would be a file that does not load.
    (The capture is held after 3,000 chunks, so it is certainly still running when s is pressed.)"""
    import threading
    import time

    import tui.app.capture

    gate = threading.Event()
    real_run = tui.app.capture.run

    def held_run(text, table, *, record):  # type: ignore[no-untyped-def]
        for n, chunk in enumerate(real_run(text, table, record=record)):
            if n == 3000:
                time.sleep(0.3)  # long enough for the app to show the part captured so far
            elif n == 3010:
                gate.wait(60)  # until the test has pressed s (60 s only guards against a hang)
            yield chunk

    monkeypatch.setattr(tui.app.capture, "run", held_run)
    text = "lorem ipsum 你好 " * 2000
    app = make_app("abc", "gpt2")
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        app.apply_text(text)
        await until(pilot, lambda: app.position.trace.text == text)  # the part captured so far is shown
        assert not app.position.trace.complete
        await _save_in_app(app, pilot, tmp_path / "partial.json")
        assert not (tmp_path / "partial.json").exists()
        assert [n.message for n in notes.all if n.title == "Not saved"] == ["The capture is still running: save when it is done."]
        gate.set()
        await settle(app, pilot)
        assert app.position.trace.complete and app.position.trace.text == text
        await _save_in_app(app, pilot, tmp_path / "whole.json")
        await until(pilot, lambda: notes.all[-1].message.startswith("Saved"))
        assert load(tmp_path / "whole.json").text == text


async def test_the_draft_survives_a_failed_capture_and_a_table_switch() -> None:
    bad = "my long text with a lone surrogate \ud800 in it"
    app = make_app("aaababcabxyz")
    async with opened(app, size=(100, 30), notifications=True) as pilot:
        before = app.position
        await type_text(app, pilot, bad)
        assert app.position is before and app.draft == bad  # failed capture: the trace shown is kept
        await pilot.press("t")  # switch table: the shown text is recaptured, the draft is kept
        await settle(app, pilot)
        assert app.position.trace.table.name == "gpt2" and app.position.trace.text == "aaababcabxyz"
        assert app.draft == bad
        await pilot.press("e")
        await pilot.pause()
        assert app.screen.query_one(EditBox).text == bad  # the editor opens on it again
        await pilot.press("escape")  # cancelling the editor keeps it too
        await pilot.pause()
        assert app.draft == bad
        good = "a fixed text"
        await type_text(app, pilot, good)
        assert app.position.trace.text == good == app.draft
        await pilot.press("t")
        await settle(app, pilot)
        assert app.draft == good and app.position.trace.table.name == "cl100k_base"


async def test_the_draft_survives_a_cancelled_capture() -> None:
    text = random_words(MAX_TEXT)
    app = make_app("aaababcabxyz", "gpt2")
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        app.apply_text(text)  # what the editor hands over on enter
        await pilot.pause(0.05)
        await pilot.press("escape")
        await settle(app, pilot)
        assert_alive(app)
        assert app.draft == text
        assert any("cancelled" in n.message for n in notes.all)
        assert app.position.trace.text == "aaababcabxyz" and app.position.trace.complete
