"""What the command line's commands read: the options that name a table and a text (defined once here,
beside their readers), ids; the one error a user's mistake raises, and how every command writes what
it prints (prose made visible, JSON with \\u escapes: nothing raw from a user's file reaches a terminal)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import Any, NoReturn

from ..engine.bpe import Trace
from ..engine.files import LIMITS, MiB, read_utf8, utf8_text
from ..engine.tables import Table, get_table, load_two_files
from ..engine.tables.registry import about, known
from ..engine.texts import too_long
from ..explain.words import count
from ..safe import json_safe, visible


class Parser(argparse.ArgumentParser):
    """argparse's parser (its subparsers are made of the same class), whose error lines, which quote
    what the user typed, are made visible."""

    def error(self, message: str) -> NoReturn:
        super().error(visible(message))


class UsageError(Exception):
    """A mistake on the command line, reported in one line with exit status 2."""


def fail(message: str) -> NoReturn:
    say(f"bpe-tui: {message}", err=True)
    raise SystemExit(2)


def crashed(return_code: int | None) -> None:
    """After an app has run: exit with its status if it is not 0 (a crash, whose traceback Textual has
    printed), so the shell does not see a success."""
    if return_code:
        raise SystemExit(return_code)


def say(line: str, *, err: bool = False) -> None:
    """Print a line of prose (to standard error with `err`) with every unsafe character made visible
    (tui.safe): paths, symbols and messages may come from a user's files."""
    print(visible(line), file=sys.stderr if err else sys.stdout)


def print_json(value: object, *, ensure_ascii: bool = True, flush: bool = True) -> None:
    """Print `value` as one line of JSON, every unsafe character a \\u escape (`json_safe`)."""
    import json

    print(json_safe(json.dumps(value, ensure_ascii=ensure_ascii)), flush=flush)


#: The table the headless commands use when no --table or custom table is given (the app starts on the
#: registry's DEFAULT, the teaching example): a script that encodes a text means GPT-2's ids.
COMMAND_TABLE = "gpt2"


class Once(argparse.Action):
    """An option that names one thing: given twice, the command line is refused (argparse would keep the last)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None) -> None:
        before = getattr(namespace, self.dest, None)
        if before is not None:
            parser.error(f"{option} was given twice ({before} and {values}): give it once.")
        setattr(namespace, self.dest, values)


def table_options(parser: argparse.ArgumentParser, default: str = COMMAND_TABLE) -> None:
    """--table (`default` when neither it nor a custom table is given) and the custom table's options, each at most once."""
    parser.add_argument("--table", action=Once, choices=known(), help=f"rule table: {about()} (default: {default})")
    parser.set_defaults(default_table=default)
    custom_table_options(parser)


def custom_table_options(parser: argparse.ArgumentParser) -> None:
    """--vocab with --encoder, or --tokenizer-json: a table from files (read by `custom_table`)."""
    parser.add_argument("--vocab", action=Once, metavar="FILE", help="custom table: a vocab.bpe in GPT-2's format (with --encoder)")
    parser.add_argument("--encoder", action=Once, metavar="FILE", help="custom table: its encoder.json (with --vocab)")
    parser.add_argument(
        "--tokenizer-json",
        action=Once,
        metavar="FILE",
        help="custom table: a local Hugging Face BPE tokenizer.json (byte-level, or on characters with byte fallback)",
    )
    parser.add_argument(
        "--tokenizer-model", action=Once, metavar="FILE", help="custom table: a local SentencePiece BPE .model (Llama 2, Gemma)"
    )


#: The options that name a table, each taking a value: they may also come before a command's name
#: (`bpe-tui --table gpt2 encode --text hi`).
TABLE_OPTIONS = ("--table", "--vocab", "--encoder", "--tokenizer-json", "--tokenizer-model")


def text_options(parser: argparse.ArgumentParser, jsonl: str = "") -> None:
    """--text, --text-file or '-' (read by `read_text`); with `jsonl` (what one output line holds), --jsonl too."""
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--text", metavar="S", help="the text itself (else the text piped into standard input)")
    source.add_argument("--text-file", metavar="F", help="read the text from a UTF-8 file")
    if jsonl:
        source.add_argument("--jsonl", action="store_true", help=f"read one JSON string per line of standard input, write {jsonl} per line")
    source.add_argument("stdin", nargs="?", choices=["-"], help="read the text from standard input (the default when it is piped)")


