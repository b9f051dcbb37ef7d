"""Limits, stated and enforced: at most MAX_TEXT characters of text (tui/app/app.py), trace files of at most
128 MiB (tested in test_bad_files.py); a long capture can be cancelled with escape and the app stays responsive."""

from __future__ import annotations

import time

import pytest
from textual.worker import WorkerState

from tui.engine.texts import MAX_TEXT

from .apphelp import Notes, assert_alive, make_app, opened, settle, type_text, until
from .conftest import assert_one_sentence
from .hostile import random_words

OVER = ("lorem ipsum 你好 " * 80_000)[: MAX_TEXT + 1]


def test_the_limit_is_a_million_characters() -> None:
    assert MAX_TEXT == 1_000_000 and len(OVER) == MAX_TEXT + 1


def test_cli_refuses_a_text_over_the_limit(cli) -> None:  # type: ignore[no-untyped-def]
    assert_one_sentence(cli("--text", OVER), "the text has 1,000,001 characters; the limit is 1,000,000.")


async def test_app_refuses_a_text_over_the_limit_and_changes_nothing() -> None:
    app = make_app("aaababcabxyz")
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert "at most 1,000,000 characters" in str(app.screen.query_one(".hint").render())
        await pilot.press("escape")
        before = app.position
        app.apply_text(OVER)  # what the editor hands over when enter applies it
        await settle(app, pilot)
        assert_alive(app)
        assert app.position is before and not app.capturing
        assert app.draft == OVER  # the text is kept for editing down
        errors = [n.message for n in notes.all if n.severity == "error"]
        assert errors == ["The text has 1,000,001 characters; the limit is 1,000,000. Nothing was changed."]


@pytest.mark.slow
async def test_app_refuses_a_pasted_text_over_the_limit() -> None:
    """The same through the editor itself (slow: the text area holds a million characters)."""
    app = make_app("aaababcabxyz")
    async with opened(app, size=(100, 30), notifications=True) as pilot:
        before = app.position
        await type_text(app, pilot, OVER)
        assert app.position is before and app.draft == OVER


async def test_a_long_capture_can_be_cancelled_and_the_app_stays_responsive(monkeypatch: pytest.MonkeyPatch) -> None:
    """A million-character capture under GPT-2: while it runs the keys still move; escape stops the
    worker before the end of the text, the previous trace is shown again, and the keys work afterwards.
    (After its first 5,000 chunks the capture is slowed down, so it is certainly still running at escape.)"""
    import tui.app.capture

    real_run = tui.app.capture.run
    ran_out = []  # set when the capture went through the whole text

    def slowed_run(text, table, *, record):  # type: ignore[no-untyped-def]
        for n, chunk in enumerate(real_run(text, table, record=record)):
            if n > 5000:
                time.sleep(0.001)
            yield chunk
        ran_out.append(True)

    monkeypatch.setattr(tui.app.capture, "run", slowed_run)
    text = random_words(MAX_TEXT)
    app = make_app("aaababcabxyz", "gpt2")
    async with opened(app, size=(100, 30), notifications=True) as pilot:
        before = app.position
        app.apply_text(text)
        worker = next(w for w in app.workers if w.group == "capture")
        await until(pilot, lambda: app.position.trace.text == text)  # the first part of the growing trace is shown
        assert worker is not None and worker.is_running and not app.position.trace.complete
        await pilot.press("end")  # responsive during the capture: the keys move in the part shown
        assert app.position.index > 0
        await pilot.press("escape")
        await settle(app, pilot)
        # the thread saw the cancellation and stopped before the end of the text
        assert worker.is_cancelled and worker.is_finished and worker.state == WorkerState.CANCELLED
        assert ran_out == []
        assert app.position.trace is before.trace
        assert "capturing" not in str(app.query_one("Status").render())
        for key, expected in [("home", 0), ("right", 1), ("end", len(app.position.frames) - 1)]:
            await pilot.press(key)
            assert app.position.index == expected, key
        assert_alive(app)


async def test_escape_without_a_capture_does_nothing() -> None:
    app = make_app("aaababcabxyz")
    async with opened(app, size=(100, 30), notifications=True) as pilot:
        await pilot.press("end", "escape", "escape")
        assert_alive(app)
        assert app.position.index == len(app.position.frames) - 1
