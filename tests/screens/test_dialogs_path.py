"""The path dialog (issue 23 item 19): tab completes a path from the names in its folder (`~` kept as
typed), the open dialog expands `~`, and opening a trace says "loading…" at once."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.app_support import Notes, make_app, opened, screen_text, settle, until
from tui.app import BpeApp
from tui.engine import tracefile
from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.screens.dialogs import PathScreen


async def test_tab_completes_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "traces-of-the-lecture.json").write_text("{}", encoding="utf-8")
    (tmp_path / "slides").mkdir()
    (tmp_path / "slides" / "one.json").write_text("{}", encoding="utf-8")
    (tmp_path / "slides" / "two.json").write_text("{}", encoding="utf-8")
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, PathScreen)
        box = app.screen.query_one(Input)
        typed = []
        for value in (f"{tmp_path}/tr", "~/sl", "~/slides/", "~/slides/o", "~/nothing"):
            box.value = value
            await pilot.press("tab")
            typed.append(box.value)
        assert typed == [f"{tmp_path}/traces-of-the-lecture.json", "~/slides/", "~/slides/", "~/slides/one.json", "~/nothing"]
        assert isinstance(app.screen, PathScreen) and app.screen.focused is box  # tab did not move the focus


async def test_the_open_dialog_expands_tilde(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    tracefile.save(capture("hello there", get_table("gpt2")), tmp_path / "t.json")
    app = make_app()
    notes = Notes()
    async with opened(app, notes=notes, notifications=True) as pilot:
        await open_path(app, pilot, "~/t.json")
        await settle(app, pilot)
        assert app.position.trace.text == "hello there"
        assert notes.messages[-1] == "Opened ~/t.json."


def held_trace(folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, threading.Event]:
    """A trace file in `folder` whose load waits until the returned gate is set (60 s only guards against a hang)."""
    path = folder / "t.json"
    tracefile.save(capture("hello there", get_table("gpt2")), path)
    gate = threading.Event()
    real_load = tracefile.load

    def held_load(path, tables):  # type: ignore[no-untyped-def]
        gate.wait(60)
        return real_load(path, tables)

    monkeypatch.setattr(tracefile, "load", held_load)
    return path, gate


async def open_path(app: BpeApp, pilot: Pilot, path: str) -> None:
    """o, the path, enter."""
    await pilot.press("o")
    await pilot.pause()
    app.screen.query_one(Input).value = path
    await pilot.press("enter")


async def test_opening_a_trace_says_loading_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, gate = held_trace(tmp_path, monkeypatch)
    app = make_app()
    async with opened(app, size=(100, 30)) as pilot:
        await open_path(app, pilot, str(path))
        await until(pilot, lambda: "loading… (escape cancels)" in screen_text(app))
        assert app.busy == "loading… (escape cancels)" and app.position.trace.text == "aaababcabxyz"
        gate.set()
        await until(pilot, lambda: app.busy == "")
        assert app.position.trace.text == "hello there"


async def test_escape_cancels_a_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, gate = held_trace(tmp_path, monkeypatch)
    app = make_app()
    notes = Notes()
    async with opened(app, notes=notes, notifications=True) as pilot:
        await open_path(app, pilot, str(path))
        await until(pilot, lambda: app.busy == "loading… (escape cancels)")
        await pilot.press("escape")
        await until(pilot, lambda: app.busy == "")
        gate.set()
        await settle(app, pilot)
        assert app.position.trace.text == "aaababcabxyz"  # the loaded trace, come late, is not shown
        assert notes.messages == ["Loading cancelled; the previous trace is shown again."]
