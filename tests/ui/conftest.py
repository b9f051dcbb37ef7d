"""Fixtures for the app's tests: steady cursors, and a recorder of the app's notifications."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.notifications import Notification, Notify
from textual.widgets import Input, TextArea


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Text cursors never blink in these tests, so screenshots do not depend on timing."""
    monkeypatch.setattr(TextArea.__dict__["cursor_blink"], "_default", False)
    monkeypatch.setattr(Input.__dict__["cursor_blink"], "_default", False)
    yield


class Notes:
    """Every notification the app raised, in order (a `message_hook` for `run_test`)."""

    def __init__(self) -> None:
        self.all: list[Notification] = []

    def __call__(self, message: object) -> None:
        if isinstance(message, Notify):
            self.all.append(message.notification)

    @property
    def errors(self) -> list[Notification]:
        return [n for n in self.all if n.severity == "error"]

    @property
    def messages(self) -> list[str]:
        return [n.message for n in self.all]


@pytest.fixture
def notes() -> Notes:
    """A fresh notification recorder; pass it as `run_test(message_hook=notes)`."""
    return Notes()
