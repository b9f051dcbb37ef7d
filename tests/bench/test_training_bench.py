"""Issue 13's figure: 200 merges learned from a 1 MB text, against seed 004's plain loop on the same text;
issue 23's (item 9): the same without chunks, where the whole text is one word of a million symbols.

The plain loop recounts every pair of the text and rewrites every chunk each round; ours counts each
distinct chunk once with its multiplicity and rewrites only the chunks that hold the chosen pair.
Both must give identical merges, counts, ties and totals. The plain loop takes a minute or two here,
so each side runs once.
"""

from __future__ import annotations

from time import process_time

import pytest

from tests.engine.train_reference import plain_train
from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.training import train

from .texts import multilingual

pytestmark = pytest.mark.bench


@pytest.mark.parametrize(
    ("number", "pattern", "how"),
    [("13", GPT2_PATTERN, ""), ("13d", None, " without chunks")],
    ids=["chunks", "no-chunks"],
)
def test_training_200_merges_on_1_mb(figure, number: str, pattern: str | None, how: str) -> None:  # type: ignore[no-untyped-def]
    """Without chunks a round of the plain loop recounts a million pairs; ours visits only the merged pair's
    occurrences and their neighbours. Processor time, so other processes on the machine do not count."""
    text = multilingual(1_000_000)
    start = process_time()
    result = train(text, 200, pattern)
    ours = process_time() - start
    start = process_time()
    expected, tokens = plain_train(text, 200, pattern)
    plain = process_time() - start
    assert [(r.pair, r.count, r.tied) for r in result.rounds] == expected and result.tokens == tokens
    ratio = ours / plain
    figure(
        number,
        f"train 200 merges{how} on {len(text.encode()) / 1e6:.2f} MB / seed 004's plain loop (identical merges)",
        f"{ratio:.3f}× ({ours:.1f} s vs {plain:.0f} s)",
        "≤ 0.1×",
        ratio <= 0.1,
    )
    assert ratio <= 0.1, f"training{how} took {ratio:.3f}× the plain loop (target ≤ 0.1×)"
