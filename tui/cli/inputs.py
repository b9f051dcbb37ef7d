"""What the command line's commands read: the table, the text, ids; the one error a user's mistake raises."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from ..engine.bpe import Trace
from ..engine.files import read_utf8, utf8_text
from ..engine.tables import DEFAULT, Table, get_table, load_two_files
from ..explain.frames import count


class UsageError(Exception):
    """A mistake on the command line, reported in one line with exit status 2."""


def fail(message: str) -> NoReturn:
    print(f"bpe-tui: {message}", file=sys.stderr)
    raise SystemExit(2)


def custom_table(args: argparse.Namespace) -> Table | None:
    """The table of --vocab and --encoder (both or neither), or of --tokenizer-json, if given."""
    if bool(args.vocab) != bool(args.encoder):
        raise UsageError("--vocab and --encoder go together: give both files of the custom table.")
    tokenizer_json = getattr(args, "tokenizer_json", None)
    if tokenizer_json and args.vocab:
        raise UsageError("--tokenizer-json replaces --vocab and --encoder: give one custom table.")
    if tokenizer_json:
        from ..engine.tables.tokenizer_json import load_tokenizer_json

        return load_tokenizer_json(tokenizer_json)
    return load_two_files(args.vocab, args.encoder) if args.vocab else None


def resolve_table(args: argparse.Namespace) -> Table:
    """The table a command works with: the custom one, else --table, else the registry's default."""
    return custom_table(args) or get_table(getattr(args, "table", None) or DEFAULT)


def read_text(args: argparse.Namespace) -> str:
    if args.text is not None:
        return args.text
    if args.text_file is not None:
        return read_utf8(args.text_file, UsageError, kind="text file")
    return utf8_text(sys.stdin.buffer.read(), "standard input", UsageError)


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
