"""`bpe-tui examples`: regenerate the seeds' example traces (tui/engine/examples.py), or list the bundled ones.

In the source tree it rewrites traces/; an installed package's traces are never rewritten: `--dir DIR` writes
copies, and overwrites traces already there only with `--force`.

bpe-tui examples --list
bpe-tui examples --dir my-traces
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .inputs import UsageError, say


def add_examples(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dir", metavar="DIR", help="write there (created if missing) instead of the source tree's traces/")
    parser.add_argument("--force", action="store_true", help="overwrite traces already in DIR")
    parser.add_argument("--list", action="store_true", help="print the path of every bundled trace, one per line, and write nothing")


def run_examples(args: argparse.Namespace) -> None:
    from ..engine.examples import PACKAGE, TRACES_DIR, bundled, example_paths, inside_package, regenerate

    if args.list:
        if args.dir:
            raise UsageError("--list prints the bundled traces; it takes no --dir.")
        for path in bundled():
            say(str(path))
        return
    directory = Path(args.dir) if args.dir else TRACES_DIR
    if inside_package(directory):
        raise UsageError(f"the bundled traces belong to the installed package ({PACKAGE}); write copies with --dir DIR.")
    existing = [p for p in example_paths(directory) if p.exists()] if args.dir and not args.force else []
    if len(existing) == 1:
        raise UsageError(f"{existing[0]} already exists; add --force to overwrite it.")
    if existing:
        raise UsageError(f"{len(existing)} of the traces already exist in {directory}; add --force to overwrite them.")
    for path in regenerate(directory, UsageError):
        say(f"wrote {path}", err=True)  # a report of a written file, as every command's, on standard error
