"""Seed 004's facts about each table as the Tables view words them: the id space, the space-only
entries, the regex as spelled (with the seed's cl100k spelling as history), and the two rules compared."""

from __future__ import annotations

import json
from pathlib import Path

from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.tables import CL100K_PATTERN, CL100K_VIDEO_PATTERN, O200K_PATTERN, byte_symbol_order, get_table, load_two_files
from tui.engine.tables.facts import id_space_line, patterns, spaces_line
from tui.explain.rule_agreement import AGREEMENT_LIMIT, agreement


def test_id_space_lines() -> None:
    assert id_space_line(get_table("cl100k_base")) == (
        "ids: 100,256 ordinary + 5 special, highest 100,276: 16 unused (100,277 is the id space's size, not the number of entries)"
    )
    assert id_space_line(get_table("o200k_base")) == (
        "ids: 199,998 ordinary + 2 special, highest 200,018: 19 unused (200,019 is the id space's size, not the number of entries)"
    )
    assert id_space_line(get_table("gpt2")) == "ids: 50,256 ordinary + 1 special, highest 50,256, none unused"


def test_space_only_lines() -> None:
    assert spaces_line(get_table("cl100k_base")) == "85 entries are only spaces (two or more)"
    assert spaces_line(get_table("o200k_base")) == "83 entries are only spaces (two or more)"
    assert spaces_line(get_table("gpt2")) == "no entry is only spaces (two or more): each space is its own token"


def test_patterns_as_spelled_with_the_seeds_as_history() -> None:
    assert patterns(get_table("cl100k_base")) == [
        ("regex, as tiktoken 0.14.0 spells it", CL100K_PATTERN),
        (
            "an older spelling, kept as history: the same chunks but for whitespace with line breaks at the end",
            CL100K_VIDEO_PATTERN,
        ),
    ]
    assert patterns(get_table("o200k_base")) == [("regex, as tiktoken 0.14.0 spells it", O200K_PATTERN)]
    assert patterns(get_table("gpt2")) == [("regex, as GPT-2's encoder.py spells it", GPT2_PATTERN)]


def test_the_two_rules_compared_on_the_current_text() -> None:
    gpt2 = get_table("gpt2")
    assert agreement(gpt2, "分词是大模型许多怪现象的根源。") == (
        "✓ tiktoken's rule gives the same 32 ids on this text (and over the tests' multilingual corpus): "
        "the rule changes the steps shown, not the ids"
    )
    assert agreement(get_table("teaching"), "aaababcabxyz") == (
        "✓ tiktoken's rule gives the same 3 ids on this text: the rule changes the steps shown, not the ids"
    )
    assert agreement(get_table("cl100k_base"), "x") == "a rank file lists tokens, not merges: only tiktoken's rule applies to this table"
    assert agreement(gpt2, "a" * (AGREEMENT_LIMIT + 1)) == (
        "the two rules are compared on texts up to 20,000 characters; on GPT-2's table they give the same ids "
        "over the tests' multilingual corpus"
    )


def test_a_table_whose_ids_do_not_follow_its_ranks_can_disagree(tmp_path: Path) -> None:
    """Rules (a b) then (b c), but bc has the lower id: tiktoken's rule joins b c first on 'abc'."""
    encoder = {s: i for i, s in enumerate(byte_symbol_order())} | {"bc": 256, "ab": 257}
    (tmp_path / "vocab.bpe").write_text("#version: 0.2\na b\nb c\n", encoding="utf-8")
    (tmp_path / "encoder.json").write_text(json.dumps(encoder), encoding="utf-8")
    table = load_two_files(tmp_path / "vocab.bpe", tmp_path / "encoder.json")
    assert agreement(table, "abc") == "✗ tiktoken's rule gives other ids on this text: from token 1 on (2 ids here, 2 by tiktoken's rule)"
