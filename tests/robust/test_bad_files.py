"""Bad files: trace files and custom rule tables that are broken in every way the issue lists.

Each gives one clear sentence: tracefile raises TraceError / tables raise TableError, and the CLI
(`bpe-tui check FILE...`, `bpe-tui encode --vocab .. --encoder ..`) exits 2 with one line, never a traceback.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.engine.support import deny_reading
from tui.engine.bpe import capture, encode
from tui.engine.tables import TableError, get_table, load_two_files, teaching, vocab_bpe_text
from tui.engine.tracefile import MAX_FILE_BYTES, TraceError, dumps, load, loads, to_dict

from .conftest import assert_one_sentence


def valid(table: str = "teaching", text: str = "aaababcabxyz abc! abc") -> dict[str, Any]:
    return to_dict(capture(text, get_table(table)))


def edit(change: Callable[[dict[str, Any]], Any], table: str = "teaching") -> str:
    data = copy.deepcopy(valid(table))
    change(data)
    return json.dumps(data)  # ASCII: a lone surrogate is written as the escape \ud800


def setter(path: tuple, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def dropper(path: tuple) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


GOOD = dumps(capture("aaababcabxyz abc! abc", teaching()))

#: (name, file text, words the one sentence must contain)
BAD_TRACES: list[tuple[str, str, tuple[str, ...]]] = [
    ("empty file", "", ("not valid JSON",)),
    ("truncated to half", GOOD[: len(GOOD) // 2], ("not valid JSON", "line")),
    ("truncated by one character", GOOD.rstrip()[:-1], ("not valid JSON",)),
    ("not JSON at all", "format: bpe-trace/1\n", ("not valid JSON",)),
    ("a list, not an object", "[]", ("top level must be a JSON object",)),
    ("a string", '"bpe-trace/1"', ("top level must be a JSON object",)),
    ("deeply nested lists", "[" * 100_000, ("nested too deeply",)),
    ("deeply nested objects", '{"a":' * 100_000, ("nested too deeply",)),
    ("a 5,000-digit number", '{"format": "bpe-trace/1", "ids": [' + "9" * 5000 + "]}", ("number too long",)),
    ("format version 3", edit(setter(("format",), "bpe-trace/3")), ("format is 'bpe-trace/3'", "expected 'bpe-trace/2'")),
    ("format missing", edit(dropper(("format",))), ("format is 'None'",)),
    ("format a number", edit(setter(("format",), 1)), ("format is '1'",)),
    ("text missing", edit(dropper(("text",))), ("the key 'text' is missing",)),
    ("ids missing", edit(dropper(("ids",))), ("the key 'ids' is missing",)),
    ("chunks missing", edit(dropper(("chunks",))), ("the key 'chunks' is missing",)),
    ("table missing", edit(dropper(("table",))), ("the key 'table' is missing",)),
    ("table a string", edit(setter(("table",), "teaching")), ("table: must be an object",)),
    ("table name missing", edit(dropper(("table", "name"))), ("name must be a string",)),
    ("table merges a string", edit(setter(("table", "merges"), "9")), ("merges must be an integer",)),
    ("text a number", edit(setter(("text",), 5)), ("text must be a string",)),
    ("ids a string", edit(setter(("ids",), "[264]")), ("ids must be a list of non-negative integers",)),
    ("ids negative", edit(setter(("ids",), [-1])), ("ids must be a list of non-negative integers",)),
    ("ids floats", edit(setter(("ids",), [264.0])), ("ids must be a list of non-negative integers",)),
    ("ids booleans", edit(setter(("ids",), [True])), ("ids must be a list of non-negative integers",)),
    ("chunks an object", edit(setter(("chunks",), {})), ("chunks must be a list",)),
    ("chunk a list", edit(setter(("chunks", 0), [])), ("chunk 1: must be an object",)),
    ("chunk key missing", edit(dropper(("chunks", 0, "aliases"))), ("chunk 1", "the key 'aliases' is missing")),
    ("byte over 255", edit(setter(("chunks", 0, "bytes", 0), 256)), ("bytes must be a list of integers 0..255",)),
    ("cache unknown", edit(setter(("chunks", 0, "cache"), "maybe")), ("cache must be 'miss', 'hit', 'single' or 'whole'",)),
    ("round not a list", edit(setter(("chunks", 0, "rounds", 0), {"pair": ["a", "a"]})), ("round 1: must be a list",)),
    ("pair of three", edit(setter(("chunks", 0, "rounds", 0), ["a", "a", "a", 0, 0])), ("round 1: must be a list",)),
    ("rank a string", edit(setter(("chunks", 0, "rounds", 0, 2), "0")), ("round 1: must be a list",)),
    ("offsets missing", edit(lambda d: d["chunks"][0]["rounds"][0].pop()), ("round 1: must be a list", "at least one offset")),
    ("unknown table", edit(setter(("table", "name"), "gpt5")), ("needs the table 'gpt5'", "unknown table")),
    ("table hash differs", edit(setter(("table", "sha256"), "0" * 64)), ("captured with a different teaching table",)),
    ("merge count differs", edit(setter(("table", "merges"), 10)), ("captured with a different teaching table",)),
    ("text with a lone surrogate", edit(setter(("text",), "a\ud800")), ("lone surrogate U+D800",)),
    ("text changed", edit(setter(("text",), "aaababcabxyz abc!abd")), ("chunk",)),
    ("chunk texts changed", edit(setter(("chunks", 0, "text"), "aaababcabxy")), ("not GPT-2's regex chunks",)),
    ("bytes changed", edit(setter(("chunks", 0, "bytes", 0), 98)), ("bytes are not the UTF-8 bytes",)),
    ("aliases changed", edit(setter(("chunks", 0, "aliases"), "baababcabxyz")), ("aliases are not the aliases",)),
    ("cache state changed", edit(setter(("chunks", 3, "cache"), "miss")), ("cache is 'miss', but the encoder gives 'hit'",)),
    ("a round dropped", edit(lambda d: d["chunks"][0]["rounds"].pop()), ("rounds, the encoder",)),
    ("a round added", edit(lambda d: d["chunks"][0]["rounds"].append(d["chunks"][0]["rounds"][-1])), ("rounds, the encoder",)),
    ("rounds swapped", edit(lambda d: d["chunks"][0]["rounds"].reverse()), ("lowest-ranked pair is",)),
    ("rank changed", edit(setter(("chunks", 0, "rounds", 0, 2), 1)), ("lowest-ranked pair is 'a a' (rank 0), not 'a a' (rank 1)",)),
    ("offset changed", edit(setter(("chunks", 0, "rounds", 0, 3), 1)), ("merged at alias offsets [0], not [1]",)),
    ("chunk ids inconsistent", edit(setter(("chunks", 0, "ids"), [264, 257])), ("do not match its final symbols",)),
    ("top-level ids inconsistent", edit(lambda d: d["ids"].reverse()), ("top-level ids are not the chunks' ids",)),
    ("gpt2 ids inconsistent", edit(setter(("ids",), [1, 2, 3]), table="gpt2"), ("top-level ids",)),
]


@pytest.mark.parametrize("text, words", [(t, w) for _, t, w in BAD_TRACES], ids=[n for n, _, _ in BAD_TRACES])
def test_bad_trace_text_is_one_trace_error(text: str, words: tuple[str, ...]) -> None:
    with pytest.raises(TraceError) as caught:
        loads(text, source="t.json")
    message = str(caught.value)
    assert message.startswith("t.json") and message.endswith(".") and "\n" not in message, message
    for word in words:
        assert word in message, (word, message)


def test_all_bad_traces_through_check_give_one_line_each(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`bpe-tui check` on every bad file at once: one line per file, exit 1; a good file still says valid."""
    paths = []
    for n, (_, text, _) in enumerate(BAD_TRACES):
        path = tmp_path / f"bad{n}.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        paths.append(str(path))
    good = tmp_path / "good.json"
    good.write_text(GOOD, encoding="utf-8")
    code, out, err = cli("check", str(good), *paths)
    assert code == 1  # check: an invalid input file
    trace = capture("aaababcabxyz abc! abc", teaching())
    assert out == f"{good}: valid, teaching, {len(trace.chunks)} chunks, {trace.round_count} rounds, {len(trace.ids)} ids\n"
    lines = err.splitlines()
    assert len(lines) == len(BAD_TRACES) and "Traceback" not in err
    for path, line in zip(paths, lines, strict=False):
        assert line.startswith(f"bpe-tui: {path}") and line.endswith("."), line


