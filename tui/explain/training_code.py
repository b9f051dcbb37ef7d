"""The training loop as a short code listing (`get_stats`, `merge`, the rounds), and which line of it a
training round stands on, with the round's values beside it.

The listing is this project's own condensed Python for what `engine.training.train` computes (the
engine gets the same result faster, see its docstring): written to be read beside the training view,
not executed. A round runs every line of the loop's body once; the line it stands on (▶) is the
choice of the most frequent pair, and the values beside the lines are the engine's own figures for
that round: the ids counted and the leading counts, the chosen pair and its count (and the tie it
won), the new id, how many occurrences were replaced, and the rule and bytes recorded.

>>> from ..engine.training import train
>>> result = train("the cat the hat", 3)
>>> where = mark(result, 3)
>>> where.op, TRAINING.line(where.op).code
('pick', 'pair = max(counts, key=counts.get)')
>>> where.values("pick"), where.values("id")
('pair=(97, 116)  count=2', 'idx=258')
>>> ended = mark(train("the cat the hat", 20), 9)  # in chunks it runs out of pairs after 8 rounds
>>> ended.op, ended.values("empty")
('empty', 'no pair left after 8 merges: stop')
"""

from __future__ import annotations

from ..engine.training import TrainResult
from .loop_code import Line, Listing, Mark, show
from .words import count

#: The training loop, seed 004's way: pairs counted inside each chunk into one dictionary, one pair chosen
#: for the whole text, replaced in every chunk. Without chunks the text is one piece (`chunks` has one list).
TRAINING = Listing(
    "training: get_stats, merge",
    (
        Line(0, "def get_stats(ids, counts=None):", "not a shared {}"),
        Line(1, "counts = {} if counts is None else counts"),
        Line(1, "for a, b in zip(ids, ids[1:]):", "neighbours only", "count"),
        Line(2, "counts[a, b] = counts.get((a, b), 0) + 1", "new keys go last"),
        Line(1, "return counts"),
        Line(0, ""),
        Line(0, "def merge(ids, pair, idx):"),
        Line(1, "out, i = [], 0"),
        Line(1, "while i < len(ids):", "left to right"),
        Line(2, "if tuple(ids[i : i + 2]) == pair:", "", "match"),
        Line(3, "out.append(idx); i += 2", "both replaced", "replace"),
        Line(2, "else:"),
        Line(3, "out.append(ids[i]); i += 1"),
        Line(1, "return out"),
        Line(0, ""),
        Line(0, "chunks = [list(c.encode()) for c in split(text)]", "[text] without chunks"),
        Line(0, "merges = {}"),
        Line(0, "vocab = {b: bytes([b]) for b in range(256)}"),
        Line(0, "for i in range(num_merges):"),
        Line(1, "counts = {}", "counted afresh"),
        Line(1, "for c in chunks:"),
        Line(2, "get_stats(c, counts)", "never across chunks", "stats"),
        Line(1, "if not counts: break", "no pair left", "empty"),
        Line(1, "pair = max(counts, key=counts.get)", "tie: first inserted", "pick"),
        Line(1, "idx = 256 + i", "the next id", "id"),
        Line(1, "for k, c in enumerate(chunks):"),
        Line(2, "chunks[k] = merge(c, pair, idx)", "every occurrence", "merge"),
        Line(1, "merges[pair] = idx", "the rule", "rule"),
        Line(1, "vocab[idx] = vocab[pair[0]] + vocab[pair[1]]"),
    ),
)

#: How many of the round's leading counts are shown beside `get_stats`.
SHOWN_LEADERS = 3
#: Every line a round runs, in order (its ▶ line is `pick`).
ROUND = ("stats", "count", "pick", "id", "merge", "match", "replace", "rule")


def mark(result: TrainResult, round: int) -> Mark:
    """The line round `round` (1-based) of `result` stands on, the lines it runs, and their values;
    a round after the last one the training made stops at `if not counts: break`."""
    rounds = result.rounds
    if not 1 <= round <= len(rounds):
        done = len(rounds)
        if not result.stopped_early:  # the loop ended with its range: no round `round`
            return Mark("", (), ())
        left = rounds[-1].tokens if rounds else result.byte_count
        stats = f"{count(left, 'id')} left, no two side by side in a chunk"
        return Mark("empty", ("stats", "count", "empty"), (("stats", stats), ("empty", f"no pair left after {count(done, 'merge')}: stop")))
    r = rounds[round - 1]
    before = rounds[round - 2].tokens if round > 1 else result.byte_count
    top = ", ".join(f"{show(pair)}: {n:,}" for pair, n in r.leaders[:SHOWN_LEADERS])
    more = ", …" if len(r.leaders) > SHOWN_LEADERS else ""
    stats = f"{count(before, 'id')} counted" + (f"; top {{{top}{more}}}" if top else "")
    tie = f"  ({r.tied}-way tie, first inserted wins)" if r.tied > 1 else ""
    beside = (
        ("stats", stats),
        ("pick", f"pair={show(r.pair)}  count={r.count:,}{tie}"),
        ("id", f"idx={r.id}"),
        ("merge", f"{r.replaced:,} replaced: {before:,} → {count(r.tokens, 'id')}"),
        ("rule", f"merges[{show(r.pair)}] = {r.id}  vocab[{r.id}] = {result.vocab[r.id]!r}"),
    )
    return Mark("pick", ROUND, beside)
