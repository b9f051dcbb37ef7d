"""What the command line prints to a terminal (issue 28, item 12): nothing raw from a user's file.

Prose (errors, `check`'s lines) goes through tui.safe.visible, JSON keeps \\u escapes for every
unsafe character, and `decode` on a terminal shows its text made visible. Tested with an OSC 52
payload (it would write the clipboard) and a screen clear, in a tokenizer.json's model type and in
a file name.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.engine.support import CliResult
from tui.engine.bpe import capture, encode
from tui.engine.tables import teaching
from tui.engine.tracefile import dumps

Cli = Callable[..., CliResult]
PAYLOAD = "\u001b]52;c;aGk=\u0007\u001b[2J"
SHOWN = "␛]52;c;aGk=␇␛[2J"


def raw_controls(text: str) -> list[str]:
    return [ch for ch in text if ch in "\x1b\x07\x9b\u202e"]


def test_a_tokenizer_json_model_type_is_printed_visibly(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps({"model": {"type": PAYLOAD}}), encoding="utf-8")
    code, out, err = cli("encode", "--tokenizer-json", str(path), "--text", "a")
    assert (code, out, err) == (
        2,
        "",
        f"bpe-tui: {path}: its model is {SHOWN}, not BPE; bpe-tui reads BPE only (byte-level, or with byte fallback).\n",
    )
    assert raw_controls(err) == []


def test_check_names_a_path_with_escapes_visibly(cli: Cli, tmp_path: Path) -> None:
    good = tmp_path / "a\x1b[2J.json"
    good.write_text(dumps(capture("abc", teaching())), encoding="utf-8")
    missing = tmp_path / "b\x07\x1b[2J.json"
    code, out, err = cli("check", str(good), str(missing))
    assert code == 1  # an invalid input file
    assert out == f"{tmp_path}/a␛[2J.json: valid, teaching, 1 chunk, 1 round, 2 ids\n"
    assert err == f"bpe-tui: {tmp_path}/b␇␛[2J.json does not exist.\n"
    assert raw_controls(out + err) == []


def test_chunks_json_escapes_bidi_and_c1_controls(cli: Cli) -> None:
    code, out, err = cli("chunks", "--table", "teaching", "--text", "a\u202eb\x85 c")
    assert (code, err) == (0, "")
    assert out == (
        '[{"text": "a", "start": 0, "branch": 8, "pattern": " ?\\\\p{L}+"}, '
        '{"text": "\\u202e", "start": 1, "branch": 10, "pattern": " ?[^\\\\s\\\\p{L}\\\\p{N}]+"}, '
        '{"text": "b", "start": 2, "branch": 8, "pattern": " ?\\\\p{L}+"}, '
        '{"text": "\\u0085", "start": 3, "branch": 11, "pattern": "\\\\s+(?!\\\\S)"}, '
        '{"text": " c", "start": 4, "branch": 8, "pattern": " ?\\\\p{L}+"}]\n'
    )
    assert [c["text"] for c in json.loads(out)] == ["a", "\u202e", "b", "\x85", " c"]  # the same JSON value


def test_capture_to_standard_output_escapes_them_too(cli: Cli) -> None:
    code, out, _ = cli("capture", "--table", "teaching", "--text", "\u202e\x9b")
    assert code == 0 and raw_controls(out) == [] and '"text": "\\u202e\\u009b"' in out
    assert json.loads(out)["text"] == "\u202e\x9b"


@pytest.mark.parametrize("tty", [True, False])
def test_decode_shows_escapes_visibly_on_a_terminal_only(cli: Cli, monkeypatch: pytest.MonkeyPatch, tty: bool) -> None:
    ids = [str(i) for i in encode("\x1b[2J\x07", teaching())]
    monkeypatch.setattr(sys.stdout, "isatty", lambda: tty)
    assert cli("decode", "--table", "teaching", *ids) == (0, "␛[2J␇\n" if tty else "\x1b[2J\x07\n", "")


@pytest.mark.parametrize(("argv", "prog"), [(["decode", "1"], "bpe-tui decode"), (["--text", "a"], "bpe-tui")], ids=["command", "app"])
def test_an_unknown_argument_is_quoted_visibly(cli: Cli, argv: list[str], prog: str) -> None:
    code, out, err = cli(*argv, f"--bogus={PAYLOAD}")
    assert (code, out) == (2, "") and err.endswith(f"{prog}: error: unrecognized arguments: --bogus={SHOWN}\n")
    assert raw_controls(err) == []
