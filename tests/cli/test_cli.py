"""The headless command line: capture, encode (also --jsonl), decode, check, examples, and its error contract."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.support import deny_reading
from tui.engine.bpe import capture
from tui.engine.examples import EXAMPLES, TIKTOKEN_EXAMPLES, TRACES_DIR, example_path
from tui.engine.tables import byte_symbol_order, get_table, load_two_files
from tui.engine.tracefile import dumps


def assert_user_error(result, message: str) -> None:
    """Exit status 2, nothing on stdout, and exactly one line 'bpe-tui: <message>' on stderr."""
    code, out, err = result
    assert (code, out, err) == (2, "", f"bpe-tui: {message}\n")


# ---------------------------------------------------------------- encode


def test_encode_text(cli):
    """encode prints the ids of 'Hi 你!' as a JSON list."""
    assert cli("encode", "--table", "gpt2", "--text", "Hi 你!") == (0, "[17250, 220, 19526, 254, 0]\n", "")


def test_the_headless_commands_default_to_gpt2_while_the_app_keeps_the_teaching_table(cli):
    """Without --table a script gets GPT-2's ids ('Hello world' is [15496, 995]), not the teaching table's."""
    assert cli("encode", "--text", "Hello world") == (0, "[15496, 995]\n", "")
    assert cli("encode", "--table", "teaching", "--text", "aaababcabxyz") == (0, "[264, 257, 261]\n", "")
    assert cli("decode", "15496", "995") == (0, "Hello world\n", "")
    assert json.loads(cli("capture", "--text", "Hello world")[1])["table"]["name"] == "gpt2"


def test_encode_text_file_and_stdin(cli, tmp_path):
    """--text-file reads UTF-8 from a file and '-' reads standard input, byte for byte (no newline added)."""
    path = tmp_path / "in.txt"
    path.write_bytes(b"The cat sat on the")
    assert cli("encode", "--table", "gpt2", "--text-file", str(path)) == (0, "[464, 3797, 3332, 319, 262]\n", "")
    assert cli("encode", "--table", "gpt2", "-", stdin=b"<|endoftext|>") == (
        0,
        "[27, 91, 437, 1659, 5239, 91, 29]\n",
        "",
    )


def test_encode_jsonl_batch(cli):
    """--jsonl reads one JSON string per line and writes one id list per line: a blank line gives [], so output
    line N answers input line N."""
    lines = [json.dumps("Hi 你!"), "", json.dumps("internationalization"), json.dumps("\n"), json.dumps("")]
    code, out, err = cli("encode", "--table", "gpt2", "--jsonl", stdin=("\n".join(lines) + "\n").encode("utf-8"))
    assert (code, err) == (0, "")
    assert out.splitlines() == ["[17250, 220, 19526, 254, 0]", "[]", "[45609, 1634]", "[198]", "[]"]


def test_encode_jsonl_rejects_non_string_lines(cli):
    """A line that is not a JSON string stops the batch with its line number."""
    code, out, err = cli("encode", "--table", "teaching", "--jsonl", stdin=b'"aaa"\n[1]\n"aaa"\n')
    assert code == 2
    assert out == "[256, 64]\n"
    assert err == "bpe-tui: standard input line 2 is not a JSON string.\n"


def test_encode_jsonl_rejects_invalid_utf8_and_surrogates(cli):
    """Invalid UTF-8 on a line, or a JSON string holding a lone surrogate, is one clear line and status 2."""
    code, _, err = cli("encode", "--jsonl", stdin=b'"a\xff"\n')
    assert code == 2 and err == "bpe-tui: standard input line 1 is not valid UTF-8 (bad byte 0xff at offset 2).\n"
    code, _, err = cli("encode", "--jsonl", stdin=b'"ok"\n"\\ud800"\n')
    assert code == 2
    assert err == "bpe-tui: line 2: the text cannot be encoded as UTF-8: lone surrogate U+D800 at character 0.\n"


def test_encode_with_a_custom_table(cli, tmp_path):
    """--vocab and --encoder load a table in GPT-2's two-file format (last rule without newline kept)."""
    vocab = tmp_path / "vocab.bpe"
    vocab.write_text("#version: 0.2\nh e\nl l\nhe ll", encoding="utf-8")
    encoder = {s: i for i, s in enumerate(byte_symbol_order())} | {"he": 256, "ll": 257, "hell": 258}
    enc = tmp_path / "encoder.json"
    enc.write_text(json.dumps(encoder), encoding="utf-8")
    assert cli("encode", "--vocab", str(vocab), "--encoder", str(enc), "--text", "hello") == (0, "[258, 78]\n", "")


# ---------------------------------------------------------------- decode


