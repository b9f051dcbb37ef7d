"""Figures 29i-j (issue 25) for DeepSeek V4, the merges-list table read from a tokenizer.json, and figure 5n, stepping
on every new table; ratios against a peer timed in the same run.

29i: first load (file found, read, SHA-256 checked, JSON parsed, every merge and id validated, the table built) ≤ 1.5×
     Hugging Face `tokenizers`' `Tokenizer.from_file` on the same file;
29j: plain encode of 1,000,000 mixed characters ≤ 0.5× tiktoken's `_educational` BPE on the same ranks (the merges'
     order, as GPT-2's figure 3 does with its data-gym ranks), each chunk as DeepSeek V4's three Splits cut it (the
     educational encoder takes one regex, so it is given our pipeline's chunking, timed with it), same ids;
5n:  every move of the animator on each new table (deepseek-v4, qwen3, qwen3.6, tekken; gpt2 for scale), 2,000 mixed characters at
     120x40: median ≤ 8 ms, p99 ≤ 16.7 ms in-process (figure 5's walk).
Peak memory with every table loaded, DeepSeek V4 included, is figure 29g (test_carriers_bench.py).
"""

from __future__ import annotations

import pytest
import tokenizers
from tiktoken._educational import bpe_encode

from tui.app import BpeApp
from tui.engine.aliases import from_aliases, to_aliases
from tui.engine.bpe import capture, encode
from tui.engine.pipeline import pipeline_of
from tui.engine.tables import get_table
from tui.engine.tables.deepseek import DEEPSEEK, DEEPSEEK_FILE, deepseek_v4

from .apptime import settled
from .conftest import ms, race
from .test_latency_bench import MOVES, judged, move_latencies
from .texts import multilingual

pytestmark = pytest.mark.bench


def test_deepseek_load_vs_tokenizers(benchmark, figure):
    path = str(DEEPSEEK.path("deepseek-v4", DEEPSEEK_FILE))
    r = race(benchmark, deepseek_v4.__wrapped__, lambda: tokenizers.Tokenizer.from_file(path), rounds=7)
    ok = r.ratio <= 1.5
    figure(
        "29i",
        "deepseek-v4 load / tokenizers `Tokenizer.from_file`",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
        "≤ 1.5×",
        ok,
    )
    assert ok, f"deepseek-v4 load is {r.ratio:.2f}× tokenizers' from_file (target ≤ 1.5×)"


def test_deepseek_plain_encode_vs_educational(benchmark, figure):
    table = get_table("deepseek-v4")
    text = multilingual(1_000_000)
    ranks: dict[bytes, int] = {}  # the bytes first, then each merge's result at its rank; and each rank's id
    id_of: dict[int, int] = {}
    for rank, symbol in [
        *enumerate(map(to_aliases, map(bytes, zip(range(256), strict=True)))),
        *enumerate((a + b for a, b in table.merges), 256),
    ]:
        data = from_aliases(symbol)
        if data not in ranks:
            ranks[data], id_of[rank] = rank, table.encoder[symbol]
    pipeline = pipeline_of(table.pattern)
    assert pipeline is not None

    def educational() -> list[int]:
        out: list[int] = []
        for chunk in pipeline.findall(text):  # tiktoken's educational encoder has no Sequence of Splits: it is given ours
            out += bpe_encode(ranks, chunk.encode("utf-8"), visualise=None)
        return [id_of[r] for r in out]

    assert table.ignore_merges is False and encode(text, table) == educational()
    r = race(benchmark, lambda: encode(text, table), educational, rounds=3)
    ok = r.ratio <= 0.5
    figure(
        "29j",
        "deepseek-v4: plain encode, 1,000,000 chars / tiktoken educational BPE",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
        "≤ 0.5×",
        ok,
    )
    assert ok, f"deepseek-v4 plain encode is {r.ratio:.2f}× the educational encoder (target ≤ 0.5×)"


@pytest.mark.parametrize("name", ["gpt2", "deepseek-v4", "qwen3", "qwen3.6", "tekken"])  # gpt2: the same run's scale
async def test_5n_every_move_on_the_new_tables(figure, name):
    app = BpeApp(capture(multilingual(2000), get_table(name)))
    async with app.run_test(size=(120, 40)) as pilot:
        await settled(pilot)
        results = {move: await move_latencies(app, move, 30) for move in MOVES}
    misses = judged(figure, "5n", results, lambda move, n: f"{name}: {move}, 2,000 chars, 120x40 (median / p99 of {n})")
    assert not misses, f"{name} at 120x40 (targets ≤ 8 ms median, ≤ 16.7 ms p99): " + ", ".join(misses)
