"""Hugging Face's own merge order (tui/engine/tables/merge_rules.py HF): a tokenizer.json whose merges use a
symbol that a later merge makes (Llama 3.x's and gpt-oss's files) loads, and gives `tokenizers`' exact ids,
which GPT-2's every-occurrence rounds would not."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from tokenizers import Tokenizer

from tui.engine.bpe import capture, encode
from tui.engine.decoding import decode
from tui.engine.tables import GPT2, HF, SENTENCEPIECE, Table, byte_symbol_order, get_table
from tui.engine.tables.tokenizer_json import load_tokenizer_json
from tui.engine.tracefile import dumps, loads
from tui.explain.compare import Comparison
from tui.explain.compare_sides import with_rule
from tui.explain.rule_agreement import as_tiktoken

from .hf_files import LLAMA3_PRE, trained
from .test_tokenizer_json_diff import sample_texts

BYTE_LEVEL = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}


def tiny(path: Path, merges: list[str]) -> Path:
    """A byte-level tokenizer.json: the 256 byte aliases, a few symbols of a, b and c, `merges` in the order given."""
    vocab = {s: i for i, s in enumerate([*byte_symbol_order(), "ab", "aba", "ba", "abab", "bc"])}
    doc = {
        "version": "1.0",
        "added_tokens": [],
        "normalizer": None,
        "pre_tokenizer": BYTE_LEVEL,
        "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False},
        "model": {"type": "BPE", "vocab": vocab, "merges": merges, "ignore_merges": False, "byte_fallback": False, "dropout": None},
    }
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_one_occurrence_at_a_time_is_not_every_occurrence(tmp_path: Path) -> None:
    """merges 'ab a' (rank 0) before 'a b' (rank 1): on 'abab' tokenizers merges the first 'a b', then 'ab a'
    (rank 0, made meanwhile) before the second 'a b': 'aba' + 'b'. GPT-2's round would merge both 'a b' first."""
    path = tiny(tmp_path / "t.json", ["ab a", "a b"])
    table = load_tokenizer_json(path)
    assert table.rule is HF
    reference = Tokenizer.from_file(str(path))
    assert reference.encode("abab").tokens == ["aba", "b"]
    trace = capture("abab", table)
    assert trace.chunks[0].symbols == ("aba", "b") and trace.ids == reference.encode("abab").ids == [table.encoder["aba"], 65]
    assert [(r.pair, r.rank, r.at) for r in trace.chunks[0].rounds] == [(("a", "b"), 1, 0), (("ab", "a"), 0, 0)]
    assert encode("abab", table) == trace.ids
    assert encode("abab", replace(table, rule=GPT2)) == [table.encoder["ab"]] * 2  # GPT-2's round: both 'a b' first


def test_a_file_in_order_takes_tokenizers_order_too(tmp_path: Path) -> None:
    """Every tokenizer.json merges as tokenizers does, one occurrence a step; where no merge uses a symbol made
    later GPT-2's rounds give the same ids, in fewer, larger steps."""
    path = tiny(tmp_path / "t.json", ["a b", "ab a", "b c"])
    table = load_tokenizer_json(path)
    assert table.rule is HF
    trace, rounds = capture("abab", table), capture("abab", replace(table, rule=GPT2))
    assert trace.ids == rounds.ids == Tokenizer.from_file(str(path)).encode("abab").ids == [table.encoder["ab"]] * 2
    assert [(r.pair, r.at) for r in trace.chunks[0].rounds] == [(("a", "b"), 0), (("a", "b"), 2)]  # two steps
    assert [(r.pair, r.merged) for r in rounds.chunks[0].rounds] == [(("a", "b"), 2)]  # one round