def test_decode_joins_bytes_before_utf8(cli):
    """decode 19526 254 prints 你, each alone prints �, and 50256 prints <|endoftext|>."""
    assert cli("decode", "--table", "gpt2", "19526", "254") == (0, "你\n", "")
    assert cli("decode", "--table", "gpt2", "19526") == (0, "�\n", "")
    assert cli("decode", "--table", "gpt2", "254") == (0, "�\n", "")
    assert cli("decode", "--table", "gpt2", "50256") == (0, "<|endoftext|>\n", "")


def test_decode_accepts_a_json_list(cli):
    """Ids may be pasted as encode prints them: '[17250, 220, 19526, 254, 0]'."""
    assert cli("decode", "--table", "gpt2", "[17250,", "220,", "19526,", "254,", "0]") == (0, "Hi 你!\n", "")
    assert cli("decode", "--table", "gpt2", "17250,220,19526,254,0") == (0, "Hi 你!\n", "")


def test_decode_unknown_id(cli):
    """An unknown id is named (GPT-2's KeyError), status 2, no traceback."""
    assert_user_error(
        cli("decode", "--table", "gpt2", "17250", "50257"),
        "id 50257 (token 2) is not in the gpt2 vocabulary: decoder[50257] raises KeyError.",
    )


def test_decode_strict_invalid_utf8(cli):
    """Under --errors strict, bytes that are not UTF-8 are an error (GPT-2's UnicodeDecodeError)."""
    code, out, err = cli("decode", "--table", "gpt2", "--errors", "strict", "19526")
    assert (code, out) == (2, "")
    assert err.startswith("bpe-tui: the bytes are not valid UTF-8: ") and err.count("\n") == 1
    assert cli("decode", "--table", "gpt2", "--errors", "strict", "19526", "254") == (0, "你\n", "")


def test_decode_explain_strict_shows_the_error_not_a_replacement_character(cli):
    """decode --explain --errors strict: each token that is not UTF-8 alone names its bytes and the error; no '�' anywhere."""
    code, out, err = cli("decode", "--table", "gpt2", "--errors", "strict", "--explain", "19526", "254")
    assert (code, err) == (0, "") and "\ufffd" not in out
    rows = out.splitlines()
    assert "✗ bytes e4 bd alone raise UnicodeDecodeError: unexpected end of data" in rows[4]
    assert "✗ byte a0 alone raises UnicodeDecodeError: invalid start byte" in rows[5]
    assert rows[-3:] == [
        "wrong way (decode each token alone, then join): token 1: bytes e4 bd alone raise UnicodeDecodeError: unexpected end of data",
        "right way (join the bytes, decode once): [228,189,160] e4 bd a0 -> '你'",
        "decode([19526, 254]) = '你'",
    ]


def test_decode_rejects_non_ids(cli):
    """Negative numbers and words are not ids."""
    assert_user_error(cli("decode", "x1"), "'x1' is not an id: ids are non-negative integers.")
    assert_user_error(cli("decode", "--", "-1"), "'-1' is not an id: ids are non-negative integers.")
    assert_user_error(cli("decode", ","), "no ids given.")


# ---------------------------------------------------------------- capture


def test_capture_to_stdout_is_the_trace_file(cli):
    """capture prints exactly the committed example trace of 'Hi 你!'."""
    code, out, err = cli("capture", "--table", "gpt2", "--text", "Hi 你!")
    assert (code, err) == (0, "")
    assert out == (TRACES_DIR / "gpt2-hi-ni.json").read_text(encoding="utf-8")


def test_capture_to_file_and_no_clobber(cli, tmp_path):
    """-o writes the trace and a summary; an existing file is kept unless --force is given."""
    path = tmp_path / "t.json"
    code, out, err = cli("capture", "--table", "teaching", "--text", "abc!abc", "-o", str(path))
    assert (code, out) == (0, "")
    assert err == f"wrote {path}: 3 chunks, 1 round, 5 ids\n"
    assert path.read_text(encoding="utf-8") == dumps(capture("abc!abc", get_table("teaching")))
    path.write_text("keep me", encoding="utf-8")
    assert_user_error(
        cli("capture", "--text", "aaa", "-o", str(path)),
        f"{path} already exists; choose another name or confirm overwriting it.",
    )
    assert path.read_text(encoding="utf-8") == "keep me"
    assert cli("capture", "--table", "teaching", "--text", "aaa", "-o", str(path), "--force")[0] == 0
    assert json.loads(path.read_text(encoding="utf-8"))["ids"] == [256, 64]
    assert sorted(os.listdir(tmp_path)) == ["t.json"]


# ---------------------------------------------------------------- bad input


