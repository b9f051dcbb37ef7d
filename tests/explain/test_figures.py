"""Seed 002's figures, defined once: a table's sizes and a text's bytes → tokens, merges fired, cache hits."""

from __future__ import annotations

from dataclasses import replace

from tests.engine.support import CAFE
from tui.engine.bpe import capture
from tui.engine.tables import Table, get_table
from tui.explain.figures import figures, vocab_sum


def test_figures_cafe(gpt2_table: Table) -> None:
    """Seed 002's header: 256 + 50,000 + 1 = 50,257; café 你好 is 12 bytes → 8 tokens."""
    f = figures(capture(CAFE, gpt2_table))
    assert (f.base, f.merges, f.special, f.vocab, f.bytes, f.tokens, f.fired, f.cache_hits, f.growing) == (
        256,
        50000,
        1,
        50257,
        12,
        8,
        4,
        0,
        None,
    )
    assert vocab_sum(gpt2_table) == "50,257 = 256 + 50,000 + 1"
    assert f.said == "12 bytes → 8 tokens · 4 merges fire"


def test_seven_rounds_some_merging_twice() -> None:
    assert figures(capture("aaababcabxyz", get_table("teaching"))).said == "12 bytes → 3 tokens · 9 merges fire"


def test_one_of_each_is_said_in_the_singular() -> None:
    """'a' is one byte, one token, no merge; 'aa' fires one merge."""
    teaching = get_table("teaching")
    assert figures(capture("a", teaching)).said == "1 byte → 1 token · 0 merges fire"
    assert figures(capture("aa", teaching)).fires == "1 merge fires"


def test_a_growing_capture_says_so_far() -> None:
    trace = capture("ab ab ab", get_table("teaching"))  # "ab", " ab", then " ab" from the cache
    assert figures(replace(trace, complete=False)).said == "8 bytes → 5 tokens · 2 merges fire · 1 cache hit so far (3 chunks)"
