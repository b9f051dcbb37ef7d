"""Rule tables: teaching, the official GPT-2 table and custom two-file tables (seed 000, issue 2)."""

from __future__ import annotations

import hashlib
import json
import shutil
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from tui.engine import tables
from tui.engine.aliases import bytes_to_unicode
from tui.engine.tables import (
    GPT2_ENCODER_SHA256,
    GPT2_VOCAB_SHA256,
    TableError,
    byte_symbol_order,
    get_table,
    registry,
    two_files,
)
from tui.engine.tables.choice import TableChoice

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
        match=r"^unknown table 'cl100k'; choose one of: teaching, gpt2, cl100k_base, o200k_base, deepseek-v4, qwen3, qwen3\.6, tekken, mistral-v1, mistral-v3, mistral-v7, o200k_harmony\.$",
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


# ---------------------------------------------------------------- the registry


def test_registry_names_in_cycle_order():
    """Each built-in table has one entry; `t` cycles through them in order, a custom table last."""
    assert (
        tables.names()
        == (
            "teaching",
            "gpt2",
            "cl100k_base",
            "o200k_base",
            "deepseek-v4",
            "qwen3",
            "qwen3.6",
            "tekken",
            "mistral-v1",
            "mistral-v3",
            "mistral-v7",
            "o200k_harmony",  # not in the `t` cycle: the chat formats' table
        )
        and tables.DEFAULT == "teaching"
    )
    assert tables.table_cycle() == [
        "teaching",
        "gpt2",
        "cl100k_base",
        "o200k_base",
        "deepseek-v4",
        "qwen3",
        "qwen3.6",
        "tekken",
        "mistral-v1",
        "mistral-v3",
        "mistral-v7",
    ]
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
        "mistral-v1",
        "mistral-v3",
        "mistral-v7",
        "custom",
    ]


def test_t_goes_on_from_o200k_harmony_as_from_o200k_base_the_table_it_adds_chat_tokens_to():
    """o200k_harmony is out of the cycle (it cuts text as o200k_base): t from it goes on where o200k_base's t would."""
    choice = TableChoice.of(None)
    assert choice.after("o200k_harmony") == choice.after("o200k_base") == "deepseek-v4"
    assert choice.after("unknown") == "teaching" and choice.after("mistral-v7") == "teaching"
    assert registry.chat_twin("o200k_base") == "o200k_harmony" and registry.stands_for("o200k_harmony") == "o200k_base"
    assert [n for n in registry.known() if registry.chat_twin(n)] == ["o200k_base"]


def test_resolver_knows_the_custom_table(teaching_table):
    """The resolver gives the custom table under its name and the built-in ones by theirs."""
    custom = tables.Table(name="custom", merges=(("a", "b"),), encoder={"a": 0, "b": 1, "ab": 2}, sha256="1234abcd" + "0" * 56)
    resolve = tables.resolver(custom)
    assert resolve("custom") is custom and resolve("teaching") is teaching_table
    with pytest.raises(
        TableError,
        match=r"^unknown table 'custom'; choose one of: teaching, gpt2, cl100k_base, o200k_base, deepseek-v4, qwen3, qwen3\.6, tekken, mistral-v1, mistral-v3, mistral-v7, o200k_harmony\.$",
    ):
        tables.resolver()("custom")


def test_a_table_is_built_with_keywords():
    """Every field is named: a positional Table is refused."""
    with pytest.raises(TypeError):
        tables.Table("custom", (), {}, "ab" * 32)
    assert tables.Table(name="custom", merges=(), encoder={}, sha256="ab" * 32).rule is tables.GPT2


def test_labels_come_from_the_registry(teaching_table):
    """Titles are the entries' labels; a custom table is named by its name, merge count and hash."""
    assert tables.label(teaching_table) == "teaching · 9 rules"
    custom = tables.Table(name="custom", merges=(("a", "b"),), encoder={"a": 0, "b": 1, "ab": 2}, sha256="1234abcd" + "0" * 56)
    assert tables.label(custom) == "custom · 1 merge · vocab.bpe 1234abcd…"  # said '1 merges' once
    assert tables.label(replace(teaching_table, merges=teaching_table.merges[:1])) == "teaching · 1 rule"


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
