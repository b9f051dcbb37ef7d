"""Rule tables: teaching, the official GPT-2 table and custom two-file tables (seed 000, issue 2)."""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from pathlib import Path

import pytest

from tui.engine import tables
from tui.engine.aliases import bytes_to_unicode
from tui.engine.bpe import encode
from tui.engine.tables import (
    GPT2_ENCODER_SHA256,
    GPT2_VOCAB_SHA256,
    TableError,
    byte_symbol_order,
    get_table,
    load_two_files,
    parse_encoder_json,
    parse_vocab_bpe,
    two_files,
)

TEACHING_RULES = [("a", "a"), ("a", "b"), ("b", "c"), ("c", "a"), ("x", "y"), ("xy", "z"), ("aa", "ab"), ("aaab", "ab"), ("aaabab", "c")]


# ---------------------------------------------------------------- teaching


def test_teaching_has_exactly_the_nine_rules_in_rank_order(teaching_table):
    """Ranks 0..8 are a a, a b, b c, c a, x y, xy z, aa ab, aaab ab, aaabab c."""
    assert list(teaching_table.merges) == TEACHING_RULES
    assert dict(teaching_table.ranks) == {pair: rank for rank, pair in enumerate(TEACHING_RULES)}


def test_teaching_merge_ids_are_256_plus_rank(teaching_table):
    """The merge of rank r has id 256 + r, and there are 256 + 9 ids in all."""
    for rank, (a, b) in enumerate(TEACHING_RULES):
        assert teaching_table.encoder[a + b] == 256 + rank
    assert len(teaching_table.encoder) == 265
    assert sorted(teaching_table.encoder.values()) == list(range(265))


def test_teaching_byte_ids_equal_gpt2s(teaching_table, gpt2_table):
    """Ids 0..255 of the teaching table are GPT-2's own ids of the 256 byte symbols."""
    for alias in bytes_to_unicode().values():
        assert teaching_table.encoder[alias] == gpt2_table.encoder[alias]


def test_teaching_decoder_inverts_encoder(teaching_table):
    """decoder maps every id back to its symbol."""
    assert {i: s for s, i in teaching_table.encoder.items()} == dict(teaching_table.decoder)


def test_teaching_title():
    """The interface names the table with its rule count."""
    assert tables.label(get_table("teaching")) == "teaching · 9 rules"


# ---------------------------------------------------------------- gpt2


def test_gpt2_sizes(gpt2_table):
    """50,000 merges and 50,257 ids: 256 bytes + 50,000 merges + <|endoftext|> = 50256."""
    assert len(gpt2_table.merges) == 50_000
    assert len(gpt2_table.encoder) == 50_257
    assert gpt2_table.encoder["<|endoftext|>"] == 50256
    assert sorted(gpt2_table.encoder.values()) == list(range(50_257))


def test_alias_and_id_are_different_mappings(gpt2_table):
    """Byte 97's alias is 'a' but encoder['a'] is 64; byte 33's alias '!' has id 0."""
    assert bytes_to_unicode()[97] == "a"
    assert gpt2_table.encoder["a"] == 64
    assert bytes_to_unicode()[33] == "!"
    assert gpt2_table.encoder["!"] == 0


def test_every_merge_id_is_256_plus_rank(gpt2_table):
    """encoder[left + right] == 256 + rank for all 50,000 official rules."""
    encoder = gpt2_table.encoder
    bad = [(rank, a, b) for rank, (a, b) in enumerate(gpt2_table.merges) if encoder[a + b] != 256 + rank]
    assert bad == []
    assert sum(1 for _ in gpt2_table.merges) == 50_000


def test_byte_ids_follow_encoder_json_order(gpt2_table):
    """Ids 0..255 are the byte symbols in encoder.json's first 256 entries: '.' is 13 and 'Ġ' is 220."""
    _, encoder_path = tables.gpt2_files()
    in_file_order = json.loads(encoder_path.read_bytes(), object_pairs_hook=list)
    first = in_file_order[:256]
    assert [symbol for symbol, _ in first] == byte_symbol_order()
    assert [i for _, i in first] == list(range(256))
    assert gpt2_table.encoder["."] == 13
    assert gpt2_table.encoder["Ġ"] == 220
    assert byte_symbol_order()[:3] == ["!", '"', "#"]
    assert set(byte_symbol_order()) == set(bytes_to_unicode().values())


