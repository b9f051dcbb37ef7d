"""Two-file tables: parsing vocab.bpe and encoder.json (errors name file and line) and loading custom tables from them."""

from __future__ import annotations

import hashlib
import json

import pytest

from tui.engine import tables
from tui.engine.bpe import encode
from tui.engine.tables import (
    GPT2_VOCAB_SHA256,
    TableError,
    byte_symbol_order,
    load_two_files,
    parse_encoder_json,
    parse_vocab_bpe,
)

# ---------------------------------------------------------------- vocab.bpe parsing


def test_parse_keeps_last_rule_without_trailing_newline():
    """The split('\\n')[1:-1] pitfall: the loader keeps the last rule, the naive slice loses it."""
    data = b"#version: 0.2\na b\nab c"
    assert parse_vocab_bpe(data) == (("a", "b"), ("ab", "c"))
    naive = [tuple(line.split()) for line in data.decode().split("\n")[1:-1]]
    assert naive == [("a", "b")]


def test_parse_with_and_without_header_and_newline():
    """'#version' header optional, trailing newline optional, CRLF tolerated, empty file has no rules."""
    expected = (("a", "b"), ("ab", "c"))
    assert parse_vocab_bpe(b"#version: 0.2\na b\nab c\n") == expected
    assert parse_vocab_bpe(b"a b\nab c\n") == expected
    assert parse_vocab_bpe(b"a b\nab c") == expected
    assert parse_vocab_bpe(b"#version: 0.2\r\na b\r\nab c\r\n") == expected
    assert parse_vocab_bpe(b"#version: 0.2\n") == ()
    assert parse_vocab_bpe(b"") == ()


@pytest.mark.parametrize(
    ("data", "line", "shown"),
    [
        (b"#version: 0.2\na b\na b c\n", 3, "'a b c'"),
        (b"a b\nab\n", 2, "'ab'"),
        (b"a  b\n", 1, "'a  b'"),
        (b"#version: 0.2\n\na b\n", 2, "''"),
        (b"a b\n#version\n", 2, "'#version'"),
        (b" a\n", 1, "' a'"),
    ],
)
def test_parse_rejects_malformed_lines_with_file_and_line(data, line, shown):
    """A malformed line is named by file and line number, with the offending text."""
    with pytest.raises(TableError) as info:
        parse_vocab_bpe(data, "my/vocab.bpe")
    assert str(info.value) == f"my/vocab.bpe, line {line}: expected two symbols separated by one space, got {shown}."


def test_parse_rejects_duplicate_rules():
    """A rule listed twice is an error naming its second line."""
    with pytest.raises(TableError, match=r"^v\.bpe, line 3: the rule 'a b' appears twice\.$"):
        parse_vocab_bpe(b"#version: 0.2\na b\na b\n", "v.bpe")


def test_parse_rejects_invalid_utf8():
    """A rule file that is not UTF-8 is refused with the offset of the bad byte."""
    with pytest.raises(TableError, match=r"^v\.bpe is not valid UTF-8 \(bad byte 0xff at offset 4\)\.$"):
        parse_vocab_bpe(b"a b\n\xff c\n", "v.bpe")


# ---------------------------------------------------------------- encoder.json parsing


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff", r"^e\.json is not valid UTF-8 \(bad byte 0xff at offset 0\)\.$"),
        (b"{", r"^e\.json is not valid JSON \("),
        (b"[1, 2]", r"^e\.json must hold a JSON object mapping symbols to ids\.$"),
        (b'{"a": -1}', r"^e\.json: the id of 'a' is not a non-negative integer\.$"),
        (b'{"a": "1"}', r"^e\.json: the id of 'a' is not a non-negative integer\.$"),
        (b'{"a": true}', r"^e\.json: the id of 'a' is not a non-negative integer\.$"),
        (b'{"a": 1.0}', r"^e\.json: the id of 'a' is not a non-negative integer\.$"),
        (b'{"a": 1, "b": 1}', r"^e\.json: two symbols share the same id\.$"),
    ],
)
def test_parse_encoder_rejects_bad_files(data, message):
    """encoder.json must be a UTF-8 JSON object of distinct non-negative integer ids."""
    with pytest.raises(TableError, match=message):
        parse_encoder_json(data, "e.json")


