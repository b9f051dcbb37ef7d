"""The round-trip engine (tui/engine/roundtrip.py) with the exact values of seeds 000 and 002."""

from __future__ import annotations

import pytest

from tui.engine.bpe import capture, encode
from tui.engine.roundtrip import (
    alias_counts,
    alias_grid,
    byte_of_alias,
    char_spans,
    decode_frames,
    explain,
    figures,
    init_summary,
    parse_ids,
    rank_id_check,
    rank_of_id,
    search_rules,
    special_scene,
    spell,
    used_ranks,
    utf8_note,
    utf8_short,
)
from tui.engine.tables import Table

from .support import CAFE, CAFE_IDS

# -- decode frames -----------------------------------------------------------------------------


def test_19526_alone_is_two_bytes_of_three(gpt2_table: Table) -> None:
    """ä½ is bytes 228, 189: not complete UTF-8 alone, so 'replace' gives one �; a stream holds both bytes."""
    run = decode_frames([19526], gpt2_table)
    (f,) = run.frames
    assert (f.id, f.alias, list(f.data), f.complete) == (19526, "ä½", [228, 189], False)
    assert f.note == "incomplete: 2 of its 3 bytes" and f.short == "2 of 3 bytes"
    assert (f.alone, f.released, f.held) == ("\ufffd", "", bytes([228, 189]))
    assert run.text == "\ufffd" and run.flushed == "\ufffd" and run.ok and run.problem is None


def test_254_alone_is_a_continuation_byte(gpt2_table: Table) -> None:
    """ł is byte 160 (0xa0): a continuation byte with no lead, '�' at once."""
    run = decode_frames([254], gpt2_table)
    (f,) = run.frames
    assert (f.alias, list(f.data), f.complete, f.note) == ("ł", [160], False, "starts with continuation byte 0xa0")
    assert (run.text, f.released, f.held) == ("\ufffd", "\ufffd", b"")


def test_joined_bytes_decode_once_to_ni(gpt2_table: Table) -> None:
    """The right way gives 你; the wrong way (each alone, then joined) gives ��."""
    run = decode_frames([19526, 254], gpt2_table)
    assert run.buffer == bytes([228, 189, 160]) and [f.start for f in run.frames] == [0, 2]
    assert run.text == "你" and run.wrong == "\ufffd\ufffd"
    assert [f.released for f in run.frames] == ["", "你"] and run.streamed == "你"


def test_hi_ni_round_trip(gpt2_table: Table) -> None:
    """Seed 000: 'Hi 你!' encodes to [17250, 220, 19526, 254, 0] and decodes back."""
    ids = encode("Hi 你!", gpt2_table)
    assert ids == [17250, 220, 19526, 254, 0]
    assert decode_frames(ids, gpt2_table).text == "Hi 你!"


def test_unknown_id_is_named_and_stops_the_frames(gpt2_table: Table) -> None:
    """An id absent from decoder is named with its position (the original raises KeyError); no text."""
    run = decode_frames([19526, 99999, 254], gpt2_table)
    assert run.lookup is not None and (run.lookup.position, run.lookup.id) == (1, 99999)
    assert run.problem == "id 99999 (token 2) is not in the gpt2 vocabulary: decoder[99999] raises KeyError."
    assert len(run.frames) == 1 and run.text is None and not run.ok


def test_unknown_id_in_teaching_table(teaching_table: Table) -> None:
    """The teaching table has ids 0..264 only: 19526 is unknown there."""
    run = decode_frames([19526], teaching_table)
    assert run.lookup is not None and run.lookup.id == 19526 and "teaching" in (run.problem or "")


@pytest.mark.parametrize(
    ("ids", "start", "end", "reason", "token"),
    [([19526], 0, 2, "unexpected end of data", 0), ([254], 0, 1, "invalid start byte", 0), ([66, 254], 1, 2, "invalid start byte", 1)],
)
def test_strict_reports_the_exact_unicode_decode_error(gpt2_table: Table, ids, start, end, reason, token) -> None:  # type: ignore[no-untyped-def]
    """Under 'strict' the single decode fails exactly as bytes.decode does; 'replace' gives �."""
    strict = decode_frames(ids, gpt2_table, "strict")
    with pytest.raises(UnicodeDecodeError) as real:
        strict.buffer.decode("utf-8")
    f = strict.failure
    assert f is not None and (f.start, f.end, f.reason, f.token) == (start, end, reason, token)
    assert f.message == str(real.value) and strict.text is None
    replace = decode_frames(ids, gpt2_table, "replace")
    assert replace.failure is None and replace.text == strict.buffer.decode("utf-8", errors="replace")


