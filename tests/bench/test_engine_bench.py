"""Engine figures of issue 5, each a ratio against a peer timed in the same run (run by run, alternating).

2. official table load vs tiktoken's data-gym loader on the same two files, both checking SHA-256;
3. plain encode of 100,000 multilingual characters vs tiktoken's pure-Python educational encoder
   (identical ids asserted), with tiktoken's Rust encoder reported for scale (figure 3b, no target);
4. capture (recording on) vs plain encode of the same text;
6. one chunk of 5,000 random letters: capture vs plain encode, and the peak memory capture adds
   (with plain encode vs the educational encoder reported for scale, figure 6c); 6d: a one-piece text
   of 100,000 characters against ten times the same piece of 10,000 (linear, not quadratic).
"""

from __future__ import annotations

import gc
import tracemalloc
from functools import partial

import pytest
import tiktoken
import tiktoken.load
from tiktoken._educational import SimpleBytePairEncoding

from tui.engine import tables
from tui.engine.bpe import capture, encode
from tui.engine.pretokenize import GPT2_PATTERN

from .conftest import alternate, ms, race
from .texts import letters, multilingual

pytestmark = pytest.mark.bench


def data_gym_ranks() -> dict[bytes, int]:
    """tiktoken's loader on the carrier's two files: hash-checked, read directly (TIKTOKEN_CACHE_DIR='')."""
    vocab, encoder = tables.gpt2_files()
    return tiktoken.load.data_gym_to_mergeable_bpe_ranks(
        vocab_bpe_file=str(vocab),
        encoder_json_file=str(encoder),
        vocab_bpe_hash=tables.GPT2_VOCAB_SHA256,
        encoder_json_hash=tables.GPT2_ENCODER_SHA256,
    )


@pytest.fixture(scope="module", autouse=True)
def no_tiktoken_cache():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TIKTOKEN_CACHE_DIR", "")  # tiktoken reads the local files itself, as we do
        yield


@pytest.fixture(scope="module")
def ranks() -> dict[bytes, int]:
    return data_gym_ranks()


@pytest.fixture(scope="module")
def educational(ranks) -> SimpleBytePairEncoding:
    return SimpleBytePairEncoding(pat_str=GPT2_PATTERN, mergeable_ranks=ranks)


@pytest.fixture(scope="module")
def rust(ranks) -> tiktoken.Encoding:
    return tiktoken.Encoding("gpt2-carrier", pat_str=GPT2_PATTERN, mergeable_ranks=ranks, special_tokens={"<|endoftext|>": 50256})


@pytest.fixture(scope="module")
def text() -> str:
    return multilingual(100_000)


def test_2_official_table_load(benchmark, figure):
    """Both files read, both SHA-256 checked, merges parsed, ranks and decoder built: ≤ 1.0× tiktoken's loader."""
    r = race(benchmark, tables.gpt2.__wrapped__, data_gym_ranks, rounds=9)
    ok = r.ratio <= 1.0
    figure(
        "2",
        "official table load / tiktoken `data_gym_to_mergeable_bpe_ranks`",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
        "≤ 1.0×",
        ok,
    )
    assert ok, f"table load is {r.ratio:.2f}× tiktoken's loader (target ≤ 1.0×)"


def test_3_plain_encode_vs_educational(benchmark, figure, text, educational, rust, gpt2_table):
    """Plain encode of 100 KB multilingual text ≤ 0.5× SimpleBytePairEncoding.encode(visualise=None), same ids."""
    ours = encode(text, gpt2_table)
    assert ours == educational.encode(text, visualise=None)
    assert ours == rust.encode_ordinary(text)
    r = race(benchmark, lambda: encode(text, gpt2_table), lambda: educational.encode(text, visualise=None), rounds=7)
    ok = r.ratio <= 0.5
    figure(
        "3",
        "plain encode, 100,000 chars / tiktoken educational",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
        "≤ 0.5×",
        ok,
    )
    scale = alternate(lambda: rust.encode_ordinary(text), lambda: encode(text, gpt2_table), rounds=7)
    figure(
        "3b",
        "tiktoken Rust `encode_ordinary` / our plain encode (scale only)",
        f"{scale.ratio:.3f}× ({ms(scale.ours_median)} vs {ms(scale.peer_median)})",
    )
    assert ok, f"plain encode is {r.ratio:.2f}× the educational encoder (target ≤ 0.5×)"


