"""`t` in quick succession: every press reaches the app, and `t t` lands two tables on (issue 23, item 8)."""

from __future__ import annotations

import threading

import pytest

import tui.app.capture
from tests.app_support import make_app, opened, settle, until


@pytest.mark.parametrize("view", ["encode", "special"])
async def test_two_quick_t_presses_move_two_tables(view: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first switch's capture is held until both presses are in: the second moves on from the table
    being captured (GPT-2), not from the one still shown (teaching), so the app lands on cl100k_base."""
    gate = threading.Event()
    capture_chunks = tui.app.capture._capture_chunks

    def held(*args, **kwargs):  # type: ignore[no-untyped-def]
        gate.wait(60)
        capture_chunks(*args, **kwargs)

    app = make_app("aaababcabxyz")
    async with opened(app, view) as pilot:
        monkeypatch.setattr(tui.app.capture, "_capture_chunks", held)
        await pilot.press("t", "t")
        assert app.position is not None and app.position.trace.table.name == "teaching"  # both presses in, none captured yet
        gate.set()
        await until(pilot, lambda: not app.capturing and app.position is not None and app.position.trace.table.name != "teaching")
        await settle(app, pilot)
        assert app.position.trace.table.name == "cl100k_base"
        await pilot.press("t")
        await until(pilot, lambda: app.position is not None and app.position.trace.table.name != "cl100k_base")
        await settle(app, pilot)
        assert app.position.trace.table.name == "o200k_base"  # once settled, `t` moves one on from what is shown