def test_strict_message_for_19526(gpt2_table: Table) -> None:
    """The exact words of the error, positions 0-1."""
    run = decode_frames([19526], gpt2_table, "strict")
    assert run.failure is not None
    assert run.failure.message == "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"
    assert run.stream_stop == 1  # the stream held the bytes; they fail only at the end


def test_strict_joined_is_fine(gpt2_table: Table) -> None:
    """Joined, the bytes are valid: strict and replace agree on 你."""
    assert decode_frames([19526, 254], gpt2_table, "strict").text == "你"


def test_streaming_cafe_nihao_holds_incomplete_bytes(gpt2_table: Table) -> None:
    """Seed 002: each character is released as soon as it is complete; 你 and 好 wait for their last byte."""
    assert encode(CAFE, gpt2_table) == CAFE_IDS
    run = decode_frames(CAFE_IDS, gpt2_table)
    assert [f.alias for f in run.frames] == ["c", "af", "Ã©", "Ġ", "ä½", "ł", "å¥", "½"]
    assert [f.released for f in run.frames] == ["c", "af", "é", " ", "", "你", "", "好"]
    assert [list(f.held) for f in run.frames] == [[], [], [], [], [228, 189], [], [229, 165], []]
    assert [f.complete for f in run.frames] == [True, True, True, True, False, False, False, False]
    assert run.streamed == run.text == CAFE and run.wrong == "café \ufffd\ufffd\ufffd\ufffd"


def test_special_id_decodes_to_its_text(gpt2_table: Table) -> None:
    assert decode_frames([50256], gpt2_table).text == "<|endoftext|>"


def test_utf8_notes() -> None:
    assert utf8_note(bytes([228, 189])) == "incomplete: 2 of its 3 bytes"
    assert utf8_note(b"\xff") == "byte 0xff at 0: invalid start byte"
    assert utf8_short(b"\xff") == "invalid 0xff" and utf8_short(b"a") == "complete" and utf8_short(b"\xa0") == "continuation"


def test_char_spans_match_replace() -> None:
    """Where each character lies in the buffer; '�' spans as errors='replace' would make them."""
    assert char_spans(bytes([99, 228, 189, 160, 228])) == [(0, 1, "c"), (1, 4, "你"), (4, 5, "\ufffd")]
    for data in (b"\xe4\xbdA", b"\xed\xa0\x80", b"\xf0\x9f\x98\x80x", b"\xff\xfe"):
        assert "".join(c for _, _, c in char_spans(data)) == data.decode("utf-8", errors="replace")


def test_parse_ids() -> None:
    assert parse_ids("19526 254") == [19526, 254] and parse_ids("[19526, 254]") == [19526, 254]
    for bad in ("", "19526 x", "-1", "1234567890123"):
        with pytest.raises(ValueError):
            parse_ids(bad)


def test_explain_lines(gpt2_table: Table) -> None:
    """The CLI's text frames: one row per id, the wrong way, the right way, the result."""
    lines = explain(decode_frames([19526, 254], gpt2_table))
    text = "\n".join(lines)
    assert "19526  'ä½'" in text and "e4 bd" in text and "✗ incomplete: 2 of its 3 bytes -> '\ufffd'" in text
    assert "'\ufffd' + '\ufffd' = '\ufffd\ufffd'" in text and "e4 bd a0 -> '你'" in text
    assert lines[-1] == "decode([19526, 254]) = '你'"


# -- the alias grid ----------------------------------------------------------------------------


def test_alias_grid_counts(gpt2_table: Table) -> None:
    """188 bytes keep their code point, 68 move to 256 + n, in ascending byte order."""
    grid = alias_grid(gpt2_table)
    assert len(grid) == 256 and alias_counts() == (188, 68)
    assert sum(e.kept for e in grid) == 188 and sum(not e.kept for e in grid) == 68
    moved = [e for e in grid if not e.kept]
    assert [e.code_point for e in moved] == list(range(256, 324)) and [e.moved for e in moved] == list(range(68))
    assert {e.byte for e in moved} == set(range(33)) | set(range(127, 161)) | {173}


def test_alias_grid_facts(gpt2_table: Table) -> None:
    """Byte 97 → alias a → id 64; byte 33 → ! → id 0; byte 32 → Ġ (U+0120, 256 + 32) → id 220."""
    grid = alias_grid(gpt2_table)
    assert (grid[97].alias, grid[97].id, grid[97].kept) == ("a", 64, True)
    assert (grid[33].alias, grid[33].id) == ("!", 0)
    assert (grid[32].alias, grid[32].code_point, grid[32].moved, grid[32].id) == ("Ġ", 0x120, 32, 220)
    assert (grid[160].alias, grid[160].id) == ("ł", 254)


