"""GPT-2's regex pre-tokenizer (seeds 000 and 004)."""

from __future__ import annotations

import random
import re

import pytest
import regex
from hypothesis import given
from hypothesis import strategies as st

from tui.engine.pretokenize import GPT2_ASCII_PATTERN, GPT2_PATTERN, chunker, iter_spans, split

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


GPT2 = regex.compile(GPT2_PATTERN)
ASCII = re.compile(GPT2_ASCII_PATTERN)


def test_ascii_text_is_cut_by_the_standard_re_and_other_text_by_regex():
    """chunker: GPT-2's pattern on ASCII text is the `re` twin; a non-ASCII text, or another pattern, is `regex`'s."""
    assert isinstance(chunker(GPT2_PATTERN, "abc"), re.Pattern) and chunker(GPT2_PATTERN, "abc").pattern == GPT2_ASCII_PATTERN
    assert isinstance(chunker(GPT2_PATTERN, "café"), regex.Pattern)
    assert isinstance(chunker(r"\p{L}+", "abc"), regex.Pattern)


@pytest.mark.parametrize(
    ("text", "chunks"),
    [
        ("a\x1cb", ["a", "\x1c", "b"]),  # \x1c–\x1f are not spaces to `regex` (they are to `re`'s \s)
        ("x \x1f\x1fy", ["x", " \x1f\x1f", "y"]),
        ("a \x0b\x0c\r\n b", ["a", " \x0b\x0c\r\n", " b"]),
        ("it's 'LL'd", ["it", "'s", " '", "LL", "'d"]),
    ],
)
def test_ascii_controls_and_contractions_chunk_as_gpt2_does(text, chunks):
    assert split(text) == chunks == GPT2.findall(text)


def test_every_pair_of_ascii_characters_chunks_the_same_in_both_patterns():
    """All 16,384 two-character ASCII texts, and 20,000 seeded random ones of up to 24 characters."""
    pairs = [chr(a) + chr(b) for a in range(128) for b in range(128)]
    rng = random.Random(11)
    alphabet = [chr(c) for c in range(128)] + ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d", " ", "  ", "a", "7", "!"] * 4
    texts = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 24))) for _ in range(20_000)]
    assert [t for t in pairs + texts if ASCII.findall(t) != GPT2.findall(t)] == []


@given(st.text(alphabet=st.characters(max_codepoint=127)))
def test_ascii_chunks_are_gpt2s(text):
    assert ASCII.findall(text) == GPT2.findall(text)
    assert split(text) == GPT2.findall(text)