def test_4_capture_vs_encode(benchmark, figure, text, gpt2_table):
    """Capture (recording on) of the same 100 KB ≤ 3× plain encode."""
    r = race(benchmark, lambda: capture(text, gpt2_table), lambda: encode(text, gpt2_table), rounds=7)
    ok = r.ratio <= 3.0
    figure("4", "capture / plain encode, same 100,000 chars", f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})", "≤ 3×", ok)
    assert ok, f"capture is {r.ratio:.2f}× plain encode (target ≤ 3×)"


def test_6_long_chunk_capture_vs_encode(benchmark, figure, gpt2_table, educational):
    """One chunk of 5,000 random letters: capture ≤ 1.5× plain encode."""
    word = letters(5000)
    assert encode(word, gpt2_table) == educational.encode(word, visualise=None)
    r = race(benchmark, lambda: capture(word, gpt2_table), lambda: encode(word, gpt2_table), rounds=7)
    ok = r.ratio <= 1.5
    figure("6a", "5,000-letter chunk: capture / plain encode", f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})", "≤ 1.5×", ok)
    scale = alternate(lambda: encode(word, gpt2_table), lambda: educational.encode(word, visualise=None), rounds=3)
    figure(
        "6c",
        "5,000-letter chunk: plain encode / tiktoken educational (scale only)",
        f"{scale.ratio:.2f}× ({ms(scale.ours_median)} vs {ms(scale.peer_median)})",
    )
    assert ok, f"long-chunk capture is {r.ratio:.2f}× plain encode (target ≤ 1.5×)"


def test_6_long_chunk_capture_memory(figure, gpt2_table):
    """Capturing the 5,000-letter chunk adds ≤ 50 MB at peak (tracemalloc), the trace itself included."""
    word = letters(5000)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        trace = capture(word, gpt2_table)
        added = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert len(trace.chunks) == 1
    mb = added / 1e6
    ok = mb <= 50
    figure("6b", "5,000-letter chunk: peak memory capture adds", f"{mb:.1f} MB ({len(trace.chunks[0].rounds)} rounds)", "≤ 50 MB", ok)
    assert ok, f"capturing the long chunk adds {mb:.1f} MB at peak (target ≤ 50 MB)"


#: The one-character (or two) units a long piece is made of (tests/engine/test_long_pieces.py).
UNITS = {"letter": "a", "caret": "^", "zero": "0", "apostrophe-s": "'s", "space": " ", "newline": "\n"}


def ten_times(text: str, table: tables.Table) -> None:
    for _ in range(10):
        encode(text, table)


def test_6_long_piece_is_linear(figure):
    """A piece of 100,000 characters encodes in ≤ 3× ten times its 10,000-character tenth, for every unit
    on GPT-2, cl100k_base and o200k_base (a quadratic loop would be 10×); the worst ratio is the figure."""
    worst = (0.0, "")
    for name in ("gpt2", "cl100k_base", "o200k_base"):
        table = tables.get_table(name)
        for unit_name, unit in UNITS.items():
            whole, tenth = ((unit * (size // len(unit) + 1))[:size] for size in (100_000, 10_000))
            r = alternate(partial(encode, whole, table), partial(ten_times, tenth, table), rounds=3)
            worst = max(worst, (r.ratio, f"{name}, {unit_name}: {ms(r.ours_median)} vs {ms(r.peer_median)}"))
    ok = worst[0] <= 3.0
    figure("6d", "100,000-char piece / 10 × its 10,000-char tenth (worst unit and table)", f"{worst[0]:.2f}× ({worst[1]})", "≤ 3×", ok)
    assert ok, f"a long piece encodes {worst[0]:.2f}× ten times its tenth ({worst[1]}; target ≤ 3×)"
