"""GPT-2's regex pre-tokenizer (seeds 000 and 004)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui.engine.pretokenize import GPT2_PATTERN, iter_spans, split

from .reference import SEED_PATTERN


def test_pattern_is_the_exact_gpt2_pattern():
    """The engine uses GPT-2's pattern character for character."""
    assert GPT2_PATTERN == SEED_PATTERN


@pytest.mark.parametrize(
    ("text", "chunks"),
    [
        ("Hi 你!", ["Hi", " 你", "!"]),
        ("Hello've world123 how's are you!!!?", ["Hello", "'ve", " world", "123", " how", "'s", " are", " you", "!!!?"]),
        ("    if", ["   ", " if"]),
        ("分词是大模型许多怪现象的根源。", ["分词是大模型许多怪现象的根源", "。"]),
        ("HOW'S", ["HOW", "'", "S"]),
        ("1234567", ["1234567"]),
        ("127 + 677 = 804", ["127", " +", " 677", " =", " 804"]),
        ("    hello world!!!", ["   ", " hello", " world", "!!!"]),
        ("The cat sat on the", ["The", " cat", " sat", " on", " the"]),
        ("<|endoftext|>", ["<|", "endoftext", "|>"]),
        ("café 你好", ["café", " 你好"]),
        ("\tif", ["\t", "if"]),
        ("x\n\n\n", ["x", "\n\n\n"]),
    ],
)
def test_seed_chunkings(text, chunks):
    """The seeds' findall results (and the tab rule: ' ?' attaches one space, not a tab)."""
    assert split(text) == chunks


def test_the_chinese_sentence_is_two_chunks():
    """Hanzi are all \\p{L}: the regex does not segment Chinese, only the final '。' is cut off."""
    assert len(split("分词是大模型许多怪现象的根源。")) == 2


def test_spans_give_start_offsets():
    """iter_spans yields each chunk with its character offset in the text."""
    assert list(iter_spans("Hi 你!")) == [(0, "Hi"), (2, " 你"), (4, "!")]


@given(st.text(alphabet=st.characters(exclude_categories=("Cs",))))
def test_chunks_cover_the_text_exactly(text):
    """Chunks are non-empty and concatenate back to the text, in order, at their offsets."""
    spans = list(iter_spans(text))
    assert "".join(chunk for _, chunk in spans) == text
    assert all(chunk for _, chunk in spans)
    assert all(text[start : start + len(chunk)] == chunk for start, chunk in spans)
    assert [chunk for _, chunk in spans] == split(text)
