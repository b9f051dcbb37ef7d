"""Fixtures for the round-trip views: steady cursors, and the app on a text with one table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from textual.widgets import Input, TextArea


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Text cursors never blink, so screenshots do not depend on timing."""
    monkeypatch.setattr(TextArea.__dict__["cursor_blink"], "_default", False)
    monkeypatch.setattr(Input.__dict__["cursor_blink"], "_default", False)
    yield
