"""Limits checked before the work they bound, and misreads that were silent (issue 28, items 2, 6 and 14).

Every refusal is one sentence with exit status 2; the texts over the limit are refused before any
capture, the table files over their size before they are read.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tui.engine.tracefile
from tests.engine.support import CliResult
from tui.engine.bpe import capture, encode
from tui.engine.tables import TableError, get_table, load_two_files, teaching, vocab_bpe_text
from tui.engine.tables.tokenizer_json import load_tokenizer_json
from tui.engine.tracefile import TraceError, dumps, load

Cli = Callable[..., CliResult]
OVER = "a" * 1_000_001
SAYS_OVER = "bpe-tui: the text has 1,000,001 characters; the limit is 1,000,000.\n"
ENCODER = dict(teaching().encoder)
RULES = vocab_bpe_text(teaching().merges)


def no_capture(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any capture (the costly part) fails the test."""

    def refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("captured before the limit was checked")

    monkeypatch.setattr(tui.engine.tracefile, "capture", refused)


# -- item 2: the text limit ----------------------------------------------------------------------

#: Every command that writes a trace; `train`, `encode` and `chunks` make none and read up to the text file's 16 MiB
#: (seed 004's book is over the limit, and a table trained on it encodes it).
COMMANDS = {"capture": ["capture"]}


@pytest.mark.parametrize("command", COMMANDS)
def test_a_text_file_over_the_limit_is_refused(cli: Cli, tmp_path: Path, command: str) -> None:
    path = tmp_path / "long.txt"
    path.write_text(OVER, encoding="utf-8")
    assert cli(*COMMANDS[command], "--text-file", str(path)) == (2, "", SAYS_OVER)


@pytest.mark.parametrize("command", COMMANDS)
def test_standard_input_over_the_limit_is_refused(cli: Cli, command: str) -> None:
    assert cli(*COMMANDS[command], "-", stdin=OVER.encode()) == (2, "", SAYS_OVER)


@pytest.mark.parametrize("command", ["encode", "chunks"])
def test_a_command_that_makes_no_trace_takes_a_text_over_the_trace_limit(cli: Cli, tmp_path: Path, command: str) -> None:
    """Issue 36, item 11: the 1,000,000-character limit bounds a trace; encode and chunks record nothing, so they take
    any text the 16 MiB file limit lets in, and say what the engine says for it."""
    path = tmp_path / "long.txt"
    text = "hello world, " * 80_000  # 1,040,000 characters
    path.write_text(text, encoding="utf-8")
    code, out, err = cli(command, "--table", "gpt2", "--text-file", str(path))
    assert (code, err) == (0, "")
    if command == "encode":
        assert json.loads(out) == encode(text, get_table("gpt2"))
    else:
        assert "".join(c["text"] for c in json.loads(out)) == text


def test_a_jsonl_line_over_the_trace_limit_is_encoded(cli: Cli) -> None:
    lines = b'"ab"\n' + json.dumps(OVER).encode() + b"\n"
    assert cli("encode", "--table", "teaching", "--jsonl", stdin=lines) == (0, f"[257]\n{encode(OVER, teaching())}\n", "")


def test_standard_input_over_its_byte_limit_is_refused_before_decoding(cli: Cli) -> None:
    data = b"\xff" * (16 * 2**20 + 1)  # not UTF-8 either: the size is what is said
    said = "bpe-tui: standard input holds more than 16 MiB; texts over that are refused.\n"
    assert cli("encode", "-", stdin=data) == (2, "", said)


def test_a_trace_files_text_over_the_limit_is_refused_before_the_capture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.json"
    head = json.loads(dumps(capture("a", teaching())))
    path.write_text(json.dumps(head | {"text": OVER, "ids": [], "chunks": []}), encoding="utf-8")
    no_capture(monkeypatch)
    with pytest.raises(TraceError) as caught:
        load(path)
    assert str(caught.value) == f"{path}: the text has 1,000,001 characters; the limit is 1,000,000."


@pytest.mark.parametrize(
    ("option", "mib", "said"),
    [
        ("--vocab", 16, "is 16.8 MB; vocab.bpe files over 16 MiB are refused."),
        ("--encoder", 32, "is 33.6 MB; encoder.json files over 32 MiB are refused."),
        ("--tokenizer-json", 64, "is 67.1 MB; tokenizer.json files over 64 MiB are refused."),
    ],
)
def test_table_files_over_their_limit_are_refused_from_their_size(cli: Cli, tmp_path: Path, option: str, mib: int, said: str) -> None:
    """A sparse file one byte over its kind's limit: refused from its size, whatever it holds."""
    v, e = table_files(tmp_path)
    big = tmp_path / "big"
    with big.open("wb") as out:
        out.truncate(mib * 2**20 + 1)
    argv = {"--vocab": ["--vocab", str(big), "--encoder", e], "--encoder": ["--vocab", v, "--encoder", str(big)]}.get(
        option, [option, str(big)]
    )
    assert cli("encode", *argv, "--text", "a") == (2, "", f"bpe-tui: {big} {said}\n")


# -- item 14: silent misreads --------------------------------------------------------------------


