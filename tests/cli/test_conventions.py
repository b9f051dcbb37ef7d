"""Issue 24 point 5: bpe-tui's command line follows the conventions a script and a user expect: --version,
a mistyped command named with the closest one, options before or after the command, text from a pipe, one
sentence for two tables, exit 1 for an invalid file and 2 for a usage mistake, a quiet closed pipe, and each
command's own usage for its bad flags."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

import pytest

from tests.engine.support import CliResult
from tui.cli.commands import NAMES
from tui.engine.examples import TRACES_DIR
from tui.engine.texts import MAX_TEXT

Cli = Callable[..., CliResult]
SCRIPT = Path(sys.executable).with_name("bpe-tui")


def test_version_comes_from_the_package_metadata(cli: Cli) -> None:
    assert cli("--version") == (0, f"bpe-tui {version('bpe-tui')}\n", "")
    assert version("bpe-tui") == "0.1.0"


@pytest.mark.parametrize(
    ("word", "sentence"),
    [
        ("encdoe", "unknown command 'encdoe'; did you mean 'encode'?"),
        ("chunk", "unknown command 'chunk'; did you mean 'chunks'?"),
        ("hlep", "unknown command 'hlep'; did you mean 'help'?"),
        (
            "frobnicate",
            "unknown command 'frobnicate'; the commands are capture, encode, decode, chunks, tree, compare, chat, reach, compression, check, examples, "
            "train, serve, tour, record (bpe-tui --help), and a trace file must exist.",
        ),
        ("encod\x1b", "unknown command 'encod\\x1b'; did you mean 'encode'?"),
    ],
)
def test_a_mistyped_command_is_one_sentence_with_the_closest_name(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, word: str, sentence: str
) -> None:
    monkeypatch.chdir(tmp_path)  # no file of that name
    assert cli(word) == (2, "", f"bpe-tui: {sentence}\n")
    assert cli(word, "--text", "hi") == (2, "", f"bpe-tui: {sentence}\n")


def test_a_first_word_that_exists_ends_in_json_or_is_a_path_is_a_trace_file(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What is not a command is the app's trace file when it exists, ends in .json or holds a '/': the trace file's
    own sentence then says what is wrong with it; a file named like a command opens as ./NAME."""
    monkeypatch.chdir(tmp_path)
    assert cli("--play", "encode") == (
        2,
        "",
        "bpe-tui: 'encode' is a command: give its name first (only --table, --vocab, --encoder, --tokenizer-json, --tokenizer-model may come before it).\n",
    )
    Path("encdoe").write_text("{", encoding="utf-8")
    Path("encode").write_text("{", encoding="utf-8")
    assert cli("encdoe") == (
        2,
        "",
        "bpe-tui: encdoe is not valid JSON (Expecting property name enclosed in double quotes at line 1, column 2).\n",
    )
    assert cli("./encode")[2].endswith(
        "encode is not valid JSON (Expecting property name enclosed in double quotes at line 1, column 2).\n"
    )
    assert cli("lecture.json") == (2, "", "bpe-tui: lecture.json does not exist.\n")
    assert cli("notes/today") == (2, "", "bpe-tui: notes/today does not exist.\n")


