"""Values and types the engine tests share (the suite's fixtures are in tests/conftest.py)."""

from __future__ import annotations

#: Seed 002's text and its ids in the official table.
CAFE = "café 你好"
CAFE_IDS = [66, 1878, 2634, 220, 19526, 254, 25001, 121]

#: What the `cli` fixture returns: exit status, standard output, standard error.
CliResult = tuple[int, str, str]
