"""Seed 004's examples, each a test at engine level: chunks, token counts and ids under GPT-2, cl100k_base and o200k_base."""

from __future__ import annotations

import pytest

from tui.engine.bpe import capture
from tui.engine.decoding import decode
from tui.engine.tables import get_table, space_only_entries


def chunks(text: str, table: str) -> list[str]:
    return [c.text for c in capture(text, get_table(table)).chunks]


def tokens(text: str, table: str) -> list[str]:
    t = get_table(table)
    return [decode([i], t) for i in capture(text, t).ids]


def test_findall_list():
    """GPT-2's regex on the seed's first example (cl100k_base agrees; o200k_base keeps contractions on words)."""
    expected = ["Hello", "'ve", " world", "123", " how", "'s", " are", " you", "!!!?"]
    assert chunks("Hello've world123 how's are you!!!?", "gpt2") == expected
    assert chunks("Hello've world123 how's are you!!!?", "cl100k_base") == expected


def test_four_spaces_before_if():
    """`····if` is `···` + `·if`; GPT-2 has no merge for the spaces (three ids 220, no round)."""
    trace = capture("    if", get_table("gpt2"))
    assert [c.text for c in trace.chunks] == ["   ", " if"]
    assert trace.chunks[0].rounds == () and trace.chunks[0].ids == (220, 220, 220)


@pytest.mark.parametrize("table, count", [("gpt2", 32), ("cl100k_base", 19), ("o200k_base", 14)])
def test_chinese_sentence(table, count):
    """Two GPT-2 chunks; 32 GPT-2 tokens, 19 cl100k_base, 14 o200k_base."""
    text = "分词是大模型许多怪现象的根源。"
    assert chunks(text, "gpt2") == ["分词是大模型许多怪现象的根源", "。"]
    assert len(capture(text, get_table(table)).ids) == count


def test_hows():
    """GPT-2 `HOW|'|S`, cl100k_base `HOW|'S` (case-insensitive contractions)."""
    assert chunks("HOW'S", "gpt2") == ["HOW", "'", "S"]
    assert chunks("HOW'S", "cl100k_base") == ["HOW", "'S"]


def test_1234567():
    """GPT-2: one chunk merged to `123|45|67`; cl100k_base: three chunks `123|456|7`, each one token."""
    assert chunks("1234567", "gpt2") == ["1234567"] and tokens("1234567", "gpt2") == ["123", "45", "67"]
    assert chunks("1234567", "cl100k_base") == ["123", "456", "7"] and tokens("1234567", "cl100k_base") == ["123", "456", "7"]


def test_127_plus_677():
    """Seven tokens in both, grouped differently."""
    assert tokens("127 + 677 = 804", "gpt2") == ["127", " +", " 6", "77", " =", " 8", "04"]
    assert tokens("127 + 677 = 804", "cl100k_base") == ["127", " +", " ", "677", " =", " ", "804"]


def test_code_chunks_in_cl100k():
    """`.append`, `(y` and `)\\n\\n\\n` are chunks in cl100k_base."""
    got = chunks("x = self.append(y)\n\n\nreturn x", "cl100k_base")
    assert {".append", "(y", ")\n\n\n"} <= set(got)
    assert got == ["x", " =", " self", ".append", "(y", ")\n\n\n", "return", " x"]


def test_hello_world_with_four_spaces():
    """Same chunks under both; GPT-2 three ids 220, cl100k_base one id 262."""
    text = "    hello world!!!"
    assert chunks(text, "gpt2") == chunks(text, "cl100k_base") == ["   ", " hello", " world", "!!!"]
    assert capture(text, get_table("gpt2")).chunks[0].ids == (220, 220, 220)
    assert capture(text, get_table("cl100k_base")).chunks[0].ids == (262,)


def test_camel_case():
    """HelloWorld getElementById: cl100k_base 4 tokens, o200k_base 6 (letter-case boundaries)."""
    assert len(capture("HelloWorld getElementById", get_table("cl100k_base")).ids) == 4
    assert len(capture("HelloWorld getElementById", get_table("o200k_base")).ids) == 6
    assert chunks("HelloWorld getElementById", "o200k_base") == ["Hello", "World", " get", "Element", "By", "Id"]


def test_space_only_entries():
    """Entries made only of two or more spaces: cl100k_base 85, o200k_base 83, GPT-2 0."""
    assert [space_only_entries(get_table(n)) for n in ("cl100k_base", "o200k_base", "gpt2")] == [85, 83, 0]
