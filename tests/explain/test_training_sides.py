"""What the training view steps through (tui/engine/training_sides.py): both trainings, each round's shown pieces."""

from __future__ import annotations

import random

import pytest

from tui.engine.book import read_book
from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.training import merge, pieces, train
from tui.explain.training_sides import (
    SHOWN_BYTES,
    TrainingCancelled,
    examples_text,
    occurrences,
    replay,
    seed_beside,
    shown_pieces,
    train_both,
)


def test_the_cat_the_hat_side_by_side() -> None:
    """Seed 004: rounds 1 and 2 agree; round 3 is `at` (97, 116) in chunks, `the·` (257, 32) without."""
    both = train_both("the cat the hat", 3, source="the text")
    assert [r.pair for r in both.chunked.result.rounds] == [(116, 104), (256, 101), (97, 116)]
    assert [r.pair for r in both.unchunked.result.rounds] == [(116, 104), (256, 101), (257, 32)]
    assert [r.tied for r in both.chunked.result.rounds] == [3, 2, 1]
    assert [r.tied for r in both.unchunked.result.rounds] == [4, 3, 2]
    assert both.chunked.before(3) == ((257,), (32, 99, 97, 116), (32, 257), (32, 104, 97, 116))
    assert both.unchunked.before(3) == ((257, 32, 99, 97, 116, 32, 257, 32, 104, 97, 116),)
    assert both.chunked.states[3] == ((257,), (32, 99, 258), (32, 257), (32, 104, 258))
    assert [round(c, 2) for c in both.chunked.compressions] == [1.15, 1.36, 1.67]
    assert both.chunked.counts == (2.0, 2.0, 2.0) and both.rounds == 3 and both.pattern == GPT2_PATTERN


def test_aaa_counts_two_and_replaces_one() -> None:
    """`a a` occurs twice in `aaa` (overlapping) but merge replaces it once, left to right."""
    side = replay(train("aaa", 1))
    r = side.result.rounds[0]
    assert (r.pair, r.count, r.replaced, r.tokens) == ((97, 97), 2, 1, 2)
    assert occurrences(side.before(1)[0], (97, 97)) == [0] and side.states[1] == ((256, 97),)


def test_the_replayed_pieces_are_the_trained_ones() -> None:
    """On generated texts, every round's shown chunks are what merging the whole text gives, and the
    marked occurrences are exactly the ones merge replaces."""
    rng = random.Random(13)
    for _ in range(20):
        text = "".join(rng.choice(["the ", "cat", " hat", "aa", "é", "你", "\n", "!!"]) for _ in range(rng.randint(1, 40)))
        side = replay(train(text, 12))
        words = [list(p.encode("utf-8")) for p in pieces(text, GPT2_PATTERN)]
        for k, r in enumerate(side.result.rounds):
            assert [tuple(w) for w in words[: len(side.states[k])]] == list(side.states[k])
            for w in words:
                starts = occurrences(tuple(w), r.pair)
                assert len(merge(w, r.pair, r.id)) == len(w) - len(starts)
            words = [merge(w, r.pair, r.id) for w in words]


def test_only_the_start_of_a_long_text_is_replayed() -> None:
    text = "the cat sat " * 1000
    shown, cut = shown_pieces(text, GPT2_PATTERN)
    assert cut and sum(map(len, shown)) <= SHOWN_BYTES and b"".join(bytes(p) for p in shown) == text.encode()[: sum(map(len, shown))]
    whole, cut = shown_pieces(text, None)
    assert cut and len(whole) == 1 and len(whole[0]) == SHOWN_BYTES
    assert shown_pieces("the cat", GPT2_PATTERN) == ([tuple(b"the"), tuple(b" cat")], False)


def test_progress_reports_shares_and_stops_both_trainings() -> None:
    shares: list[float] = []
    train_both("the cat the hat", 3, progress=lambda share: shares.append(share) or True)
    assert shares[:3] == [1 / 6, 2 / 6, 3 / 6] and shares[-1] == 1.0
    with pytest.raises(TrainingCancelled):
        train_both("the cat the hat", 3, progress=lambda share: share < 0.3)


def test_the_engine_stops_when_progress_says_so() -> None:
    seen: list[int] = []
    result = train("the cat the hat", 3, progress=lambda done: seen.append(done) or done < 2)
    assert seen == [1, 2] and len(result.rounds) == 2


def test_the_examples_text_holds_each_example_once() -> None:
    text = examples_text()
    lines = text.split("\n")
    assert "the cat sat on the" not in lines and "The cat sat on the" in lines and "aaababcabxyz" in lines
    assert len(set(lines)) >= 20


def test_the_book_is_said_beside_seed_004s_figures_on_its_input_txt() -> None:
    """The bundled book's first pairs and ' the' merge, each beside seed 004's (23,837; 18,203; merge 12, 8,684), the
    shorter wordings for narrower screens; a text whose first pairs are others compares nothing."""
    result = train(read_book(), 20, GPT2_PATTERN)
    assert [(r.pair, r.count) for r in result.rounds[:2]] == [((32, 116), 22_023), ((104, 101), 17_348)]
    said = seed_beside(result)
    assert said[1] == "input.txt in (): ' t' 22,023 (23,837) · 'he' 17,348 (18,203) · ' the' at merge 11, 8,415 (merge 12, 8,684)"
    assert [len(s) for s in said] == sorted((len(s) for s in said), reverse=True) and len(said[-1]) <= 78
    assert seed_beside(train("the cat the hat", 3, GPT2_PATTERN)) == ("",)
