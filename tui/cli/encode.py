"""`bpe-tui capture`, `encode` and `chunks`: a text (or, for encode and chunks, one per --jsonl line) in, JSON out.

bpe-tui encode --table gpt2 --text "Hi 你!"
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from ..engine.bpe import CaptureError, capture, encode, utf8
from ..engine.tables import Table
from .inputs import UsageError, jsonl_texts, print_json, read_text, resolve_table, say, summary, table_options, text_options


def add_capture(parser: argparse.ArgumentParser) -> None:
    table_options(parser)
    text_options(parser)
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")
    parser.add_argument("--force", action="store_true", help="overwrite FILE if it exists")


def run_capture(args: argparse.Namespace) -> None:
    table = resolve_table(args)
    trace = capture(read_text(args), table)
    if args.output:
        from ..engine.tracefile import save

        save(trace, args.output, overwrite=args.force)
        say(f"wrote {args.output}: {summary(trace)}", err=True)
    else:
        from ..engine.tracefile import MAX_FILE_BYTES, TraceError, dumps, too_big
        from ..safe import json_safe

        text = json_safe(dumps(trace))
        if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8")) > MAX_FILE_BYTES:  # measured before a byte is printed
            raise TraceError(too_big(trace))
        sys.stdout.write(text)


def add_encode(parser: argparse.ArgumentParser) -> None:
    table_options(parser)
    text_options(parser, jsonl="one id list")


def run_encode(args: argparse.Namespace) -> None:
    print_each_text(args, encode)


def add_chunks(parser: argparse.ArgumentParser) -> None:
    table_options(parser)
    text_options(parser, jsonl="one array")


def run_chunks(args: argparse.Namespace) -> None:
    print_each_text(args, chunk_objects, ensure_ascii=False)


def chunk_objects(text: str, table: Table) -> list[dict[str, object]]:
    """The `chunks` command's objects: each chunk's text, start, branch number (from 1) and branch pattern."""
    from ..explain.branches import branch_number, labelled

    utf8(text)  # a lone surrogate is refused in the CLI's sentence, as encode does
    cut = table.normalize(text)  # a table's normaliser first: the chunks are those encode merges
    return [
        {"text": c.text, "start": c.start, "branch": branch_number(c.branch), "pattern": c.pattern} for c in labelled(cut, table.pattern)
    ]


def print_each_text(args: argparse.Namespace, make: Callable[[str, Table], object], *, ensure_ascii: bool = True) -> None:
    """Print `make(text, table)` as JSON for the command's text, or (--jsonl) one line per standard
    input line, where a text that cannot be encoded is refused with its line number."""
    table = resolve_table(args)
    if not args.jsonl:  # no trace is made: any text the file limit lets in (MAX_TEXT bounds a trace, not this)
        print_json(make(read_text(args, limit=False), table), ensure_ascii=ensure_ascii)
        return
    for number, value in jsonl_texts(limited=False):
        try:
            made = make(value, table)
        except CaptureError as exc:
            raise UsageError(f"line {number}: {exc}") from None
        print_json(made, ensure_ascii=ensure_ascii, flush=False)
