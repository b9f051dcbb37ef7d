"""`bpe-tui check`: validate trace files without opening the app; exit 0 if all are valid, else 1.

bpe-tui check traces/*.json
"""

from __future__ import annotations

import argparse

from ..engine.tables import resolver
from .inputs import custom_table, custom_table_options, say, summary


def add_check(parser: argparse.ArgumentParser) -> None:
    custom_table_options(parser)
    parser.add_argument("files", nargs="+", metavar="FILE")


def run_check(args: argparse.Namespace) -> None:
    from ..engine.tracefile import TraceError, load

    tables = resolver(custom_table(args))
    bad = 0
    for name in args.files:
        try:
            trace = load(name, tables)
        except TraceError as exc:
            say(f"bpe-tui: {exc}", err=True)
            bad += 1
        else:
            say(f"{name}: valid, {trace.table.name}, {summary(trace)}")
    if bad:
        raise SystemExit(1)  # an invalid input file; 2 is for mistakes on the command line
