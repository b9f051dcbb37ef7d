"""A trained table is a Table everywhere, saves as GPT-2's two files, and reopens with --vocab/--encoder."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from tui.engine.bpe import encode
from tui.engine.decoding import decode
from tui.engine.tables import TableError, load_two_files
from tui.engine.tables.trained import from_training, save
from tui.engine.training import TrainResult, TrainRound, train


def test_the_cat_the_hat_becomes_a_table_with_seed_004s_ids() -> None:
    table = from_training(train("the cat the hat", 3)).table
    assert table.encoder["a"] == 97 and table.encoder["Ġ"] == 32  # base ids are the byte values
    assert [table.encoder[a + b] for a, b in table.merges] == [256, 257, 258]
    assert encode("the cat the hat", table) == [257, 32, 99, 258, 32, 257, 32, 104, 258]


def test_encoding_the_training_text_gives_the_trained_tokens(tmp_path: Path) -> None:
    rng = random.Random(7)
    text = "".join(rng.choice(["the ", "cat ", "hat ", "a", "é", "你", "\n"]) for _ in range(400))
    result = train(text, 50)
    trained = from_training(result)
    save(trained.table, tmp_path)
    reopened = load_two_files(tmp_path / "vocab.bpe", tmp_path / "encoder.json", name="trained")
    assert reopened.merges == trained.table.merges and dict(reopened.encoder) == dict(trained.table.encoder)
    ids = encode(text, reopened)
    assert len(ids) == result.tokens and decode(ids, reopened) == text


def test_two_merges_that_make_the_same_bytes_keep_the_files_valid(tmp_path: Path) -> None:
    """(a b), (b c), then (ab c) and (a bc) both make 'abc': the later id is left out, the files still load.

    The rounds are written out by hand: a random search over many small texts found no text whose
    training learns the same bytes twice, but the files must stay valid if one ever does.
    """
    a, b, c = 97, 98, 99
    pairs = [(a, b), (b, c), (256, c), (a, 257)]
    vocab = {i: bytes([i]) for i in range(256)}
    rounds = []
    for i, pair in enumerate(pairs):
        vocab[256 + i] = vocab[pair[0]] + vocab[pair[1]]
        rounds.append(TrainRound(i + 1, pair, 256 + i, 1, 1, 1, ((pair, 1),), 10 - i))
    result = TrainResult("abc", None, 3, 1, tuple(rounds), vocab, 4)
    trained = from_training(result)
    assert trained.duplicates == (259,) and "(ids 259): encoder.json keeps the earlier id" in trained.note
    assert trained.table.merges == (("a", "b"), ("b", "c"), ("ab", "c"), ("a", "bc")) and trained.table.encoder["abc"] == 258
    save(trained.table, tmp_path)
    reopened = load_two_files(tmp_path / "vocab.bpe", tmp_path / "encoder.json")
    assert encode("abcabc", reopened) == [258, 258] and decode([258, 258], reopened) == "abcabc"


def test_saving_never_replaces_a_table_without_force(tmp_path: Path) -> None:
    table = from_training(train("the cat the hat", 3)).table
    save(table, tmp_path)
    before = (tmp_path / "vocab.bpe").read_bytes()
    other = from_training(train("aaaa bbbb", 2)).table
    with pytest.raises(TableError, match=r"already holds vocab\.bpe; use --force"):
        save(other, tmp_path)
    assert (tmp_path / "vocab.bpe").read_bytes() == before
    save(other, tmp_path, force=True)
    assert (tmp_path / "vocab.bpe").read_bytes() != before


def test_a_directory_that_cannot_be_written_leaves_the_old_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = from_training(train("the cat the hat", 3)).table
    save(table, tmp_path)
    old = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(TableError, match="No space left on device"):
        save(from_training(train("zzzz", 1)).table, tmp_path, force=True)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == old
    assert not (tmp_path / "missing").exists()
    with pytest.raises(TableError, match="does not exist"):
        save(table, tmp_path / "missing")


def test_a_rename_that_fails_halfway_says_which_file_was_already_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    table = from_training(train("the cat the hat", 3)).table
    real = os.replace
    calls: list[object] = []

    def second_fails(src: str, dst: object) -> None:
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        real(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", second_fails)
    with pytest.raises(TableError) as info:
        save(table, tmp_path)
    assert (
        str(info.value) == f"cannot save {tmp_path / 'encoder.json'} (Input/output error); {tmp_path / 'vocab.bpe'} was already replaced."
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["vocab.bpe"]  # no temporary file is left behind
