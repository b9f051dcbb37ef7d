"""Decoding (tui/engine/decoding.py): decode() and the frames of the Decode view, seeds 000 and 002."""

from __future__ import annotations

import pytest

from tui.engine.bpe import encode
from tui.engine.decoding import DecodeError, decode, decode_frames, decode_lines, parse_ids
from tui.engine.tables import Table

from .support import CAFE, CAFE_IDS

# -- decode() ----------------------------------------------------------------------------------


def test_fragments_alone_are_replacement_characters(gpt2_table):
    """[19526] and [254] each decode to '�'; joined as [19526, 254] they decode to '你'."""
    assert decode([19526], gpt2_table) == "�"
    assert decode([254], gpt2_table) == "�"
    assert decode([19526, 254], gpt2_table) == "你"
    assert decode([19526], gpt2_table) + decode([254], gpt2_table) == "��"


def test_token_bytes_of_the_fragments(gpt2_table):
    """Id 19526 stores raw bytes [228, 189]; id 254 stores [160]; together [228, 189, 160] = 你."""
    assert [list(f.data) for f in decode_frames([19526, 254], gpt2_table).frames] == [[228, 189], [160]]
    assert gpt2_table.decoder[19526] == "ä½" and gpt2_table.decoder[254] == "ł"
    assert bytes([228, 189, 160]).decode("utf-8") == "你"


def test_hi_ni_round_trip(gpt2_table):
    """The five ids of 'Hi 你!' decode back to the text."""
    assert decode([17250, 220, 19526, 254, 0], gpt2_table) == "Hi 你!"


def test_endoftext_decodes_to_its_registered_text(gpt2_table):
    """decode([50256]) retrieves '<|endoftext|>' even though encode never produces 50256."""
    assert decode([50256], gpt2_table) == "<|endoftext|>"
    assert decode([27, 91, 437, 1659, 5239, 91, 29], gpt2_table) == "<|endoftext|>"


def test_cafe_nihao_per_token_versus_joined(gpt2_table):
    """'café 你好': decoding token by token loses 你好 to '�'s; joining the bytes first restores it."""
    ids = encode("café 你好", gpt2_table)
    assert decode(ids, gpt2_table) == "café 你好"
    per_token = [decode([i], gpt2_table) for i in ids]
    assert "".join(per_token) != "café 你好"
    assert "你" not in "".join(per_token) and "好" not in "".join(per_token)
    assert "�" in per_token
    assert "".join(per_token).startswith("café ")  # the ASCII part and é survive as whole tokens


def test_unknown_id_names_the_id(gpt2_table, teaching_table):
    """An id absent from the decoder (KeyError in GPT-2) is a DecodeError naming it and its position."""
    with pytest.raises(DecodeError) as info:
        decode([17250, 50257], gpt2_table)
    assert str(info.value) == "id 50257 (token 2) is not in the gpt2 vocabulary: decoder[50257] raises KeyError."
    with pytest.raises(DecodeError, match=r"^id 265 \(token 1\) is not in the teaching vocabulary: decoder\[265\] raises KeyError\.$"):
        decode([265], teaching_table)


def test_strict_invalid_utf8_is_a_decode_error(gpt2_table):
    """Valid ids whose joined bytes are not UTF-8 raise under strict (UnicodeDecodeError in GPT-2)."""
    with pytest.raises(DecodeError) as info:
        decode([19526], gpt2_table, errors="strict")
    message = str(info.value)
    assert message.startswith("the bytes are not valid UTF-8: ")
    assert "at byte 0 (0xe4)" in message
    assert decode([19526, 254], gpt2_table, errors="strict") == "你"


def test_replace_policy_marks_each_invalid_sequence(gpt2_table):
    """A lone continuation byte between valid text becomes one '�' under replace."""
    assert decode([17250, 254, 0], gpt2_table) == "Hi�!"


def test_empty_decode(gpt2_table):
    """No ids, no text."""
    assert decode([], gpt2_table) == ""


def test_teaching_table_decodes_its_merges(teaching_table):
    """Teaching ids 256 + rank decode to the merged bytes: [264, 257, 261] -> 'aaababcabxyz'."""
    assert decode([264, 257, 261], teaching_table) == "aaababcabxyz"
    assert decode(encode("Hi 你!", teaching_table), teaching_table) == "Hi 你!"


