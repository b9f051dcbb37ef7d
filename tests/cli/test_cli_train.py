"""`bpe-tui train`: one line per round and the totals, --json, -o DIR, and one sentence for each mistake."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.engine.support import CliResult
from tui.engine.bpe import encode
from tui.engine.tables import load_two_files

Cli = Callable[..., CliResult]


def test_rounds_and_totals_of_the_cat_the_hat(cli: Cli) -> None:
    code, out, err = cli("train", "--text", "the cat the hat", "--merges", "3")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "round 1: (116, 104) 'th' count 2 -> 256  (tie: 3 pairs had 2; the first inserted wins)",
        "round 2: (256, 101) 'the' count 2 -> 257  (tie: 2 pairs had 2; the first inserted wins)",
        "round 3: (97, 116) 'at' count 2 -> 258",
        "15 bytes in 4 chunks -> 9 tokens after 3 merges; compression 15 / 9 = 1.67",
    ]


def test_json_without_chunks(cli: Cli) -> None:
    code, out, _ = cli("train", "--text", "the cat the hat", "--merges", "3", "--no-chunks", "--json")
    assert code == 0
    assert json.loads(out) == {
        "bytes": 15,
        "chunks": 1,
        "tokens": 9,
        "merges": [
            {"pair": [116, 104], "id": 256, "count": 2},
            {"pair": [256, 101], "id": 257, "count": 2},
            {"pair": [257, 32], "id": 258, "count": 2},
        ],
    }


def test_output_dir_reopens_as_a_custom_table(cli: Cli, tmp_path: Path) -> None:
    code, out, err = cli("train", "--merges", "3", "-o", str(tmp_path), stdin=b"the cat the hat")
    assert (code, out.splitlines()[-1]) == (0, "15 bytes in 4 chunks -> 9 tokens after 3 merges; compression 15 / 9 = 1.67")
    assert err == f"wrote {tmp_path / 'vocab.bpe'} and {tmp_path / 'encoder.json'}\n"  # a report of a written file
    table = load_two_files(tmp_path / "vocab.bpe", tmp_path / "encoder.json")
    assert encode("the cat the hat", table) == [257, 32, 99, 258, 32, 257, 32, 104, 258]
    code, _, err = cli("encode", "--vocab", str(tmp_path / "vocab.bpe"), "--encoder", str(tmp_path / "encoder.json"), "--text", "the hat")
    assert code == 0
    code, _, err = cli("train", "--text", "abc", "--merges", "1", "-o", str(tmp_path))
    assert code == 2 and err == f"bpe-tui: {tmp_path} already holds vocab.bpe; use --force to replace the table there.\n"


def test_more_merges_than_the_text_allows_says_where_it_stopped(cli: Cli) -> None:
    code, out, _ = cli("train", "--text", "ab", "--merges", "3")
    assert code == 0 and out.splitlines()[-1] == "stopped after 1 of 3 merges: no pair is left to merge."


def test_mistakes_are_one_sentence_and_exit_2(cli: Cli, tmp_path: Path) -> None:
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes(b"caf\xe9")
    for argv, message in [
        (("--text", "", "--merges", "3"), "the text is empty: there is nothing to train on."),
        (("--text", "ab", "--merges", "0"), "the number of merges must be at least 1, not 0."),
        (("--text", "ab", "--merges", "-4"), "the number of merges must be at least 1, not -4."),
        (("--text-file", str(latin1), "--merges", "2"), f"{latin1} is not valid UTF-8 (bad byte 0xe9 at offset 3)."),
        (("--text", "ab", "--merges", "2", "-o", str(tmp_path / "nope")), f"{tmp_path / 'nope'} does not exist."),
    ]:
        code, out, err = cli("train", *argv)
        assert (code, out, err) == (2, "", f"bpe-tui: {message}\n"), argv


def test_patterns_of_the_other_tokenizers_cut_other_chunks(cli: Cli) -> None:
    """Under cl100k_base's regex digits come in groups of three: 1234567 is three chunks, under GPT-2's one."""
    chunks = {}
    for pattern in ("gpt2", "cl100k_base", "o200k_base"):
        code, out, _ = cli("train", "--text", "1234567", "--merges", "1", "--pattern", pattern, "--json")
        assert code == 0
        chunks[pattern] = json.loads(out)["chunks"]
    assert chunks == {"gpt2": 1, "cl100k_base": 3, "o200k_base": 3}


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_only(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal stderr counts the merges in place and is cleared before the rounds print; piped, it stays silent."""
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, out, _ = cli("train", "--text", "the cat the hat", "--merges", "3", "--no-chunks")
    assert code == 0 and out.splitlines()[2].startswith("round 3: (257, 32) 'theĠ' count 2 -> 258")
    assert terminal.getvalue() == (
        "\rtraining: counting pairs…\rtraining: merge 1 of 3\rtraining: merge 2 of 3\rtraining: merge 3 of 3\r\x1b[K"
    )
    monkeypatch.undo()
    assert cli("train", "--text", "the cat the hat", "--merges", "3", "--no-chunks")[2] == ""


def test_train_book_gives_the_bundled_books_figures(cli: Cli) -> None:
    """`train --book` trains the bundled Shakespeare: ' t' 22,023 first, 'he' 17,348, ' the' at merge 11; 1,078,434 bytes."""
    code, out, err = cli("train", "--book", "--merges", "20")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "round 1: (32, 116) 'Ġt' count 22023 -> 256"
    assert lines[1] == "round 2: (104, 101) 'he' count 17348 -> 257"
    assert lines[10] == "round 11: (256, 257) 'Ġthe' count 8415 -> 266"
    assert lines[-1] == "1,078,434 bytes in 294,735 chunks -> 885,618 tokens after 20 merges; compression 1,078,434 / 885,618 = 1.22"


def test_train_book_takes_no_other_text(cli: Cli) -> None:
    code, out, err = cli("train", "--book", "--text", "hi", "--merges", "2")
    assert (code, out) == (2, "") and err == "bpe-tui: --book is the text to train on: give it without --text, --text-file or '-'.\n"


def test_train_reads_a_file_over_the_trace_limit(cli: Cli, tmp_path: Path) -> None:
    """Seed 004's input.txt has 1,115,394 characters, over the 1,000,000 a trace takes: training reads it all."""
    book = tmp_path / "input.txt"
    book.write_text(("the cat the hat\n" * 70_000)[:1_115_394], encoding="utf-8")
    code, out, err = cli("train", "--text-file", str(book), "--merges", "1", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["bytes"] == 1_115_394
