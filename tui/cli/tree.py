"""`bpe-tui tree`: the merge tree of one token, drawn as an outline or (--json) as nested objects.

bpe-tui tree --table gpt2 262
"""

from __future__ import annotations

import argparse

from .inputs import UsageError, print_json, resolve_table, say, table_options


def add_tree(parser: argparse.ArgumentParser) -> None:
    table_options(parser)
    parser.add_argument("--json", action="store_true", help='print {"id", "text", "rank", "parts": [left, right]} nested down to the bytes')
    parser.add_argument("--width", type=int, default=80, metavar="N", help="columns the drawing may take (default: 80, at least 40)")
    parser.add_argument("id", metavar="ID", help="the token's id, e.g. 262 (GPT-2's ' the')")


def run_tree(args: argparse.Namespace) -> None:
    from ..explain.merge_tree import TreeError, drawing, summary, tree
    from ..explain.words import quoted

    word = args.id.strip()
    if not (word.isascii() and word.isdigit()):
        raise UsageError(f"ID is a token's id, a whole number such as 262, not {quoted(args.id)}.")
    if args.width < 40:
        raise UsageError(f"--width is at least 40 columns, not {args.width}.")
    table = resolve_table(args)
    try:
        node = tree(table, int(word))
    except TreeError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print_json(node.as_json(), ensure_ascii=False)
        return
    say(summary(node))
    for line in drawing(node, args.width):
        say(line)
