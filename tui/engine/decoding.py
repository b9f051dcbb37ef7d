"""GPT-2's decode(), frame by frame: look each id up, restore its alias string to bytes, join, read UTF-8 once.

`decode_frames()` records a frame per id (the id, its alias, its bytes, the buffer before and after
the UTF-8 read); `decode()` is the very same loop with recording off, as `encode()` is to `capture()`.
Both stop at the first id the table cannot decode and say so in the same sentences.

>>> from .tables import gpt2
>>> run = decode_frames([19526, 254], gpt2())
>>> [(f.id, f.alias, list(f.data), f.complete) for f in run.frames]
[(19526, 'ä½', [228, 189], False), (254, 'ł', [160], False)]
>>> run.wrong, run.text
('��', '你')
>>> decode([19526, 254], gpt2()), decode([19526], gpt2())
('你', '�')
"""

from __future__ import annotations

import codecs
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from .aliases import unicode_to_bytes
from .tables import Table
from .tables.ranks import ID_LIMIT
from .texts import clip
from .utf8 import EACH_BYTE, bothbytes, hexbytes, utf8_note, utf8_short

Errors = Literal["replace", "strict"]


class DecodeError(ValueError):
    """Ids that cannot be decoded; the message is one sentence for the user."""


@dataclass(frozen=True, slots=True)
class TokenFrame:
    """One id of a decode: looked up to its alias string, restored to bytes, appended to the buffer.

    `alone` is the token decoded by itself under 'replace' (the wrong way); under 'strict' a token
    that is not complete UTF-8 raises instead, and `raises` says so in one sentence naming its bytes
    ("" otherwise). `released` is what a streaming decoder lets out after this token, `held` the bytes
    it keeps waiting for the rest of a character.
    """

    position: int
    id: int
    alias: str
    data: bytes
    start: int
    complete: bool
    note: str
    alone: str
    released: str
    held: bytes
    raises: str = ""

    @property
    def end(self) -> int:
        return self.start + len(self.data)

    @property
    def short(self) -> str:
        return utf8_short(self.data)


@dataclass(frozen=True, slots=True)
class Utf8Failure:
    """The single decode failed under 'strict': the exact UnicodeDecodeError and the token holding the byte."""

    start: int
    end: int
    reason: str
    byte: int
    token: int  # position (0-based) of the token whose bytes contain `start`
    message: str  # str(UnicodeDecodeError), word for word


@dataclass(frozen=True, slots=True)
class LookupFailure:
    """An id the table cannot decode: unknown (GPT-2's decoder[id] raises KeyError) or not made of aliases."""

    position: int
    id: int
    message: str


@dataclass(frozen=True)
class DecodeRun:
    """All frames of one decode, the joined buffer, and the single UTF-8 decode at the end.

    Recorded with `record=False` (what `decode()` does) it has no frames and no stream: only
    the buffer, the text and what went wrong.
    """

    table: str
    ids: tuple[int, ...]
    errors: Errors
    frames: tuple[TokenFrame, ...]
    buffer: bytes
    text: str | None  # the right way's result; None when lookup or strict decoding failed
    lookup: LookupFailure | None
    failure: Utf8Failure | None
    flushed: str  # what the streaming decoder releases at the very end (held bytes under 'replace')
    stream_stop: int | None  # under 'strict', the token at which the streaming decoder raised (len(frames): at the end)

    @property
    def wrong(self) -> str:
        """Each token decoded alone, then joined: '�' + '�' = '��' for [19526, 254] (under 'replace')."""
        return "".join(f.alone for f in self.frames)

    @property
    def wrong_raises(self) -> TokenFrame | None:
        """Under 'strict', the first token whose decoding alone raises: the wrong way stops there."""
        return next((f for f in self.frames if f.raises), None)

    @property
    def streamed(self) -> str:
        """Everything the streaming decoder released, including the final flush."""
        return "".join(f.released for f in self.frames) + self.flushed

    @property
    def ok(self) -> bool:
        return self.text is not None

    @property
    def problem(self) -> str | None:
        """One sentence for what went wrong, or None."""
        if self.lookup is not None:
            return self.lookup.message
        if self.failure is not None:
            f = self.failure
            return (
                f"the bytes are not valid UTF-8: {f.reason} at byte {f.start} (0x{f.byte:02x}) "
                f"of token {f.token + 1} (id {self.ids[f.token]}), under errors='{self.errors}'."
            )
        return None


