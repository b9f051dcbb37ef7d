"""decode(): look up, join bytes, read UTF-8 once (seed 000 'Decode', seed 002 step 5)."""

from __future__ import annotations

import pytest

from tui.engine.bpe import encode
from tui.engine.decode import DecodeError, decode, token_bytes


def test_fragments_alone_are_replacement_characters(gpt2_table):
    """[19526] and [254] each decode to '�'; joined as [19526, 254] they decode to '你'."""
    assert decode([19526], gpt2_table) == "�"
    assert decode([254], gpt2_table) == "�"
    assert decode([19526, 254], gpt2_table) == "你"
    assert decode([19526], gpt2_table) + decode([254], gpt2_table) == "��"


def test_token_bytes_of_the_fragments(gpt2_table):
    """Id 19526 stores raw bytes [228, 189]; id 254 stores [160]; together [228, 189, 160] = 你."""
    assert [list(b) for b in token_bytes([19526, 254], gpt2_table)] == [[228, 189], [160]]
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
    assert str(info.value) == "id 50257 (position 2) is not in the gpt2 vocabulary."
    with pytest.raises(DecodeError, match=r"^id 265 \(position 1\) is not in the teaching vocabulary\.$"):
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
