"""Mistral's SentencePiece tables (mistral-v1, mistral-v3, mistral-v7) as a user meets them: the command line's ids,
the capture the animator plays, decoding and trace files, each against `sentencepiece` (an oracle only) on
mistral-common's own .model files."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
import sentencepiece
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.support import CliResult
from tui.engine.bpe import capture, encode
from tui.engine.decoding import decode
from tui.engine.tables import get_table
from tui.engine.tables.sentencepiece_files import MISTRAL_FILES, load_tokenizer_model
from tui.engine.tables.table import TableError
from tui.engine.tracefile import load, save
from tui.explain.frames import Frames, narrate

Cli = Callable[..., CliResult]
mistral_common = pytest.importorskip("mistral_common", reason="the Mistral .model files come with mistral-common (the test group)")
DATA = Path(mistral_common.__file__).parent.parent
NAMES = tuple(MISTRAL_FILES)


@cache
def reference(name: str) -> sentencepiece.SentencePieceProcessor:
    return sentencepiece.SentencePieceProcessor(model_file=str(DATA / MISTRAL_FILES[name][0]))


def test_the_issues_ids_on_the_command_line(cli: Cli) -> None:
    text = "Hello wörld 🙂 東京"
    assert cli("--table", "mistral-v1", "encode", "--text", text) == (0, "[22557, 275, 2024, 417, 28705, 29340, 28705, 30366, 29936]\n", "")
    for name in ("mistral-v3", "mistral-v7"):
        assert cli("--table", name, "encode", "--text", text) == (0, "[23325, 1043, 2792, 1185, 29473, 30108, 29473, 31134, 30704]\n", "")


def test_a_character_that_is_no_piece_falls_back_and_round_trips(cli: Cli) -> None:
    """'𝔘' merges with nothing and is no piece: the done frame says it falls back to its four bytes, and `decode` reads them back."""
    table = get_table("mistral-v1")
    trace = capture("a 𝔘", table)
    assert trace.ids == [264, 28705, 243, 160, 151, 155] == reference("mistral-v1").encode("a 𝔘")
    frames = Frames(trace)
    said = [narrate(trace, frames[k]) for k in range(len(frames))]
    assert said[-1] == (
        "no adjacent pair joins into a piece: done; 2 symbols give ids [28705, 243, 160, 151, 155]. "
        "'𝔘' is not a piece: it falls back to its 4 bytes <0xF0> <0x9D> <0x94> <0x98>"
    )
    assert said[0] == "word 1: '▁a' is 2 characters, each a first symbol (SentencePiece merges characters, not bytes; a space is written ▁)"
    assert cli("--table", "mistral-v1", "decode", "264", "28705", "243", "160", "151", "155") == (0, "a 𝔘\n", "")


def test_each_step_is_sentencepieces_by_score() -> None:
    """'low': '▁l' (score -46) first, then 'ow' (-77), then '▁low' (-2,600); the sentence names rank and id."""
    trace = capture("low", get_table("mistral-v1"))
    chunk = trace.chunks[0]
    assert [(r.pair, r.rank) for r in chunk.rounds] == [(("▁", "l"), 43), (("o", "w"), 74), (("▁l", "ow"), 2588)]
    assert [chunk.word(r) for r in range(4)] == [("▁", "l", "o", "w"), ("▁l", "o", "w"), ("▁l", "ow"), ("▁low",)]
    frames = Frames(trace)
    assert narrate(trace, frames[1]) == (
        "step 1: of 3 adjacent pairs, the one whose joined piece scores highest is ▁ + l at position 0 "
        "(rank 43 in score order, id 305, leftmost if tied); merging that one"
    )


FRAGMENT = st.one_of(
    st.text(st.characters(exclude_categories=("Cs",)), max_size=8),
    st.text(st.sampled_from("ab cd\n\t  ▁éü東京🙂[]INST<s>/0123456789.,'"), max_size=12),
    st.sampled_from(["👨\u200d👩\u200d👧", "𝔘𝔫𝔦", "def f(x):\n    return x", "[INST]", "[REFERENCE_DOC_1]", "    ", "the cat"]),
)
TEXT = st.lists(FRAGMENT, max_size=6).map("".join)


def check(name: str, text: str) -> None:
    table, sp = get_table(name), reference(name)
    ids = encode(text, table)
    assert ids == sp.encode(text)
    trace = capture(text, table)
    assert trace.ids == ids and trace.byte_count == len(text.encode("utf-8"))
    assert all(chunk.word(len(chunk.rounds)) == chunk.symbols for chunk in trace.chunks)
    assert decode(ids, table) == sp.decode(ids)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_encode_capture_and_decode_are_sentencepieces(name: str, text: str) -> None:
    check(name, text)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=3_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_encode_capture_and_decode_are_sentencepieces_on_many_texts(name: str, text: str) -> None:
    check(name, text)


@settings(max_examples=300, deadline=None)
@given(ids=st.lists(st.one_of(st.integers(0, 32_767), st.sampled_from([0, 1, 2, 3, 13, 243, 160, 28705, 29473])), max_size=8))
def test_any_ids_decode_as_sentencepiece_decodes_them(ids: list[int]) -> None:
    """Control pieces give nothing, <unk> ' ⁇ ', each run of byte pieces is read alone, a bad byte is one U+FFFD."""
    assert decode(ids, get_table("mistral-v7")) == reference("mistral-v7").decode(ids)


def test_a_trace_file_written_opens_again(tmp_path: Path) -> None:
    trace = capture("Hello 𝔘 a  b [REF]x", get_table("mistral-v7"))
    save(trace, tmp_path / "t.json")
    again = load(tmp_path / "t.json")
    assert (again.table.name, again.text, again.ids) == ("mistral-v7", "Hello 𝔘 a  b [REF]x", trace.ids)
    assert [c.symbols for c in again.chunks] == [c.symbols for c in trace.chunks]


def test_a_users_model_file_loads_and_a_unigram_one_is_refused(tmp_path: Path, cli: Cli) -> None:
    """--tokenizer-model reads a SentencePiece BPE file; a Unigram model says what it is, in one sentence."""
    source = DATA / MISTRAL_FILES["mistral-v1"][0]
    table = load_tokenizer_model(source, name="mine")
    assert encode("Hello wörld", table) == [22557, 275, 2024, 417]
    assert cli("--tokenizer-model", str(source), "encode", "--text", "Hello wörld") == (0, "[22557, 275, 2024, 417]\n", "")
    assert cli("--tokenizer-model", "/etc/hostname", "encode", "--text", "x")[0] == 2
    unigram = tmp_path / "unigram.model"
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(["the cat sat on the mat"] * 50), model_writer=(out := _Writer()), vocab_size=14, model_type="unigram"
    )
    unigram.write_bytes(out.data)
    with pytest.raises(TableError) as info:
        load_tokenizer_model(unigram)
    assert str(info.value) == f"{unigram}: its model is Unigram, not BPE; bpe-tui animates BPE only."
    assert cli("--tokenizer-model", str(unigram), "encode", "--text", "x") == (2, "", f"bpe-tui: {info.value}\n")


class _Writer:
    """Where sentencepiece's trainer writes a model, in memory."""

    data = b""

    def write(self, data: bytes) -> None:
        self.data = data


def test_tree_and_reach_speak_of_pieces(cli: Cli) -> None:
    """A piece's tree goes down to characters (each with its code point); reach's classes are the pieces' own."""
    code, out, err = cli("--table", "mistral-v1", "tree", "22557")
    assert (code, err) == (0, "")
    assert out.splitlines()[:4] == [
        "id 22557 ' Hello': 6 bytes, 5 merges, 4 levels",
        "▁Hello · id 22557 · rank 22284",
        "├─ ▁H · id 382 · rank 118",
        "│  ├─ ▁ · id 28705 · character U+2581",
    ]
    code, out, err = cli("--table", "mistral-v1", "reach")
    assert (code, err) == (0, "")
    assert out.splitlines()[:3] == [
        "mistral-v1: 31,997 ordinary tokens",
        "  reachable         31,741  its own text encodes to exactly it",
        "  fragment             256  not valid UTF-8 alone: only inside longer text",
    ]
    assert "fragment, e.g.: <0x00> (3), <0x01> (4)" in out
