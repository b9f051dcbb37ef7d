"""`bpe-tui reach`: every ordinary token of a table classified: reachable, fragment, split by the regex, taken apart.

bpe-tui reach --table o200k_base --json
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from .inputs import UsageError, print_json, resolve_table, say, table_options


def add_reach(parser: argparse.ArgumentParser) -> None:
    table_options(parser)
    parser.add_argument("--json", action="store_true", help='print {"reachable": {"count": n, "examples": [...]}, "fragment": ..., ...}')
    parser.add_argument("--examples", type=int, default=10, metavar="N", help="examples kept per class (default: 10)")


def run_reach(args: argparse.Namespace) -> None:
    from ..explain.reach import CLASSES, MEANINGS, classify

    if args.examples < 0:
        raise UsageError(f"--examples is a count, 0 or more, not {args.examples}.")
    table = resolve_table(args)
    found = classify(table, args.examples, progress_line() if sys.stderr is not None and sys.stderr.isatty() else None)
    if args.json:
        print_json(found.as_json(), ensure_ascii=False)
        return
    say(f"{table.name}: {found.total:,} ordinary tokens")
    for kind in CLASSES:
        say(f"  {kind:<15}{found.count(kind):>9,}  {MEANINGS[kind]}")
    for kind in CLASSES:
        if found.examples[kind]:
            say(f"{kind}, e.g.: " + ", ".join(f"{text} ({ident})" for ident, text in found.examples[kind]))


def progress_line() -> Callable[[int, int], None]:
    """On a terminal, 'sorting 4,096 of 50,256 tokens…' on standard error, rewritten in place and wiped at the end."""

    def show(done: int, total: int) -> None:
        line = f"sorting {done:,} of {total:,} tokens…" if done < total else ""
        sys.stderr.write(f"\r{line:<40}\r")
        sys.stderr.flush()

    return show
