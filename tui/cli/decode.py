"""`bpe-tui decode`: the text of some ids, or (--explain) every frame of the Decode view as a line.

bpe-tui decode --table gpt2 17250 220 19526 254 0
"""

from __future__ import annotations

import argparse
import sys

from .inputs import read_ids, resolve_table, table_options


def add_decode(parser: argparse.ArgumentParser) -> None:
    table_options(parser)
    parser.add_argument("--errors", choices=("replace", "strict"), default="replace", help="what invalid UTF-8 does (default: replace)")
    parser.add_argument("--explain", action="store_true", help="print every decode frame: id, alias, bytes, complete alone?, streamed")
    parser.add_argument("ids", nargs="*", metavar="ID", help="ids, separated by spaces or commas (else read from standard input)")


def run_decode(args: argparse.Namespace) -> None:
    from ..engine.decoding import DecodeError, decode

    table = resolve_table(args)
    if args.explain:  # the frames of the Decode view, as text; a failure still exits 2
        from ..engine.decoding import decode_frames, decode_lines
        from ..safe import visible

        run = decode_frames(read_ids(args.ids), table, args.errors)
        sys.stdout.write("\n".join(decode_lines(run, visible)) + "\n")
        if run.problem is not None:
            raise DecodeError(run.problem)
        return
    text = decode(read_ids(args.ids), table, args.errors)
    if sys.stdout.isatty():  # the text itself when piped; on a terminal, nothing in it is obeyed
        from ..safe import visible

        text = visible(text)
    sys.stdout.write(text + "\n")