def decode_frames(ids: Iterable[int], table: Table, errors: Errors = "replace", *, record: bool = True) -> DecodeRun:
    """GPT-2's decode() with every step kept: lookup, aliases → bytes, one buffer, one UTF-8 decode.

    Stops at the first id the table cannot decode, naming it (the original raises KeyError).
    With `record` off no frames are made and no streaming decoder runs: the bytes are only joined.
    """
    ids = tuple(ids)
    to_byte = unicode_to_bytes()
    decoder = table.decoder
    pieces = table.pieces  # a model on characters decodes each id its own way (piece_bytes), and the text (decoded)
    replace = EACH_BYTE if pieces is not None and errors == "replace" else errors
    first = True  # no id that counts as first yet (SentencePiece drops the dummy prefix's space from the first)
    stream = codecs.getincrementaldecoder("utf-8")(replace) if record else None
    frames: list[TokenFrame] = []
    starts: list[int] = []  # where each token's bytes begin in the buffer
    buffer = bytearray()
    lookup: LookupFailure | None = None
    stop: int | None = None
    for position, i in enumerate(ids):
        alias = decoder.get(i)
        if alias is None:
            message = f"id {i} (token {position + 1}) is not in the {table.name} vocabulary: decoder[{i}] raises KeyError."
            lookup = LookupFailure(position, i, message)
            break
        try:
            if pieces is not None:
                data = pieces.piece_bytes(i, first)
                first = first and not pieces.decodes_first(i)
            else:
                data = bytes([to_byte[c] for c in alias])
        except KeyError:
            message = f"id {i} (token {position + 1}) stands for {alias[:40]!r}, which is not made of byte aliases."
            lookup = LookupFailure(position, i, message)
            break
        starts.append(len(buffer))
        if stream is not None:
            complete, raises = True, ""
            try:
                data.decode("utf-8")
            except UnicodeDecodeError as exc:
                complete = False
                if errors == "strict":
                    one = len(data) == 1
                    raises = f"{'byte' if one else 'bytes'} {hexbytes(data)} alone raise{'s' * one} UnicodeDecodeError: {exc.reason}"
            released, held = "", b""
            if stop is None:
                try:
                    released = stream.decode(data)
                    held = stream.getstate()[0]
                except UnicodeDecodeError:
                    stop = position
            frames.append(
                TokenFrame(
                    position, i, alias, data, len(buffer), complete,
                    "complete" if complete else utf8_note(data),
                    data.decode("utf-8", errors=replace if errors == "replace" else "replace"), released, held, raises,
                )
            )  # fmt: skip
        buffer += data
    flushed = ""
    if stream is not None and lookup is None and stop is None:
        try:
            flushed = stream.decode(b"", final=True)
        except UnicodeDecodeError:
            stop = len(frames)  # the held bytes of an unfinished character fail at the end
    text: str | None = None
    failure: Utf8Failure | None = None
    if lookup is None:
        try:
            text = pieces.decoded(ids, errors) if pieces is not None else bytes(buffer).decode("utf-8", errors=errors)
        except UnicodeDecodeError as exc:
            token = bisect_right(starts, exc.start) - 1
            failure = Utf8Failure(exc.start, exc.end, exc.reason, buffer[exc.start], token, str(exc))
    return DecodeRun(table.name, ids, errors, tuple(frames), bytes(buffer), text, lookup, failure, flushed, stop)


