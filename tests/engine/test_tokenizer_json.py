"""--tokenizer-json: a Hugging Face byte-level BPE tokenizer.json, trained here with `tokenizers` (no download)."""

from __future__ import annotations

import json

import pytest
from tokenizers import Regex, Tokenizer, models, pre_tokenizers

from tui.engine.bpe import capture, encode
from tui.engine.decoding import decode
from tui.engine.tables import HF, O200K_PATTERN, TableError
from tui.engine.tables.tokenizer_json import load_tokenizer_json
from tui.engine.tracefile import dumps, loads

from .hf_files import fit
from .test_tiktoken_diff import CORPUS

TEXTS = [t for t in CORPUS if "<|endoftext|>" not in t]  # HF splits out added tokens first; encode_ordinary does not


def train(pre: pre_tokenizers.PreTokenizer, path, vocab_size: int = 700) -> Tokenizer:
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre
    return fit(tok, path, vocab_size)


@pytest.fixture(scope="module")
def byte_level(tmp_path_factory):
    path = tmp_path_factory.mktemp("hf") / "tokenizer.json"
    return train(pre_tokenizers.ByteLevel(add_prefix_space=False), path), path


def test_ids_match_the_tokenizers_library(byte_level):
    tok, path = byte_level
    table = load_tokenizer_json(path)
    assert table.rule is HF and len(table.merges) > 300  # tokenizers' order, as every tokenizer.json
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
    assert (code, err) == (2, "bpe-tui: --tokenizer-json and --vocab and --encoder name two custom tables: give one of them.\n")


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
        (lambda d: d["model"].update(type="WordPiece"), "its model is WordPiece (BERT's ## word pieces), not BPE"),
        (lambda d: d["model"].update(type="Unigram"), "its model is Unigram (SentencePiece's unigram language model), not BPE"),
        (lambda d: d["model"].update(type="WordLevel"), "its model is WordLevel (one id per whole word), not BPE"),
        (lambda d: d["model"].update(byte_fallback=True), "falls back to bytes (byte_fallback), as SentencePiece-style BPE does"),
        (
            lambda d: d.update(pre_tokenizer={"type": "Metaspace", "replacement": "▁"}),
            "its pre-tokenizer Metaspace is SentencePiece's ▁ for spaces, so this is SentencePiece-style BPE",
        ),
        (lambda d: d.update(normalizer={"type": "Precompiled"}), "its normalizer Precompiled is SentencePiece's compiled character map"),
        (lambda d: d.update(pre_tokenizer={"type": "Whitespace"}), "its pre-tokenizer is Whitespace, with no ByteLevel step"),
        (lambda d: d.update(pre_tokenizer=None), "its pre-tokenizer is missing, not ByteLevel"),
        (lambda d: d["model"]["merges"].append(["Ġ", "nosuchtoken"]), "names 'nosuchtoken', which model.vocab does not have"),
        (lambda d: d["model"]["vocab"].update(extra=0), "share the id 0"),
        (lambda d: d["model"].update(continuing_subword_prefix="##"), "sets continuing_subword_prefix '##'"),
    ],
    ids=[
        "wordpiece",
        "unigram",
        "wordlevel",
        "byte fallback",
        "metaspace",
        "precompiled",
        "whitespace",
        "no pre-tokenizer",
        "unknown merge",
        "duplicate id",
        "prefix",
    ],
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


def with_split(**split) -> dict:  # type: ignore[no-untyped-def]
    """A Split then ByteLevel pre-tokenizer, the Split's fields `split` over an isolating regex split."""
    step = {"type": "Split", "pattern": {"Regex": "[a-z]+"}, "behavior": "Isolated", "invert": False} | split
    return {"type": "Sequence", "pretokenizers": [step, {"type": "ByteLevel", "add_prefix_space": False, "use_regex": False}]}