def test_only_special_entry_is_endoftext(gpt2_table):
    """The only id that is neither a byte alias nor a merge result is <|endoftext|>."""
    assert gpt2_table.special == {"<|endoftext|>": 50256}


def test_gpt2_files_are_the_pinned_originals():
    """The package's two files have the SHA-256 digests pinned by the issue."""
    vocab_path, encoder_path = tables.gpt2_files()
    assert hashlib.sha256(vocab_path.read_bytes()).hexdigest() == GPT2_VOCAB_SHA256
    assert hashlib.sha256(encoder_path.read_bytes()).hexdigest() == GPT2_ENCODER_SHA256
    assert GPT2_VOCAB_SHA256 == "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5"
    assert GPT2_ENCODER_SHA256 == "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783"


def test_gpt2_ranks_equal_the_original_loaders_ranks(gpt2_table):
    """On the official file (which ends in a newline) the loader agrees with GPT-2's split('\\n')[1:-1]."""
    vocab_path, _ = tables.gpt2_files()
    bpe_data = vocab_path.read_text(encoding="utf-8")
    original = [tuple(line.split()) for line in bpe_data.split("\n")[1:-1]]
    assert dict(gpt2_table.ranks) == {pair: rank for rank, pair in enumerate(original)}
    assert gpt2_table.sha256 == GPT2_VOCAB_SHA256


def test_gpt2_title(gpt2_table):
    """The interface names the official table with its merge count and hash prefix."""
    assert tables.label(gpt2_table) == "GPT-2 · 50,000 merges · vocab.bpe 1ce16647…"


def test_get_table_by_name_and_unknown_name(gpt2_table, teaching_table):
    """get_table returns the built-in tables and refuses other names in one sentence."""
    assert get_table("gpt2") is gpt2_table
    assert get_table("teaching") is teaching_table
    with pytest.raises(
        TableError,
        match=r"^unknown table 'cl100k'; choose one of: teaching, gpt2, cl100k_base, o200k_base, deepseek-v4, qwen3, qwen3\.6, tekken\.$",
    ):
        get_table("cl100k")


def _copy_gpt2_files(tmp_path):
    vocab_path, encoder_path = tables.gpt2_files()
    vocab_copy, encoder_copy = tmp_path / "vocab.bpe", tmp_path / "encoder.json"
    shutil.copyfile(vocab_path, vocab_copy)
    shutil.copyfile(encoder_path, encoder_copy)
    return vocab_copy, encoder_copy


def test_gpt2_loader_accepts_intact_copies(tmp_path, monkeypatch):
    """Unmodified copies of the two files pass the hash check (the uncached loader, run afresh)."""
    vocab_copy, encoder_copy = _copy_gpt2_files(tmp_path)
    monkeypatch.setattr(two_files, "gpt2_files", lambda: (vocab_copy, encoder_copy))
    table = tables.gpt2.__wrapped__()
    assert len(table.merges) == 50_000 and table.encoder["<|endoftext|>"] == 50256


@pytest.mark.parametrize("which", ["vocab", "encoder"])
def test_gpt2_loader_refuses_a_modified_file(tmp_path, monkeypatch, which):
    """A file whose SHA-256 differs is refused with a clear sentence, never silently used."""
    vocab_copy, encoder_copy = _copy_gpt2_files(tmp_path)
    target = vocab_copy if which == "vocab" else encoder_copy
    target.write_bytes(target.read_bytes() + b"\n")
    monkeypatch.setattr(two_files, "gpt2_files", lambda: (vocab_copy, encoder_copy))
    with pytest.raises(TableError) as info:
        tables.gpt2.__wrapped__()
    message = str(info.value)
    assert message.startswith(f"refusing the official table: {target} has SHA-256 ")
    expected = GPT2_VOCAB_SHA256 if which == "vocab" else GPT2_ENCODER_SHA256
    assert f"expected {expected[:16]}" in message
    assert "\n" not in message