def decode(ids: Iterable[int], table: Table, errors: Errors = "replace") -> str:
    """GPT-2's decode(): the text of `ids` (the frame recorder with recording off).

    An id the table cannot decode, or (under 'strict') bytes that are not UTF-8, raise DecodeError.
    """
    run = decode_frames(ids, table, errors, record=False)
    if run.text is None:
        raise DecodeError(run.problem)
    return run.text


def parse_ids(text: str) -> list[int]:
    """Ids typed by a user: integers separated by spaces or commas, brackets allowed ('[19526, 254]').

    >>> parse_ids("[19526, 254]"), parse_ids("50256")
    ([19526, 254], [50256])
    """
    ids = []
    for part in text.replace(",", " ").replace("[", " ").replace("]", " ").split():
        if not (part.isascii() and part.isdigit()):
            raise ValueError(f"{part[:20]!r} is not an id: ids are non-negative integers.")
        if len(part) > len(str(ID_LIMIT)) or int(part) >= ID_LIMIT:  # the bound every table's loader keeps
            raise ValueError(f"{clip(part)} is too large to be an id: ids go from 0 to {ID_LIMIT - 1:,}.")
        ids.append(int(part))
    if not ids:
        raise ValueError("no ids given.")
    return ids


def decode_lines(run: DecodeRun, show: Callable[[str], str] = lambda s: s) -> list[str]:
    """The frames of `run` as text, one line each, then the wrong way, the right way and the result.

    `show` makes untrusted strings safe to print (the CLI passes tui.safe.visible).
    """

    def q(s: str) -> str:
        return "'" + show(s) + "'"

    lines = [
        f"decode {len(run.ids)} id{'s' * (len(run.ids) != 1)} with the {run.table} table, errors={run.errors!r}:",
        "each id -> decoder[id] (alias string) -> byte_decoder per character -> bytes appended to one buffer",
        "",
        f"{'#':>4}  {'id':>6}  {'alias':<14} {'bytes (decimal, hex)':<26} {'decoded alone':<48}  stream: released / held",
    ]
    for f in run.frames:
        alone = f"✓ complete {q(f.alone)}" if f.complete else f"✗ {f.raises}" if f.raises else f"✗ {f.note} -> {q(f.alone)}"
        held = bothbytes(f.held) if f.held else "-"
        if run.stream_stop is not None and f.position >= run.stream_stop:
            stream = "raises UnicodeDecodeError" if f.position == run.stream_stop else "(stopped)"
        else:
            stream = f"{q(f.released)} / {held}"
        lines.append(f"{f.position + 1:>4}  {f.id:>6}  {q(f.alias):<14} {bothbytes(f.data):<26} {alone:<48}  {stream}")
    if run.lookup is not None:
        lines.append(f"{run.lookup.position + 1:>4}  {run.lookup.id:>6}  ✗ unknown id")
    lines.append("")
    if run.flushed:
        lines.append(f"end of stream: the held bytes are flushed as {q(run.flushed)}")
    elif run.stream_stop is not None and run.stream_stop == len(run.frames):
        lines.append(f"end of stream: the held bytes {bothbytes(run.frames[-1].held)} raise UnicodeDecodeError")
    if run.frames:
        first = run.wrong_raises
        wrong = (
            " + ".join(q(f.alone) for f in run.frames) + f" = {q(run.wrong)}"
            if first is None
            else f"token {first.position + 1}: {first.raises}"
        )
        lines.append("wrong way (decode each token alone, then join): " + wrong)
        lines.append(
            f"right way (join the bytes, decode once): {bothbytes(run.buffer)} -> " + (q(run.text) if run.text is not None else "fails")
        )
    if run.problem is not None:
        lines.append("error: " + show(run.problem))
    else:
        lines.append(f"decode({list(run.ids)}) = {q(run.text or '')}")
    return lines
