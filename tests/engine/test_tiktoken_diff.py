"""Differential test: the engine against tiktoken built offline from the very same two GPT-2 files."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.engine.bpe import encode
from tui.engine.decoding import decode

CORPUS = [
    "Hi 你!",
    "The cat sat on the mat. It's what they'd've said, isn't it? HOW'S THAT!",
    "internationalization, Internationalisation and INTERNATIONALIZATION",
    "def f(x):\n    if x:\n        return [i ** 2 for i in range(10)]\n\treturn None\n",
    "class A:\n\n\n    pass    \n  \n",
    "x = self.append(y)\n\n\nreturn x",
    "分词是大模型许多怪现象的根源。",
    "café 你好",
    "日本語のテキスト、カタカナとひらがな。東京タワー",
    "مرحبا بالعالم، هذا نص عربي.",
    "नमस्ते दुनिया, यह हिंदी पाठ है।",
    "family: 👨\u200d👩\u200d👧\u200d👦 flag: 🏳️\u200d🌈 skin: 👍🏽",
    "e\u0301 a\u0300\u0323 Z\u0351\u0352\u0357 n\u0303",
    "1234567 127 + 677 = 804 3.14159 1,000,000 ١٢٣ ½ ²",
    "    hello world!!!",
    "a \t b\t\tc\r\nd\n\n\ne\u00a0f\u2003g\u3000h",
    "   ",
    "\n",
    "<|endoftext|>",
    "Ġ ä½ ł",
    "\x00\x01\x7f\u0085\u200b\ufeff",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𐍈 \U0010ffff",
]


def test_tiktoken_encoding_is_the_gpt2_table(tiktoken_gpt2, gpt2_table):
    """The reference encoding has GPT-2's 50,257 ids and agrees on the seed's ids."""
    assert tiktoken_gpt2.n_vocab == 50_257
    assert tiktoken_gpt2.encode_ordinary("Hi 你!") == [17250, 220, 19526, 254, 0]
    assert len(gpt2_table.encoder) == tiktoken_gpt2.n_vocab


@pytest.mark.parametrize("text", CORPUS)
def test_corpus_matches_tiktoken(tiktoken_gpt2, gpt2_table, text):
    """Multilingual text, code, emoji, combining marks, digits and whitespace encode exactly like tiktoken."""
    assert encode(text, gpt2_table) == tiktoken_gpt2.encode_ordinary(text)


@pytest.mark.parametrize("text", CORPUS)
def test_corpus_round_trips(gpt2_table, text):
    """decode(encode(s)) == s for every corpus sample."""
    assert decode(encode(text, gpt2_table), gpt2_table) == text


def test_whole_corpus_as_one_text(tiktoken_gpt2, gpt2_table):
    """The corpus joined into one document (chunk boundaries between samples) matches too."""
    text = "\n".join(CORPUS)
    ids = encode(text, gpt2_table)
    assert ids == tiktoken_gpt2.encode_ordinary(text)
    assert tiktoken_gpt2.decode(ids) == text == decode(ids, gpt2_table)


UNICODE_TEXT = st.text(alphabet=st.characters(exclude_categories=("Cs",)))


@settings(max_examples=300, deadline=None)
@given(UNICODE_TEXT)
def test_generated_text_matches_tiktoken(tiktoken_gpt2, gpt2_table, text):
    """Any Unicode text without surrogates encodes like tiktoken and decodes back to itself."""
    ids = encode(text, gpt2_table)
    assert ids == tiktoken_gpt2.encode_ordinary(text)
    assert decode(ids, gpt2_table) == text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(" \t\n\r\u00a0abcXYZ09'!.,é你🙂"), max_size=80))
def test_generated_boundary_text_matches_tiktoken(tiktoken_gpt2, gpt2_table, text):
    """Dense mixes of spaces, letters, digits, apostrophes and punctuation stress the regex boundaries."""
    assert encode(text, gpt2_table) == tiktoken_gpt2.encode_ordinary(text)


@pytest.mark.slow
@settings(max_examples=20_000, deadline=None)
@given(UNICODE_TEXT)
def test_generated_text_matches_tiktoken_long_run(tiktoken_gpt2, gpt2_table, text):
    """The long fuzz run (uv run pytest -m slow): 20,000 generated texts against tiktoken."""
    ids = encode(text, gpt2_table)
    assert ids == tiktoken_gpt2.encode_ordinary(text)
    assert decode(ids, gpt2_table) == text
