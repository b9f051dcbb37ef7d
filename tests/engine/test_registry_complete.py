"""The tables registry is complete: each built-in table is one entry with a name, a short name, a label, a loader and help words."""

from __future__ import annotations

from tui.engine.tables import label, short_name
from tui.engine.tables.registry import BY_NAME, DEFAULT, ENTRIES, PATTERNS, about, explored, known, names, table_cycle


def test_every_entry_is_complete_and_named_once() -> None:
    """With the test group's carriers installed, every table is listed; the explorer keeps its three rows."""
    assert (
        names()
        == known()
        == (
            "teaching",
            "gpt2",
            "cl100k_base",
            "o200k_base",
            "deepseek-v4",
            "qwen3",
            "qwen3.6",
            "tekken",
            "mistral-v1",
            "mistral-v3",
            "mistral-v7",
            "o200k_harmony",
        )
    )
    assert [e.short for e in ENTRIES] == [
        "teaching",
        "GPT-2",
        "cl100k_base",
        "o200k_base",
        "DeepSeek V4",
        "Qwen 3",
        "Qwen 3.6",
        "Tekken",
        "Mistral v1",
        "Mistral v3",
        "Mistral v7",
        "o200k_harmony",
    ]
    assert DEFAULT == "teaching" and table_cycle() == list(names())[:-1] and set(BY_NAME) == set(names())
    assert explored() == ("gpt2", "cl100k_base", "o200k_base")  # the explorer's rows
    assert about() == (
        "teaching (nine artificial rules, for teaching), gpt2 (the official GPT-2 table), "
        "cl100k_base (GPT-4's tiktoken table), o200k_base (GPT-4o's tiktoken table), "
        "deepseek-v4 (DeepSeek V4, extra 'models'), qwen3 (Qwen 2.5 and 3, extra 'models'), qwen3.6 (Qwen 3.5 and 3.6, extra 'models'), "
        "tekken (Mistral's Tekken v3, extra 'tekken'), mistral-v1 (Mistral 7B's SentencePiece v1, extra 'tekken'), "
        "mistral-v3 (Mistral's SentencePiece v3, extra 'tekken'), mistral-v7 (Mistral's SentencePiece v7, extra 'tekken'), "
        "o200k_harmony (gpt-oss's: o200k_base with harmony's chat tokens)"
    )


def test_each_loader_gives_its_own_table_with_its_label() -> None:
    """What `t`, the headers and --table show for each entry comes from its loader and its label alone."""
    labels = {}
    for entry in ENTRIES:
        table = entry.load()
        assert table.name == entry.name and entry.load() is table  # loaded once, then the same table
        assert short_name(table) == entry.short
        labels[entry.name] = label(table)
    assert labels == {
        "teaching": "teaching · 9 rules",
        "gpt2": "GPT-2 · 50,000 merges · vocab.bpe 1ce16647…",
        "cl100k_base": "cl100k_base · tiktoken rule · 100,256 ranks",
        "o200k_base": "o200k_base · tiktoken rule · 199,998 ranks",
        "deepseek-v4": "DeepSeek V4 · 127,741 merges · tokenizer.json 8f9f37ca…",
        "qwen3": "Qwen 3 · tiktoken rule · 151,643 ranks",
        "qwen3.6": "Qwen 3.6 · tiktoken rule · 248,044 ranks",
        "tekken": "Tekken · tiktoken rule · 130,072 ranks",
        "mistral-v1": "Mistral v1 · SentencePiece · 32,000 pieces",
        "mistral-v3": "Mistral v3 · SentencePiece · 32,768 pieces",
        "mistral-v7": "Mistral v7 · SentencePiece · 32,768 pieces",
        "o200k_harmony": "o200k_harmony · tiktoken rule · 199,998 ranks",
    }


def test_every_table_that_owns_a_regex_is_a_registered_table() -> None:
    """Training chooses among the regexes by table name: each is the pattern that table cuts with."""
    assert list(PATTERNS) == ["gpt2", "cl100k_base", "o200k_base", "qwen3", "qwen3.6"]
    assert all(BY_NAME[name].load().pattern == pattern for name, pattern in PATTERNS.items())