async def test_the_app_opening_each_bad_trace_says_one_sentence(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """In the app (o), every bad file gives one error notification; the trace shown stays."""
    from .apphelp import Notes, assert_alive, assert_screen_clean, make_app, opened, settle

    app = make_app()
    notes = Notes()
    async with opened(app, size=(100, 30), notes=notes, notifications=True) as pilot:
        before = app.position
        for n, (name, text, words) in enumerate(BAD_TRACES):
            path = tmp_path / f"bad{n}.json"
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            app.open_file(path)
            await settle(app, pilot)
            assert_alive(app)
            assert app.position is before, name
            note = notes.all[-1]
            assert (note.title, note.severity) == ("Cannot open", "error"), name
            assert note.message.startswith(str(path)[:1].upper() + str(path)[1:]) and "\n" not in note.message, note.message
            for word in words:
                assert word.lower() in note.message.lower(), (word, note.message)
        assert_screen_clean(app)


def test_every_example_passes_check(cli) -> None:  # type: ignore[no-untyped-def]
    from tui.engine.examples import TRACES_DIR

    files = sorted(str(p) for p in TRACES_DIR.glob("*.json"))
    code, out, err = cli("check", *files)
    assert (code, err) == (0, "") and out.count(": valid, ") == len(files)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda p: p.write_bytes(b'{"text": "caf\xe9"}'), ("is not valid UTF-8", "offset 13")),
        (lambda p: p.mkdir(), ("is a directory",)),
        (lambda p: None, ("does not exist",)),
    ],
    ids=["not UTF-8", "directory", "missing"],
)
def test_unusable_trace_files(cli, tmp_path, make, words) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "t.json"
    make(path)
    assert_one_sentence(cli("check", str(path)), str(path), *words, status=1)


