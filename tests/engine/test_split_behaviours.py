"""tokenizer.json's Split, every behaviour, against the `tokenizers` library: the same pieces, the same
ids, and the text back whole unless the behaviour drops part of it by definition (Removed drops the
matches, inverted Removed the gaps). A regex that backtracks without end is stopped and named."""

from __future__ import annotations

import json
from pathlib import Path
from time import process_time

import pytest
from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers

from tui.engine import pretokenize
from tui.engine.bpe import CaptureError, encode
from tui.engine.decoding import decode
from tui.engine.pretokenize import BEHAVIORS, compiled, split_regex
from tui.engine.tables import TableError
from tui.engine.tables.tokenizer_json import load_tokenizer_json

from .test_tiktoken_diff import CORPUS

#: tokenizers' Python names of the five behaviours (tokenizer.json spells them as BEHAVIORS does).
HF_NAMES = dict(zip(BEHAVIORS, ["removed", "isolated", "merged_with_previous", "merged_with_next", "contiguous"], strict=True))
#: Patterns, one whose matches' tails are not matches (\p{Lu}\p{Ll}*), one anchored at lines (^a).
PATTERNS = ["-", "[a-z]+", r"\s+", r"\p{L}+", "a|ab", r"'s|'t| ?\p{L}+| ?\p{N}+", r"\p{N}{1,3}", r"[\p{P}\p{S}]", r"\p{Lu}\p{Ll}*", "^a"]
TEXTS = [
    "the-final--countdown",
    "abc, xyz!",
    "--a--",
    "",
    "-",
    "héllo wörld 你好 🙂🙃!! 12",
    "  \n x\t\r\n",
    "I've 1234567 ab aab",
    "AbCd zCß xY\nab\na",
    *(t for t in CORPUS if "<|endoftext|>" not in t),
]
CASES = [(b, inv) for b in BEHAVIORS for inv in (False, True)]
IDS = [f"{b}{'-inverted' if inv else ''}" for b, inv in CASES]


def hf_split(pattern: str, behavior: str, invert: bool) -> pre_tokenizers.Split:
    return pre_tokenizers.Split(Regex(pattern), behavior=HF_NAMES[behavior], invert=invert)


@pytest.mark.parametrize(("behavior", "invert"), CASES, ids=IDS)
def test_the_pieces_are_those_of_the_tokenizers_library(behavior: str, invert: bool) -> None:
    for pattern in PATTERNS:
        ours = compiled(split_regex(pattern, behavior, invert))
        theirs = hf_split(pattern, behavior, invert)
        for text in TEXTS:
            assert ours.findall(text) == [piece for piece, _ in theirs.pre_tokenize_str(text)], (pattern, text)


def trained(pattern: str, behavior: str, invert: bool, path) -> Tokenizer:  # type: ignore[no-untyped-def]
    """A small byte-level BPE tokenizer whose pre-tokenizer is this Split then ByteLevel, saved at `path`."""
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Sequence(
        [hf_split(pattern, behavior, invert), pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)]
    )
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=400, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
    tok.train_from_iterator(TEXTS * 2, trainer)
    tok.save(str(path))
    return tok


@pytest.mark.parametrize(("behavior", "invert"), CASES, ids=IDS)
def test_ids_are_those_of_the_tokenizers_library_and_only_removed_loses_text(tmp_path, behavior: str, invert: bool) -> None:  # type: ignore[no-untyped-def]
    pattern = r"[a-z]+"
    tok = trained(pattern, behavior, invert, tmp_path / "tokenizer.json")
    table = load_tokenizer_json(tmp_path / "tokenizer.json")
    for text in TEXTS:
        ids = encode(text, table)
        assert ids == tok.encode(text, add_special_tokens=False).ids, text
        back = decode(ids, table)
        if behavior != "Removed":
            assert back == text
        else:  # by definition: the matches (inverted: the gaps) are dropped
            assert back == "".join(compiled(pattern if invert else "[^a-z]+").findall(text))


