"""--tokenizer-json: a Hugging Face byte-level BPE tokenizer.json, trained here with `tokenizers` (no download)."""

from __future__ import annotations

import json

import pytest
from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers

from tui.engine.bpe import capture, encode
from tui.engine.decoding import decode
from tui.engine.tables import O200K_PATTERN, TableError
from tui.engine.tables.tokenizer_json import load_tokenizer_json
from tui.engine.tracefile import dumps, loads

from .test_tiktoken_diff import CORPUS

TEXTS = [t for t in CORPUS if "<|endoftext|>" not in t]  # HF splits out added tokens first; encode_ordinary does not


def train(pre: pre_tokenizers.PreTokenizer, path, vocab_size: int = 700) -> Tokenizer:
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), special_tokens=["<|endoftext|>"], show_progress=False
    )
    tok.train_from_iterator(CORPUS * 3, trainer)
    tok.save(str(path))
    return tok


@pytest.fixture(scope="module")
def byte_level(tmp_path_factory):
    path = tmp_path_factory.mktemp("hf") / "tokenizer.json"
    return train(pre_tokenizers.ByteLevel(add_prefix_space=False), path), path


def test_ids_match_the_tokenizers_library(byte_level):
    tok, path = byte_level
    table = load_tokenizer_json(path)
    assert table.rule == "gpt2" and len(table.merges) > 300
    for text in [*TEXTS, "\n".join(TEXTS)]:
        ids = encode(text, table)
        assert ids == tok.encode(text, add_special_tokens=False).ids, text
        assert decode(ids, table) == text


def test_split_then_byte_level_uses_the_split_regex(tmp_path):
    pre = pre_tokenizers.Sequence(
        [pre_tokenizers.Split(Regex(O200K_PATTERN), behavior="isolated"), pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)]
    )
    tok = train(pre, tmp_path / "t.json")
    table = load_tokenizer_json(tmp_path / "t.json")
    assert table.pattern == O200K_PATTERN
    for text in TEXTS:
        assert encode(text, table) == tok.encode(text, add_special_tokens=False).ids, text


def test_traces_and_cli_on_a_tokenizer_json(byte_level, cli, tmp_path):
    _, path = byte_level
    table = load_tokenizer_json(path)
    trace = capture("internationalization", table)
    assert loads(dumps(trace), lambda name: table).ids == trace.ids
    code, out, err = cli("encode", "--tokenizer-json", str(path), "--text", "internationalization")
    assert (code, err) == (0, "") and json.loads(out) == trace.ids
    code, _, err = cli("encode", "--tokenizer-json", str(path), "--vocab", "v", "--encoder", "e", "--text", "x")
    assert code == 2 and "--tokenizer-json replaces --vocab and --encoder" in err


def edited(byte_level, tmp_path, change) -> str:
    _, path = byte_level
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    out = tmp_path / "bad.json"
    out.write_text(json.dumps(doc), encoding="utf-8")
    return str(out)


@pytest.mark.parametrize(
    "change, sentence",
    [
        (lambda d: d["model"].update(type="WordPiece"), "its model is WordPiece, not BPE"),
        (lambda d: d["model"].update(type="Unigram"), "its model is Unigram, not BPE"),
        (lambda d: d.update(pre_tokenizer={"type": "Whitespace"}), "its pre-tokenizer is Whitespace, not ByteLevel"),
        (lambda d: d.update(pre_tokenizer=None), "its pre-tokenizer is missing, not ByteLevel"),
        (lambda d: d["model"]["merges"].append(["Ġ", "nosuchtoken"]), "names 'nosuchtoken', which model.vocab does not have"),
        (lambda d: d["model"]["vocab"].update(extra=0), "share the id 0"),
        (lambda d: d["model"].update(continuing_subword_prefix="##"), "sets continuing_subword_prefix '##'"),
    ],
    ids=["wordpiece", "unigram", "whitespace", "no pre-tokenizer", "unknown merge", "duplicate id", "prefix"],
)
def test_refusals_say_what_it_is(byte_level, tmp_path, change, sentence):
    path = edited(byte_level, tmp_path, change)
    with pytest.raises(TableError) as caught:
        load_tokenizer_json(path)
    assert sentence in str(caught.value) and str(caught.value).endswith(".")


def test_malformed_json_names_the_line(tmp_path):
    path = tmp_path / "t.json"
    path.write_text('{\n  "model": {\n    "type": "BPE",\n  }\n}', encoding="utf-8")
    with pytest.raises(TableError, match=r"t\.json is not valid JSON \(.* at line 4, column 3\)\.$"):
        load_tokenizer_json(path)
