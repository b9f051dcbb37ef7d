"""Fixtures for the app's tests: a recorder of the app's notifications (cursors are steadied in tests/conftest.py)."""

from __future__ import annotations

import pytest

from .support import Notes


@pytest.fixture
def notes() -> Notes:
    """A fresh notification recorder; pass it as `run_test(message_hook=notes)`."""
    return Notes()