# ---------------------------------------------------------------- custom two-file tables

SMALL_RULES = [("h", "e"), ("l", "l"), ("he", "ll")]


def write_small_table(tmp_path, *, rules=SMALL_RULES, header=True, final_newline=True, drop=None):
    """A 3-rule custom table in GPT-2's two-file format; ids 0..255 bytes in GPT-2 order, then 256 + rank."""
    body = "\n".join(f"{a} {b}" for a, b in rules) + ("\n" if final_newline else "")
    vocab = tmp_path / "vocab.bpe"
    vocab.write_text(("#version: 0.2\n" if header else "") + body, encoding="utf-8")
    encoder = {s: i for i, s in enumerate(byte_symbol_order())}
    for rank, (a, b) in enumerate(rules):
        encoder[a + b] = 256 + rank
    if drop is not None:
        del encoder[drop]
    enc = tmp_path / "encoder.json"
    enc.write_text(json.dumps(encoder), encoding="utf-8")
    return vocab, enc


@pytest.mark.parametrize(("header", "final_newline"), [(True, True), (False, True), (True, False), (False, False)])
def test_load_two_files_small_table(tmp_path, header, final_newline):
    """A 3-rule custom table loads with or without header/final newline, and its last rule is used."""
    vocab, enc = write_small_table(tmp_path, header=header, final_newline=final_newline)
    table = load_two_files(vocab, enc)
    assert table.name == "custom"
    assert list(table.merges) == SMALL_RULES
    assert table.sha256 == hashlib.sha256(vocab.read_bytes()).hexdigest()
    # 'hello' -> h e l l o -> he l l o -> he ll o -> hell o: the last rule (rank 2) must fire.
    assert encode("hello", table) == [258, table.encoder["o"]]
    assert table.encoder["o"] == 78


def test_load_two_files_rejects_missing_merge_result(tmp_path):
    """An encoder without the id of a rule's result does not belong to the rule file."""
    vocab, enc = write_small_table(tmp_path, drop="hell")
    with pytest.raises(TableError) as info:
        load_two_files(vocab, enc)
    assert str(info.value) == f"{enc} has no id for 'hell', made by rule 2 of {vocab}; the files do not match."


def test_load_two_files_rejects_missing_byte_alias(tmp_path):
    """An encoder without an id for some byte alias is rejected, naming the alias."""
    vocab, enc = write_small_table(tmp_path, drop="Ġ")
    with pytest.raises(TableError) as info:
        load_two_files(vocab, enc)
    assert str(info.value) == f"{enc} has no id for the byte alias 'Ġ'; the two files do not belong together."


def test_load_two_files_reports_missing_file_and_directory(tmp_path):
    """A missing file or a directory is named in one sentence."""
    vocab, enc = write_small_table(tmp_path)
    with pytest.raises(TableError, match=r"nope\.bpe does not exist\.$"):
        load_two_files(tmp_path / "nope.bpe", enc)
    with pytest.raises(TableError, match=r"is a directory, not an encoder\.json file\.$"):
        load_two_files(vocab, tmp_path)


def test_load_two_files_malformed_rule_names_the_path(tmp_path):
    """A malformed line in a custom file is reported with that file's path and line number."""
    vocab, enc = write_small_table(tmp_path)
    vocab.write_text("#version: 0.2\nh e\nl l l\n", encoding="utf-8")
    with pytest.raises(TableError, match=rf"^{vocab}, line 3: expected two symbols"):
        load_two_files(vocab, enc)


def test_official_files_load_as_a_custom_table(gpt2_table):
    """The official files also load through the generic two-file loader, with identical data."""
    vocab_path, encoder_path = tables.gpt2_files()
    table = load_two_files(vocab_path, encoder_path, name="roberta-like")
    assert table.name == "roberta-like"
    assert table.merges == gpt2_table.merges
    assert dict(table.encoder) == dict(gpt2_table.encoder)
    assert table.sha256 == GPT2_VOCAB_SHA256