def test_an_existing_trace_file_opens_in_the_app_whatever_its_name(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    Path("lecture").write_bytes((TRACES_DIR / "teaching-aaa.json").read_bytes())
    assert cli("lecture", "--screenshot", "shot.svg") == (0, "", "wrote shot.svg: frame 1/3 of 1 chunk, 1 round, 2 ids\n")
    assert Path("shot.svg").read_text(encoding="utf-8").startswith("<svg")


def test_help_is_a_word_too(cli: Cli) -> None:
    assert cli("help", "encode") == cli("encode", "--help")
    assert cli("help")[1].startswith("usage: bpe-tui [TRACE.json] [options]\n")


@pytest.mark.parametrize(
    "argv",
    [
        ("--table", "cl100k_base", "encode", "--text", "    hello"),
        ("encode", "--text", "    hello", "--table", "cl100k_base"),
        ("--table=cl100k_base", "encode", "--text", "    hello"),
        ("encode", "--table=cl100k_base", "--text", "    hello"),
    ],
)
def test_table_options_work_before_or_after_the_command(cli: Cli, argv: tuple[str, ...]) -> None:
    assert cli(*argv) == (0, "[262, 24748]\n", "")  # cl100k_base's three spaces, then ' hello'; GPT-2 would give 220 220 220


def test_text_piped_in_needs_no_dash_and_a_terminal_is_not_waited_on(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli("encode", stdin="Hi 你!".encode()) == (0, "[17250, 220, 19526, 254, 0]\n", "")
    assert cli("chunks", stdin=b"Hi")[1] == '[{"text": "Hi", "start": 0, "branch": 8, "pattern": " ?\\\\p{L}+"}]\n'
    assert cli("decode", stdin=b"[17250, 220, 19526, 254, 0]\n") == (0, "Hi 你!\n", "")

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal())
    assert cli("encode") == (2, "", "bpe-tui: give the text with --text S or --text-file F, or pipe it into standard input.\n")
    assert cli("decode") == (2, "", "bpe-tui: give the ids as words (bpe-tui decode 17250 220) or pipe them into standard input.\n")


@pytest.mark.parametrize(
    ("files", "named"),
    [(("--vocab", "v.bpe", "--encoder", "e.json"), "--vocab and --encoder"), (("--tokenizer-json", "t.json"), "--tokenizer-json")],
)
def test_a_table_and_custom_table_files_together_are_one_sentence(cli: Cli, files: tuple[str, ...], named: str) -> None:
    sentence = f"bpe-tui: --table gpt2 and a custom table ({named}) name two tables: give one of them.\n"
    assert cli("encode", "--table", "gpt2", *files, "--text", "hi") == (2, "", sentence)
    assert cli("--table", "gpt2", "decode", "1", *files) == (2, "", sentence)
    assert cli("--table", "gpt2", *files, "--text", "hi") == (2, "", sentence)  # the app too


def test_check_exits_1_for_an_invalid_file_and_2_for_a_usage_mistake(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    assert cli("check", str(bad)) == (1, "", f"bpe-tui: {bad}: the top level must be a JSON object.\n")
    code, out, err = cli("check", "--strict", str(bad))
    assert (code, out, err.splitlines()[-1]) == (2, "", "bpe-tui check: error: unrecognized arguments: --strict")


@pytest.mark.parametrize("name", [name for name in NAMES if name != "serve"])  # serve hands unknown options to the app
def test_a_bad_flag_prints_that_commands_usage(cli: Cli, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")
    code, out, err = cli(
        name,
        "--bogus",
        *{"check": ["x.json"], "decode": ["1"], "train": ["--merges", "1"], "tree": ["262"], "record": ["x.cast"]}.get(name, []),
    )
    first, *_, last = err.splitlines()
    assert (code, out) == (2, "")
    assert first.startswith(f"usage: bpe-tui {name} [-h]")
    assert last == f"bpe-tui {name}: error: unrecognized arguments: --bogus"


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """`bpe-tui encode --jsonl < lines | head -0`: no message, no traceback; the status says SIGPIPE (128 + 13)."""
    lines = tmp_path / "lines.jsonl"
    lines.write_text('"hello world"\n' * 30_000, encoding="utf-8")  # 360 kB of output: more than a pipe holds
    shell = f"'{SCRIPT}' encode --jsonl < '{lines}' | head -c 0; echo \"status ${{PIPESTATUS[0]}}\" >&2"
    result = subprocess.run(["bash", "-c", shell], capture_output=True, timeout=120, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"status 141\n")


@pytest.mark.parametrize("argv", [("capture",), ("--screenshot", "x.svg")], ids=["capture", "app"])
def test_the_text_limit_is_the_same_for_every_command_that_makes_a_trace_and_the_app(
    cli: Cli, tmp_path: Path, argv: tuple[str, ...]
) -> None:
    path = tmp_path / "long.txt"
    path.write_text("a" * (MAX_TEXT + 1), encoding="utf-8")
    assert cli(*argv, "--text-file", str(path)) == (2, "", "bpe-tui: the text has 1,000,001 characters; the limit is 1,000,000.\n")
    path.write_text("a" * MAX_TEXT, encoding="utf-8")
    assert cli("chunks", "--text-file", str(path))[0] == 0


def test_output_into_a_missing_folder_is_one_sentence(cli: Cli, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such"
    assert cli("capture", "--text", "hi", "-o", str(missing / "t.json")) == (
        2,
        "",
        f"bpe-tui: cannot write in {missing} (No such file or directory).\n",
    )
    assert cli("train", "--text", "hi hi", "--merges", "1", "-o", str(missing)) == (2, "", f"bpe-tui: {missing} does not exist.\n")
