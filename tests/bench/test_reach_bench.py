"""Figure 29 (issue 26): sorting every ordinary token of o200k_base into reachable / fragment / split_by_regex /
taken_apart, against the same classification done with tiktoken (its Rust encoder and the `regex` package), in the
same run, run by run alternating. Target ≤ 2×."""

from __future__ import annotations

import pytest
import regex
import tiktoken

from tui.engine.tables import get_table
from tui.engine.tables.tiktoken_files import RANK_FILES
from tui.explain.reach import CLASSES, Class, classify

from .conftest import ms, race

pytestmark = pytest.mark.bench


def tiktoken_classes(encoding: tiktoken.Encoding, ranks: dict[bytes, int], pattern: str) -> dict[Class, int]:
    """The four classes by their definitions, each token asked of tiktoken: decode, encode_ordinary, then the regex."""
    chunks = regex.compile(pattern).findall
    encode = encoding.encode_ordinary
    counts: dict[Class, int] = dict.fromkeys(CLASSES, 0)
    for data, ident in ranks.items():
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            counts["fragment"] += 1
            continue
        if encode(text) == [ident]:
            counts["reachable"] += 1
        elif len(chunks(text)) > 1:
            counts["split_by_regex"] += 1
        else:
            counts["taken_apart"] += 1
    return counts


def test_o200k_reach_vs_tiktoken(benchmark, figure):
    """classify(o200k_base) ≤ 2× the same classification with tiktoken."""
    table = get_table("o200k_base")
    ranks = dict(table.byte_ranks or {})
    spec = RANK_FILES["o200k_base"]
    encoding = tiktoken.Encoding("o200k-reach", pat_str=spec.pattern, mergeable_ranks=ranks, special_tokens=dict(spec.specials))
    ours = classify(table)
    assert {kind: ours.count(kind) for kind in CLASSES} == tiktoken_classes(encoding, ranks, table.pattern)
    r = race(benchmark, lambda: classify(table), lambda: tiktoken_classes(encoding, ranks, table.pattern), rounds=3)
    ok = r.ratio <= 2.0
    figure(
        "29",
        "o200k_base: every token's reach class / the same with tiktoken",
        f"{r.ratio:.2f}× ({ms(r.ours_median)} vs {ms(r.peer_median)})",
        "≤ 2×",
        ok,
    )
    assert ok, f"classifying o200k_base is {r.ratio:.2f}× tiktoken (target ≤ 2×)"
