"""Figures of issue 12, each a ratio against a peer timed in the same run (run by run, alternating).

12a/12b: cl100k_base and o200k_base load (carrier gzip unpacked, SHA-256 checked, ranks parsed) vs
         tiktoken's `load_tiktoken_bpe` on the same file already unpacked, with the same hash checked;
12c/12d: branch-labelled chunking of 1,000,000 characters vs plain `regex.findall`, on cl100k and o200k;
12e/12f: plain encode of 100,000 multilingual characters on each tiktoken table, with tiktoken's Rust
         encoder (same ranks) reported for scale.
"""

from __future__ import annotations

import gzip

import pytest
import regex
import tiktoken.load

from tui.engine.bpe import encode
from tui.engine.tables import get_table
from tui.engine.tables.tiktoken_files import RANK_FILES, carrier_file, load_rank_file
from tui.explain.branches import spans

from .conftest import ms, race
from .texts import multilingual

pytestmark = pytest.mark.bench


@pytest.fixture(scope="module", autouse=True)
def no_tiktoken_cache():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TIKTOKEN_CACHE_DIR", "")
        yield


@pytest.mark.parametrize(("number", "name"), [("12a", "cl100k_base"), ("12b", "o200k_base")])
def test_table_load_vs_tiktoken(benchmark, figure, tmp_path, number, name):
    """Our load ≤ 1.0× `load_tiktoken_bpe` (tiktoken reads the unpacked file; we also unpack the gzip)."""
    spec = RANK_FILES[name]
    unpacked = tmp_path / name
    unpacked.write_bytes(gzip.decompress(carrier_file(spec.file).read_bytes()))
    ranks = tiktoken.load.load_tiktoken_bpe(str(unpacked), spec.sha256)
    assert dict(load_rank_file(spec).byte_ranks or {}) == ranks
    r = race(benchmark, lambda: load_rank_file(spec), lambda: tiktoken.load.load_tiktoken_bpe(str(unpacked), spec.sha256), rounds=9)
    ok = r.ratio <= 1.0
    figure(
        number, f"{name} load / tiktoken `load_tiktoken_bpe`", f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})", "≤ 1.0×", ok
    )
    assert ok, f"{name} load is {r.ratio:.2f}× tiktoken's loader (target ≤ 1.0×)"


@pytest.mark.parametrize(("number", "name"), [("12c", "cl100k_base"), ("12d", "o200k_base")])
def test_branch_labelled_chunking_vs_findall(benchmark, figure, number, name):
    """Chunks with branch labels of 1,000,000 characters ≤ 3× `regex.findall` of the same pattern."""
    text = multilingual(1_000_000)
    pattern = get_table(name).pattern
    compiled = regex.compile(pattern)
    assert [t for t, _, _ in spans(text, pattern)] == compiled.findall(text)
    r = race(benchmark, lambda: spans(text, pattern), lambda: compiled.findall(text), rounds=5)
    ok = r.ratio <= 3.0
    figure(
        number,
        f"{name}: branch-labelled chunks of 1 MB / `regex.findall`",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
        "≤ 3×",
        ok,
    )
    assert ok, f"labelled chunking is {r.ratio:.2f}× findall (target ≤ 3×)"


@pytest.mark.parametrize(("number", "name"), [("12e", "cl100k_base"), ("12f", "o200k_base")])
def test_plain_encode_for_scale(benchmark, figure, number, name):
    """Plain encode of 100,000 characters; tiktoken's Rust encoder on the same ranks for scale only."""
    table = get_table(name)
    spec = RANK_FILES[name]
    rust = tiktoken.Encoding(
        f"{name}-bench", pat_str=spec.pattern, mergeable_ranks=dict(table.byte_ranks or {}), special_tokens=dict(spec.specials)
    )
    text = multilingual(100_000)
    assert encode(text, table) == rust.encode_ordinary(text)
    r = race(benchmark, lambda: encode(text, table), lambda: rust.encode_ordinary(text), rounds=5)
    figure(
        number,
        f"{name}: plain encode of 100,000 chars / tiktoken Rust (scale only)",
        f"{r.ratio:.1f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
    )