def test_gpt2_files_ship_inside_the_package_with_their_licence():
    """vocab.bpe and encoder.json are the package's own data/gpt2/ files, beside openai/gpt-2's licence; no other package is asked."""
    folder = Path(tables.__file__).parent / "data" / "gpt2"
    assert tables.gpt2_files() == (folder / "vocab.bpe", folder / "encoder.json")
    assert sorted(p.name for p in folder.iterdir()) == ["LICENSE", "encoder.json", "vocab.bpe"]
    licence = (folder / "LICENSE").read_text(encoding="utf-8").splitlines()
    assert licence[:3] == ["Modified MIT License", "", "Software Copyright (c) 2019 OpenAI"]


def test_gpt2_files_inside_a_zip_archive_are_one_sentence(tmp_path, monkeypatch):
    """A package imported from a zip archive has no files on disk to read: one sentence, no traceback."""
    archive = tmp_path / "tui.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("tui/engine/tables/data/gpt2/vocab.bpe", "#version: 0.2\n")
    monkeypatch.setattr("importlib.resources.files", lambda package: zipfile.Path(archive, package.replace(".", "/") + "/"))
    with pytest.raises(TableError) as info:
        tables.gpt2_files()
    assert str(info.value) == f"the official GPT-2 files must be installed as files on disk; {archive}/tui/engine/tables/data/gpt2/ is not."


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


# ---------------------------------------------------------------- the registry


def test_registry_names_in_cycle_order():
    """Each built-in table has one entry; `t` cycles through them in order, a custom table last."""
    assert (
        tables.names() == ("teaching", "gpt2", "cl100k_base", "o200k_base", "deepseek-v4", "qwen3", "qwen3.6", "tekken")
        and tables.DEFAULT == "teaching"
    )
    assert tables.table_cycle() == ["teaching", "gpt2", "cl100k_base", "o200k_base", "deepseek-v4", "qwen3", "qwen3.6", "tekken"]
    custom = tables.Table(name="custom", merges=(), encoder={}, sha256="ab" * 32)
    assert tables.table_cycle(custom) == [
        "teaching",
        "gpt2",
        "cl100k_base",
        "o200k_base",
        "deepseek-v4",
        "qwen3",
        "qwen3.6",
        "tekken",
        "custom",
    ]


def test_resolver_knows_the_custom_table(teaching_table):
    """The resolver gives the custom table under its name and the built-in ones by theirs."""
    custom = tables.Table(name="custom", merges=(("a", "b"),), encoder={"a": 0, "b": 1, "ab": 2}, sha256="1234abcd" + "0" * 56)
    resolve = tables.resolver(custom)
    assert resolve("custom") is custom and resolve("teaching") is teaching_table
    with pytest.raises(
        TableError,
        match=r"^unknown table 'custom'; choose one of: teaching, gpt2, cl100k_base, o200k_base, deepseek-v4, qwen3, qwen3\.6, tekken\.$",
    ):
        tables.resolver()("custom")


def test_a_table_is_built_with_keywords():
    """Every field is named: a positional Table is refused."""
    with pytest.raises(TypeError):
        tables.Table("custom", (), {}, "ab" * 32)
    assert tables.Table(name="custom", merges=(), encoder={}, sha256="ab" * 32).rule == "gpt2"


def test_labels_come_from_the_registry(teaching_table):
    """Titles are the entries' labels; a custom table is named by its name, merge count and hash."""
    assert tables.label(teaching_table) == "teaching · 9 rules"
    custom = tables.Table(name="custom", merges=(("a", "b"),), encoder={"a": 0, "b": 1, "ab": 2}, sha256="1234abcd" + "0" * 56)
    assert tables.label(custom) == "custom · 1 merges · vocab.bpe 1234abcd…"


def test_cli_table_choices_come_from_the_registry(cli):
    """--table offers exactly the registry's names, and its help describes each of them."""
    code, out, _ = cli("encode", "--help")
    assert code == 0 and "--table {" + ",".join(tables.names()) + "}" in out
    assert "teaching (nine artificial rules, for teaching)" in " ".join(out.split())
    code, _, err = cli("encode", "--table", "cl100k", "--text", "a")
    assert code == 2 and "invalid choice: 'cl100k' (choose from " in err


def test_start_up_does_not_import_importlib_metadata():
    """The registry and the teaching table load without importlib.metadata (only the official table needs it)."""
    import subprocess
    import sys

    code = "import sys; from tui.engine.tables import get_table, label; label(get_table('teaching')); print('importlib.metadata' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
