"""What the command line's commands read: the options that name a table and a text (defined once here,
beside their readers), ids; the one error a user's mistake raises."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import NoReturn

from ..engine.bpe import Trace
from ..engine.files import read_utf8, utf8_text
from ..engine.tables import DEFAULT, Table, get_table, load_two_files, names
from ..engine.tables.registry import about
from ..explain.words import count


class UsageError(Exception):
    """A mistake on the command line, reported in one line with exit status 2."""


def fail(message: str) -> NoReturn:
    print(f"bpe-tui: {message}", file=sys.stderr)
    raise SystemExit(2)


def table_options(parser: argparse.ArgumentParser, default: str | None = DEFAULT) -> None:
    """--table (a built-in table, `default` when not given) and the custom table's options."""
    parser.add_argument("--table", choices=names(), default=default, help=f"rule table: {about()} (default: {DEFAULT})")
    custom_table_options(parser)


def custom_table_options(parser: argparse.ArgumentParser) -> None:
    """--vocab with --encoder, or --tokenizer-json: a table from files (read by `custom_table`)."""
    parser.add_argument("--vocab", metavar="FILE", help="custom table: a vocab.bpe in GPT-2's format (with --encoder)")
    parser.add_argument("--encoder", metavar="FILE", help="custom table: its encoder.json (with --vocab)")
    parser.add_argument("--tokenizer-json", metavar="FILE", help="custom table: a local Hugging Face byte-level BPE tokenizer.json")


def text_options(parser: argparse.ArgumentParser, jsonl: str = "") -> None:
    """--text, --text-file or '-' (read by `read_text`); with `jsonl` (what one output line holds), --jsonl too."""
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--text", metavar="S", help="the text itself")
    source.add_argument("--text-file", metavar="F", help="read the text from a UTF-8 file")
    if jsonl:
        source.add_argument("--jsonl", action="store_true", help=f"read one JSON string per line of standard input, write {jsonl} per line")
    source.add_argument("stdin", nargs="?", choices=["-"], help="read the text from standard input")


def custom_table(args: argparse.Namespace) -> Table | None:
    """The table of --vocab and --encoder (both or neither), or of --tokenizer-json, if given (`custom_table_options`)."""
    if bool(args.vocab) != bool(args.encoder):
        raise UsageError("--vocab and --encoder go together: give both files of the custom table.")
    tokenizer_json = args.tokenizer_json
    if tokenizer_json and args.vocab:
        raise UsageError("--tokenizer-json replaces --vocab and --encoder: give one custom table.")
    if tokenizer_json:
        from ..engine.tables.tokenizer_json import load_tokenizer_json

        return load_tokenizer_json(tokenizer_json)
    return load_two_files(args.vocab, args.encoder) if args.vocab else None


def resolve_table(args: argparse.Namespace) -> Table:
    """The table a command works with (`table_options`): the custom one, else --table, else the registry's default."""
    return custom_table(args) or get_table(args.table or DEFAULT)


def read_text(args: argparse.Namespace) -> str:
    if args.text is not None:
        return args.text
    if args.text_file is not None:
        return read_utf8(args.text_file, UsageError, kind="text file")
    return utf8_text(sys.stdin.buffer.read(), "standard input", UsageError)


def jsonl_texts() -> Iterator[tuple[int, str]]:
    """(line number, text) for each JSON string line of standard input (--jsonl); blank lines are skipped."""
    import json

    for number, line in enumerate(sys.stdin.buffer, start=1):
        text = utf8_text(line, f"standard input line {number}", UsageError)
        if not text.strip():
            continue
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            value = None
        if not isinstance(value, str):
            raise UsageError(f"standard input line {number} is not a JSON string.")
        yield number, value


def read_ids(words: list[str]) -> list[int]:
    """The ids of the command line's ID words (spaces, commas and brackets allowed)."""
    from ..engine.decoding import parse_ids

    try:
        return parse_ids(" ".join(words))
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def summary(trace: Trace) -> str:
    """'3 chunks, 2 rounds, 5 ids', with singulars where they belong."""
    return f"{count(len(trace.chunks), 'chunk')}, {count(trace.round_count, 'round')}, {count(len(trace.ids), 'id')}"
