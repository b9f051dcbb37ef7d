"""`bpe-tui compare`: one text encoded by two tables, both id lists and where the two first part ways.

bpe-tui compare --table gpt2 --table cl100k_base --text 1234567
"""

from __future__ import annotations

import argparse

from ..engine.tables import Table
from .inputs import UsageError, print_json, read_text, say, text_options


def add_compare(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--table",
        action="append",
        default=[],
        metavar="NAME",
        help="a side's table (give two): a registered name, or NAME@gpt2 / NAME@tiktoken / NAME@hf for its tokens under that merge rule",
    )
    parser.add_argument("--tokenizer-json", action="append", default=[], metavar="FILE", help="a side's table from a tokenizer.json")
    parser.add_argument("--vocab", metavar="FILE", help="a side's table: a vocab.bpe in GPT-2's format (with --encoder)")
    parser.add_argument("--encoder", metavar="FILE", help="that table's encoder.json (with --vocab)")
    text_options(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"a": {"table", "ids", "count"}, "b": {...}, "first_divergence": {...} or null, "first_path_divergence": {...} or null}',
    )


def sides(args: argparse.Namespace) -> tuple[Table, Table]:
    """The two tables: each --table in order, then each --tokenizer-json, then --vocab with --encoder."""
    from ..engine.tables import load_two_files
    from ..engine.tables.tokenizer_json import load_tokenizer_json
    from ..explain.compare_sides import named_table

    if bool(args.vocab) != bool(args.encoder):
        raise UsageError("--vocab and --encoder go together: give both files of the custom table.")
    given = len(args.table) + len(args.tokenizer_json) + bool(args.vocab)
    if given != 2:
        raise UsageError(f"compare takes two tables, one a side (--table A --table B, or a custom table for a side); {given} given.")
    tables = [named_table(name) for name in args.table]
    tables += [load_tokenizer_json(path) for path in args.tokenizer_json]
    if args.vocab:
        tables.append(load_two_files(args.vocab, args.encoder))
    return tables[0], tables[1]


def run_compare(args: argparse.Namespace) -> None:
    from ..explain.compare import compare, no_divergence
    from ..explain.compare_sides import side_name
    from ..explain.words import count

    a, b = sides(args)
    found = compare(read_text(args), a, b)
    first = found.first
    if args.json:
        print_json(
            {
                "a": {"table": a.name, "ids": found.a.ids, "count": len(found.a.ids)},
                "b": {"table": b.name, "ids": found.b.ids, "count": len(found.b.ids)},
                "first_divergence": None if first is None else first.as_json(),  # where the tokens first differ
                "first_path_divergence": next((d.as_json() for d in found.divergences()), None),  # the same tokens, maybe
            },
            ensure_ascii=False,
        )
        return
    for mark, trace in (("A", found.a), ("B", found.b)):
        say(f"{mark} {side_name(trace.table)} · {count(len(trace.ids), 'id')}: {' '.join(map(str, trace.ids))}")
    if first is not None:
        say(f"first divergence ({first.cause}): {first.sentence}")
    else:
        say(no_divergence(a, b, found.divergences()))
