"""SentencePiece BPE with byte fallback (tui/engine/sentencepiece_model.py, sentencepiece_bpe.py) against the
`sentencepiece` package, used only as an oracle, on Mistral's three .model files that mistral-common ships
(v1: 32,000 pieces; v3 and v7: 32,768): the files read alike, and the ids agree on generated texts."""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
import sentencepiece
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui.engine.heap import merge_leftmost
from tui.engine.rounds import RoundLog
from tui.engine.sentencepiece_bpe import SentencePieceBpe
from tui.engine.sentencepiece_model import BYTE, CONTROL, NORMAL, UNKNOWN, USER_DEFINED, ModelError, read_model

mistral_common = pytest.importorskip("mistral_common", reason="the Mistral .model files come with mistral-common (the test group)")
DATA = Path(mistral_common.__file__).parent / "data"
MODELS = {
    "v1": "tokenizer.model.v1",
    "v3": "mistral_instruct_tokenizer_240323.model.v3",
    "v7": "mistral_instruct_tokenizer_241114.model.v7",
}


@cache
def ours(version: str) -> SentencePieceBpe:
    return SentencePieceBpe(read_model((DATA / MODELS[version]).read_bytes()))


@cache
def reference(version: str) -> sentencepiece.SentencePieceProcessor:
    return sentencepiece.SentencePieceProcessor(model_file=str(DATA / MODELS[version]))


@pytest.mark.parametrize("version", MODELS)
def test_the_file_reads_as_sentencepiece_reads_it(version: str) -> None:
    model, sp = ours(version).model, reference(version)
    assert len(model.pieces) == sp.get_piece_size() == (32_000 if version == "v1" else 32_768)
    assert [p.text for p in model.pieces] == [sp.id_to_piece(i) for i in range(sp.get_piece_size())]
    assert [p.score for p in model.pieces] == pytest.approx([sp.get_score(i) for i in range(sp.get_piece_size())])
    assert [p.kind == BYTE for p in model.pieces] == [sp.is_byte(i) for i in range(sp.get_piece_size())]
    assert [p.kind == CONTROL for p in model.pieces] == [sp.is_control(i) for i in range(sp.get_piece_size())]
    assert [p.kind == UNKNOWN for p in model.pieces] == [sp.is_unknown(i) for i in range(sp.get_piece_size())]
    assert (model.kind, model.byte_fallback, model.add_dummy_prefix, model.escape_whitespaces) == ("BPE", True, True, True)
    assert sum(p.kind == NORMAL for p in model.pieces) == 31_741 and sum(p.kind == BYTE for p in model.pieces) == 256
    assert sum(p.kind == USER_DEFINED for p in model.pieces) == {"v1": 0, "v3": 20, "v7": 22}[version]


def test_the_issues_figures() -> None:
    """`Hello wörld 🙂 東京`: v1's ids, and v3's and v7's (the same): sentencepiece's own."""
    text = "Hello wörld 🙂 東京"
    assert ours("v1").encode(text) == [22557, 275, 2024, 417, 28705, 29340, 28705, 30366, 29936] == reference("v1").encode(text)
    for version in ("v3", "v7"):
        assert ours(version).encode(text) == [23325, 1043, 2792, 1185, 29473, 30108, 29473, 31134, 30704] == reference(version).encode(text)


def test_a_character_that_is_no_piece_falls_back_to_its_bytes() -> None:
    """'𝔘' (U+1D518) is no piece of v1: its four UTF-8 bytes are, as <0xF0> <0x9D> <0x94> <0x98>."""
    model = ours("v1")
    assert model.pieces("𝔘") == ["▁", "𝔘"]
    ids = model.encode("𝔘")
    assert [model.model.pieces[i].text for i in ids] == ["▁", "<0xF0>", "<0x9D>", "<0x94>", "<0x98>"]
    assert ids == reference("v1").encode("𝔘")
    assert reference("v1").decode(ids) == "𝔘"


def test_spaces_are_written_with_one_before_the_text() -> None:
    model = ours("v1")
    assert model.normalize("a  b") == "▁a▁▁b" and model.normalize("") == ""
    assert model.pieces("a  b") == reference("v1").encode("a  b", out_type=str)


def test_a_user_defined_symbol_is_one_and_never_merges() -> None:
    """v3's [REFERENCE_DOC_3] is a user-defined piece: cut whole from the text, as sentencepiece does."""
    model = ours("v3")
    text = "see [REFERENCE_DOC_3]x, [REFERENCE_DOC_3"
    assert "[REFERENCE_DOC_3]" in model.user_defined
    ids = model.encode(text)
    assert ids == reference("v3").encode(text) and ids.count(model.ids["[REFERENCE_DOC_3]"]) == 1


@pytest.mark.parametrize("broken", [b"\x0a\x05ab", b"\x0f", b"\x0a\x80", b""])
def test_a_file_that_is_no_model_is_one_sentence(broken: bytes) -> None:
    with pytest.raises(ModelError):
        read_model(broken)


FRAGMENT = st.one_of(
    st.text(st.characters(exclude_categories=("Cs",)), max_size=8),
    st.text(st.sampled_from("ab cd\n\t  ▁éü東京🙂[]INST<s>/0123456789.,'"), max_size=12),
    st.sampled_from(
        ["👨\u200d👩\u200d👧", "🇯🇵", "𝔘𝔫𝔦", "def f(x):\n    return x", "[INST]", "[REFERENCE_DOC_1]", "  ", "internationalization"]
    ),
)
TEXT = st.lists(FRAGMENT, max_size=6).map("".join)


@pytest.mark.parametrize("version", MODELS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_the_ids_are_sentencepieces(version: str, text: str) -> None:
    assert ours(version).encode(text) == reference(version).encode(text)


@pytest.mark.slow
@pytest.mark.parametrize("version", MODELS)
@settings(max_examples=5_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT)
def test_the_ids_are_sentencepieces_on_many_texts(version: str, text: str) -> None:
    assert ours(version).encode(text) == reference(version).encode(text)


def test_each_merge_step_can_be_recorded() -> None:
    """The steps as the animation reads them: where each merge's left part starts, the boundary it removes,
    where the right part ends, and the merged piece's rank in score order, in the order sentencepiece merges."""
    model = ours("v1")
    word = model.normalize("low")
    log = RoundLog(word, 0)
    bounds = merge_leftmost(word, model.ranks, log)
    assert [word[i:j] for i, j in pairwise(bounds)] == reference("v1").encode("low", out_type=str)
    # scores: '▁l' -46 beats 'ow' -77 and 'lo' -472; then 'ow' beats '▁lo' -1,189; last '▁low' -2,600
    assert [(r.pair, model.by_rank[r.rank]) for r in log] == [(("▁", "l"), "▁l"), (("o", "w"), "ow"), (("▁l", "ow"), "▁low")]
    assert [reference("v1").get_score(model.ids[model.by_rank[r.rank]]) for r in log] == [-46, -77, -2_600]


def test_equal_scores_are_one_rank_and_the_leftmost_merges_first() -> None:
    """v1's fourteen pieces of score -1,000,000,000 ('▁▁', '▁▁▁▁', …) share one rank, so the leftmost of them
    merges first, as sentencepiece's heap of (score, position) does."""
    model = ours("v1")
    tied = [text for text in model.by_rank if reference("v1").get_score(model.ids[text]) == -1e9]
    assert len(tied) == 14 and {model.rank_of[text] for text in tied} == {model.rank_of["▁▁"]}
    for spaces in range(1, 40):
        text = "a" + " " * spaces + "b"
        assert model.pieces(text) == reference("v1").encode(text, out_type=str)