def test_the_issue_s_text_comes_back_whole(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`Split [a-z]+` (Isolated) on 'abc, xyz!' used to decode as 'abcxyz': the unmatched ', ' and '!' were dropped."""
    trained("[a-z]+", "Isolated", False, tmp_path / "t.json")
    table = load_tokenizer_json(tmp_path / "t.json")
    assert decode(encode("abc, xyz!", table), table) == "abc, xyz!"


def test_a_string_pattern_is_matched_literally(tmp_path) -> None:  # type: ignore[no-untyped-def]
    tok = trained(r"\.", "MergedWithPrevious", False, tmp_path / "t.json")
    doc = json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))
    doc["pre_tokenizer"]["pretokenizers"][0]["pattern"] = {"String": "."}
    (tmp_path / "s.json").write_text(json.dumps(doc), encoding="utf-8")
    table = load_tokenizer_json(tmp_path / "s.json")
    for text in ["a.b..c", "no dot here", "..."]:
        assert encode(text, table) == tok.encode(text, add_special_tokens=False).ids


CATASTROPHIC = "(a|aa)+$"
#: 32 a's and a b: about 2 s of backtracking (9 s at 35 characters), far past the 50 ms allowed here.
BACKTRACKED = "a" * 32 + "b"
BACKTRACKS = "the Split regex '(a|aa)+$' took over 0.05 s of matching on this text of 33 characters; it backtracks too much."


def catastrophic_table(tmp_path, monkeypatch) -> Path:  # type: ignore[no-untyped-def]
    """A tokenizer.json splitting by (a|aa)+$, then 50 ms of regex work allowed (the sample texts read
    with the file take microseconds)."""
    trained(CATASTROPHIC, "Isolated", False, tmp_path / "t.json")
    monkeypatch.setattr(pretokenize, "REGEX_SECONDS", 0.05)
    monkeypatch.setattr(pretokenize, "REGEX_SECONDS_PER_CHARACTER", 0.0)
    return tmp_path / "t.json"


def test_a_regex_that_backtracks_without_end_is_stopped_and_named(tmp_path, monkeypatch, cli) -> None:  # type: ignore[no-untyped-def]
    """The encode stops at the bound, in one sentence naming the regex, in the engine and the CLI."""
    path = catastrophic_table(tmp_path, monkeypatch)
    with pytest.raises(CaptureError) as caught:
        encode(BACKTRACKED, load_tokenizer_json(path))
    assert str(caught.value) == BACKTRACKS
    assert cli("encode", "--tokenizer-json", str(path), "--text", BACKTRACKED) == (2, "", f"bpe-tui: {BACKTRACKS}\n")


def test_the_chunks_command_is_bounded_too(tmp_path, monkeypatch, cli) -> None:  # type: ignore[no-untyped-def]
    """`chunks` labels each chunk with its branch by another regex: the same bound applies first."""
    path = catastrophic_table(tmp_path, monkeypatch)
    assert cli("chunks", "--tokenizer-json", str(path), "--text", BACKTRACKED) == (2, "", f"bpe-tui: {BACKTRACKS}\n")


def test_a_count_followed_by_plus_is_refused_as_the_engines_differ(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """`\\p{N}{1,3}+` (cl100k_base's spelling) is possessive for `regex` but a repetition of the count for
    Oniguruma: tokenizers cuts '12345' whole where `regex` cuts '123', '45'. Refused, not misread."""
    pattern = r"\p{N}{1,3}+|\p{L}+|\s+|[^\s\p{L}\p{N}]+"
    assert [p for p, _ in hf_split(pattern, "Isolated", False).pre_tokenize_str("ab 12345")] == ["ab", " ", "12345"]
    assert compiled(pattern).findall("ab 12345") == ["ab", " ", "123", "45"]
    trained(pattern, "Isolated", False, tmp_path / "t.json")
    with pytest.raises(TableError) as caught:
        load_tokenizer_json(tmp_path / "t.json")
    assert str(caught.value) == (
        f"{tmp_path / 't.json'}: its Split regex {pattern!r} puts + after a {{n,m}} count, a second repetition for "
        "Oniguruma (which tokenizers runs) but possessive for Python's regex module, so the chunks would differ."
    )


#: Characters random texts are made of: letters, digits, spaces, punctuation, accents, CJK, emoji, controls.
ALPHABET = "abcxyzABC019 -.,!?'\n\t\r\u00a0éüß你好🙂\u0301\u200d"
#: More patterns for the random run: classes, lookarounds, anchors, alternations that share prefixes.
MORE_PATTERNS = [*PATTERNS, r"\s+(?!\S)", r"(?<=a)b", r"[^\s]+$", r"ab|a|b", r"\p{Ll}\p{Lu}?", r"-+|\.+", r"[\u00a0 ]"]


@pytest.mark.slow
@pytest.mark.parametrize(("behavior", "invert"), CASES, ids=IDS)
def test_random_texts_cut_as_the_tokenizers_library_does(behavior: str, invert: bool) -> None:
    """2,000 seeded random texts × 16 patterns per behaviour: the same pieces as `tokenizers`, and
    (but for Removed) pieces that join back into the text."""
    import random

    rng = random.Random(f"{behavior}{invert}")
    texts = ["".join(rng.choices(ALPHABET, k=rng.randrange(0, 40))) for _ in range(2_000)]
    for pattern in MORE_PATTERNS:
        ours = compiled(split_regex(pattern, behavior, invert))
        theirs = hf_split(pattern, behavior, invert)
        for text in texts:
            pieces = ours.findall(text)
            assert pieces == [piece for piece, _ in theirs.pre_tokenize_str(text)], (pattern, text)
            assert behavior == "Removed" or "".join(pieces) == text


def test_the_regex_bound_counts_the_regex_work_not_the_callers(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`regex` times a finditer with the process's CPU clock from its first search, so a capture merging each
    chunk before asking for the next was charged for its own work: with 50 ms allowed, 40 pieces each
    followed by 5 ms of the caller's CPU (200 ms in all) were refused. Each batch's search is charged alone."""
    monkeypatch.setattr(pretokenize, "REGEX_SECONDS", 0.05)
    monkeypatch.setattr(pretokenize, "REGEX_SECONDS_PER_CHARACTER", 0.0)
    pieces = []
    for match in pretokenize.Bounded(split_regex(r"\p{L}+", "Isolated", False)).finditer("ab " * 40):
        spent = process_time() + 0.005
        while process_time() < spent:  # the caller's work on this piece, on the CPU as a merge loop's is
            pass
        pieces.append(match.group())
    assert pieces.count("ab") == 40 and "".join(pieces) == "ab " * 40


def test_matches_found_in_batches_are_the_matches_of_one_search(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Three matches at a time, each batch starting where the last match ended: the same pieces as one
    finditer over the whole text, for patterns anchored at lines (^a) and ones whose tails are not matches."""
    monkeypatch.setattr(pretokenize, "MATCHES_AT_ONCE", 3)
    for pattern in PATTERNS:
        built = split_regex(pattern, "Isolated", False)
        for text in TEXTS:
            whole = [(m.start(), m.group()) for m in compiled(built).finditer(text) if m.group()]
            assert [(m.start(), m.group()) for m in pretokenize.Bounded(built).finditer(text)] == whole, (pattern, text)