@pytest.fixture(scope="module")
def shuffled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A trained byte-level file (Llama 3's pre-tokenizer) whose merges are listed in a shuffled order, those
    making a run of one character (spaces, digits) first and the longest of them first, as in Llama 3's file ('Ġ ĠĠĠ' before 'Ġ Ġ')."""
    folder = tmp_path_factory.mktemp("hf-order")
    path = trained(folder / "trained.json", LLAMA3_PRE)
    doc = json.loads(path.read_text(encoding="utf-8"))
    merges = doc["model"]["merges"]
    random.Random(7).shuffle(merges)
    merges.sort(key=lambda merge: (len(set("".join(merge))) != 1, -len("".join(merge))))  # runs first, the longest first
    out = folder / "shuffled.json"
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


def test_a_shuffled_file_gives_tokenizers_ids_on_a_thousand_texts(shuffled: Path) -> None:
    table = load_tokenizer_json(shuffled)
    reference = Tokenizer.from_file(str(shuffled))
    assert table.rule is HF
    every = replace(table, rule=GPT2)
    differ = 0
    for text in sample_texts(1000):
        expected = reference.encode(text, add_special_tokens=False).ids
        assert encode(text, table) == expected, text
        assert capture(text, table).ids == expected, text
        differ += encode(text, every) != expected
    assert differ > 0  # the order matters on these texts: GPT-2's rounds would be wrong


def test_a_trace_of_hf_order_saves_decodes_and_loads_again(shuffled: Path) -> None:
    table = load_tokenizer_json(shuffled)
    text = "the lowest newest widest 123 你好"
    trace = capture(text, table)
    assert decode(trace.ids, table) == text
    again = loads(dumps(trace), lambda name: table)
    assert again.ids == trace.ids
    assert [list(c.rounds) for c in again.chunks] == [list(c.rounds) for c in trace.chunks]


def test_compare_can_set_any_table_in_tokenizers_order(shuffled: Path) -> None:
    """NAME@hf: GPT-2's own table in tokenizers' order gives GPT-2's ids (its merges are in order); a file in
    tokenizers' order seen @gpt2 is the same merges by GPT-2's rounds."""
    gpt2 = get_table("gpt2")
    ordered = with_rule(gpt2, "hf")
    assert (ordered.name, ordered.rule) == ("gpt2@hf", HF)
    text = "internationalization     and    spaces 1234567"
    assert encode(text, ordered) == encode(text, gpt2)
    table = load_tokenizer_json(shuffled)
    assert with_rule(table, "gpt2").rule is GPT2 and with_rule(table, "hf") is table


def test_compare_names_the_merge_order_where_the_two_orders_part(shuffled: Path) -> None:
    table = load_tokenizer_json(shuffled)
    text = "     x"
    comparison = Comparison(capture(text, with_rule(table, "gpt2")), capture(text, table))
    first = comparison.first
    assert first is not None
    assert first.cause == "merge order"
    assert first.sentence.endswith("; the order differs; the tokens first differ at '    ': custom (GPT-2's rule) 533, custom 274 221.")


def test_three_orders_on_aaaa_as_readme_shows() -> None:
    """docs/tables.md's table: merges 'aa a' (rank 0) and 'a a' (rank 1) on 'aaaa' under each rule."""
    encoder = {s: i for i, s in enumerate(byte_symbol_order())} | {"aaa": 256, "aa": 257}
    rounds = Table(name="t", merges=(("aa", "a"), ("a", "a")), encoder=encoder, sha256="0" * 64)
    steps = replace(rounds, rule=HF)
    assert capture("aaaa", rounds).chunks[0].symbols == ("aa", "aa")
    assert [(r.pair, r.rank, r.merged) for r in capture("aaaa", rounds).chunks[0].rounds] == [(("a", "a"), 1, 2)]
    assert [(r.pair, r.rank, r.at) for r in capture("aaaa", steps).chunks[0].rounds] == [(("a", "a"), 1, 0), (("aa", "a"), 0, 0)]
    ranked = capture("aaaa", as_tiktoken(rounds))
    assert (ranked.chunks[0].symbols, ranked.ids) == (("aaa", "a"), [256, 64])


def test_sentencepieces_order_on_aaaa_as_readme_shows() -> None:
    """docs/tables.md's fourth row: pieces 'aaa' (score -1) and 'aa' (-2) on 'aaaa', after the '▁' SentencePiece puts first."""
    from tui.engine.sentencepiece_bpe import SentencePieceBpe
    from tui.engine.sentencepiece_model import UNKNOWN, Piece, SentencePieceModel

    pieces = (Piece("<unk>", 0, UNKNOWN), Piece("▁", -3), Piece("a", -4), Piece("aaa", -1), Piece("aa", -2))
    model = SentencePieceBpe(SentencePieceModel(pieces, 2, False, "identity", True, False, True))
    table = Table(
        name="sp",
        merges=(),
        encoder=model.ids,
        sha256="0" * 64,
        rule=SENTENCEPIECE,
        pattern=model.pattern,
        normalizer=model.normalizer,
        pieces=model,
    )
    chunk = capture("aaaa", table).chunks[0]
    assert chunk.text == "▁aaaa"
    assert [chunk.word(r) for r in range(len(chunk.rounds) + 1)] == [("▁", "a", "a", "a", "a"), ("▁", "aa", "a", "a"), ("▁", "aaa", "a")]
