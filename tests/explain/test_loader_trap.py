"""Seed 000's loader trap: split('\\n')[1:-1] depends on the header and on the final newline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tui.engine.tables import gpt2_files
from tui.explain.loader_trap import compare


def test_the_official_file_loses_nothing() -> None:
    vocab, _ = gpt2_files()
    result = compare(Path(vocab).read_bytes())
    assert len(result.ours) == 50_000 and result.official == result.ours and result.dropped == ()
    assert "drops nothing here" in result.sentence and "50,000 rules" in result.sentence


def test_a_custom_file_without_final_newline_loses_its_last_rule() -> None:
    result = compare(b"#version: 0.2\na b\nab c")
    assert result.ours == (("a", "b"), ("ab", "c")) and result.official == (("a", "b"),)
    assert result.sentence == (
        "GPT-2's loader would drop 1 of these 2 rules, (ab c): it does not end with a newline, "
        "so [:-1] cuts the last rule. This loader keeps them all."
    )


def test_a_custom_file_without_header_loses_its_first_rule() -> None:
    result = compare(b"a b\nab c\n")
    assert result.dropped == (("a", "b"),) and "no '#version' header" in result.sentence


def test_both_missing_lose_both_ends() -> None:
    result = compare(b"a b\nb c\nc d")
    assert result.dropped == (("a", "b"), ("c", "d")) and result.official == (("b", "c"),)


def test_the_tables_view_sentence_for_each_kind_of_table(tmp_path: Path) -> None:
    """A file read as a vocab.bpe is compared as it is; built-in rules as GPT-2's format writes them; other tables say why not."""
    from tui.engine.tables import Table, cl100k_base, gpt2, teaching
    from tui.explain.loader_trap import loader_note

    assert loader_note(gpt2()) == compare(Path(gpt2_files()[0]).read_bytes()).sentence
    assert loader_note(teaching()) == (
        "the teaching rules are built in; written as a vocab.bpe they have a header and end with a newline, "
        "so split('\\n')[1:-1] would lose none of the 9."
    )
    assert loader_note(cl100k_base()) == (
        "cl100k_base comes from a tiktoken rank file, not a vocab.bpe: GPT-2's split('\\n')[1:-1] never reads it."
    )
    other = Table(name="json", merges=(("a", "b"),), encoder={"a": 0, "b": 1, "ab": 2}, sha256="0" * 64, source="tokenizer.json")
    assert loader_note(other) == "these rules were not read from a vocab.bpe, so GPT-2's split('\\n')[1:-1] does not apply to them."


DOUBLED = re.compile(r"\(\([^()]*\)\)")  # a rule '(a t)' inside another pair of parentheses


@pytest.mark.parametrize("vocab", [b"#version: 0.2\na b\nab c", b"a b\nab c\n", b"a b\nb c\nc d", b"a b\nb c\nc d\nd e\ne f"])
def test_no_rule_is_drawn_inside_doubled_parentheses(vocab: bytes) -> None:
    """The sentence named a lone dropped rule 'rules ((ab c))': each rule is in its own parentheses, once."""
    result = compare(vocab)
    assert result.dropped and not DOUBLED.search(result.sentence), result.sentence
    assert all(f"({a} {b})" in result.sentence for a, b in result.dropped[:3])
