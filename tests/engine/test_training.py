"""Seed 004's training: counts inside chunks, one global choice per round, ties to the first inserted pair."""

from __future__ import annotations

import random

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.training import TrainingError, train

from .train_reference import plain_train


def test_the_cat_the_hat_chunked() -> None:
    """Four chunks, 15 bytes; th (a three-way tie), the, at; 9 tokens; 15 / 9 ≈ 1.67."""
    result = train("the cat the hat", 3)
    assert regex.findall(GPT2_PATTERN, "the cat the hat") == ["the", " cat", " the", " hat"]
    assert [(r.pair, r.count, r.id, r.tied) for r in result.rounds] == [
        ((116, 104), 2, 256, 3),
        ((256, 101), 2, 257, 2),
        ((97, 116), 2, 258, 1),
    ]
    assert [result.vocab[r.id] for r in result.rounds] == [b"th", b"the", b"at"]
    assert (result.byte_count, result.chunk_count, result.tokens) == (15, 4, 9)
    assert f"{result.compression:.2f}" == "1.67"


def test_without_chunks_round_three_crosses_the_space() -> None:
    """Unchunked, round 3 picks (257, 32): 'the ' — a merge across the letter/space boundary."""
    result = train("the cat the hat", 3, pattern=None)
    assert result.chunk_count == 1 and result.rounds[2].pair == (257, 32) and result.vocab[258] == b"the "


def test_a_a_in_aaa_counts_two_but_replaces_one() -> None:
    r = train("aaa", 1).rounds[0]
    assert (r.pair, r.count, r.replaced, r.tokens) == ((97, 97), 2, 1, 2)


@pytest.mark.parametrize("seed", range(40))
def test_same_as_the_plain_loop_on_generated_texts(seed: int) -> None:
    rng = random.Random(seed)
    alphabet = rng.choice(["ab ", "abc \n", "the cat hat ", "aé你 1!", "xy  z\t"])
    text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 300)))
    merges = rng.randint(1, 40)
    for pattern in (GPT2_PATTERN, None):
        expected, tokens = plain_train(text, merges, pattern)
        result = train(text, merges, pattern)
        assert [(r.pair, r.count, r.tied) for r in result.rounds] == expected
        assert result.tokens == tokens


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from("aab  bé你\n1!"), max_size=120) | st.text(max_size=40),
    st.integers(1, 30),
    st.booleans(),
    st.integers(1, 6),
)
def test_the_incremental_loop_is_the_plain_loop(text: str, merges: int, chunked: bool, keep: int) -> None:
    """On any text, with or without chunks: the same pairs, counts, ties, leading counts in the same order, tokens."""
    text = text.encode("utf-8", "replace").decode("utf-8") or "a"
    pattern = GPT2_PATTERN if chunked else None
    every: list[list[tuple[tuple[int, int], int]]] = []
    expected, tokens = plain_train(text, merges, pattern, every)
    result = train(text, merges, pattern, leaders=keep)
    assert [(r.pair, r.count, r.tied) for r in result.rounds] == expected
    assert [list(r.leaders) for r in result.rounds] == [ranked[:keep] for ranked in every]
    assert result.tokens == tokens and result.tokens == result.byte_count - sum(r.replaced for r in result.rounds)


@pytest.mark.parametrize("seed", range(10))
def test_invariants_of_every_round(seed: int) -> None:
    """Replaced ≤ count (equal when the two symbols differ); tokens = bytes − everything replaced."""
    rng = random.Random(100 + seed)
    text = "".join(rng.choice("aab ba\n") for _ in range(500))
    result = train(text, 60, leaders=8)
    for r in result.rounds:
        assert r.replaced <= r.count
        a, b = r.pair
        if a != b:
            assert r.replaced == r.count
        assert r.leaders[0] == (r.pair, r.count) and len(r.leaders) <= 8
    assert result.tokens == result.byte_count - sum(r.replaced for r in result.rounds)


def test_each_round_keeps_as_many_leading_counts_as_asked() -> None:
    """'the cat the hat', three leaders a round (the chosen pair first among equals); none unless asked."""
    result = train("the cat the hat", 3, leaders=3)
    assert [r.leaders for r in result.rounds] == [
        (((116, 104), 2), ((104, 101), 2), ((97, 116), 2)),
        (((256, 101), 2), ((97, 116), 2), ((32, 99), 1)),
        (((97, 116), 2), ((32, 99), 1), ((99, 97), 1)),
    ]
    assert [r.leaders for r in train("the cat the hat", 3).rounds] == [(), (), ()]


def test_training_stops_when_no_pair_is_left() -> None:
    result = train("ab", 5)
    assert len(result.rounds) == 1 and result.stopped_early and result.tokens == 1


@pytest.mark.parametrize(
    ("text", "merges", "message"),
    [
        ("", 3, "the text is empty: there is nothing to train on."),
        ("abc", 0, "the number of merges must be at least 1, not 0."),
        ("abc", -2, "the number of merges must be at least 1, not -2."),
        ("a\ud800b", 3, "the text cannot be encoded as UTF-8: lone surrogate U+D800 at character 1."),
    ],
)
def test_bad_requests_get_one_sentence(text: str, merges: int, message: str) -> None:
    with pytest.raises(TrainingError) as info:
        train(text, merges)
    assert str(info.value) == message