def test_unreadable_trace_file(cli, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A file the system refuses to read (as permissions do for anyone but root) is one sentence, exit 2."""
    path = tmp_path / "t.json"
    path.write_text(GOOD)
    deny_reading(monkeypatch, path)
    assert_one_sentence(cli("check", str(path)), str(path), "cannot be read", "Permission denied", status=1)


def test_a_147_mb_trace_is_refused_by_size_before_reading(cli, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A real 147 MB JSON file (a valid trace's shape with a huge text): refused from its size alone."""
    path = tmp_path / "big.json"
    with path.open("w", encoding="utf-8") as out:
        out.write('{"format": "bpe-trace/1", "table": {"name": "teaching", "merges": 9, "sha256": "x"}, "text": "')
        block = "a" * (1 << 20)
        for _ in range(140):
            out.write(block)
        out.write('", "ids": [], "chunks": []}')
    size = path.stat().st_size
    assert size > 140 * 2**20 > MAX_FILE_BYTES

    def no_reading(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError(f"{self} was read")

    monkeypatch.setattr(Path, "read_bytes", no_reading)
    monkeypatch.setattr(Path, "read_text", no_reading)
    with pytest.raises(TraceError, match=r"is 146\.8 MB; trace files over 128 MiB are refused\."):
        load(path)
    assert_one_sentence(cli("check", str(path)), "146.8 MB", "128 MiB", status=1)


def test_a_sparse_file_just_over_the_limit_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "sparse.json"
    with path.open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)
    with pytest.raises(TraceError, match="refused"):
        load(path)


def test_the_app_refuses_a_bad_trace_file_on_the_command_line(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "t.json"
    path.write_text(GOOD[:100], encoding="utf-8")
    assert_one_sentence(cli(str(path)), str(path), "not valid JSON")


def test_real_process_never_prints_a_traceback(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """In a real process: deep nesting, a huge number and binary garbage, one line each, exit 2."""
    files = []
    for name, data in [("deep", b"[" * 100_000), ("number", b"[" + b"7" * 10_000 + b"]"), ("garbage", os.urandom(4096))]:
        path = tmp_path / f"{name}.json"
        path.write_bytes(data)
        files.append(str(path))
    run = subprocess.run([sys.executable, "-m", "tui", "check", *files], capture_output=True, timeout=60)
    assert run.returncode == 1 and run.stdout == b""
    lines = run.stderr.decode().splitlines()
    assert len(lines) == 3 and b"Traceback" not in run.stderr, run.stderr


# -- custom tables: vocab.bpe + encoder.json ------------------------------------------------------


def table_files(tmp_path: Path, vocab: bytes | str | None = None, encoder: bytes | str | None = None) -> tuple[str, str]:
    """Write a custom table (the teaching table's rules and ids unless given) into tmp_path."""
    base = teaching()
    vocab = vocab_bpe_text(base.merges) if vocab is None else vocab
    encoder = json.dumps(dict(base.encoder), ensure_ascii=False) if encoder is None else encoder
    v, e = tmp_path / "vocab.bpe", tmp_path / "encoder.json"
    v.write_bytes(vocab.encode("utf-8") if isinstance(vocab, str) else vocab)
    e.write_bytes(encoder.encode("utf-8") if isinstance(encoder, str) else encoder)
    return str(v), str(e)


def test_a_good_custom_table_encodes_like_the_teaching_table(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    v, e = table_files(tmp_path)
    assert cli("encode", "--vocab", v, "--encoder", e, "--text", "aaababcabxyz") == (0, "[264, 257, 261]\n", "")


def test_missing_header_and_missing_final_newline_are_accepted(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """'#version' is optional, and the last rule counts without a final newline (GPT-2's own loader
    drops it: split('\\n')[1:-1])."""
    rules = "".join(f"{a} {b}\n" for a, b in teaching().merges)
    for name, vocab in [("no header", rules), ("no final newline", rules.rstrip("\n")), ("CRLF", rules.replace("\n", "\r\n"))]:
        v, e = table_files(tmp_path, vocab=vocab)
        table = load_two_files(v, e)
        assert table.merges == teaching().merges, name
        assert cli("encode", "--vocab", v, "--encoder", e, "--text", "aaababcabxyz") == (0, "[264, 257, 261]\n", ""), name


BASE_RULES = vocab_bpe_text(teaching().merges)
ENCODER = dict(teaching().encoder)

BAD_TABLES: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("vocab: one symbol on a line", {"vocab": BASE_RULES + "abc\n"}, ("vocab.bpe, line 11", "expected two symbols")),
    ("vocab: three symbols", {"vocab": BASE_RULES + "a b c\n"}, ("line 11", "expected two symbols")),
    ("vocab: empty line inside", {"vocab": BASE_RULES.replace("\n", "\n\n", 1)}, ("line 2", "expected two symbols")),
    ("vocab: two spaces", {"vocab": "#version: 0.2\na  b\n"}, ("line 2", "expected two symbols")),
    ("vocab: tab separated", {"vocab": "#version: 0.2\na\tb\n"}, ("line 2",)),
    ("vocab: rule twice", {"vocab": BASE_RULES + "a a\n"}, ("line 11", "appears twice")),
    ("vocab: not UTF-8", {"vocab": b"#version: 0.2\na \xff\n"}, ("vocab.bpe is not valid UTF-8", "offset 16")),
    ("vocab: binary", {"vocab": bytes(range(256))}, ("not valid UTF-8",)),
    ("vocab: header in the middle", {"vocab": "a a\n#version: 0.2\n"}, ("no id for '#version:0.2', made by rule 1",)),
    ("encoder: not JSON", {"encoder": "{'a': 1}"}, ("encoder.json is not valid JSON",)),
    ("encoder: truncated", {"encoder": json.dumps(ENCODER)[:-30]}, ("not valid JSON",)),
    ("encoder: not UTF-8", {"encoder": b'{"\xff": 1}'}, ("encoder.json is not valid UTF-8",)),
    ("encoder: a list", {"encoder": "[1, 2]"}, ("must hold a JSON object",)),
    ("encoder: negative id", {"encoder": json.dumps(ENCODER | {"a": -1})}, ("the id of 'a' is not a non-negative integer",)),
    ("encoder: string id", {"encoder": json.dumps(ENCODER | {"a": "97"})}, ("the id of 'a'",)),
    ("encoder: boolean id", {"encoder": json.dumps(ENCODER | {"a": True})}, ("the id of 'a'",)),
    ("encoder: shared id", {"encoder": json.dumps(ENCODER | {"a": 0})}, ("two symbols share the same id",)),
    ("encoder: deeply nested", {"encoder": "[" * 100_000}, ("nested too deeply",)),
    ("encoder: 5,000-digit id", {"encoder": '{"a": ' + "1" * 5000 + "}"}, ("number too long",)),
    (
        "mismatch: a byte alias missing",
        {"encoder": json.dumps({k: v for k, v in ENCODER.items() if k != "Ġ"})},
        ("no id for the byte alias 'Ġ'", "do not belong together"),
    ),
    (
        "mismatch: a merge result missing",
        {"encoder": json.dumps({k: v for k, v in ENCODER.items() if k != "xyz"})},
        ("no id for 'xyz'", "rule 5", "do not match"),
    ),
    ("mismatch: GPT-2's rules with teaching ids", {"vocab": "#version: 0.2\nĠ t\n"}, ("no id for 'Ġt'",)),
    ("vocab: empty file, encoder: empty object", {"vocab": "", "encoder": "{}"}, ("no id for the byte alias",)),
]


@pytest.mark.parametrize("files, words", [(f, w) for _, f, w in BAD_TABLES], ids=[n for n, _, _ in BAD_TABLES])
def test_bad_custom_tables_are_one_sentence(cli, tmp_path, files: dict[str, Any], words: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    v, e = table_files(tmp_path, **files)
    with pytest.raises(TableError):
        load_two_files(v, e)
    for argv in (
        ["encode", "--vocab", v, "--encoder", e, "--text", "abc"],
        ["check", "--vocab", v, "--encoder", e, "x.json"],
        ["--vocab", v, "--encoder", e, "--text", "abc"],  # the app refuses to start
    ):
        assert_one_sentence(cli(*argv), *words)


@pytest.mark.parametrize("which", ["vocab", "encoder"])
def test_missing_or_directory_table_files(cli, tmp_path, which: str) -> None:  # type: ignore[no-untyped-def]
    v, e = table_files(tmp_path)
    missing = str(tmp_path / "nowhere")
    args = {"vocab": v, "encoder": e} | {which: missing}
    assert_one_sentence(cli("encode", "--vocab", args["vocab"], "--encoder", args["encoder"], "--text", "a"), missing, "does not exist")
    args[which] = str(tmp_path)
    assert_one_sentence(cli("encode", "--vocab", args["vocab"], "--encoder", args["encoder"], "--text", "a"), "is a directory")
    assert_one_sentence(cli("encode", f"--{which}", v if which == "vocab" else e, "--text", "a"), "--vocab and --encoder go together")


def test_a_trace_of_a_custom_table_needs_that_table(cli, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A trace captured with a custom table checks with the same files, and not with other ones."""
    v, e = table_files(tmp_path)
    trace = tmp_path / "custom.json"
    assert cli("capture", "--vocab", v, "--encoder", e, "--text", "abcabc", "-o", str(trace))[0] == 0
    code, out, _err = cli("check", "--vocab", v, "--encoder", e, str(trace))
    assert code == 0 and "valid, custom" in out
    assert_one_sentence(cli("check", str(trace)), "needs the table 'custom'", status=1)
    other = tmp_path / "other"
    other.mkdir()
    v2, e2 = table_files(other, vocab=BASE_RULES + "b b\n", encoder=json.dumps(ENCODER | {"bb": 999}))
    assert_one_sentence(cli("check", "--vocab", v2, "--encoder", e2, str(trace)), "captured with a different custom table", status=1)
    assert encode("abcabc", load_two_files(v, e)) == encode("abcabc", teaching())


def test_a_huge_number_in_a_trace_is_echoed_short() -> None:
    """A rank of 4,000 digits (issue 36, item 15) was echoed whole, a 4.1 KB error line: now its start and its length."""
    data = to_dict(capture("ab", get_table("gpt2")))
    data["chunks"][0]["rounds"][0][2] = int("9" * 4000)
    with pytest.raises(TraceError) as caught:
        loads(json.dumps(data), source="t.json")
    said = str(caught.value)
    assert said == (
        "t.json chunk 1 ('ab') round 1: the lowest-ranked pair is 'a b' (rank 141), not 'a b' (rank " + "9" * 80 + "… (4,000 characters))."
    )
