"""Differential tests: the engine on cl100k_base and o200k_base against tiktoken built offline from the same
carrier files; chunks against `regex.findall`; round trips; traces; long pieces; the two rules on GPT-2's table."""

from __future__ import annotations

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.robust.hostile import HOSTILE, LONG_LINE, TOWER
from tui.engine.bpe import capture, encode
from tui.engine.decoding import decode
from tui.engine.tables import TIKTOKEN
from tui.engine.tracefile import dumps, loads
from tui.explain.frames import Frames, narrate
from tui.explain.rule_agreement import as_tiktoken, rules_agree

from .test_tiktoken_diff import CORPUS

TEXTS = [*CORPUS, "\n".join(CORPUS), *HOSTILE.values(), TOWER, LONG_LINE[:5000], "a\n\n ", " \r\n\t\r", "HOW'S it GOING'LL"]
NAMES = ["cl100k", "o200k"]


@pytest.fixture(params=NAMES)
def pair(request, cl100k_table, o200k_table, tiktoken_cl100k, tiktoken_o200k):
    """(engine table, tiktoken encoding) for each tiktoken table."""
    return (cl100k_table, tiktoken_cl100k) if request.param == "cl100k" else (o200k_table, tiktoken_o200k)


@pytest.mark.parametrize("text", TEXTS, ids=range(len(TEXTS)))
def test_ids_match_tiktoken(pair, text):
    table, enc = pair
    ids = encode(text, table)
    assert ids == enc.encode_ordinary(text)
    assert decode(ids, table) == text


@pytest.mark.parametrize("text", TEXTS, ids=range(len(TEXTS)))
def test_capture_chunks_are_findall_and_replay_exactly(pair, text):
    """Chunks equal regex.findall of the table's pattern; every recorded word joins to the aliases; ids agree."""
    table, enc = pair
    trace = capture(text, table)
    assert [c.text for c in trace.chunks] == regex.findall(table.pattern, text)
    assert trace.ids == enc.encode_ordinary(text)
    for chunk in trace.chunks:
        for r in range(len(chunk.rounds) + 1):
            assert "".join(chunk.word(r)) == chunk.aliases
        for r in range(1, len(chunk.rounds) + 1):
            k = chunk.position(r)
            before, after = chunk.word(r - 1), chunk.word(r)
            assert after == (*before[:k], before[k] + before[k + 1], *before[k + 2 :])
            assert (before[k], before[k + 1]) == chunk.rounds[r - 1].pair


def test_trace_files_round_trip_on_the_new_tables(pair):
    table, _ = pair
    trace = capture("\n".join(CORPUS[:8]), table)
    again = loads(dumps(trace))
    assert again.ids == trace.ids and again.table is table
    frames = Frames(trace)
    assert all(narrate(trace, f) for f in frames)


def test_a_trace_with_a_wrong_step_position_is_refused(cl100k_table):
    """Two splits can join to the same bytes: the recorded offset makes the replay exact, and is checked."""
    import json

    data = json.loads(dumps(capture("internationalization", cl100k_table)))
    data["chunks"][0]["rounds"][0][3] += 1  # [left, right, rank, offset]
    with pytest.raises(ValueError, match=r"round 1: it merged at alias offsets \[0\], not \[1\]\.$"):
        loads(json.dumps(data))


def test_a_piece_that_is_a_token_is_emitted_whole(cl100k_table):
    trace = capture("    hello", cl100k_table)
    assert [c.stop for c in trace.chunks] == ["whole", "whole"]
    assert narrate(trace, Frames(trace)[1]) == "the whole chunk is a token: tiktoken emits it without merging; id [262]"


def test_both_rules_agree_on_gpt2s_table(gpt2_table):
    """GPT-2's table merged by tiktoken's rule gives the same ids over the multilingual corpus."""
    assert rules_agree(gpt2_table, TEXTS)
    assert as_tiktoken(gpt2_table).rule is TIKTOKEN


#: Code points unassigned in Python's Unicode 14 (Cn) are left out: the `regex` package knows newer
#: Unicode than tiktoken's Rust regex, so a letter assigned since (e.g. U+3D000, CJK Extension J in
#: Unicode 17) is \p{L} for us and not for tiktoken, and the chunks differ.
UNICODE = st.text(alphabet=st.characters(exclude_categories=("Cs", "Cn")), max_size=60)
DENSE = st.text(alphabet=st.sampled_from(" \t\n\r\u00a0aAbZ09'!./,é你🙂sSdD"), max_size=60)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(UNICODE, DENSE))
def test_generated_text_matches_tiktoken(pair, text):
    table, enc = pair
    ids = encode(text, table)
    assert ids == enc.encode_ordinary(text) and decode(ids, table) == text


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_100000_generated_strings_per_encoding(name, cl100k_table, o200k_table, tiktoken_cl100k, tiktoken_o200k):
    """≥ 100,000 hypothesis strings per encoding, in the slow suite."""
    table, enc = (cl100k_table, tiktoken_cl100k) if name == "cl100k" else (o200k_table, tiktoken_o200k)

    @settings(max_examples=100_000, deadline=None, database=None)
    @given(st.one_of(UNICODE, DENSE))
    def check(text: str) -> None:
        ids = encode(text, table)
        assert ids == enc.encode_ordinary(text) and decode(ids, table) == text

    check()