#: Every level the loader reads, with a value of the wrong type or shape: one sentence each, never a traceback.
MALFORMED = {
    "added_tokens a number": (lambda d: d.update(added_tokens=5), "its added_tokens is the number 5, not a list."),
    "added_tokens an object": (lambda d: d.update(added_tokens={}), "its added_tokens is an object, not a list."),
    "an added token a number": (
        lambda d: d.update(added_tokens=[5]),
        "added_tokens[0] is not an object with a string content and an integer id.",
    ),
    "an added token's id a string": (
        lambda d: d.update(added_tokens=[{"id": "1", "content": "x"}]),
        "added_tokens[0] is not an object with a string content and an integer id.",
    ),
    "pretokenizers a number": (
        lambda d: d.update(pre_tokenizer={"type": "Sequence", "pretokenizers": 5}),
        "its Sequence pre-tokenizer's pretokenizers is the number 5, not a list.",
    ),
    "pretokenizers missing": (
        lambda d: d.update(pre_tokenizer={"type": "Sequence"}),
        "its Sequence pre-tokenizer's pretokenizers is missing, not a list.",
    ),
    "a step a number": (
        lambda d: d.update(pre_tokenizer={"type": "Sequence", "pretokenizers": [5, {"type": "ByteLevel"}]}),
        "its pre-tokenizer is the number 5, not a pre-tokenizer object with a type.",
    ),
    "pre_tokenizer a number": (lambda d: d.update(pre_tokenizer=5), "its pre-tokenizer is the number 5, not a pre-tokenizer object"),
    "Split regex unclosed": (
        lambda d: d.update(pre_tokenizer=with_split(pattern={"Regex": "(unclosed"})),
        "its Split regex '(unclosed' is not a valid regex (missing ) at position 9).",
    ),
    "Split pattern a string": (
        lambda d: d.update(pre_tokenizer=with_split(pattern="[a-z]+")),
        """its Split's pattern is the string '[a-z]+', not {"Regex": …} or {"String": …} with a string.""",
    ),
    "Split regex a number": (
        lambda d: d.update(pre_tokenizer=with_split(pattern={"Regex": 5})),
        """its Split's pattern is an object, not {"Regex": …} or {"String": …} with a string.""",
    ),
    "Split pattern both kinds": (
        lambda d: d.update(pre_tokenizer=with_split(pattern={"Regex": "a", "String": "b"})),
        """its Split's pattern is an object, not {"Regex": …} or {"String": …} with a string.""",
    ),
    "Split behavior unknown": (
        lambda d: d.update(pre_tokenizer=with_split(behavior="Sideways")),
        "its Split's behavior is 'Sideways', not one of Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous.",
    ),
    "Split behavior a list": (lambda d: d.update(pre_tokenizer=with_split(behavior=[])), "its Split's behavior is '[]', not one of"),
    "Split invert a string": (
        lambda d: d.update(pre_tokenizer=with_split(invert="yes")),
        "its Split's invert is the string 'yes', not true or false.",
    ),
    "Split regex matching nothing": (
        lambda d: d.update(pre_tokenizer=with_split(pattern={"Regex": r"\s*"})),
        r"tried on a sample text: the Split regex '\\s*' matches an empty string at character 0 of the text, which splits nothing.",
    ),
    "ByteLevel adding a prefix space after the Split": (
        lambda d: d.update(pre_tokenizer=with_split()) or d["pre_tokenizer"]["pretokenizers"][1].update(add_prefix_space=True),
        "its ByteLevel adds a prefix space to every piece of the steps before it, which bpe-tui does not model.",
    ),
    "a step after ByteLevel": (
        lambda d: d.update(pre_tokenizer={"type": "Sequence", "pretokenizers": [{"type": "ByteLevel"}, {"type": "Digits"}]}),
        "its pre-tokenizer has Digits after ByteLevel, which would cut byte aliases",
    ),
    "an unknown pre-tokenizer step": (
        lambda d: d.update(pre_tokenizer={"type": "Sequence", "pretokenizers": [{"type": "UnicodeScripts"}, {"type": "ByteLevel"}]}),
        "its pre-tokenizer has a UnicodeScripts step, which bpe-tui does not read.",
    ),
    "an unknown normalizer": (
        lambda d: d.update(normalizer={"type": "StripAccents"}),
        "its normalizer has a StripAccents step, which bpe-tui does not read.",
    ),
    "ignore_merges a string": (
        lambda d: d["model"].update(ignore_merges="yes"),
        "its BPE model's ignore_merges is the string 'yes', not true or false.",
    ),
    "Replace without content": (
        lambda d: d.update(normalizer={"type": "Replace", "pattern": {"String": "a"}}),
        'its Replace normalizer needs a non-empty {"Regex": …} or {"String": …} pattern and a string content.',
    ),
    "model a list": (lambda d: d.update(model=[]), "has no model object; it is not a tokenizer.json."),
    "the document a list": (lambda d: d.clear() or d.update(x=[]), "has no model object"),
    "model.vocab a list": (lambda d: d["model"].update(vocab=[]), "model.vocab must map symbols to non-negative integer ids."),
    "an id a string": (lambda d: d["model"]["vocab"].update(a="1"), "model.vocab must map symbols to non-negative integer ids."),
    "model.merges a number": (lambda d: d["model"].update(merges=5), "model.merges must be a list."),
    "a merge a number": (lambda d: d["model"]["merges"].insert(0, 5), "model.merges[0] is not two symbols ('5')."),
    "a merge of three": (lambda d: d["model"]["merges"].insert(0, "a b c"), "model.merges[0] is not two symbols ('a b c')."),
    "model.type a number": (lambda d: d["model"].update(type=5), "its model is 5, not BPE;"),
}


