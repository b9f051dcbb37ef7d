"""UTF-8 byte by byte: how long a sequence is, why some bytes are not a character yet, where a token starts.

>>> utf8_note(bytes([228, 189])), hexbytes(bytes([228, 189, 160]))
('incomplete: 2 of its 3 bytes', 'e4 bd a0')
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable
from itertools import accumulate

#: The error handler SentencePiece's decoder reads bytes by: every byte of an invalid sequence is one U+FFFD
#: (Python's 'replace' gives one to a maximal invalid part). `bytes.decode("utf-8", errors=EACH_BYTE)`.
EACH_BYTE = "bpe-tui-each-byte"


def _each_byte(exc: UnicodeError) -> tuple[str, int]:
    assert isinstance(exc, UnicodeDecodeError)
    return "\ufffd" * (exc.end - exc.start), exc.end


codecs.register_error(EACH_BYTE, _each_byte)


def utf8_length(lead: int) -> int | None:
    """How many bytes a UTF-8 sequence starting with `lead` has, or None if it cannot start one."""
    if lead < 0x80:
        return 1
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return None


#: Each state of some bytes read as UTF-8 on their own, in a few words and in two or three.
WORDINGS: dict[str, tuple[str, str]] = {
    "no bytes": ("no bytes", "no bytes"),
    "complete": ("complete", "complete"),
    "incomplete": ("incomplete: {have} of its {need} bytes", "{have} of {need} bytes"),
    "continuation": ("starts with continuation byte 0x{byte:02x}", "continuation"),
    "invalid": ("byte 0x{byte:02x} at {at}: {reason}", "invalid 0x{byte:02x}"),
}


def utf8_state(data: bytes) -> tuple[str, dict[str, int | str]]:
    """Whether `data` is complete UTF-8 on its own, and if not why: a WORDINGS key and its facts.

    >>> utf8_state(bytes([228, 189]))
    ('incomplete', {'byte': 228, 'at': 0, 'reason': 'unexpected end of data', 'have': 2, 'need': 3})
    """
    if not data:
        return "no bytes", {}
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = data[exc.start]
        facts: dict[str, int | str] = {"byte": byte, "at": exc.start, "reason": exc.reason}
        if exc.reason == "unexpected end of data":
            return "incomplete", facts | {"have": len(data) - exc.start, "need": utf8_length(byte) or 0}
        return ("continuation" if 0x80 <= byte <= 0xBF and exc.start == 0 else "invalid"), facts
    return "complete", {}


def utf8_note(data: bytes) -> str:
    """Why `data` is, or is not, complete UTF-8 on its own, in a few words.

    >>> utf8_note(bytes([228, 189])), utf8_note(bytes([160]))
    ('incomplete: 2 of its 3 bytes', 'starts with continuation byte 0xa0')
    """
    state, facts = utf8_state(data)
    return WORDINGS[state][0].format(**facts)


def utf8_short(data: bytes) -> str:
    """utf8_note in two or three words: 'complete', '2 of 3 bytes', 'continuation'."""
    state, facts = utf8_state(data)
    return WORDINGS[state][1].format(**facts)


def char_spans(data: bytes) -> list[tuple[int, int, str]]:
    """Where each character of `data` lies: (start, end, character), '�' for bytes that are not one.

    Invalid or cut-off sequences become one '�' per maximal valid prefix, as errors='replace' does.
    >>> char_spans(bytes([99, 228, 189, 160, 228]))
    [(0, 1, 'c'), (1, 4, '你'), (4, 5, '�')]
    """
    spans = []
    p, n = 0, len(data)
    while p < n:
        need = utf8_length(data[p])
        if need is not None and p + need <= n:
            try:
                spans.append((p, p + need, data[p : p + need].decode("utf-8")))
                p += need
                continue
            except UnicodeDecodeError:
                pass
        k = 1
        if need is not None and need > 1:
            while k < need and p + k < n and 0x80 <= data[p + k] <= 0xBF:
                try:
                    (data[p : p + k + 1] + b"\x80" * (need - k - 1)).decode("utf-8")
                except UnicodeDecodeError:
                    break
                k += 1
        spans.append((p, p + k, "\ufffd"))
        p += k
    return spans


def hexbytes(data: bytes) -> str:
    """'e4 bd a0'."""
    return " ".join(f"{b:02x}" for b in data)


def decbytes(data: bytes) -> str:
    """The bytes as seed 000 writes them, in decimal: '[228,189,160]'."""
    return "[" + ",".join(str(b) for b in data) + "]"


def bothbytes(data: bytes) -> str:
    """Decimal and hex together: '[228,189] e4 bd' (the empty buffer is '[]')."""
    return f"{decbytes(data)} {hexbytes(data)}".rstrip()


def token_offsets(text: str, sizes: Iterable[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each token's start as a character offset (a token that starts inside a character is given that
    character's), and the starts that are exact character boundaries (0 excluded). `sizes` are the tokens'
    lengths in UTF-8 bytes; one pass over the characters and the tokens together.

    >>> token_offsets("a你", [1, 2, 1])  # 你 is three bytes, split 2 + 1
    ((0, 1, 1), (1,))
    >>> token_offsets("你好", [1, 3, 2])  # the second starts inside 你, the third inside 好
    ((0, 0, 1), ())
    """
    if text.isascii():
        starts = tuple(accumulate(sizes, initial=0))[:-1]
        return starts, starts[1:]
    first: list[int] = []
    cuts: list[int] = []
    widths = map(_width, text)
    index, byte, following = 0, 0, next(widths, 1)  # character `index` holds the bytes [byte, following)
    at = 0
    for size in sizes:
        while following <= at:
            index, byte = index + 1, following
            following += next(widths, 1)
        first.append(index)
        if at == byte and at:
            cuts.append(index)
        at += size
    return tuple(first), tuple(cuts)


def _width(char: str) -> int:
    """The length of `char` in UTF-8 (a lone surrogate three, as 'surrogatepass' writes it)."""
    point = ord(char)
    return 1 if point < 0x80 else 2 if point < 0x800 else 3 if point < 0x10000 else 4
