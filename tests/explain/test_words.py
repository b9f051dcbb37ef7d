"""Counts, plurals, verbs that agree and quotes: said one way everywhere."""

from __future__ import annotations

import pytest

from tui.explain.words import agreeing, count, plural, quoted


@pytest.mark.parametrize(("n", "said"), [(0, "0 tokens"), (1, "1 token"), (2, "2 tokens"), (1234567, "1,234,567 tokens")])
def test_count_says_the_number_with_its_noun(n: int, said: str) -> None:
    assert count(n, "token") == said


def test_plural_and_agreeing_go_opposite_ways() -> None:
    """One merge fires; two merges fire; no merges fire."""
    assert [f"{plural(n, 'merge')} {agreeing(n, 'fire')}" for n in (0, 1, 2)] == ["merges fire", "merge fires", "merges fire"]


@pytest.mark.parametrize(
    ("text", "said"), [("a b", "'a b'"), ("Hello've", '"Hello\'ve"'), ('it\'s "x"', "'it's \"x\"'"), ("", "''"), ("\x1b", "'\x1b'")]
)
def test_quoted_picks_the_mark_and_escapes_nothing(text: str, said: str) -> None:
    """Double quotes only for a text with a single quote and no double one; no repr escapes (tui.safe shows them)."""
    assert quoted(text) == said
