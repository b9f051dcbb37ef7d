"""`bpe-tui compression`: how many tokens each table spends on the bundled samples of 12 languages, code, mathematics and numbers.

bpe-tui compression --table gpt2 --table o200k_base --json
"""

from __future__ import annotations

import argparse
import shutil

from ..engine.tables import get_table
from ..engine.tables.registry import known, table_cycle
from ..explain.compression import BEST, Report, chart, measure_named
from .inputs import UsageError, print_json, say


def add_compression(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--table",
        action="append",
        choices=known(),
        metavar="T",
        help="a table to measure, repeatable (default: every installed table t cycles)",
    )
    parser.add_argument(
        "--json", action="store_true", help='print {"samples": [{"name", "language", "text", "bytes", "words", "tokens": {table: n}}]}'
    )
    parser.add_argument("--bars", action="store_true", help="draw a bar chart (bytes per token) instead of the table")


def run_compression(args: argparse.Namespace) -> None:
    chosen = list(dict.fromkeys(args.table or table_cycle()))  # the tables `t` cycles: o200k_harmony is o200k_base for text
    if args.json and args.bars:
        raise UsageError("--json and --bars are two outputs: give one of them.")
    report = measure_named(chosen, get_table)
    if args.json:
        print_json(report.as_json(), ensure_ascii=False)
    elif args.bars:
        for line in chart(report, shutil.get_terminal_size().columns):
            say(line.text)
    else:
        for row in table_lines(report):
            say(row)


def table_lines(report: Report) -> list[str]:
    """Bytes per token, a row per sample and a column per table, the fewest tokens of each row marked ★."""
    widths = [max(len(t), 6) for t in report.tables]
    lines = [
        f"bytes per token (more is better; {BEST} marks the fewest tokens on the sample)",
        f"{'sample':<12}{'bytes':>6}  " + " ".join(f"{t:>{w}}" for t, w in zip(report.tables, widths, strict=True)),
    ]
    for text in report.samples:
        cells = (
            f"{(BEST if bar.best else '') + format(bar.bytes_per_token, '.2f'):>{w}}"
            for bar, w in zip(report.bars(text), widths, strict=True)
        )
        lines.append(f"{text.name:<12}{text.bytes:>6}  " + " ".join(cells))
    return lines