def test_literal_g_dot_is_two_bytes_not_byte_32() -> None:
    """Input 'Ġ' is UTF-8 [196, 160], two aliases Ä ł; the alias Ġ stands for byte 32."""
    s = spell("Ġ")
    assert list(s.data) == [196, 160] and s.aliases == "Äł" and s.entries == [(196, "Ä"), (160, "ł")]
    assert byte_of_alias("Ġ") == 32 and byte_of_alias("你") is None
    assert spell(" 你").aliases == "Ġä½ł"


# -- what initialisation builds ----------------------------------------------------------------


def test_init_summary_sizes(gpt2_table: Table) -> None:
    """byte encoder/decoder 256, encoder/decoder 50,257, ranks 50,000; the chunk cache is per text."""
    trace = capture(CAFE, gpt2_table)
    sizes = {b.name: b.size for b in init_summary(gpt2_table, trace)}
    assert sizes == {
        "byte_encoder": 256, "byte_decoder": 256, "encoder": 50257, "decoder": 50257,
        "bpe_ranks": 50000, "cache": 2, "lru_cache": 1,
    }  # fmt: skip
    assert {b.name: b.size for b in init_summary(gpt2_table)}["cache"] == 0


def test_rank_id_check_over_all_rules(gpt2_table: Table) -> None:
    """encoder[left + right] == 256 + rank holds for all 50,000 rules; bytes have no rank; 50256 is special."""
    check = rank_id_check(gpt2_table)
    assert (check.total, check.passing, check.holds, check.first_failure) == (50000, 50000, True, None)
    assert check.base == 256 and dict(check.special) == {"<|endoftext|>": 50256}
    assert rank_of_id(gpt2_table, 50256) is None and rank_of_id(gpt2_table, 64) is None
    assert rank_of_id(gpt2_table, 45609) == 45353 and rank_of_id(gpt2_table, 256) == 0


def test_rank_id_check_teaching(teaching_table: Table) -> None:
    check = rank_id_check(teaching_table)
    assert (check.total, check.passing, dict(check.special)) == (9, 9, {})


def test_search_rules(gpt2_table: Table) -> None:
    """A rank, an id, a rule, a symbol as typed or as GPT-2 writes it."""
    assert search_rules(gpt2_table, "26").ranks == (26,)
    assert search_rules(gpt2_table, "id 45609").ranks == (45353,)
    assert search_rules(gpt2_table, "Ġ t").ranks == (0,)
    assert search_rules(gpt2_table, " the").ranks[0] == 6  # Ġt + he → Ġthe, rank 6
    assert search_rules(gpt2_table, "Ġthe").ranks[0] == 6
    assert search_rules(gpt2_table, "60000").ranks == () and search_rules(gpt2_table, "id 50256").ranks == ()


def test_used_ranks_internationalization(gpt2_table: Table) -> None:
    """Seed 000: the input uses ranks 3 … 45353, fourteen rounds; it never scans rows 0 … 13."""
    trace = capture("internationalization", gpt2_table)
    assert used_ranks(trace) == [3, 5, 7, 9, 26, 39, 85, 97, 272, 503, 608, 1378, 22868, 45353]


def test_figures_cafe(gpt2_table: Table) -> None:
    """Seed 002's header: 256 + 50,000 + 1 = 50,257; café 你好 is 12 bytes → 8 tokens."""
    f = figures(capture(CAFE, gpt2_table))
    assert (f.base, f.merges, f.special, f.vocab, f.bytes, f.tokens) == (256, 50000, 1, 50257, 12, 8)
    assert f.vocab_sum == "256 + 50,000 + 1" and f.fired == 4


# -- special tokens ----------------------------------------------------------------------------


def test_special_scene(gpt2_table: Table) -> None:
    """The literal is seven ordinary ids; 50256 decodes to it and follows no rank."""
    scene = special_scene(gpt2_table)
    assert scene.ids == (27, 91, 437, 1659, 5239, 91, 29)
    assert [a for _, a in scene.pieces] == ["<", "|", "end", "of", "text", "|", ">"]
    assert (scene.special_id, scene.decoded, scene.rank, scene.follows_formula) == (50256, "<|endoftext|>", None, False)
    assert scene.last_merge_id == 50255


def test_special_scene_teaching(teaching_table: Table) -> None:
    """The teaching table registers no special token."""
    scene = special_scene(teaching_table)
    assert scene.special_id is None and scene.decoded is None and len(scene.ids) == 13
