"""UTF-8 notes and character spans (tui/engine/utf8.py)."""

from __future__ import annotations

from tui.engine.utf8 import char_spans, hexbytes, utf8_length, utf8_note, utf8_short


def test_utf8_notes() -> None:
    assert utf8_note(bytes([228, 189])) == "incomplete: 2 of its 3 bytes"
    assert utf8_note(b"\xff") == "byte 0xff at 0: invalid start byte"
    assert utf8_short(b"\xff") == "invalid 0xff" and utf8_short(b"a") == "complete" and utf8_short(b"\xa0") == "continuation"


def test_char_spans_match_replace() -> None:
    """Where each character lies in the buffer; '�' spans as errors='replace' would make them."""
    assert char_spans(bytes([99, 228, 189, 160, 228])) == [(0, 1, "c"), (1, 4, "你"), (4, 5, "\ufffd")]
    for data in (b"\xe4\xbdA", b"\xed\xa0\x80", b"\xf0\x9f\x98\x80x", b"\xff\xfe"):
        assert "".join(c for _, _, c in char_spans(data)) == data.decode("utf-8", errors="replace")


def test_lengths_and_hex() -> None:
    """Lead bytes give the sequence length; continuation and invalid bytes start none."""
    assert [utf8_length(b) for b in (0x61, 0xC3, 0xE4, 0xF0, 0xA0, 0xFF, 0xC0)] == [1, 2, 3, 4, None, None, None]
    assert hexbytes(bytes([228, 189, 160])) == "e4 bd a0" and hexbytes(b"") == ""
