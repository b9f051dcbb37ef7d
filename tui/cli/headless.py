"""The headless commands (capture, encode, chunks, decode, check, examples, train, tour): imported only
when one of them runs, so the app's start-up does not pay for them."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from ..engine.bpe import CaptureError, capture, encode, utf8
from ..engine.files import utf8_text
from ..engine.tables import Table, resolver
from .inputs import UsageError, custom_table, read_ids, read_text, resolve_table, summary


def cmd_capture(args: argparse.Namespace) -> None:
    table = resolve_table(args)
    trace = capture(read_text(args), table)
    if args.output:
        from ..engine.tracefile import save

        save(trace, args.output, overwrite=args.force)
        print(f"wrote {args.output}: {summary(trace)}", file=sys.stderr)
    else:
        from ..engine.tracefile import dumps

        sys.stdout.write(dumps(trace))


def jsonl_texts() -> Iterator[tuple[int, str]]:
    """(line number, text) for each JSON string line of standard input; blank lines are skipped."""
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


def cmd_encode(args: argparse.Namespace) -> None:
    print_each_text(args, encode)


def print_each_text(args: argparse.Namespace, make: Callable[[str, Table], object], *, ensure_ascii: bool = True) -> None:
    """Print `make(text, table)` as JSON for the command's text, or (--jsonl) one line per standard
    input line, where a text that cannot be encoded is refused with its line number."""
    import json

    table = resolve_table(args)
    if not args.jsonl:
        print(json.dumps(make(read_text(args), table), ensure_ascii=ensure_ascii))
        return
    for number, value in jsonl_texts():
        try:
            made = make(value, table)
        except CaptureError as exc:
            raise UsageError(f"line {number}: {exc}") from None
        print(json.dumps(made, ensure_ascii=ensure_ascii), flush=False)


def chunk_objects(text: str, table: Table) -> list[dict[str, object]]:
    """The `chunks` command's objects: each chunk's text, start, branch index and branch pattern."""
    from ..explain.branches import labelled

    utf8(text)  # a lone surrogate is refused in the CLI's sentence, as encode does
    return [{"text": c.text, "start": c.start, "branch": c.branch, "pattern": c.pattern} for c in labelled(text, table.pattern)]


def cmd_chunks(args: argparse.Namespace) -> None:
    print_each_text(args, chunk_objects, ensure_ascii=False)


def cmd_decode(args: argparse.Namespace) -> None:
    from ..engine.decoding import DecodeError, decode

    table = resolve_table(args)
    if args.explain:  # the frames of the Decode view, as text; a failure still exits 2
        from ..engine.decoding import decode_frames, explain
        from ..safe import visible

        run = decode_frames(read_ids(args.ids), table, args.errors)
        sys.stdout.write("\n".join(explain(run, visible)) + "\n")
        if run.problem is not None:
            raise DecodeError(run.problem)
        return
    text = decode(read_ids(args.ids), table, args.errors)
    sys.stdout.write(text + "\n")


def cmd_check(args: argparse.Namespace) -> None:
    from ..engine.tracefile import TraceError, load

    tables = resolver(custom_table(args))
    bad = 0
    for name in args.files:
        try:
            trace = load(name, tables)
        except TraceError as exc:
            print(f"bpe-tui: {exc}", file=sys.stderr)
            bad += 1
        else:
            print(f"{name}: valid, {trace.table.name}, {summary(trace)}")
    if bad:
        raise SystemExit(2)


def cmd_examples(args: argparse.Namespace) -> None:
    from ..engine.examples import TRACES_DIR, bundled, regenerate

    if args.list:
        if args.dir:
            raise UsageError("--list prints the bundled traces; it takes no --dir.")
        for path in bundled():
            print(path)
        return
    for path in regenerate(Path(args.dir) if args.dir else TRACES_DIR):
        print(path)


def cmd_train(args: argparse.Namespace) -> None:
    from . import train as cli_train

    print(cli_train.run(args, read_text(args)))


def cmd_tour(args: argparse.Namespace) -> None:
    from . import tour as cli_tour

    cli_tour.run(args)


RUNNERS = {
    "capture": cmd_capture,
    "encode": cmd_encode,
    "decode": cmd_decode,
    "chunks": cmd_chunks,
    "check": cmd_check,
    "examples": cmd_examples,
    "train": cmd_train,
    "tour": cmd_tour,
}
