"""Seed 000's loader trap: split('\\n')[1:-1] depends on the header and on the final newline."""

from __future__ import annotations

from pathlib import Path

from tui.engine.official_loader import compare
from tui.engine.tables import gpt2_files


def test_the_official_file_loses_nothing() -> None:
    vocab, _ = gpt2_files()
    result = compare(Path(vocab).read_bytes())
    assert len(result.ours) == 50_000 and result.official == result.ours and result.dropped == ()
    assert "drops nothing here" in result.sentence and "50,000 rules" in result.sentence


def test_a_custom_file_without_final_newline_loses_its_last_rule() -> None:
    result = compare(b"#version: 0.2\na b\nab c")
    assert result.ours == (("a", "b"), ("ab", "c")) and result.official == (("a", "b"),)
    assert result.sentence == (
        "GPT-2's loader would drop 1 of these 2 rules ((ab c)): it does not end with a newline, "
        "so [:-1] cuts the last rule. This loader keeps them all."
    )


def test_a_custom_file_without_header_loses_its_first_rule() -> None:
    result = compare(b"a b\nab c\n")
    assert result.dropped == (("a", "b"),) and "no '#version' header" in result.sentence


def test_both_missing_lose_both_ends() -> None:
    result = compare(b"a b\nb c\nc d")
    assert result.dropped == (("a", "b"), ("c", "d")) and result.official == (("b", "c"),)
