"""What the views say about the modern tables (issue 25, "In every view"): the normaliser's change, the
pipeline step that cut a chunk, Tekken's ids and ranks, each table's special ids, the pre-tokenizer's steps."""

from __future__ import annotations

import pytest

from tui.engine.aliases import bytes_to_unicode
from tui.engine.bpe import capture, encode
from tui.engine.tables import Table, get_table
from tui.engine.tables.facts import patterns
from tui.explain.aliasgrid import alias_grid, id_legend
from tui.explain.frames import Frames, narrate
from tui.explain.normalisation import normalisation, said
from tui.explain.special import id_note, special_scene, specials_line
from tui.explain.tokens import example_ids


def test_qwen3s_nfc_is_said_as_the_letter_and_its_mark_becoming_one() -> None:
    trace = capture("Cafe\u0301 and A\u030a", get_table("qwen3"))
    assert said(normalisation(trace)) == "NFC: e+◌́ → é …"  # the Å after it is the '…'
    assert said(normalisation(capture("Café", get_table("qwen3")))) is None  # already composed: nothing to say
    assert said(normalisation(capture("Cafe\u0301", get_table("tekken")))) is None  # no normaliser


def test_a_deepseek_chunk_names_the_step_and_branch_that_cut_it() -> None:
    trace = capture("Café 1234 你好", get_table("deepseek-v4"))
    frames = Frames(trace)
    starts = [narrate(trace, frames[frames.chunk_start(k)]) for k in range(len(trace.chunks))]
    assert [c.text for c in trace.chunks] == ["Café", " ", "123", "4", " ", "你好"]
    assert starts[2].startswith("chunk 3 (step 1 of 3, Split branch 1 \\p{N}{1,3}): '123' is 3 UTF-8 bytes")
    assert starts[5].startswith("chunk 6 (step 2 of 3, Split branch 1 [一-龥")
    assert starts[0].startswith("chunk 1 (step 3 of 3, Split branch 2 [^")
    plain = capture("Café 1234", get_table("qwen3"))  # one regex: nothing to add
    assert narrate(plain, Frames(plain)[0]) == "chunk 1: 'Café' is 5 UTF-8 bytes, written as aliases 'CafÃ©'"


def test_tekkens_steps_give_the_rules_rank_and_the_true_id() -> None:
    tekken = get_table("tekken")
    trace = capture("Cafe", tekken)
    frames = Frames(trace)
    said = [narrate(trace, frames[i]) for i in range(len(frames))]
    assert "(rank 1814, id 3070, leftmost if tied)" in said[1]
    assert "(rank 20262, id 21518, leftmost if tied)" in said[2]
    assert tekken.encoder["fe"] == 3070 == 1814 + 1256 and tekken.encoder["afe"] == 21518
    assert list(trace.ids) == [1067, 21518]


@pytest.mark.parametrize(
    ("name", "line", "note"),
    [
        ("tekken", "ids 0–999 are Tekken's 1,000 special tokens", "; bytes are ids 1,000–1,255"),
        ("qwen3", "ids 151,643–151,850 are Qwen 3's 208 special tokens", ""),
        ("qwen3.6", "ids 248,044–248,076 are Qwen 3.6's 33 special tokens", ""),
        ("deepseek-v4", "ids 0–2, 128,000–129,279 are DeepSeek V4's 1,283 special tokens", ""),
    ],
)
def test_each_tables_special_ids_are_said_where_they_are(name: str, line: str, note: str) -> None:
    table = get_table(name)
    assert specials_line(table) == line
    assert id_note(table) == line + note
    shown = [int(w) for w in example_ids(table).replace("·", " ").split()]  # the Decode view's hint
    assert shown and all(i in table.decoder for i in shown)
    assert shown[-1] == min(table.special.values())


def test_tekkens_alias_legend_reads_its_byte_ids_from_1000() -> None:
    assert id_legend(alias_grid(get_table("tekken"))) == "ids 1,000–1,255 are the byte values + 1,000 (! = 1033, a = 1097, Ġ = 1032)"
    assert id_legend(alias_grid(get_table("qwen3"))).startswith("ids 0–255 follow bytes_to_unicode's order")


def test_deepseeks_pre_tokenizer_is_listed_step_by_step() -> None:
    shown = patterns(get_table("deepseek-v4"))
    assert [label for label, _ in shown] == [f"pre-tokenizer step {k} of 3, Split (Isolated)" for k in (1, 2, 3)]
    assert shown[0][1] == "\\p{N}{1,3}"
    assert patterns(get_table("tekken"))[0][0] == "regex"


def test_deepseeks_special_scene_says_its_added_tokens_are_read_as_text() -> None:
    scene = special_scene(get_table("deepseek-v4"))
    assert scene.kind == "none" and scene.ordinary == "encode_ordinary" and scene.specials == 1283
    assert scene.listed[:3] == ((0, "<｜begin▁of▁sentence｜>"), (1, "<｜end▁of▁sentence｜>"), (2, "<｜▁pad▁｜>"))
    assert scene.listed[3] == (128000, "<｜place▁holder▁no▁0｜>") and len(scene.listed) == 12
    assert scene.caller == (
        "The DeepSeek V4 table has 1,283 special tokens, but none is spelled '<|endoftext|>';",
        "bpe-tui encodes every spelling of them as ordinary text (as encode_ordinary): none is made from text.",
    )


def test_a_tokenizer_json_with_the_literal_says_tokenizers_would_match_it() -> None:
    alias = bytes_to_unicode()
    encoder = {alias[b]: b for b in range(256)} | {"<|endoftext|>": 256}
    table = Table(name="mine", merges=(), encoder=encoder, sha256="0" * 64, specials={"<|endoftext|>": 256})
    scene = special_scene(table)
    assert scene.kind == "json" and scene.ordinary == "encode_ordinary"
    assert scene.ids == tuple(encode("<|endoftext|>", table)) == tuple(b for b in b"<|endoftext|>")
    assert scene.caller == (
        "bpe-tui encodes a tokenizer.json's added tokens as ordinary text, as encode_ordinary does: never [256].",
        "Hugging Face tokenizers' encode('<|endoftext|>') matches the added token first: [256].",
    )
    assert scene.recognised == "✗ not here (tokenizers' encode() does): 13 ordinary ids"


def test_a_chunks_step_is_read_around_it_as_in_the_whole_text() -> None:
    """The narration finds a chunk's step in the few chunks around it (a step in a long text must not rescan it):
    the same answer as the whole text gives, for every chunk of a text with every kind of run."""
    from tui.explain.branches import said_origin

    table = get_table("deepseek-v4")
    trace = capture("Café says: 1234567 你好世界 ok!\n  x = [1, 2]\t\t \n\n" * 12, table)
    frames = Frames(trace)
    for k, chunk in enumerate(trace.chunks):
        whole = said_origin(trace.normalized, table.pattern, chunk.start, chunk.start + len(chunk.text))
        assert narrate(trace, frames[frames.chunk_start(k)]).startswith(f"chunk {k + 1} ({whole}): ")


def test_tekkens_rules_follow_its_own_offset() -> None:
    """Tekken's rule r makes id 1,256 + r: the Tables view's rows say ✓, as its rank check does."""
    from tui.explain.rules import rule

    first = rule(get_table("tekken"), 0)
    assert (first.merged, first.id, first.offset, first.follows) == ("ĠĠ", 1256, 1256, True)
    assert rule(get_table("qwen3"), 0).follows and rule(get_table("qwen3"), 0).offset == 256