def table_files(tmp_path: Path, vocab: str = RULES, encoder: str | None = None) -> tuple[str, str]:
    v, e = tmp_path / "vocab.bpe", tmp_path / "encoder.json"
    v.write_text(vocab, encoding="utf-8", newline="")
    e.write_text(json.dumps(ENCODER) if encoder is None else encoder, encoding="utf-8")
    return str(v), str(e)


def tokenizer_json(tmp_path: Path, doc: dict[str, Any] | None = None, text: str | None = None) -> str:
    """The teaching table as a byte-level BPE tokenizer.json (or `doc`, or the JSON `text` itself)."""
    doc = doc or {
        "model": {"type": "BPE", "vocab": ENCODER, "merges": [f"{a} {b}" for a, b in teaching().merges]},
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "use_regex": True},
    }
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc) if text is None else text, encoding="utf-8")
    return str(path)


def test_cr_only_line_ends_are_read_as_line_ends(cli: Cli, tmp_path: Path) -> None:
    v, e = table_files(tmp_path, RULES.replace("\n", "\r"))
    assert load_two_files(v, e).merges == teaching().merges
    assert cli("encode", "--vocab", v, "--encoder", e, "--text", "aaababcabxyz") == (0, "[264, 257, 261]\n", "")


def test_a_key_twice_is_refused_in_every_json_file(cli: Cli, tmp_path: Path) -> None:
    v, e = table_files(tmp_path, encoder=json.dumps(ENCODER)[:-1] + ', "a": 0}')
    twice = "has the key {} twice in one object; which one is meant is unclear."
    assert cli("encode", "--vocab", v, "--encoder", e, "--text", "a") == (2, "", f"bpe-tui: {e} {twice.format(repr('a'))}\n")
    t = tokenizer_json(tmp_path, text='{"model": {"type": "BPE"}, "model": {"type": "BPE"}}')
    assert cli("encode", "--tokenizer-json", t, "--text", "a") == (2, "", f"bpe-tui: {t} {twice.format(repr('model'))}\n")
    trace = tmp_path / "t.json"
    trace.write_text('{"text": "x", ' + dumps(capture("abc", teaching()))[1:], encoding="utf-8")
    assert cli("check", str(trace)) == (1, "", f"bpe-tui: {trace} {twice.format(repr('text'))}\n")


def test_an_error_quoting_a_huge_symbol_quotes_80_characters_of_it(cli: Cli, tmp_path: Path) -> None:
    v, e = table_files(tmp_path, RULES + "a " + "b" * 1_000_000 + "\n")
    quoted = "'a" + "b" * 79 + "'…"
    said = f"bpe-tui: {e} has no id for {quoted}, made by rule 9 of {v}; the files do not match.\n"
    assert cli("encode", "--vocab", v, "--encoder", e, "--text", "a") == (2, "", said)
    v, e = table_files(tmp_path, encoder=json.dumps(ENCODER | {"x" * 1_000_000: -1}))
    said = f"bpe-tui: {e}: the id of '{'x' * 80}'… is not a non-negative integer.\n"
    assert cli("encode", "--vocab", v, "--encoder", e, "--text", "a") == (2, "", said)


def test_ids_of_2_to_the_31_or_more_are_refused_by_every_loader_and_by_decode(cli: Cli, tmp_path: Path) -> None:
    huge = ENCODER | {"xyz": 10**14}
    said = "the id of 'xyz' is 100,000,000,000,000; ids go from 0 to 2,147,483,647."
    v, e = table_files(tmp_path, encoder=json.dumps(huge))
    with pytest.raises(TableError, match=f"^{e}: {said}$"):
        load_two_files(v, e)
    t = tokenizer_json(tmp_path, {"model": {"type": "BPE", "vocab": huge, "merges": []}, "pre_tokenizer": {"type": "ByteLevel"}})
    with pytest.raises(TableError, match=f"^{t}: {said}$"):
        load_tokenizer_json(t)
    assert cli("decode", "--table", "teaching", "2147483648") == (
        2,
        "",
        "bpe-tui: 2147483648 is too large to be an id: ids go from 0 to 2,147,483,647.\n",
    )
    largest = ENCODER | {"xyz": 2**31 - 1}
    v, e = table_files(tmp_path, encoder=json.dumps(largest))
    assert encode("xyz", load_two_files(v, e)) == [2**31 - 1]  # the largest id is still one


# -- item 6: a crash is not a success ------------------------------------------------------------


@pytest.mark.parametrize("argv", [["--text", "abc"], ["tour"]], ids=["app", "tour"])
def test_a_crashed_app_exits_non_zero(cli: Cli, monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> None:
    """The app (or the tour) raises while it starts: Textual prints the traceback, the shell sees status 1."""
    from textual.app import App

    from tui.app import BpeApp
    from tui.tour.app import TourApp

    def crash(self: App[None]) -> None:
        raise RuntimeError("a bug")

    real_run = App.run
    for app in (BpeApp, TourApp):
        monkeypatch.setattr(app, "on_mount", crash)
        monkeypatch.setattr(app, "run", lambda self, **options: real_run(self, headless=True, size=(80, 24)))
    code, out, err = cli(*argv)
    assert code == 1 and "RuntimeError" in out + err
