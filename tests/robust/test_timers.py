"""No timer of the app gets a negative delay: Textual 8.2.8 spins for ever on such a one-shot timer."""

from __future__ import annotations

import time

import pytest
import textual.notifications
from textual.widgets._toast import Toast

from tests.app_support import make_app, opened, position, until


async def test_a_notification_expiring_while_its_toast_is_built_does_not_freeze_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """The race made certain: the clock jumps past the notification's end just after the toast rack
    found it unexpired, as the toast reads its time left. The toast gets a positive delay and goes;
    the app still steps on the next key."""
    jump = [0.0]
    monkeypatch.setattr(textual.notifications, "time", lambda: time.time() + jump[0])
    build = Toast.__init__
    built: list[float] = []  # each toast's delay, as it is built

    def late(toast: Toast, notification: textual.notifications.Notification) -> None:
        jump[0] += notification.time_left + 0.001  # expired by a millisecond, as in the stack dump
        build(toast, notification)
        built.append(toast._timeout)

    monkeypatch.setattr(Toast, "__init__", late)
    app = make_app()
    async with opened(app, notifications=True) as pilot:
        await pilot.press("d")  # scan detail on: a notification of 2 seconds
        await until(pilot, lambda: bool(built))
        assert len(built) == 1 and built[0] > 0
        await pilot.press("right")
        await pilot.pause()
        assert position(app) == "chunk 1/1 · round 1/7 · frame 2/9 · scan 0/5  [scan detail]"
        await until(pilot, lambda: not app.screen.query(Toast))
        assert not app.screen.query(Toast)  # the toast was shown for its shortest time and removed