def test_text_file_not_utf8(cli, tmp_path):
    """A text file that is not UTF-8 is named with the bad byte and its offset."""
    path = tmp_path / "latin1.txt"
    path.write_bytes("café".encode("latin-1"))
    assert_user_error(cli("encode", "--text-file", str(path)), f"{path} is not valid UTF-8 (bad byte 0xe9 at offset 3).")
    assert_user_error(cli("capture", "--text-file", str(path)), f"{path} is not valid UTF-8 (bad byte 0xe9 at offset 3).")


def test_stdin_not_utf8(cli):
    """Standard input that is not UTF-8 is reported as such."""
    assert_user_error(cli("encode", "-", stdin=b"\xc3("), "standard input is not valid UTF-8 (bad byte 0xc3 at offset 0).")


def test_missing_text_file_and_directory(cli, tmp_path):
    """A missing file or a directory given as --text-file is one clear line."""
    assert_user_error(cli("encode", "--text-file", str(tmp_path / "nope.txt")), f"{tmp_path / 'nope.txt'} does not exist.")
    assert_user_error(cli("encode", "--text-file", str(tmp_path)), f"{tmp_path} is a directory, not a text file.")


def test_unreadable_text_file(cli, tmp_path, monkeypatch):
    """A text file that exists but cannot be read is one clear line, not a traceback."""
    path = tmp_path / "secret.txt"
    path.write_text("x", encoding="utf-8")

    deny_reading(monkeypatch, path)
    assert_user_error(cli("encode", "--text-file", str(path)), f"{path} cannot be read (Permission denied).")


def test_a_bad_byte_in_text_is_named_as_the_byte(cli):
    """A byte that is not UTF-8 on the command line reaches Python as U+DCFF (surrogateescape): it is named as
    the byte 0xff; a lone surrogate that was no byte is still named as the character."""
    expected = "--text is not valid UTF-8 (bad byte 0xff at offset 1)."
    assert_user_error(cli("encode", "--text", "a\udcff"), expected)
    assert_user_error(cli("capture", "--table", "gpt2", "--text", "a\udcff"), expected)
    assert_user_error(cli("--text", "a\udcff"), expected)
    lone = "the text cannot be encoded as UTF-8: lone surrogate U+D800 at character 1."
    assert_user_error(cli("encode", "--text", "a\ud800"), lone)


def test_vocab_without_encoder(cli, tmp_path):
    """--vocab without --encoder (or the reverse) is refused before anything is read."""
    message = "--vocab and --encoder go together: give both files of the custom table."
    assert_user_error(cli("encode", "--vocab", str(tmp_path / "v.bpe"), "--text", "a"), message)
    assert_user_error(cli("capture", "--encoder", str(tmp_path / "e.json"), "--text", "a"), message)
    assert_user_error(cli("check", "--vocab", str(tmp_path / "v.bpe"), str(TRACES_DIR / "teaching-a.json")), message)


def test_malformed_custom_table(cli, tmp_path):
    """A malformed vocab.bpe is reported with its path and line number."""
    vocab = tmp_path / "vocab.bpe"
    vocab.write_text("#version: 0.2\na b c\n", encoding="utf-8")
    enc = tmp_path / "encoder.json"
    enc.write_text("{}", encoding="utf-8")
    assert_user_error(
        cli("encode", "--vocab", str(vocab), "--encoder", str(enc), "--text", "a"),
        f"{vocab}, line 2: expected two symbols separated by one space, got 'a b c'.",
    )


# ---------------------------------------------------------------- check and examples


def test_check_valid_traces(cli):
    """check accepts the committed traces and prints one summary line each."""
    paths = [str(TRACES_DIR / "teaching-aaa.json"), str(TRACES_DIR / "gpt2-hi-ni.json")]
    code, out, err = cli("check", *paths)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        f"{paths[0]}: valid, teaching, 1 chunk, 1 round, 2 ids",
        f"{paths[1]}: valid, gpt2, 3 chunks, 2 rounds, 5 ids",
    ]