def custom_table(args: argparse.Namespace) -> Table | None:
    """The table of --vocab and --encoder (both or neither), of --tokenizer-json or of --tokenizer-model, if given
    (`custom_table_options`); with --table too, or two of them, two tables are named and neither is chosen silently."""
    if bool(args.vocab) != bool(args.encoder):
        raise UsageError("--vocab and --encoder go together: give both files of the custom table.")
    given = [
        option
        for option, value in (
            ("--tokenizer-json", args.tokenizer_json),
            ("--tokenizer-model", args.tokenizer_model),
            ("--vocab and --encoder", args.vocab),
        )
        if value
    ]
    if len(given) > 1:
        raise UsageError(f"{given[0]} and {given[1]} name two custom tables: give one of them.")
    if getattr(args, "table", None) and given:
        raise UsageError(f"--table {args.table} and a custom table ({given[0]}) name two tables: give one of them.")
    if args.tokenizer_json:
        from ..engine.tables.tokenizer_json import load_tokenizer_json

        return load_tokenizer_json(args.tokenizer_json)
    if args.tokenizer_model:
        from ..engine.tables.sentencepiece_files import load_tokenizer_model

        return load_tokenizer_model(args.tokenizer_model)
    return load_two_files(args.vocab, args.encoder) if args.vocab else None


def resolve_table(args: argparse.Namespace) -> Table:
    """The table a command works with (`table_options`): the custom one, else --table, else the command's default."""
    return custom_table(args) or get_table(args.table or args.default_table)


def read_text(args: argparse.Namespace, *, limit: bool = True) -> str:
    """The text of --text, --text-file or standard input (when it is not a terminal: piped or redirected),
    refused in one sentence over MAX_TEXT characters unless `limit` is False (training, encode and chunks make
    no trace); a file or standard input over the text file's byte limit is refused before it is decoded."""
    if args.text is not None:
        text = argv_text(args.text, "--text")
    elif args.text_file is not None:
        text = read_utf8(args.text_file, UsageError, kind="text file")
    else:
        if sys.stdin is None or sys.stdin.isatty():
            raise UsageError("give the text with --text S or --text-file F, or pipe it into standard input.")
        text = utf8_text(read_stdin(), "standard input", UsageError)
    if limit and (refusal := too_long(text)) is not None:
        raise UsageError(refusal)
    return text


def argv_text(text: str, option: str) -> str:
    """A command-line word as text: bytes that are not UTF-8 reach Python as lone surrogates (U+DC80 to
    U+DCFF, `os.fsdecode`); they are refused as the bytes they were, "byte 0xff", not as surrogates."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        try:
            raw = os.fsencode(text)
        except UnicodeEncodeError:  # a lone surrogate that was not a byte: the capture names it
            return text
        return utf8_text(raw, option, UsageError)
    return text


def read_stdin(limit: int = LIMITS["text file"]) -> bytes:
    """Standard input's bytes, at most `limit` of them."""
    data = sys.stdin.buffer.read(limit + 1)
    if len(data) > limit:
        raise UsageError(f"standard input holds more than {limit // MiB} MiB; texts over that are refused.")
    return data


def jsonl_texts(*, limited: bool = True) -> Iterator[tuple[int, str]]:
    """(line number, text) for each JSON string line of standard input (--jsonl); a blank line is the empty
    text, so that output line N always answers input line N. A line over MAX_TEXT characters is refused unless
    `limited` is False (a command that makes no trace)."""
    import json

    limit = LIMITS["text file"]
    for number, line in enumerate(iter(lambda: sys.stdin.buffer.readline(limit + 1), b""), start=1):
        if len(line) > limit:
            raise UsageError(f"standard input line {number} is longer than {limit // MiB} MiB; lines over that are refused.")
        text = utf8_text(line, f"standard input line {number}", UsageError)
        if not text.strip():
            yield number, ""
            continue
        try:
            value = json.loads(text)
        except json.JSONDecodeError:
            value = None
        if not isinstance(value, str):
            raise UsageError(f"standard input line {number} is not a JSON string.")
        if limited and (refusal := too_long(value)) is not None:
            raise UsageError(f"standard input line {number}: {refusal}")
        yield number, value


def read_ids(words: list[str]) -> list[int]:
    """The ids of the command line's ID words (spaces, commas and brackets allowed), else of the text piped
    into standard input."""
    from ..engine.decoding import parse_ids

    if not words:
        if sys.stdin is None or sys.stdin.isatty():
            raise UsageError("give the ids as words (bpe-tui decode 17250 220) or pipe them into standard input.")
        words = [utf8_text(read_stdin(), "standard input", UsageError)]
    try:
        return parse_ids(" ".join(words))
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def summary(trace: Trace) -> str:
    """'3 chunks, 2 rounds, 5 ids', with singulars where they belong."""
    return f"{count(len(trace.chunks), 'chunk')}, {count(trace.round_count, 'round')}, {count(len(trace.ids), 'id')}"
