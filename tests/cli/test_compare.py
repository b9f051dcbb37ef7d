"""`bpe-tui compare` (issue 26): both id lists with their totals and the first divergence in one sentence, as text
and JSON, on built-in tables, rule views and custom files, and its one-sentence refusals."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.cli.test_tree_reach import hand_files
from tests.engine.support import CliResult

Cli = Callable[..., CliResult]


def test_gpt2_and_cl100k_on_1234567(cli: Cli) -> None:
    assert cli("compare", "--table", "gpt2", "--table", "cl100k_base", "--text", "1234567") == (
        0,
        "A GPT-2 · 3 ids: 10163 2231 3134\n"
        "B cl100k_base · 3 ids: 4513 10961 22\n"
        r"first divergence (boundaries): chunk 1: GPT-2 cuts '1234567' (branch 9:  ?\p{N}+) where cl100k_base cuts '123' (branch 3: \p{N}{1,3}+); "
        "the tokens first differ at '4567': GPT-2 2231 3134, cl100k_base 10961 22.\n",
        "",
    )


def test_json_names_the_tables_ids_counts_and_the_divergence(cli: Cli) -> None:
    code, out, err = cli("compare", "--table", "cl100k_base", "--table", "o200k_base", "--text", " Pairs", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "a": {"table": "cl100k_base", "ids": [393, 4825], "count": 2},
        "b": {"table": "o200k_base", "ids": [398, 6498], "count": 2},
        "first_divergence": None,  # both end in the token ' Pairs': no token differs
        "first_path_divergence": {
            "chunk": 0,
            "round": 1,
            "cause": "rank order",
            "sentence": "chunk 1 ' Pairs', round 1: cl100k_base ranks 'Ġ' + 'P' (137) before 'i' + 'r' (148) "
            "while o200k_base ranks 'i' + 'r' (124) before 'Ġ' + 'P' (142); both still end in the same tokens.",
            "path_only": True,
        },
    }
    code, out, _ = cli("compare", "--table", "gpt2", "--table", "cl100k_base", "--text", "1234567", "--json")
    found = json.loads(out)
    assert found["first_divergence"] == found["first_path_divergence"] and found["first_divergence"]["path_only"] is False


def test_the_same_table_twice_says_there_is_no_divergence(cli: Cli) -> None:
    assert cli("compare", "--table", "gpt2", "--table", "gpt2", "--text", "hello") == (
        0,
        "A GPT-2 · 1 id: 31373\nB GPT-2 · 1 id: 31373\nno divergence: both sides are GPT-2, the same table, so they never part ways.\n",
        "",
    )
    code, out, _ = cli("compare", "--table", "teaching", "--table", "teaching", "--text", "aaab", "--json")
    assert (code, json.loads(out)["first_divergence"]) == (0, None)


def test_one_table_under_both_merge_rules(cli: Cli) -> None:
    code, out, err = cli("compare", "--table", "gpt2", "--table", "gpt2@tiktoken", "--text", " unbelievable")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "A GPT-2 · 1 id: 24479",
        "B GPT-2 (tiktoken's rule) · 1 id: 24479",
        "the same tokens: GPT-2 and GPT-2 (tiktoken's rule) end with the same tokens, though their paths part 1 time "
        "(n in view 8 shows each; the first: chunk 1, merge rule).",
    ]


def test_a_custom_table_on_one_side_and_the_text_from_a_file(cli: Cli, tmp_path: Path) -> None:
    vocab, encoder = hand_files(tmp_path)
    text = tmp_path / "text.txt"
    text.write_text("abc", encoding="utf-8")
    code, out, err = cli("compare", "--vocab", str(vocab), "--encoder", str(encoder), "--table", "teaching", "--text-file", str(text))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "A teaching · 2 ids: 257 66",
        "B custom · 2 ids: 64 256",
        "first divergence (rank order): chunk 1 'abc', round 1: teaching ranks 'a' + 'b' (1) before 'b' + 'c' (2) "
        "while custom ranks 'b' + 'c' (0) before 'a' + 'b' (1); the tokens first differ at 'abc': teaching 257 66, custom 64 256.",
    ]


def test_refusals_are_one_sentence_with_exit_2(cli: Cli, tmp_path: Path) -> None:
    assert cli("compare", "--table", "gpt2", "--table", "nope", "--text", "hi") == (
        2,
        "",
        "bpe-tui: unknown table 'nope'; choose one of: teaching, gpt2, cl100k_base, o200k_base, deepseek-v4, qwen3, qwen3.6, tekken, mistral-v1, mistral-v3, mistral-v7, o200k_harmony.\n",
    )
    assert cli("compare", "--table", "gpt2", "--text", "hi") == (
        2,
        "",
        "bpe-tui: compare takes two tables, one a side (--table A --table B, or a custom table for a side); 1 given.\n",
    )
    assert cli("compare", "--table", "gpt2", "--table", "gpt2@bpe", "--text", "hi")[0::2] == (
        2,
        "bpe-tui: a table's rule is gpt2, tiktoken or hf, not 'bpe'.\n",
    )
    missing = tmp_path / "none.json"
    code, out, err = cli("compare", "--table", "gpt2", "--tokenizer-json", str(missing), "--text", "hi")
    assert (code, out, err.count("\n"), str(missing) in err) == (2, "", 1, True)