def test_check_corrupt_trace(cli, tmp_path):
    """A corrupt trace gives one stderr line and status 1 (an invalid input file), while valid files are still reported."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": ', encoding="utf-8")
    good = str(TRACES_DIR / "teaching-a.json")
    code, out, err = cli("check", str(bad), good)
    assert code == 1
    assert out == f"{good}: valid, teaching, 1 chunk, 0 rounds, 1 id\n"
    assert err == f"bpe-tui: {bad} is not valid JSON (Expecting value at line 1, column 12).\n"


def test_check_tampered_trace(cli, tmp_path):
    """A trace whose rounds were edited is refused, naming chunk and round."""
    data = json.loads((TRACES_DIR / "teaching-aaa.json").read_text(encoding="utf-8"))
    data["chunks"][0]["rounds"][0][3] = 1  # merged at offset 1, not 0
    path = tmp_path / "t.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert cli("check", str(path)) == (1, "", f"bpe-tui: {path} chunk 1 ('aaa') round 1: it merged at alias offsets [0], not [1].\n")


def test_check_custom_table_trace(cli, tmp_path):
    """check validates a trace of a custom table when given the same --vocab and --encoder."""
    vocab = tmp_path / "vocab.bpe"
    vocab.write_text("h e\n", encoding="utf-8")
    enc = tmp_path / "encoder.json"
    enc.write_text(json.dumps({s: i for i, s in enumerate(byte_symbol_order())} | {"he": 256}), encoding="utf-8")
    trace_path = tmp_path / "t.json"
    trace_path.write_text(dumps(capture("hehe", load_two_files(vocab, enc))), encoding="utf-8")
    code, out, err = cli("check", "--vocab", str(vocab), "--encoder", str(enc), str(trace_path))
    assert (code, out, err) == (0, f"{trace_path}: valid, custom, 1 chunk, 1 round, 2 ids\n", "")
    code, out, err = cli("check", str(trace_path))
    assert code == 1 and "needs the table 'custom', which cannot be loaded" in err


def test_examples_regenerates_into_a_directory(cli, tmp_path):
    """examples --dir writes every example, identical to the committed traces/."""
    code, out, err = cli("examples", "--dir", str(tmp_path))
    assert (code, out) == (0, "")
    everything = EXAMPLES + TIKTOKEN_EXAMPLES
    assert err.splitlines() == [f"wrote {example_path(tmp_path, stem, table)}" for stem, table, _ in everything]
    for stem, table, _ in everything:
        assert example_path(tmp_path, stem, table).read_bytes() == example_path(TRACES_DIR, stem, table).read_bytes()


# ---------------------------------------------------------------- real processes


def bpe_tui(*args: str | bytes, stdin: bytes = b"") -> subprocess.CompletedProcess:
    script = Path(sys.executable).with_name("bpe-tui")
    return subprocess.run([str(script), *args], input=stdin, capture_output=True, timeout=60, check=False)


def test_console_script_and_module_agree():
    """The installed `bpe-tui` script and `python -m tui` both encode 'Hi 你!' to the seed's ids."""
    expected = b"[17250, 220, 19526, 254, 0]\n"
    assert bpe_tui("encode", "--table", "gpt2", "--text", "Hi 你!").stdout == expected
    module = subprocess.run(
        [sys.executable, "-m", "tui", "encode", "--table", "gpt2", "-"],
        input="Hi 你!".encode(),
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert (module.returncode, module.stdout, module.stderr) == (0, expected, b"")


def test_jsonl_in_a_real_pipe():
    """A batch through a real pipe gives one id list per input line."""
    result = bpe_tui("encode", "--table", "gpt2", "--jsonl", stdin='"Hi 你!"\n"The cat sat on the"\n'.encode())
    assert (result.returncode, result.stderr) == (0, b"")
    assert result.stdout.decode("utf-8").splitlines() == ["[17250, 220, 19526, 254, 0]", "[464, 3797, 3332, 319, 262]"]


@pytest.mark.parametrize(
    ("args", "stdin", "expected"),
    [
        ((b"encode", b"--text", b"\xff"), b"", b"--text is not valid UTF-8 (bad byte 0xff at offset 0)."),
        ((b"encode", b"-"), b"caf\xe9", b"standard input is not valid UTF-8"),
        ((b"encode", b"--text-file", b"/nonexistent/file.txt"), b"", b"/nonexistent/file.txt does not exist."),
        (
            (b"decode", b"--table", b"gpt2", b"99999"),
            b"",
            b"id 99999 (token 1) is not in the gpt2 vocabulary: decoder[99999] raises KeyError.",
        ),
        ((b"decode", b"--table", b"gpt2", b"--errors", b"strict", b"254"), b"", b"the bytes are not valid UTF-8"),
        ((b"encode", b"--vocab", b"v.bpe", b"--text", b"a"), b"", b"--vocab and --encoder go together"),
        ((b"check", b"/dev/null"), b"", b"/dev/null is not a regular file (a character device): nothing was read."),
    ],
)
def test_real_process_errors_are_one_line_without_traceback(args, stdin, expected):
    """In a real process, bad input exits 2 (1 for check's invalid file) with one 'bpe-tui:' line on stderr and no traceback."""
    result = bpe_tui(*args, stdin=stdin)
    assert result.returncode == (1 if args[0] == b"check" else 2)
    assert result.stdout == b""
    assert result.stderr.startswith(b"bpe-tui: ") and result.stderr.count(b"\n") == 1
    assert expected in result.stderr
    assert b"Traceback" not in result.stderr
