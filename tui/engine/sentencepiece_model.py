"""A SentencePiece `.model` file read without its protobuf package: the pieces (text, score, type), the model
type, byte fallback and the normaliser's flags — what BPE with byte fallback needs (Mistral v1–v7, Llama 2,
Gemma). The file is a protobuf `ModelProto`; only the fields used here are read, every other one is skipped.

Wire format: each field is a varint key (number << 3 | wire type) then a varint (type 0), 8 bytes (1), a
length and that many bytes (2), or 4 bytes (5). A malformed file raises ModelError in one sentence.

>>> piece = b"\\x0a\\x03\\xe2\\x96\\x81\\x15\\x00\\x00\\x80\\xbf"  # piece '▁', score -1.0
>>> read_model(b"\\x0a" + bytes([len(piece)]) + piece + b"\\x12\\x02\\x18\\x02").pieces
(Piece(text='▁', score=-1.0, kind=1),)
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass

#: SentencePiece's piece types (sentencepiece_model.proto).
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
#: Its model types.
MODEL_TYPES = {1: "Unigram", 2: "BPE", 3: "Word", 4: "Char"}


class ModelError(ValueError):
    """A .model file that is not a SentencePiece model this reader understands, in one sentence."""


@dataclass(frozen=True, slots=True)
class Piece:
    text: str
    score: float
    kind: int = NORMAL


@dataclass(frozen=True, slots=True)
class SentencePieceModel:
    """What a SentencePiece model file says: its pieces in id order, its type, byte fallback, and how it
    normalises (`add_dummy_prefix`: a '▁' before the text; `escape_whitespaces`: spaces written '▁';
    `remove_extra_whitespaces`: runs of spaces squeezed, ends trimmed; `normalizer`: the rule set's name)."""

    pieces: tuple[Piece, ...]
    model_type: int = 1
    byte_fallback: bool = False
    normalizer: str = "nmt_nfkc"
    add_dummy_prefix: bool = True
    remove_extra_whitespaces: bool = True
    escape_whitespaces: bool = True
    charsmap: bytes = b""

    @property
    def kind(self) -> str:
        return MODEL_TYPES.get(self.model_type, f"type {self.model_type}")


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if at >= len(data) or shift > 63:
            raise ModelError("it ends inside a number")
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def fields(data: bytes) -> Iterator[tuple[int, int, int | bytes]]:
    """(field number, wire type, value) of one message: an int for types 0, 1 and 5, the bytes for type 2."""
    at = 0
    while at < len(data):
        key, at = _varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = _varint(data, at)
            yield number, wire, value
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            if at + size > len(data):
                raise ModelError("it ends inside a fixed-size field")
            yield number, wire, int.from_bytes(data[at : at + size], "little")
            at += size
        elif wire == 2:
            size, at = _varint(data, at)
            if at + size > len(data):
                raise ModelError("a field is longer than what is left of the file")
            yield number, wire, data[at : at + size]
            at += size
        else:
            raise ModelError(f"field {number} has wire type {wire}, which protobuf does not use")


def _text(value: int | bytes, what: str) -> str:
    if not isinstance(value, bytes):
        raise ModelError(f"{what} is not text")
    try:
        return value.decode("utf-8")
    except UnicodeDecodeError:
        raise ModelError(f"{what} is not UTF-8") from None


def _piece(data: bytes) -> Piece:
    text, score, kind = "", 0.0, NORMAL
    for number, wire, value in fields(data):
        if number == 1:
            text = _text(value, "a piece")
        elif number == 2 and wire == 5 and isinstance(value, int):
            score = struct.unpack("<f", value.to_bytes(4, "little"))[0]
        elif number == 3 and wire == 0 and isinstance(value, int):
            kind = value
    return Piece(text, score, kind)


def read_model(data: bytes) -> SentencePieceModel:
    """The model in `data` (a .model file's bytes), or ModelError."""
    pieces: list[Piece] = []
    model_type, byte_fallback = 1, False
    normalizer, charsmap = "nmt_nfkc", b""
    flags = {3: True, 4: True, 5: True}  # add_dummy_prefix, remove_extra_whitespaces, escape_whitespaces: protobuf's defaults
    for number, _, value in fields(data):
        if not isinstance(value, bytes):
            continue
        if number == 1:
            pieces.append(_piece(value))
        elif number == 2:  # TrainerSpec
            for inner, wire, item in fields(value):
                if inner == 3 and wire == 0 and isinstance(item, int):
                    model_type = item
                elif inner == 35 and wire == 0:
                    byte_fallback = bool(item)
        elif number == 3:  # NormalizerSpec
            for inner, wire, item in fields(value):
                if inner == 1:
                    normalizer = _text(item, "the normaliser's name")
                elif inner == 2 and isinstance(item, bytes):
                    charsmap = item
                elif inner in flags and wire == 0:
                    flags[inner] = bool(item)
    if not pieces:
        raise ModelError("it has no pieces")
    return SentencePieceModel(tuple(pieces), model_type, byte_fallback, normalizer, flags[3], flags[4], flags[5], charsmap)
