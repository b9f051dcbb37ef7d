"""Every normalizer and pre-tokenizer a byte-level BPE tokenizer.json may have, and ignore_merges: the ids
are those of Hugging Face `tokenizers` on the same file (DeepSeek V4-like and Llama 3-like files built here)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tokenizers import Tokenizer

from tui.engine.bpe import capture, encode
from tui.engine.tables.tokenizer_json import load_tokenizer_json
from tui.explain.branches import chunk_origin, explain_match, labelled
from tui.explain.normalisation import normalisation

from .hf_files import DEEPSEEK_PRE, DEEPSEEK_SPLITS, LAST_BYTE_LEVEL, LLAMA3_PRE, rewritten, split, trained
from .test_tiktoken_diff import CORPUS

#: What each normalizer and pre-tokenizer changes: composed and decomposed accents, the Ångström sign,
#: ligatures, a capital sigma at a word's end, Rust's whitespace (not \x1c), digits of several scripts.
EXTRA = [
    "e\u0301 \u00e9 \u212b \u00c5 A\u030a ﬁ ① ｶ",
    "ΣΑΣ ΟΔΟΣ. İstanbul STRASSE straße",
    "\x1c  padded \u3000\u2003",
    " leading space, then 12345 and ١٢٣٤ and 3.14",
    "$5.00! (yes) — «quotes» ¿qué? a-b_c@d.e #tag",
    "tab\tseparated\r\nlines\n\n  indented",
]
#: The second branch of DeepSeek's third Split (a letter run after at most one other character).
THIRD_BRANCH = "[^\r\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+"
TEXTS = [t for t in CORPUS if "<|endoftext|>" not in t] + EXTRA


def same_ids(path: Any) -> None:
    """Every text (and all of them as one) encodes to the ids `tokenizers` gives for the same file."""
    tok, table = Tokenizer.from_file(str(path)), load_tokenizer_json(path)
    for text in [*TEXTS, "\n".join(TEXTS)]:
        assert encode(text, table) == tok.encode(text, add_special_tokens=False).ids, repr(text)


@pytest.fixture(scope="module")
def deepseek_like(tmp_path_factory):
    return trained(tmp_path_factory.mktemp("hf") / "deepseek.json", DEEPSEEK_PRE)


@pytest.fixture(scope="module")
def llama3_like(tmp_path_factory):
    return trained(tmp_path_factory.mktemp("hf") / "llama3.json", LLAMA3_PRE, ignore_merges=True)


def test_a_deepseek_like_file_three_splits_then_byte_level(deepseek_like):
    same_ids(deepseek_like)
    table = load_tokenizer_json(deepseek_like)
    assert table.pattern.startswith(r"Split[Isolated](\p{N}{1,3}) → Split[Isolated]([一-龥")
    tok = Tokenizer.from_file(str(deepseek_like))
    text = "x 1234567 你好世界ひらがな ok"
    chunks = capture(text, table).chunks
    assert [c.aliases for c in chunks] == [p for p, _ in tok.pre_tokenizer.pre_tokenize_str(text)]
    assert [c.text for c in chunks] == ["x", " ", "123", "456", "7", " ", "你好世界ひらがな", " ok"]


def test_each_chunk_names_the_step_and_branch_that_made_it(deepseek_like):
    table = load_tokenizer_json(deepseek_like)
    trace = capture("x 1234567 你好 ok", table)
    origins = {c.text: chunk_origin(trace.normalized, table.pattern, c.start, c.start + len(c.text)) for c in trace.chunks}
    assert (origins["123"].step, origins["123"].branch, origins["123"].pattern) == (0, 0, DEEPSEEK_SPLITS[0])
    assert (origins["你好"].step, origins["你好"].branch) == (1, 0)
    assert (origins[" ok"].step, origins[" ok"].branch, origins[" ok"].pattern) == (2, 1, THIRD_BRANCH)
    assert origins[" ok"].name.startswith("Split[Isolated]([!")
    # the explorer's labels and explanation: the third step's branch 1, counted after the first two steps' branches and gaps
    chunks = labelled("x 1234567 你好 ok", table.pattern)
    assert [c.text for c in chunks] == [c.text for c in trace.chunks]
    ok = chunks[-1]
    assert ok.pattern == THIRD_BRANCH and ok.branch == 2 + 2 + 1
    assert explain_match("x 1234567 你好 ok", ok.start, table.pattern).winner.branch == ok.branch


def test_a_llama3_like_file_takes_a_chunk_that_is_a_token_whole(llama3_like, tmp_path):
    same_ids(llama3_like)
    doc = json.loads(llama3_like.read_text(encoding="utf-8"))
    vocab = doc["model"]["vocab"]
    vocab["Ġzqx"] = len(vocab)  # an entry no merge makes: only ignore_merges reaches it
    for ignore in (True, False):
        doc["model"]["ignore_merges"] = ignore
        path = tmp_path / f"ignore-{ignore}.json"
        path.write_text(json.dumps(doc), encoding="utf-8")
        same_ids(path)
        table = load_tokenizer_json(path)
        trace = capture("a zqx zqx", table)
        assert (trace.ids[-1] == vocab["Ġzqx"]) == ignore
        if ignore:
            assert [c.cache for c in trace.chunks[1:]] == ["whole", "hit"]


NORMALIZERS = {
    "NFC": {"type": "NFC"},
    "NFD": {"type": "NFD"},
    "NFKC": {"type": "NFKC"},
    "NFKD": {"type": "NFKD"},
    "Lowercase": {"type": "Lowercase"},
    "Replace string": {"type": "Replace", "pattern": {"String": " "}, "content": "_"},
    "Replace regex": {"type": "Replace", "pattern": {"Regex": r"\s+"}, "content": " "},
    "Prepend": {"type": "Prepend", "prepend": "_"},
    "Strip": {"type": "Strip", "strip_left": True, "strip_right": True},
    "Strip left": {"type": "Strip", "strip_left": True, "strip_right": False},
    "Sequence": {
        "type": "Sequence",
        "normalizers": [{"type": "NFKD"}, {"type": "Lowercase"}, {"type": "Strip", "strip_left": False, "strip_right": True}],
    },
}


@pytest.mark.parametrize("name", NORMALIZERS)
def test_every_normalizer(deepseek_like, tmp_path, name):
    same_ids(rewritten(deepseek_like, tmp_path / "t.json", normalizer=NORMALIZERS[name]))


def test_the_trace_keeps_the_text_before_and_after_normalisation(deepseek_like, tmp_path):
    table = load_tokenizer_json(rewritten(deepseek_like, tmp_path / "t.json", normalizer=NORMALIZERS["Sequence"]))
    trace = capture("Cafe\u0301 ÅB  ", table)
    said = normalisation(trace)
    assert said is not None and (said.before, said.after, said.changed) == ("Cafe\u0301 ÅB  ", "cafe\u0301 a\u030ab", True)
    assert said.steps == "NFKD, Lowercase, Strip(False, True)"
    assert "".join(c.text for c in trace.chunks) == said.after and trace.chunks[-1].start == 5


PRE_TOKENIZERS = {
    "ByteLevel with its regex": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
    "ByteLevel adding a prefix space": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
    "ByteLevel alone without its regex": LAST_BYTE_LEVEL,
    "Split of a string, removed": {"type": "Sequence", "pretokenizers": [{**split(""), "pattern": {"String": ", "}, "behavior": "Removed"}, LAST_BYTE_LEVEL]},
    "Digits": {"type": "Sequence", "pretokenizers": [{"type": "Digits", "individual_digits": False}, LAST_BYTE_LEVEL]},
    "Digits, individual": {"type": "Sequence", "pretokenizers": [{"type": "Digits", "individual_digits": True}, {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}]},
    "Whitespace": {"type": "Sequence", "pretokenizers": [{"type": "Whitespace"}, LAST_BYTE_LEVEL]},
    "WhitespaceSplit": {"type": "Sequence", "pretokenizers": [{"type": "WhitespaceSplit"}, LAST_BYTE_LEVEL]},
    "nested Sequences, inverted Split": {
        "type": "Sequence",
        "pretokenizers": [{"type": "Sequence", "pretokenizers": [split(r"\s+", "MergedWithNext", invert=True)]}, {"type": "Digits", "individual_digits": True}, LAST_BYTE_LEVEL],
    },
    **{
        f"Punctuation, {b}": {"type": "Sequence", "pretokenizers": [{"type": "Punctuation", "behavior": b}, LAST_BYTE_LEVEL]}
        for b in ("Isolated", "Removed", "MergedWithPrevious", "MergedWithNext", "Contiguous")
    },
}  # fmt: skip


@pytest.mark.parametrize("name", PRE_TOKENIZERS)
def test_every_pre_tokenizer(deepseek_like, tmp_path, name):
    same_ids(rewritten(deepseek_like, tmp_path / "t.json", pre_tokenizer=PRE_TOKENIZERS[name]))


def test_the_chunks_command_cuts_the_normalised_text_step_by_step(deepseek_like, tmp_path, cli):
    path = rewritten(deepseek_like, tmp_path / "t.json", normalizer=NORMALIZERS["Lowercase"])
    code, out, err = cli("chunks", "--tokenizer-json", str(path), "--text", "HI 1234")
    assert (code, err) == (0, "")
    assert [(c["text"], c["start"], c["branch"]) for c in json.loads(out)] == [("hi", 0, 6), (" ", 2, 9), ("123", 3, 1), ("4", 6, 1)]


def test_a_normaliser_that_grows_the_text_without_end_is_stopped_before_it_does(deepseek_like, tmp_path, cli):
    """Eight Replace 'a' → ten a's made 'aaa' 5.6 GB and a MemoryError after 33 s (issue 36, item 8): the growth is
    counted before each step, and the step that would pass the bound is named in one sentence."""
    grow = {"type": "Replace", "pattern": {"String": "a"}, "content": "a" * 10}
    path = rewritten(deepseek_like, tmp_path / "grow.json", normalizer={"type": "Sequence", "normalizers": [grow] * 8})
    said = (
        "bpe-tui: the table's normaliser step Replace('a', 'aaaaaaaaaa') would make the text 30,000,000 characters long; "
        "bpe-tui normalises to 4,000,000 at most.\n"
    )
    for command in ("encode", "capture", "chunks"):
        assert cli(command, "--tokenizer-json", str(path), "--text", "aaa") == (2, "", said)
    assert cli("encode", "--tokenizer-json", str(path), "--text", "bc d")[:2] == (
        0,
        f"{Tokenizer.from_file(str(path)).encode('bc d').ids}\n",
    )
