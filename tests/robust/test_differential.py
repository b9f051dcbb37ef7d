"""Correctness at scale: the engine against tiktoken built offline from the same two files, and the
trace invariants for every captured trace (the example files and generated texts)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.reference import SEED_PATTERN
from tui.engine.bpe import capture, encode
from tui.engine.decoding import decode
from tui.engine.examples import EXAMPLES, TRACES_DIR
from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.tables import get_table
from tui.engine.tracefile import load

from .hostile import EVERYTHING, HOSTILE, LONG_LINE, TOWER
from .invariants import check_recorded, check_trace

#: Every code point except surrogates (they have no UTF-8): assigned or not, private use, controls.
ALL_UNICODE = st.text(alphabet=st.characters(exclude_categories=("Cs",)))

#: A fixed multilingual corpus for the default suite (the engine tests have their own as well).
CORPUS = [
    "Hello, world! It's 2024; we've got 3.14159 reasons.",
    "Ελληνικά: Καλημέρα κόσμε · Русский: Привет, мир · Українська: Слава",
    "עברית: שלום עולם · العربية: مرحبا بالعالم · فارسی: سلام دنیا",
    "हिन्दी: नमस्ते · বাংলা: হ্যালো · தமிழ்: வணக்கம் · ไทย: สวัสดีครับ",
    "中文：你好，世界！日本語：こんにちは、世界。한국어: 안녕하세요 세계",
    "Emoji: 👩🏽‍💻 🇺🇦 🏳️‍🌈 👨‍👩‍👧‍👦 ❤️‍🔥 1️⃣",
    "Math: ∀x∈ℝ, x² ≥ 0; ∑ᵢ aᵢ ≈ ∫ f(x) dx; ½ ⅓ ¼",
    "Code:\n\tdef f(x):\n\t\treturn x  # comment\r\n}\n\n\n",
    "Zalgo: Z̵̢̛̖͓̋ͅa̸̧̛͎l̷͉̿g̶̱̓o̴͚͂ · NFD: e\u0301 vs NFC: é",
    "Whitespace: a  b   c\u00a0d\u2003e\u3000f\u200bg \n \n",
    "\ufeffBOM and \ue000 private use and \U0010ffff and \U000e0001 tags",
]


@pytest.fixture(scope="module")
def gpt2_table():  # type: ignore[no-untyped-def]
    return get_table("gpt2")


def test_reference_pattern_is_gpt2s() -> None:
    """The pattern given to tiktoken is GPT-2's, character for character (and the engine's)."""
    assert SEED_PATTERN == GPT2_PATTERN


NAMED = {f"corpus {n}": text for n, text in enumerate(CORPUS)} | HOSTILE
NAMED |= {"everything": EVERYTHING, "tower x50": TOWER * 50, "empty": ""}


@pytest.mark.parametrize("text", NAMED.values(), ids=NAMED.keys())
def test_corpus_and_hostile_texts_match_tiktoken(tiktoken_gpt2, gpt2_table, text: str) -> None:  # type: ignore[no-untyped-def]
    """Multilingual, emoji, code, controls, escapes, bidi, towers: the same ids as tiktoken, and a round trip."""
    ids = encode(text, gpt2_table)
    assert ids == tiktoken_gpt2.encode_ordinary(text)
    assert decode(ids, gpt2_table) == text == tiktoken_gpt2.decode(ids)


def test_long_line_matches_tiktoken(tiktoken_gpt2, gpt2_table) -> None:  # type: ignore[no-untyped-def]
    """A 100,000-character line encodes like tiktoken and decodes back."""
    ids = encode(LONG_LINE, gpt2_table)
    assert ids == tiktoken_gpt2.encode_ordinary(LONG_LINE)
    assert decode(ids, gpt2_table) == LONG_LINE


@pytest.mark.slow
def test_100k_generated_strings_match_tiktoken(tiktoken_gpt2, gpt2_table) -> None:  # type: ignore[no-untyped-def]
    """The long run (uv run pytest -m slow): 100,000 hypothesis strings from all of Unicode
    (no surrogates); every one encodes like tiktoken's encode_ordinary and decodes back to itself."""
    seen = 0

    @settings(max_examples=100_000, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(ALL_UNICODE)
    def one(text: str) -> None:
        nonlocal seen
        seen += 1
        ids = encode(text, gpt2_table)
        assert ids == tiktoken_gpt2.encode_ordinary(text), text
        assert decode(ids, gpt2_table) == text

    one()
    assert seen >= 100_000


# -- trace invariants ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(TRACES_DIR.rglob("*.json")), ids=lambda p: p.stem)
def test_every_example_trace_file_keeps_the_invariants(path) -> None:  # type: ignore[no-untyped-def]
    """Each file in traces/ loads, and both the loaded trace and the file's own record keep every invariant
    (the file's record alone is re-checked on GPT-2's rule; tiktoken-rule traces through the loaded trace)."""
    trace = load(path)
    check_trace(trace)
    if not trace.table.rule.by_bytes:
        check_recorded(json.loads(path.read_text(encoding="utf-8")), trace.table)


def test_the_examples_are_all_in_traces() -> None:
    """Every example the seeds walk through has its file (so the test above covers them all)."""
    assert {stem for stem, _, _ in EXAMPLES} <= {p.stem for p in TRACES_DIR.glob("*.json")}


@pytest.mark.parametrize("text", [*NAMED.values(), LONG_LINE[:5000]], ids=[*NAMED.keys(), "long line"])
def test_captures_of_the_corpus_keep_the_invariants(gpt2_table, text: str) -> None:  # type: ignore[no-untyped-def]
    check_trace(capture(text, gpt2_table))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ALL_UNICODE)
def test_generated_gpt2_traces_keep_the_invariants(gpt2_table, text: str) -> None:  # type: ignore[no-untyped-def]
    check_trace(capture(text, gpt2_table))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("aaabbcxyz! \n"), max_size=60))
def test_generated_teaching_traces_keep_the_invariants(text: str) -> None:
    """Texts over the teaching table's letters, so merges (and cache hits) happen often."""
    check_trace(capture(text, get_table("teaching")))


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(ALL_UNICODE, st.text(alphabet=st.sampled_from("aaabbcxyz! "), max_size=200)), st.sampled_from(["teaching", "gpt2"]))
def test_many_generated_traces_keep_the_invariants(text: str, table: str) -> None:
    check_trace(capture(text, get_table(table)))
