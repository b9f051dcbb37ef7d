"""Values and types the engine tests share (the suite's fixtures are in tests/conftest.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: Seed 002's text and its ids in the official table.
CAFE = "café 你好"
CAFE_IDS = [66, 1878, 2634, 220, 19526, 254, 25001, 121]

#: What the `cli` fixture returns: exit status, standard output, standard error.
CliResult = tuple[int, str, str]


def deny_reading(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """Make opening `path` fail as permissions do for anyone but root (the tests may run as root)."""
    real = os.open

    def denied(file: str | os.PathLike[str], flags: int, *args: int) -> int:
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real(file, flags, *args)

    monkeypatch.setattr(os, "open", denied)
