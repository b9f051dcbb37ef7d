"""Issue 13's figure: 200 merges learned from a 1 MB text, against seed 004's plain loop on the same text.

The plain loop recounts every pair of the text and rewrites every chunk each round; ours counts each
distinct chunk once with its multiplicity and rewrites only the chunks that hold the chosen pair.
Both must give identical merges, counts, ties and totals. The plain loop takes a minute or two here,
so each side runs once.
"""

from __future__ import annotations

from time import perf_counter

import pytest
from engine.train_reference import plain_train

from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.training import train

from .texts import multilingual

pytestmark = pytest.mark.bench


def test_training_200_merges_on_1_mb(figure) -> None:  # type: ignore[no-untyped-def]
    text = multilingual(1_000_000)
    start = perf_counter()
    result = train(text, 200)
    ours = perf_counter() - start
    start = perf_counter()
    expected, tokens = plain_train(text, 200, GPT2_PATTERN)
    plain = perf_counter() - start
    assert [(r.pair, r.count, r.tied) for r in result.rounds] == expected and result.tokens == tokens
    ratio = ours / plain
    figure(
        "13",
        f"train 200 merges on {len(text.encode()) / 1e6:.2f} MB / seed 004's plain loop (identical merges)",
        f"{ratio:.3f}× ({ours:.1f} s vs {plain:.0f} s)",
        "≤ 0.1×",
        ratio <= 0.1,
    )
    assert ratio <= 0.1, f"training took {ratio:.3f}× the plain loop (target ≤ 0.1×)"
