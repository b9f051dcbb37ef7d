"""`bpe-tui compression` (issue 26): bytes per token of each table on the bundled samples, as a table, bars or JSON."""

from __future__ import annotations

import json
from collections.abc import Callable

from tests.engine.support import CliResult
from tui.engine.tables.registry import table_cycle
from tui.explain.compression import samples

Cli = Callable[..., CliResult]


def test_the_table_marks_the_best_per_sample(cli: Cli) -> None:
    code, out, err = cli("compression", "--table", "gpt2", "--table", "cl100k_base")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:3] == [
        "bytes per token (more is better; ★ marks the fewest tokens on the sample)",
        "sample       bytes    gpt2 cl100k_base",
        "english       2788    4.61       ★4.80",
    ]
    assert lines[-1] == "numbers       2050   ★1.97        1.78"
    assert len(lines) == 2 + len(samples())


def test_json_gives_every_sample_with_its_text_bytes_and_tokens_per_table(cli: Cli) -> None:
    code, out, err = cli("compression", "--table", "gpt2", "--table", "cl100k_base", "--json")
    assert (code, err) == (0, "")
    shaped = json.loads(out)
    assert list(shaped) == ["samples"] and len(shaped["samples"]) == 15
    first = shaped["samples"][0]
    assert list(first) == ["name", "language", "text", "bytes", "words", "tokens"]
    assert (first["name"], first["language"], first["bytes"], first["tokens"]) == (
        "english",
        "English",
        2788,
        {"gpt2": 605, "cl100k_base": 581},
    )
    assert first["text"].startswith("How a tokenizer reads a sentence\n")
    assert [s["tokens"]["gpt2"] for s in shaped["samples"] if s["name"] in ("chinese", "numbers")] == [1516, 1039]


def test_every_installed_table_by_default(cli: Cli) -> None:
    code, out, _ = cli("compression", "--json")
    assert code == 0 and all(list(s["tokens"]) == table_cycle() for s in json.loads(out)["samples"])


def test_bars(cli: Cli, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    code, out, err = cli("compression", "--table", "gpt2", "--table", "o200k_base", "--bars")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[3:6] == [
        "English · 2,788 bytes · 499 words · how a byte-level BPE to…",
        "  gpt2       ████████████████▏            4.61   1.21  ×1.04",  # 4.61 of the widest, Hindi's 7.73 on o200k_base
        "★ o200k_base ████████████████▉            4.82   1.16  ×1.00",
    ]
    assert max(len(line) for line in lines) == 60


def test_refusals(cli: Cli) -> None:
    assert cli("compression", "--json", "--bars") == (2, "", "bpe-tui: --json and --bars are two outputs: give one of them.\n")
    code, out, err = cli("compression", "--table", "gpt5")
    assert (code, out) == (2, "") and "invalid choice: 'gpt5'" in err
