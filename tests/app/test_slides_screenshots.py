"""`S` (issue 23 item 18): each screenshot is named after its text, table, view, frame and theme, so
another table or theme never replaces an earlier one; a file of the same name is replaced only after
asking; in view 6 the name is view 6's own text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app_support import Notes, make_app, opened, settle, until
from tests.screens.test_explore import open_explorer, type_text
from tui.screens.dialogs import ConfirmScreen


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
