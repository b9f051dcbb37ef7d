"""tokenizer.json files whose BPE model falls back to bytes (byte_fallback: Llama 2's, older Mistral's, Gemma's
shapes, and Metaspace files) read as tables on characters (tui/engine/tables/hf_characters.py): `tokenizers`
(an oracle only) trains small ones here, the 256 byte tokens <0x00>…<0xFF> written into their vocabularies, and
every id, capture and decode is compared with its own."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

from tests.engine.support import CliResult
from tui.engine.bpe import capture, encode
from tui.engine.decoding import DecodeError, decode
from tui.engine.tables import Table, TableError
from tui.engine.tables.merge_rules import HF_FALLBACK
from tui.engine.tables.tokenizer_json import load_tokenizer_json
from tui.engine.tracefile import dumps, loads
from tui.explain.frames import Frames, narrate
from tui.explain.rules import init_summary

from .test_tiktoken_diff import CORPUS

Cli = Callable[..., CliResult]
SPECIALS = ("<unk>", "<s>", "</s>")
BYTES = [f"<0x{b:02X}>" for b in range(256)]
PREPEND_REPLACE = {
    "type": "Sequence",
    "normalizers": [{"type": "Prepend", "prepend": "▁"}, {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}],
}
REPLACE = {"type": "Replace", "pattern": {"String": " "}, "content": "▁"}
GEMMA_SPLIT = {"type": "Split", "pattern": {"String": " "}, "behavior": "MergedWithPrevious", "invert": False}
UNDERSCORE_SPACE = {"type": "Replace", "pattern": {"String": "▁"}, "content": " "}
GEMMA_DECODER = {"type": "Sequence", "decoders": [UNDERSCORE_SPACE, {"type": "ByteFallback"}, {"type": "Fuse"}]}
LLAMA_DECODER = {"type": "Sequence", "decoders": [*GEMMA_DECODER["decoders"], {"type": "Strip", "content": " ", "start": 1, "stop": 0}]}


def metaspace(scheme: str, split: bool) -> dict[str, Any]:
    return {"type": "Metaspace", "replacement": "▁", "prepend_scheme": scheme, "split": split}


#: Each shape: how its merges were trained (Metaspace splitting at every '▁', or the whole text one word, so that
#: merges cross spaces) and the normalizer, pre-tokenizer and decoder the file then gets.
SHAPES: dict[str, tuple[bool, Any, Any, Any]] = {
    "llama2": (True, PREPEND_REPLACE, None, LLAMA_DECODER),
    "llama2, merges across '▁'": (False, PREPEND_REPLACE, None, LLAMA_DECODER),
    "gemma": (True, REPLACE, GEMMA_SPLIT, GEMMA_DECODER),
    "metaspace first": (False, None, metaspace("first", False), LLAMA_DECODER),
    "metaspace split, never": (False, None, metaspace("never", True), {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "never"}),
}


def trained_doc(split_words: bool) -> dict[str, Any]:
    """A BPE model with byte fallback trained on the corpus, its vocabulary the specials, the 256 byte tokens
    (ids 3 to 258, as in Llama 2's file), then the trained entries."""
    tok = Tokenizer(models.BPE(byte_fallback=True, unk_token="<unk>", fuse_unk=True))
    if split_words:
        tok.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always", split=True)
    else:
        tok.normalizer = normalizers.Sequence([normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")])
    tok.train_from_iterator(CORPUS * 3, trainers.BpeTrainer(vocab_size=700, special_tokens=list(SPECIALS), show_progress=False))
    doc = json.loads(tok.to_str())
    vocab = doc["model"]["vocab"]
    rest = [s for s in sorted(vocab, key=vocab.__getitem__) if s not in SPECIALS]
    doc["model"]["vocab"] = {s: i for i, s in enumerate([*SPECIALS, *BYTES, *rest])}
    return doc


@cache
def _trained(split_words: bool) -> str:
    return json.dumps(trained_doc(split_words))


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fallback")


def written(folder: Path, shape: str, change: Callable[[dict[str, Any]], None] | None = None, name: str = "") -> Path:
    """The file of `shape`, or (a `change` given) that file changed, under its own `name`."""
    split_words, normalizer, pre, decoder = SHAPES[shape]
    doc = json.loads(_trained(split_words)) | json.loads(json.dumps({"normalizer": normalizer, "pre_tokenizer": pre, "decoder": decoder}))
    if change is not None:
        change(doc)
    path = folder / f"{name or shape.replace(' ', '-').replace(',', '').replace(chr(39), '')}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@cache
def pair(path: Path) -> tuple[Table, Tokenizer]:
    return load_tokenizer_json(path), Tokenizer.from_file(str(path))


@pytest.fixture(scope="module")
def shapes(folder: Path) -> dict[str, Path]:
    return {shape: written(folder, shape) for shape in SHAPES}


def test_each_shape_loads_on_characters_with_its_words(shapes: dict[str, Path]) -> None:
    """Merges that never make '▁' after another character let the text be cut before each such '▁'; merges across
    '▁' keep the whole text one word; Metaspace's split cuts before every '▁', as tokenizers does."""
    patterns = {shape: pair(path)[0].pattern for shape, path in shapes.items()}
    assert patterns == {
        "llama2": "▁*[^▁]+|▁+",
        "llama2, merges across '▁'": r"[\s\S]+",
        "gemma": "▁*[^▁]+|▁+",
        "metaspace first": r"[\s\S]+",
        "metaspace split, never": "▁[^▁]*|[^▁]+",
    }
    for path in shapes.values():
        table = pair(path)[0]
        assert table.rule is HF_FALLBACK and table.lists_merges and len(table.merges) > 300
        assert table.special == {"<unk>": 0, "<s>": 1, "</s>": 2} and table.encoder["<0x00>"] == 3


def test_the_tables_view_lists_what_tokenizers_builds_from_the_file(shapes: dict[str, Path]) -> None:
    """Its vocabulary both ways and its merges, read from the file; the 256 byte tokens of the fallback; the added
    tokens: tokenizers' BPE model, not GPT-2's encoder with its alias maps."""
    table = pair(shapes["llama2"])[0]
    built = {b.name: (b.size, b.source) for b in init_summary(table)}
    assert built == {
        "vocab": (len(table.encoder), "model.vocab"),
        "vocab_r": (len(table.encoder), "vocab inverted"),
        "merges": (len(table.merges), "model.merges"),
        "byte pieces": (256, "for the fallback"),
        "added_tokens": (3, "added_tokens"),
    }


def without_added(text: str) -> bool:
    return not any(token in text for token in SPECIALS)  # tokenizers cuts added tokens out first; bpe-tui encodes them as text


FRAGMENT = st.one_of(
    st.text(st.characters(exclude_categories=("Cs",)), max_size=8),
    st.text(st.sampled_from("ab cd\n\t  ▁▁éü東京🙂<>0xE4/.,'the cat sat"), max_size=14),
    st.sampled_from(["👨\u200d👩\u200d👧", "𝔘𝔫𝔦", "def f(x):\n    return x", "<0x41>", "    ", "the cat", " internationalization "]),
)
TEXT = st.lists(FRAGMENT, max_size=6).map("".join).filter(without_added)


def check(path: Path, text: str) -> None:
    table, reference = pair(path)
    ids = encode(text, table)
    assert ids == reference.encode(text, add_special_tokens=False).ids
    trace = capture(text, table)
    assert trace.ids == ids
    assert all(chunk.word(len(chunk.rounds)) == chunk.symbols for chunk in trace.chunks)
    assert decode(ids, table) == reference.decode(ids)


@pytest.mark.parametrize("shape", SHAPES)
def test_the_corpus_gives_tokenizers_ids(shapes: dict[str, Path], shape: str) -> None:
    for text in [*CORPUS, "\n".join(CORPUS), "", " ", "  two  spaces  ", "▁x ▁ y"]:
        if without_added(text):
            check(shapes[shape], text)


@pytest.mark.parametrize("shape", SHAPES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_encode_capture_and_decode_are_tokenizers(shapes: dict[str, Path], shape: str, text: str) -> None:
    check(shapes[shape], text)


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES)
@settings(max_examples=3_000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_encode_capture_and_decode_are_tokenizers_on_many_texts(shapes: dict[str, Path], shape: str, text: str) -> None:
    check(shapes[shape], text)


#: Ids to decode: any entry, and often the specials (left out) and the byte tokens (read in runs).
IDS = st.lists(
    st.one_of(st.integers(0, 699), st.integers(0, 2), st.integers(3, 258), st.sampled_from([3 + 0x20, 3 + 0x41, 3 + 0xE4, 3 + 0xBD])),
    max_size=8,
)


@pytest.mark.parametrize("shape", ["llama2", "gemma", "metaspace split, never"])
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ids=IDS)
def test_any_ids_decode_as_tokenizers_decodes_them(shapes: dict[str, Path], shape: str, ids: list[int]) -> None:
    """Specials left out, each run of byte tokens read alone, the first space stripped (Llama 2's Strip) or every '▁'
    of the first token dropped (the Metaspace decoder)."""
    table, reference = pair(shapes[shape])
    assert decode(ids, table) == reference.decode(ids)


def test_a_run_of_byte_tokens_that_is_not_utf8_is_one_replacement_per_byte(shapes: dict[str, Path]) -> None:
    """tokenizers' ByteFallback reads each run of byte tokens whole: one bad byte makes every byte of the run U+FFFD
    ('A' included), where SentencePiece replaces the bad byte alone; under strict the bad byte is named."""
    table, reference = pair(shapes["llama2"])
    ids = [3 + 0x41, 3 + 0xE4, table.encoder["▁the"], 3 + 0xE4, 3 + 0xBD, 3 + 0xA0]
    assert decode(ids, table) == reference.decode(ids) == "�� the你"
    with pytest.raises(DecodeError) as info:
        decode(ids, table, errors="strict")
    assert str(info.value).startswith("the bytes are not valid UTF-8: unexpected end of data at byte 1 (0xe4) of token 2 (id 231)")


def test_a_character_missing_from_the_vocabulary_falls_back_to_its_bytes(shapes: dict[str, Path], cli: Cli) -> None:
    """'𝕏' is no entry: its four bytes' tokens, said by the done frame, and read back by decode and the CLI."""
    path = shapes["llama2"]
    table, reference = pair(path)
    assert "𝕏" not in table.encoder
    trace = capture("a 𝕏", table)
    assert trace.ids == reference.encode("a 𝕏", add_special_tokens=False).ids
    assert trace.ids[-4:] == [3 + 0xF0, 3 + 0x9D, 3 + 0x95, 3 + 0x8F]
    frames = Frames(trace)
    said = [narrate(trace, frames[k]) for k in range(len(frames))]
    assert said[-1].endswith("'𝕏' is not a piece: it falls back to its 4 bytes <0xF0> <0x9D> <0x95> <0x8F>")
    assert said[0].endswith("(tokenizers merges characters, not bytes; a space is written ▁)")
    assert decode(trace.ids, table) == "a 𝕏"
    assert cli("encode", "--tokenizer-json", str(path), "--text", "a 𝕏") == (0, f"{trace.ids}\n", "")
    assert cli("decode", "--tokenizer-json", str(path), *map(str, trace.ids)) == (0, "a 𝕏\n", "")


def test_each_step_is_the_lowest_merge_rank(shapes: dict[str, Path]) -> None:
    """A step joins the one adjacent pair of lowest rank in the merges list, leftmost on ties; the sentence says so."""
    table = pair(shapes["llama2"])[0]
    trace = capture("the", table)
    chunk = trace.chunks[0]
    assert [r.rank for r in chunk.rounds] == [table.ranks[r.pair] for r in chunk.rounds]
    assert chunk.symbols == ("▁the",) and chunk.word(0) == ("▁", "t", "h", "e")
    first = chunk.rounds[0]
    assert first.rank == min(table.ranks.get(p, 10**9) for p in [("▁", "t"), ("t", "h"), ("h", "e")])
    assert narrate(trace, Frames(trace)[1]) == (
        f"step 1: of 3 adjacent pairs, the one of lowest merge rank is {first.pair[0]} + {first.pair[1]} at position "
        f"{chunk.position(1)} (rank {first.rank} in the merges list, id {table.encoder[''.join(first.pair)]}, leftmost if tied); merging that one"
    )


def test_ignore_merges_takes_a_whole_word_that_is_an_entry(folder: Path) -> None:
    """'▁zq' is an entry no merge makes: under ignore_merges tokenizers takes the word whole, so the table's words
    are tokenizers' own (the whole text here, no pre-tokenizer)."""

    def change(doc: dict[str, Any]) -> None:
        doc["model"]["ignore_merges"] = True
        doc["model"]["vocab"]["▁zq"] = len(doc["model"]["vocab"])

    path = written(folder, "llama2", change, "ignore-merges")
    table, reference = pair(path)
    assert table.pattern == r"[\s\S]+"
    trace = capture("zq", table)
    assert trace.chunks[0].stop == "whole" and trace.ids == [table.encoder["▁zq"]] == reference.encode("zq").ids
    for text in ("zq zq", "the cat zq", *CORPUS[:8]):
        assert encode(text, table) == reference.encode(text, add_special_tokens=False).ids, text


def test_a_byte_token_an_ascii_character_never_needs_may_be_missing(folder: Path) -> None:
    """Older Gemma files hold '\t' and no <0x09>: a tab is its own token, so no character falls back to 0x09."""
    path = written(folder, "gemma", lambda doc: doc["model"]["vocab"].pop("<0x09>"), "no-0x09")
    table = pair(path)[0]
    assert "\t" in table.encoder and "<0x09>" not in table.encoder
    for text in ("a\tb", "\t\t x", *CORPUS[:6]):
        check(path, text)


def test_a_trace_saves_and_loads_again(shapes: dict[str, Path]) -> None:
    table = pair(shapes["gemma"])[0]
    trace = capture("Hello 𝔘 a  b the cat", table)
    again = loads(dumps(trace), lambda name: table)
    assert again.ids == trace.ids and [c.symbols for c in again.chunks] == [c.symbols for c in trace.chunks]


def refused(folder: Path, change: Callable[[dict[str, Any]], None]) -> str:
    with pytest.raises(TableError) as info:
        load_tokenizer_json(written(folder, "llama2", change, "refused"))
    said = str(info.value)
    assert said.endswith(".") and said.count(". ") == 0, said  # one sentence
    return said


@pytest.mark.parametrize(
    "change, sentence",
    [
        (
            lambda d: d.update(decoder={"type": "ByteLevel"}),
            "its decoder is ByteLevel, which bpe-tui does not model; it reads Replace, ByteFallback, Fuse and Strip in that order",
        ),
        (lambda d: d["decoder"]["decoders"].reverse(), "its decoder is Strip, Fuse, ByteFallback, Replace, which bpe-tui does not model"),
        (lambda d: d.update(decoder=None), "it has no decoder (tokenizers would join the tokens with spaces)"),
        (lambda d: d["decoder"]["decoders"][-1].update(stop=1), "its decoder's Strip must take one character from the start only"),
        (
            lambda d: d.update(pre_tokenizer={"type": "Whitespace"}),
            "its pre-tokenizer is Whitespace; with byte fallback bpe-tui reads none",
        ),
        (
            lambda d: d.update(pre_tokenizer={"type": "ByteLevel", "add_prefix_space": False}),
            "falls back to bytes (byte_fallback), as SentencePiece-style BPE does, but its pre-tokenizer is ByteLevel",
        ),
        (lambda d: d.update(pre_tokenizer=metaspace("first", True) | {"replacement": "_"}), "its Metaspace pre-tokenizer writes spaces as"),
        (
            lambda d: d.update(
                pre_tokenizer=metaspace("first", False), normalizer={"type": "Strip", "strip_left": True, "strip_right": True}
            ),
            '(prepend_scheme "first"), which its normalizer\'s Strip may move',
        ),
        (
            lambda d: d["model"]["vocab"].pop("<0x80>"),
            "model.vocab has no <0x80> token, so tokenizers would give a character needing it <unk>, which bpe-tui does not model",
        ),
        (lambda d: d["model"].update(byte_fallback="yes"), "its BPE model's byte_fallback is the string 'yes', not true or false"),
    ],
    ids=[
        "bytelevel decoder",
        "decoder order",
        "no decoder",
        "strip stop",
        "whitespace",
        "bytelevel",
        "replacement",
        "first",
        "byte token",
        "type",
    ],
)
def test_what_is_not_modelled_is_refused_in_one_sentence(folder: Path, change: Callable[[dict[str, Any]], None], sentence: str) -> None:
    assert sentence in refused(folder, change)


def test_a_merge_joining_a_byte_token_is_refused(folder: Path) -> None:
    """tokenizers falls back before merging, so such a merge could join a fallen-back byte: bpe-tui says it does not model that."""

    def change(doc: dict[str, Any]) -> None:
        doc["model"]["vocab"]["<0x41>a"] = len(doc["model"]["vocab"])
        doc["model"]["merges"].insert(0, ["<0x41>", "a"])

    assert "model.merges[0] ('<0x41> a') joins the byte token <0x41>, which bpe-tui does not model" in refused(folder, change)


def test_a_unigram_tokenizer_json_is_refused_naming_it(tmp_path: Path) -> None:
    tok = Tokenizer(models.Unigram())
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.train_from_iterator(
        CORPUS * 3, trainers.UnigramTrainer(vocab_size=400, unk_token="<unk>", special_tokens=["<unk>"], show_progress=False)
    )
    tok.save(str(tmp_path / "unigram.json"))
    with pytest.raises(TableError) as info:
        load_tokenizer_json(tmp_path / "unigram.json")
    assert str(info.value) == (
        f"{tmp_path / 'unigram.json'}: its model is Unigram (SentencePiece's unigram language model), not BPE; "
        "bpe-tui reads BPE only (byte-level, or with byte fallback)."
    )
