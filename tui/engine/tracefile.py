"""Trace files: JSON in format bpe-trace/2, written atomically and loaded only when fully consistent.

A round is stored as what changed (its pair, rank and the offsets where it merged), not as the word
after it, so a file grows with the chunk, not with symbols × rounds; the words are rebuilt from the
capture. Files of the previous format, bpe-trace/1 (a word per round), still open: they are checked
the same way, words included, and saved again as bpe-trace/2.

A loaded file is checked field by field against a fresh capture of its text with the
same table, so a loaded trace is always what the encoder really does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .bpe import CaptureError, ChunkTrace, Round, Trace, capture
from .files import LIMITS, json_value, read_utf8, write_atomic, write_target
from .pretokenize import GPT2_PATTERN
from .rounds import RoundLog
from .tables import Table, TableError, get_table
from .texts import echoed, quote, too_long

FORMAT = "bpe-trace/2"
#: The format before rounds were stored as changes: each round an object with its word; still read.
OLD_FORMAT = "bpe-trace/1"
MAX_FILE_BYTES = LIMITS["trace file"]


class TraceError(ValueError):
    """A trace file that cannot be used; the message is one sentence for the user."""


def _head(trace: Trace) -> dict[str, Any]:
    """What a trace file says before its chunks."""
    table = trace.table
    return {
        "format": FORMAT,
        "table": {"name": table.name, "merges": len(table.merges), "sha256": table.sha256},
        "text": trace.text,
        "ids": trace.ids,
    }


def to_dict(trace: Trace) -> dict[str, Any]:
    """The JSON object of a trace (see README, 'Trace format')."""
    return {**_head(trace), "chunks": [_chunk_dict(c) for c in trace.chunks]}


def _chunk_head(chunk: ChunkTrace) -> dict[str, Any]:
    return {"text": chunk.text, "bytes": list(chunk.data), "aliases": chunk.aliases, "cache": chunk.cache, "ids": list(chunk.ids)}


def _rounds(chunk: ChunkTrace) -> Iterator[list[Any]]:
    """Each round as `[left, right, rank, at, ...]`: its pair, its rank, and the alias offset where the
    left part of each occurrence it merged starts (one for a tiktoken-rule step)."""
    if isinstance(chunk.rounds, RoundLog):
        yield from chunk.rounds.rows()
        return
    for rnd, at in zip(chunk.rounds, chunk.merged_at(), strict=True):
        yield [*rnd.pair, rnd.rank, *at]


def _chunk_dict(chunk: ChunkTrace) -> dict[str, Any]:
    return {**_chunk_head(chunk), "rounds": list(_rounds(chunk))}


def dumps(trace: Trace) -> str:
    """Serialise a trace: one line per chunk header and per round, so diffs stay readable."""
    return "".join(pieces(trace))


def pieces(trace: Trace) -> Iterator[str]:
    """`dumps` in parts: the header, then each chunk, then the end (a save reports progress and may stop between them)."""

    def j(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = _head(trace)
    yield "{\n" + "".join(f"  {j(key)}: {j(head[key])},\n" for key in ("format", "table", "text", "ids")) + '  "chunks": [\n'
    last = len(trace.chunks) - 1
    for n, chunk in enumerate(trace.chunks):
        fields = _chunk_head(chunk)
        line = ", ".join(f"{j(k)}: {j(fields[k])}" for k in ("text", "bytes", "aliases", "cache", "ids"))
        # One C call for all the rounds, then a line each: "], [" is only ever between two rounds (an
        # alias string has no space: byte 32's alias is Ġ).
        rounds = j(list(_rounds(chunk)))[1:-1].replace("], [", "],\n      [")
        body = f'"rounds": [\n      {rounds}\n    ]' if rounds else '"rounds": []'
        yield f"    {{{line},\n     {body}}}{',' if n < last else ''}\n"
    yield "  ]\n}\n"


def encoded(trace: Trace) -> Iterator[bytes]:
    """The trace file's bytes, a piece at a time (`pieces`); a TraceError as soon as they pass MAX_FILE_BYTES, the
    most a trace file may hold: what is written must open again, so a writer stops before its rename."""
    total = 0
    for piece in pieces(trace):
        data = piece.encode("utf-8")
        total += len(data)
        if total > MAX_FILE_BYTES:
            raise TraceError(too_big(trace))
        yield data


def too_big(trace: Trace) -> str:
    return (
        f"the trace of this text ({len(trace.text):,} characters, {len(trace.chunks):,} chunks) is over {MAX_FILE_BYTES // 2**20} MiB, "
        "more than a trace file may hold, so it could not be opened again; nothing was written."
    )


def save(trace: Trace, path: str | Path, *, overwrite: bool = False) -> None:
    """Write `trace` to `path` through a temporary file and a rename; never clobber unless asked."""
    path = Path(path)
    if write_target(path, TraceError).exists() and not overwrite:
        raise TraceError(f"{path} already exists; choose another name or confirm overwriting it.")
    write_atomic(path, encoded(trace), TraceError)


TableResolver = Callable[[str], Table]


def loads(text: str, tables: TableResolver = get_table, source: str = "the trace") -> Trace:
    """Parse and validate a trace; `tables` maps a table name to the loaded table."""
    return from_dict(json_value(text, source, TraceError), tables, source)


def load(path: str | Path, tables: TableResolver = get_table) -> Trace:
    """Read and validate a trace file."""
    path = Path(path)
    return loads(read_utf8(path, TraceError, kind="trace file", limit=MAX_FILE_BYTES), tables, str(path))


def _expect(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise TraceError(f"{where}: {what}.")


def _is_int_list(value: Any, low: int = 0, high: int | None = None) -> bool:
    return isinstance(value, list) and all(type(v) is int and v >= low and (high is None or v <= high) for v in value)


def _is_str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _check_shape(data: Any, source: str) -> None:
    """Types and keys, with the path of the first thing wrong."""
    _expect(isinstance(data, dict), source, "the top level must be a JSON object")
    _expect(
        data.get("format") in (FORMAT, OLD_FORMAT),
        source,
        f"format is {quote(str(data.get('format')))}, expected {FORMAT!r} (or the older {OLD_FORMAT!r})",
    )
    for key in ("table", "text", "ids", "chunks"):
        _expect(key in data, source, f"the key {key!r} is missing")
    table = data["table"]
    _expect(isinstance(table, dict), f"{source} table", "must be an object with name, merges and sha256")
    _expect(isinstance(table.get("name"), str), f"{source} table", "name must be a string")
    _expect(type(table.get("merges")) is int, f"{source} table", "merges must be an integer")
    _expect(isinstance(table.get("sha256"), str), f"{source} table", "sha256 must be a string")
    _expect(isinstance(data["text"], str), source, "text must be a string")
    if (refusal := too_long(data["text"])) is not None:  # before anything else is checked or captured
        raise TraceError(f"{source}: {refusal}")
    _expect(_is_int_list(data["ids"]), source, "ids must be a list of non-negative integers")
    _expect(isinstance(data["chunks"], list), source, "chunks must be a list")
    for n, chunk in enumerate(data["chunks"], start=1):
        where = f"{source} chunk {n}"
        _expect(isinstance(chunk, dict), where, "must be an object")
        for key in ("text", "bytes", "aliases", "cache", "rounds", "ids"):
            _expect(key in chunk, where, f"the key {key!r} is missing")
        _expect(isinstance(chunk["text"], str), where, "text must be a string")
        _expect(_is_int_list(chunk["bytes"], 0, 255), where, "bytes must be a list of integers 0..255")
        _expect(isinstance(chunk["aliases"], str), where, "aliases must be a string")
        _expect(chunk["cache"] in ("miss", "hit", "single", "whole"), where, "cache must be 'miss', 'hit', 'single' or 'whole'")
        _expect(_is_int_list(chunk["ids"]), where, "ids must be a list of non-negative integers")
        _expect(isinstance(chunk["rounds"], list), where, "rounds must be a list")
        check = _check_round if data["format"] == FORMAT else _check_old_round
        for r, rnd in enumerate(chunk["rounds"], start=1):
            check(rnd, f"{where} round {r}")


def _check_round(rnd: Any, at: str) -> None:
    """A bpe-trace/2 round: `[left, right, rank, offset, ...]`, at least one offset."""
    _expect(
        isinstance(rnd, list) and len(rnd) >= 4 and _is_str_list(rnd[:2]) and _is_int_list(rnd[2:]),
        at,
        "must be a list of its left and right parts, its rank and at least one offset where it merged",
    )


def _check_old_round(rnd: Any, at: str) -> None:
    """A bpe-trace/1 round: an object with pair, rank, the word after it and (tiktoken's rule) at."""
    _expect(isinstance(rnd, dict), at, "must be an object with pair, rank and word")
    pair = rnd.get("pair")
    _expect(_is_str_list(pair) and len(pair) == 2, at, "pair must be a list of two strings")
    _expect(type(rnd.get("rank")) is int, at, "rank must be an integer")
    _expect(type(rnd.get("at", -1)) is int, at, "at must be an integer")
    _expect(_is_str_list(rnd.get("word")), at, "word must be a list of strings")


def from_dict(data: Any, tables: TableResolver = get_table, source: str = "the trace") -> Trace:
    """Validate a parsed trace object and return the trace it records."""
    _check_shape(data, source)
    info = data["table"]
    try:
        table = tables(info["name"])
    except TableError as exc:
        raise TraceError(f"{source} needs the table {quote(info['name'])}, which cannot be loaded: {exc}") from None
    _expect(
        info["sha256"] == table.sha256 and info["merges"] == len(table.merges),
        source,
        f"it was captured with a different {table.name} table (vocab.bpe {info['sha256'][:12]}…, loaded {table.sha256[:12]}…)",
    )
    try:
        trace = capture(data["text"], table)
    except CaptureError as exc:
        raise TraceError(f"{source}: {exc}") from None
    _compare(data, trace, source)
    return trace


def _at(at: int) -> str:
    return f", at offset {echoed(at)}" if at >= 0 else ""


def _regex_owner(table: Table) -> str:
    return "GPT-2's" if table.pattern == GPT2_PATTERN else f"{table.name}'s"


def _compare(data: dict[str, Any], trace: Trace, source: str) -> None:
    """The file must say exactly what the encoder does; name the first place it does not."""
    chunks = data["chunks"]
    _expect(
        [c["text"] for c in chunks] == [c.text for c in trace.chunks],
        source,
        f"its chunks are not {_regex_owner(trace.table)} regex chunks of its text (expected {len(trace.chunks)} chunks)",
    )
    for n, (saved, real) in enumerate(zip(chunks, trace.chunks, strict=False), start=1):
        where = f"{source} chunk {n} ({real.text[:20]!r})"
        _expect(saved["bytes"] == list(real.data), where, "bytes are not the UTF-8 bytes of its text")
        _expect(saved["aliases"] == real.aliases, where, "aliases are not the aliases of its bytes")
        _expect(saved["cache"] == real.cache, where, f"cache is {quote(str(saved['cache']))}, but the encoder gives {real.cache!r}")
        _expect(len(saved["rounds"]) == len(real.rounds), where, f"it has {len(saved['rounds'])} rounds, the encoder {len(real.rounds)}")
        if data["format"] == FORMAT:
            _compare_rounds(saved["rounds"], real, where)
        else:
            _compare_old_rounds(saved["rounds"], real, where)
        _expect(
            saved["ids"] == list(real.ids), where, f"ids {echoed(saved['ids'][:8])} do not match its final symbols {list(real.ids)[:8]}"
        )
    _expect(data["ids"] == trace.ids, source, "the top-level ids are not the chunks' ids in order")


def _wrong_pair(where: str, actual: Round, pair: list[str], rank: int, at: int = -1) -> TraceError:
    return TraceError(
        f"{where}: the lowest-ranked pair is {quote(' '.join(actual.pair))} (rank {actual.rank}{_at(actual.at)}), "
        f"not {quote(' '.join(pair))} (rank {echoed(rank)}{_at(at)})."
    )


def _compare_rounds(saved: list[list[Any]], real: ChunkTrace, where: str) -> None:
    """bpe-trace/2: each round's pair, rank and offsets are the capture's (its words follow from them)."""
    for r, (rnd, row) in enumerate(zip(saved, _rounds(real), strict=False), start=1):
        if rnd == row:
            continue
        at, actual = f"{where} round {r}", real.rounds[r - 1]
        if rnd[:3] != row[:3]:
            raise _wrong_pair(at, actual, rnd[:2], rnd[2], rnd[3] if actual.at >= 0 else -1)
        _expect(False, at, f"it merged at alias offsets {row[3:11]}, not {echoed(rnd[3:11])}")


def _compare_old_rounds(saved: list[dict[str, Any]], real: ChunkTrace, where: str) -> None:
    """bpe-trace/1: each round's pair, rank, offset and the word after it are the capture's."""
    for r, (rnd, actual) in enumerate(zip(saved, real.rounds, strict=False), start=1):
        at = f"{where} round {r}"
        if tuple(rnd["pair"]) != actual.pair or rnd["rank"] != actual.rank or rnd.get("at", -1) != actual.at:
            raise _wrong_pair(at, actual, rnd["pair"], rnd["rank"], rnd.get("at", -1))
        _expect(tuple(rnd["word"]) == real.word(r), at, "word is not what merging that pair gives")
