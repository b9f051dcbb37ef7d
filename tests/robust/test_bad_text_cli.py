"""Bad text on the command line: correct ids for everything that has UTF-8, one clear sentence
and exit status 2 for what has none, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tui.engine.bpe import encode
from tui.engine.tables import get_table

from .conftest import assert_one_sentence
from .hostile import EVERYTHING, HOSTILE, LONG_LINE, SURROGATES


def ids_of(out: str) -> list[int]:
    assert out.endswith("\n") and out.count("\n") == 1, out[:200]
    return json.loads(out)


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_encode_gives_tiktokens_ids_for_hostile_text(cli, tiktoken_gpt2, text: str) -> None:  # type: ignore[no-untyped-def]
    """NUL, DEL, C0/C1, escape sequences, bidi, ZWJ, towers, markup, whitespace: the ids, on stdout only."""
    code, out, err = cli("encode", "--table", "gpt2", "--text", text)
    assert (code, err) == (0, "")
    assert ids_of(out) == tiktoken_gpt2.encode_ordinary(text)


@pytest.mark.parametrize("table", ["teaching", "gpt2"])
def test_encode_empty_and_whitespace(cli, table: str) -> None:  # type: ignore[no-untyped-def]
    """The empty text has no ids; whitespace only is ordinary text."""
    assert cli("encode", "--table", table, "--text", "") == (0, "[]\n", "")
    assert cli("encode", "--table", table, "-", stdin=b"") == (0, "[]\n", "")
    code, out, err = cli("encode", "--table", table, "--text", " \t\n ")
    assert (code, err) == (0, "") and ids_of(out) == encode(" \t\n ", get_table(table)) != []


def test_encode_from_stdin_and_jsonl_carry_every_hostile_character(cli, tiktoken_gpt2) -> None:  # type: ignore[no-untyped-def]
    """Standard input takes bytes argv cannot (NUL); --jsonl takes one JSON string per line."""
    code, out, err = cli("encode", "--table", "gpt2", "-", stdin=EVERYTHING.encode("utf-8"))
    assert (code, err) == (0, "") and ids_of(out) == tiktoken_gpt2.encode_ordinary(EVERYTHING)
    lines = "".join(json.dumps(t) + "\n" for t in HOSTILE.values() if t.strip())
    code, out, err = cli("encode", "--table", "gpt2", "--jsonl", stdin=lines.encode("utf-8"))
    assert (code, err) == (0, "")
    assert [json.loads(line) for line in out.splitlines()] == [tiktoken_gpt2.encode_ordinary(t) for t in HOSTILE.values() if t.strip()]


def test_encode_a_100000_character_line(cli, tiktoken_gpt2, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "long.txt"
    path.write_text(LONG_LINE, encoding="utf-8")
    code, out, err = cli("encode", "--table", "gpt2", "--text-file", str(path))
    assert (code, err) == (0, "") and ids_of(out) == tiktoken_gpt2.encode_ordinary(LONG_LINE)


def test_capture_of_hostile_text_is_a_valid_trace(cli) -> None:  # type: ignore[no-untyped-def]
    """capture writes a trace of the hostile text that `check` accepts (via a file)."""
    code, out, err = cli("capture", "--table", "gpt2", "-", stdin=EVERYTHING.encode("utf-8"))
    assert (code, err) == (0, "")
    assert json.loads(out)["text"] == EVERYTHING


@pytest.mark.parametrize("text", SURROGATES.values(), ids=SURROGATES.keys())
@pytest.mark.parametrize("command", ["encode", "capture", "app"])
def test_lone_surrogates_are_one_sentence(cli, command: str, text: str) -> None:  # type: ignore[no-untyped-def]
    """A lone surrogate has no UTF-8: exit 2 naming it and where it is, for encode, capture and the app; one that
    stands for a byte of the command line (U+DC80 to U+DCFF) is named as that byte."""
    argv = ["--text", text] if command == "app" else [command, "--text", text]
    index = next(n for n, ch in enumerate(text) if 0xD800 <= ord(ch) <= 0xDFFF)
    if 0xDC80 <= ord(text[index]) <= 0xDCFF:
        assert_one_sentence(cli(*argv), f"--text is not valid UTF-8 (bad byte 0x{ord(text[index]) - 0xDC00:02x} at offset {index})")
    else:
        assert_one_sentence(cli(*argv), f"U+{ord(text[index]):04X}", f"character {index}")


def test_lone_surrogate_in_jsonl_names_the_line(cli) -> None:  # type: ignore[no-untyped-def]
    """--jsonl streams: line 1's ids are printed, then line 2 stops the run with exit 2 and one sentence."""
    code, out, err = cli("encode", "--table", "teaching", "--jsonl", stdin=b'"fine"\n"bad \\ud800 here"\n')
    assert out == json.dumps(encode("fine", get_table("teaching"))) + "\n"
    assert_one_sentence((code, "", err), "line 2", "U+D800")


@pytest.mark.parametrize(
    "data",
    [b"\xff", b"ok \xed\xa0\x80 (a UTF-8-encoded surrogate)", b"\xc3", b"caf\xe9", b"\x80abc"],
    ids=["ff", "encoded surrogate", "truncated sequence", "latin-1", "continuation byte"],
)
def test_text_that_is_not_utf8_is_one_sentence(cli, tmp_path, data: bytes) -> None:  # type: ignore[no-untyped-def]
    """Bytes that are not UTF-8, from stdin or a file, name the bad byte and its offset."""
    assert_one_sentence(cli("encode", "-", stdin=data), "standard input is not valid UTF-8", "offset")
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    assert_one_sentence(cli("capture", "--text-file", str(path)), str(path), "not valid UTF-8")


def run_process(*argv: str | bytes, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "tui", *argv], input=stdin, capture_output=True, timeout=60)


def test_real_process_with_bad_bytes_in_argv_and_stdin() -> None:
    """In a real process: a non-UTF-8 argument byte (Python's U+DCFF) is refused in one line naming the byte;
    NUL and escapes from stdin are encoded; nothing ever prints a traceback."""
    bad = run_process(b"encode", b"--text", b"caf\xff")
    assert bad.returncode == 2 and bad.stdout == b""
    assert bad.stderr.decode().count("\n") == 1 and b"bad byte 0xff at offset 3" in bad.stderr and b"Traceback" not in bad.stderr
    app = run_process(b"--text", b"\xff")
    assert app.returncode == 2 and b"bad byte 0xff at offset 0" in app.stderr and b"Traceback" not in app.stderr
    good = run_process("encode", "--table", "gpt2", "-", stdin=EVERYTHING.encode("utf-8"))
    assert good.returncode == 0 and good.stderr == b""
    assert json.loads(good.stdout) == encode(EVERYTHING, get_table("gpt2"))