def test_decode_is_the_recorder_with_recording_off(gpt2_table: Table) -> None:
    """decode() and decode_frames() agree on text and on every error sentence; recording off keeps no frames."""
    for ids, errors in (([19526, 254], "strict"), ([19526], "strict"), ([19526, 99999], "replace"), (CAFE_IDS, "replace")):
        run = decode_frames(ids, gpt2_table, errors)
        quiet = decode_frames(ids, gpt2_table, errors, record=False)
        assert quiet.frames == () and (quiet.text, quiet.problem, quiet.buffer) == (run.text, run.problem, run.buffer)
        if run.text is None:
            with pytest.raises(DecodeError) as info:
                decode(ids, gpt2_table, errors)
            assert str(info.value) == run.problem
        else:
            assert decode(ids, gpt2_table, errors) == run.text


def test_strict_sentence_names_the_token(gpt2_table: Table) -> None:
    """Under strict the one sentence names the byte, its token and id."""
    with pytest.raises(DecodeError) as info:
        decode([66, 254], gpt2_table, errors="strict")
    assert (
        str(info.value) == "the bytes are not valid UTF-8: invalid start byte at byte 1 (0xa0) of token 2 (id 254), under errors='strict'."
    )


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


def test_under_strict_a_token_alone_raises_and_says_which_bytes(gpt2_table: Table) -> None:
    """Under 'strict' a token that is not complete UTF-8 has no '�' alone: Python raises, and the sentence
    names its bytes and the reason; the wrong way stops at the first such token; a complete token is as before."""
    run = decode_frames([66, 19526, 254], gpt2_table, "strict")
    assert [f.raises for f in run.frames] == [
        "",
        "bytes e4 bd alone raise UnicodeDecodeError: unexpected end of data",
        "byte a0 alone raises UnicodeDecodeError: invalid start byte",
    ]
    for f in run.frames[1:]:
        with pytest.raises(UnicodeDecodeError) as info:
            f.data.decode("utf-8")
        assert info.value.reason in f.raises
    assert run.wrong_raises is run.frames[1] and run.text == "c你"
    assert "\ufffd" not in "\n".join(decode_lines(run))
    assert all(f.raises == "" for f in decode_frames([66, 19526, 254], gpt2_table).frames)  # 'replace' never raises


def test_joined_bytes_decode_once_to_ni(gpt2_table: Table) -> None:
    """The right way gives 你; the wrong way (each alone, then joined) gives ��."""
    run = decode_frames([19526, 254], gpt2_table)
    assert run.buffer == bytes([228, 189, 160]) and [f.start for f in run.frames] == [0, 2]
    assert run.text == "你" and run.wrong == "\ufffd\ufffd"
    assert [f.released for f in run.frames] == ["", "你"] and run.streamed == "你"


def test_hi_ni_frames_round_trip(gpt2_table: Table) -> None:
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


def test_parse_ids() -> None:
    assert parse_ids("19526 254") == [19526, 254] and parse_ids("[19526, 254]") == [19526, 254]
    for bad in ("", "19526 x", "-1", "1234567890123"):
        with pytest.raises(ValueError):
            parse_ids(bad)


def test_explain_lines(gpt2_table: Table) -> None:
    """The CLI's text frames: one row per id, the wrong way, the right way, the result."""
    lines = decode_lines(decode_frames([19526, 254], gpt2_table))
    text = "\n".join(lines)
    assert "19526  'ä½'" in text and "e4 bd" in text and "✗ incomplete: 2 of its 3 bytes -> '\ufffd'" in text
    assert "'\ufffd' + '\ufffd' = '\ufffd\ufffd'" in text and "e4 bd a0 -> '你'" in text
    assert lines[-1] == "decode([19526, 254]) = '你'"


def test_explain_speaks_decimal_as_seed_000_does(gpt2_table: Table) -> None:
    """Seed 000 says 'raw bytes [228,189]' and '[160]': --explain gives decimal beside hex, per token and joined."""
    lines = decode_lines(decode_frames([19526, 254], gpt2_table))
    rows = {line.split()[1]: line for line in lines if line[:4].strip() in ("1", "2")}
    assert "[228,189] e4 bd" in rows["19526"] and "[160] a0" in rows["254"]
    assert "right way (join the bytes, decode once): [228,189,160] e4 bd a0 -> '你'" in lines
