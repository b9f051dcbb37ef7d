"""Fixtures shared by the whole suite: the two built-in rule tables, each loaded once per session."""

from __future__ import annotations

import pytest

from tui.engine.tables import Table, gpt2, teaching


@pytest.fixture(scope="session")
def gpt2_table() -> Table:
    """The official GPT-2 table (50,000 merges), loaded and hash-checked once."""
    return gpt2()


@pytest.fixture(scope="session")
def teaching_table() -> Table:
    """The nine-rule teaching table of seed 000."""
    return teaching()
