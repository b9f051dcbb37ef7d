"""What the training view shows: one text trained twice (in regex chunks, and as one piece), and for
each round the first pieces of the text as symbols just before that round's merge.

Only the start of the text is replayed (SHOWN_BYTES): the view draws a few lines of it, and a round
then costs the same on a megabyte as on a sentence.

>>> both = train_both("the cat the hat", 3)
>>> [literal(both.chunked.result.vocab, i) for i in both.chunked.before(3)[1]]
[' ', 'c', 'a', 't']
>>> occurrences(both.chunked.before(3)[1], (97, 116))
[2]
>>> both.unchunked.result.rounds[2].pair, literal(both.unchunked.result.vocab, 258)
((257, 32), 'the ')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import islice

import regex

from ..engine.bpe import chunk_ids, gc_paused
from ..engine.tables import Table, short_name
from ..engine.tables.trained import Trained, from_training
from ..engine.training import Pair, TrainResult, merge, train
from .words import quoted

COMPARED_CHARACTERS = 1_000_000  # how much of the trained text the tables are compared on (a worker's few seconds)
SHOWN_BYTES = 600  # how much of the text each round keeps as symbols (a few lines of a pane)
LEADERS = 8  # how many of each round's highest pair counts a training keeps

Piece = tuple[int, ...]


@dataclass(frozen=True)
class Side:
    """One training and the shown pieces after each number of merges (`states[0]`: the bytes)."""

    result: TrainResult
    states: tuple[tuple[Piece, ...], ...]
    cut: bool  # the shown pieces stop before the text does

    def before(self, round: int) -> tuple[Piece, ...]:
        """The shown pieces just before round `round` (1-based) merges its pair."""
        return self.states[round - 1]

    def compression(self, round: int) -> float:
        """Bytes per token after round `round` (0: before any merge, 1.0)."""
        tokens = self.result.rounds[round - 1].tokens if round else self.result.byte_count
        return self.result.byte_count / tokens if tokens else 0.0

    @cached_property
    def compressions(self) -> tuple[float, ...]:
        """Bytes per token after each round (the view's plot)."""
        return tuple(self.compression(r.index) for r in self.result.rounds)

    @cached_property
    def counts(self) -> tuple[float, ...]:
        """The chosen pair's count in each round (the view's plot)."""
        return tuple(float(r.count) for r in self.result.rounds)


@dataclass(frozen=True)
class Both:
    """The same text trained in chunks (under `pattern`) and without them; `source` says where the text came from."""

    source: str
    chunked: Side
    unchunked: Side
    pattern: str

    @property
    def rounds(self) -> int:
        """How many rounds the view steps through: the longer of the two trainings."""
        return max(len(self.chunked.result.rounds), len(self.unchunked.result.rounds))


#: Seed 004's chunked figures on its own input.txt (1,115,394 bytes, not shipped): the first two pairs and their
#: counts, and the merge that makes ' the' with its count then.
SEED_004 = (((32, 116), 23_837), ((104, 101), 18_203), (12, 8_684))


def seed_beside(result: TrainResult) -> tuple[str, ...]:
    """This training's first two pairs and its ' the' merge beside seed 004's figures on its own input.txt, in
    parentheses; the longest wording first, then shorter ones for narrower screens ('' when nothing compares)."""
    (first, n1), (second, n2), (merge, n3) = SEED_004
    rounds = result.rounds
    if len(rounds) < 2 or (rounds[0].pair, rounds[1].pair) != (first, second):
        return ("",)
    one, two = (quoted(literal(result.vocab, r.id)) for r in rounds[:2])
    pairs = f"{one} {rounds[0].count:,} ({n1:,}) · {two} {rounds[1].count:,} ({n2:,})"
    the = next((r for r in rounds if result.vocab.get(r.id) == b" the"), None)
    long = short = pairs
    if the is not None:
        long += f" · ' the' at merge {the.index}, {the.count:,} (merge {merge}, {n3:,})"
        short += f" · ' the' merge {the.index} ({merge})"
    return (
        f"beside the 1,115,394-byte input.txt's, in parentheses: {long}",
        f"input.txt in (): {long}",
        f"input.txt in (): {short}",
        f"input.txt in (): {pairs}",
    )


def shown_pieces(text: str, pattern: str | None, limit: int = SHOWN_BYTES) -> tuple[list[Piece], bool]:
    """The first pieces of `text` as bytes, about `limit` of them, and whether the text goes on after them."""
    if pattern is None:
        head = text[:limit]
        return ([tuple(head.encode("utf-8"))] if head else []), len(head) < len(text)
    pieces: list[Piece] = []
    used = 0
    end = 0
    for match in islice(regex.finditer(pattern, text), limit):
        piece = tuple(match.group().encode("utf-8"))
        if pieces and used + len(piece) > limit:
            break
        pieces.append(piece)
        used += len(piece)
        end = match.end()
    return pieces, end < len(text)


def replay(result: TrainResult, limit: int = SHOWN_BYTES) -> Side:
    """The shown pieces of `result`'s text after 0, 1, … merges (a piece no merge touches is shared)."""
    pieces, cut = shown_pieces(result.text, result.pattern, limit)
    states = [tuple(pieces)]
    current = pieces
    for r in result.rounds:
        a = r.pair[0]
        current = [tuple(merge(list(p), r.pair, r.id)) if a in p else p for p in current]
        states.append(tuple(current))
    return Side(result, tuple(states), cut)


def occurrences(piece: Piece, pair: Pair) -> list[int]:
    """Where `merge` replaces `pair` in `piece`: the non-overlapping starts, left to right.

    >>> occurrences((97, 97, 97), (97, 97))
    [0]
    """
    out: list[int] = []
    a, b = pair
    i, n = 0, len(piece)
    while i < n - 1:
        if piece[i] == a and piece[i + 1] == b:
            out.append(i)
            i += 2
        else:
            i += 1
    return out


def literal(vocab: dict[int, bytes], ident: int) -> str:
    """A symbol's bytes as text; bytes that are not UTF-8 on their own read as \\xNN."""
    return vocab[ident].decode("utf-8", "backslashreplace")


def train_both(
    text: str, merges: int, pattern: str | None = None, *, source: str = "the text", progress: Callable[[float], bool] | None = None
) -> Both:
    """Train `text` in chunks (GPT-2's regex unless `pattern`) and as one piece; `progress` gets the share done
    (0 to 1) after each round and stops both trainings when it returns False."""
    from ..engine.pretokenize import GPT2_PATTERN

    chosen = pattern or GPT2_PATTERN
    sides = []
    for n, side_pattern in enumerate((chosen, None)):

        def tick(done: int, n: int = n) -> bool:
            return progress is None or progress((n * merges + done) / (2 * merges))

        result = train(text, merges, side_pattern, tick, leaders=LEADERS)
        if progress is not None and not progress((n + 1) / 2):
            raise TrainingCancelled
        sides.append(replay(result))
    return Both(source, sides[0], sides[1], chosen)


class TrainingCancelled(Exception):
    """`progress` said stop: the trainings were abandoned."""


def examples_text() -> str:
    """The seed examples' texts, each once, one per line: a small corpus to train on."""
    from ..engine.examples import EXAMPLES, TIKTOKEN_EXAMPLES

    return "\n".join(dict.fromkeys(text for _, _, text in EXAMPLES + TIKTOKEN_EXAMPLES))


def trained_table(both: Both) -> Trained | None:
    """The table the chunked training learned, chunking by its regex; None when it learned no merge."""
    result = both.chunked.result
    if not result.rounds:
        return None
    trained = from_training(result)
    return trained if trained.table.pattern == both.pattern else replace(trained, table=replace(trained.table, pattern=both.pattern))


@dataclass(frozen=True)
class Beside:
    """One table's bytes per token on the trained text (`trained`: the table the training learned)."""

    label: str
    bytes_per_token: float
    trained: bool = False

    def __str__(self) -> str:
        return f"{self.label} {self.bytes_per_token:.2f}"


def grouped(figures: Sequence[Beside]) -> list[Beside]:
    """Neighbours of one family with the same figure said once: 'Mistral v1/v3/v7 3.10' (the line fits two rows of 80 columns).

    >>> [str(f) for f in grouped([Beside("Qwen 3", 3.75), Beside("Qwen 3.6", 3.75), Beside("Tekken", 3.33)])]
    ['Qwen 3/3.6 3.75', 'Tekken 3.33']
    """
    out: list[Beside] = []
    for figure in figures:
        last = out[-1] if out else None
        family, _, rest = figure.label.partition(" ")
        if (
            last is not None
            and rest
            and not (last.trained or figure.trained)
            and last.label.startswith(family + " ")
            and f"{last.bytes_per_token:.2f}" == f"{figure.bytes_per_token:.2f}"
        ):
            out[-1] = Beside(f"{last.label}/{rest}", last.bytes_per_token)
        else:
            out.append(figure)
    return out


def beside(text: str, table: Table, *, trained: bool = False, cancelled: Callable[[], bool] = lambda: False) -> Beside | None:
    """`table`'s bytes per token on `text` (its first COMPARED_CHARACTERS); None if `cancelled()` became true.

    >>> from ..engine.tables import get_table
    >>> str(beside("the cat the hat", get_table("gpt2")))
    'GPT-2 3.75'
    """
    text = text[:COMPARED_CHARACTERS]
    tokens = 0
    with gc_paused():
        for k, ids in enumerate(chunk_ids(text, table)):
            tokens += len(ids)
            if k % 4096 == 4095 and cancelled():
                return None
    label = "trained" if trained else short_name(table)  # its merges are counted on the line above
    return Beside(label, len(text.encode("utf-8")) / tokens if tokens else 0.0, trained)