@pytest.mark.parametrize("name", MALFORMED)
def test_every_malformed_shape_is_one_sentence(byte_level, tmp_path, name: str) -> None:
    change, sentence = MALFORMED[name]
    path = edited(byte_level, tmp_path, change)
    with pytest.raises(TableError) as caught:
        load_tokenizer_json(path)
    said = str(caught.value)
    assert said.startswith(path) and sentence in said and said.endswith(".") and "\n" not in said, said


@pytest.mark.parametrize("name", ["added_tokens a number", "pretokenizers a number", "Split regex unclosed"])
def test_the_issue_s_three_files_through_the_cli_and_the_app(byte_level, tmp_path, cli, name: str) -> None:
    """`encode` and the app (which refused to start only after a traceback, or crashed on the regex) print one line."""
    change, sentence = MALFORMED[name]
    path = edited(byte_level, tmp_path, change)
    for args in (["encode", "--tokenizer-json", path, "--text", "abc"], ["--tokenizer-json", path, "--text", "abc"]):
        code, out, err = cli(*args)
        assert (code, out) == (2, "") and err.startswith(f"bpe-tui: {path}") and sentence in err and err.count("\n") == 1, err


def truncated(byte_level, tmp_path) -> str:
    data = byte_level[1].read_bytes()
    (tmp_path / "cut.json").write_bytes(data[: len(data) // 2])
    return str(tmp_path / "cut.json")


def huge(byte_level, tmp_path) -> str:
    with open(tmp_path / "huge.json", "wb") as out:  # 200 MB, sparse: refused from its size before a byte is read
        out.seek(200_000_000)
        out.write(b"}")
    return str(tmp_path / "huge.json")


#: A file that is cut short, contradicts itself or is too big, and the sentence the command line says.
BAD_FILES = {
    "truncated": (truncated, "is not valid JSON"),
    "a merge naming a missing token": (
        lambda b, t: edited(b, t, lambda d: d["model"]["merges"].append("Ġ nosuch")),
        "names 'nosuch', which model.vocab does not have.",
    ),
    "duplicate ids": (lambda b, t: edited(b, t, lambda d: d["model"]["vocab"].update(extra=5)), "share the id 5."),
    "200 MB": (huge, "is 200.0 MB; tokenizer.json files over 64 MiB are refused."),
}


@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_is_one_sentence_and_exit_2(byte_level, tmp_path, cli, name: str) -> None:
    make, sentence = BAD_FILES[name]
    path = make(byte_level, tmp_path)
    code, out, err = cli("encode", "--tokenizer-json", path, "--text", "abc")
    assert (code, out) == (2, "") and err.startswith(f"bpe-tui: {path}") and sentence in err and err.count("\n") == 1, err
