"""`bpe-tui examples`: regenerate the seeds' example traces (tui/engine/examples.py), or list the bundled ones.

bpe-tui examples --list
"""

from __future__ import annotations

import argparse
from pathlib import Path

from .inputs import UsageError, say


def add_examples(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dir", metavar="DIR", help="write there instead of the project's traces/")
    parser.add_argument("--list", action="store_true", help="print the path of every bundled trace, one per line, and write nothing")


def run_examples(args: argparse.Namespace) -> None:
    from ..engine.examples import TRACES_DIR, bundled, regenerate

    if args.list:
        if args.dir:
            raise UsageError("--list prints the bundled traces; it takes no --dir.")
        for path in bundled():
            say(str(path))
        return
    for path in regenerate(Path(args.dir) if args.dir else TRACES_DIR):
        say(str(path))
