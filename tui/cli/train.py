"""`bpe-tui train`: learn merges from a text as seed 004 does, print each round, save the table.

bpe-tui train --text "the cat the hat" --merges 3
bpe-tui train --book --merges 20
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from ..engine.aliases import to_aliases
from ..engine.tables.registry import PATTERNS
from ..engine.training import TrainResult, train
from ..explain.words import count
from ..safe import visible
from .inputs import UsageError, read_text, say, text_options


def add_train(parser: argparse.ArgumentParser) -> None:
    text_options(parser)
    parser.add_argument("--book", action="store_true", help="train on the bundled Shakespeare (seven plays, 1,078,434 bytes)")
    parser.add_argument("--merges", type=int, required=True, metavar="N", help="how many merges to learn")
    chunking = parser.add_mutually_exclusive_group()
    chunking.add_argument("--no-chunks", action="store_true", help="train on the whole text as one piece (merges may cross words)")
    chunking.add_argument("--pattern", choices=tuple(PATTERNS), default="gpt2", help="the regex that cuts chunks (default: gpt2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of one line per round")
    parser.add_argument("-o", "--output", metavar="DIR", help="write vocab.bpe and encoder.json into DIR")
    parser.add_argument("--force", action="store_true", help="replace a table already in DIR")


def run_train(args: argparse.Namespace) -> None:
    print(trained(args, book_text(args) if args.book else read_text(args, limit=False)))


def book_text(args: argparse.Namespace) -> str:
    """The bundled book (--book), which replaces the text options."""
    from ..engine.book import BookError, read_book

    if args.text is not None or args.text_file is not None or args.stdin:
        raise UsageError("--book is the text to train on: give it without --text, --text-file or '-'.")
    try:
        return read_book()
    except BookError as exc:
        raise UsageError(str(exc)) from None


def trained(args: argparse.Namespace, text: str) -> str:
    """Train, save if asked (saying so on standard error, as every command reports a file it wrote), and
    return what to print."""
    tick = progress(args.merges)
    result = train(text, args.merges, pattern=None if args.no_chunks else PATTERNS[args.pattern], progress=tick)
    if tick is not None:
        sys.stderr.write("\r\x1b[K")  # the progress line is cleared before the results are printed
    if args.output:
        from ..engine.tables.trained import from_training, save

        trained = from_training(result)
        paths = save(trained.table, args.output, force=args.force)
        say(f"wrote {' and '.join(str(p) for p in paths)}" + (f"; {trained.note}" if trained.note else ""), err=True)
    return as_json(result) if args.json else "\n".join(as_lines(result))


def progress(merges: int) -> Callable[[int], bool] | None:
    """On a terminal, 'training: merge 12 of 200' on stderr after each round (rewritten in place); else nothing."""
    if not sys.stderr.isatty():
        return None
    sys.stderr.write("\rtraining: counting pairs…")
    sys.stderr.flush()

    def say(done: int) -> bool:
        sys.stderr.write(f"\rtraining: merge {done:,} of {merges:,}")
        sys.stderr.flush()
        return True

    return say


def as_json(result: TrainResult) -> str:
    return json.dumps(
        {
            "bytes": result.byte_count,
            "chunks": result.chunk_count,
            "tokens": result.tokens,
            "merges": [{"pair": list(r.pair), "id": r.id, "count": r.count} for r in result.rounds],
        }
    )


def as_lines(result: TrainResult) -> list[str]:
    """'round 1: (116, 104) 'th' count 2 -> 256 (tie: 3 pairs had 2, the first inserted wins)', then the totals."""
    lines = []
    for r in result.rounds:
        made = visible(to_aliases(result.vocab[r.id]))
        tie = f"  (tie: {r.tied} pairs had {r.count}; the first inserted wins)" if r.tied > 1 else ""
        lines.append(f"round {r.index}: ({r.pair[0]}, {r.pair[1]}) {made!r} count {r.count} -> {r.id}{tie}")
    chunks = "1 piece (no chunks)" if result.pattern is None else count(result.chunk_count, "chunk")
    lines.append(
        f"{count(result.byte_count, 'byte')} in {chunks} -> {count(result.tokens, 'token')} after {count(len(result.rounds), 'merge')}"
        f"; compression {result.byte_count:,} / {result.tokens:,} = {result.compression:.2f}"
    )
    if result.stopped_early:
        lines.append(f"stopped after {len(result.rounds)} of {result.asked} merges: no pair is left to merge.")
    return lines
