"""Trace files grow with the chunk, not with symbols × rounds (issue 28 item 1).

A round is saved as its pair, its rank and the offsets where it merged; every word a view shows is
rebuilt from the capture and must be exactly the word bpe-trace/1 saved (the whole word after each
round, which made a long chunk's file quadratic: 20,000 letters on GPT-2 were 98.9 MB, over the open limit).
"""

from __future__ import annotations

import random
import string

import pytest

from tui.engine.bpe import capture
from tui.engine.tracefile import MAX_FILE_BYTES, dumps, load, loads, save

from .test_tracefile import old_dict


def letters(n: int, seed: int = 28) -> str:
    """One chunk of `n` random lowercase letters (a single regex chunk on every table)."""
    rng = random.Random(seed)
    return "".join(rng.choices(string.ascii_lowercase, k=n))


def words_of(trace):
    """Every word of every chunk, round by round: what the views show frame by frame."""
    return [[list(c.word(r)) for r in range(len(c.rounds) + 1)] for c in trace.chunks]


@pytest.mark.parametrize("table", ["gpt2", "cl100k_base"])
def test_a_long_chunk_round_trips_to_the_words_the_old_format_saved(request, tmp_path, table):
    """Save and open a 600-letter chunk (tiktoken's rule: the merge heap, one round per merge): every
    round's pair, rank and word is the one the old format wrote out in full."""
    trace = capture(letters(600), request.getfixturevalue({"gpt2": "gpt2_table", "cl100k_base": "cl100k_table"}[table]))
    old = old_dict(trace)
    save(trace, tmp_path / "long.json")
    again = load(tmp_path / "long.json")
    (chunk,) = again.chunks
    assert len(chunk.rounds) == len(old["chunks"][0]["rounds"]) > 100
    for r, saved in enumerate(old["chunks"][0]["rounds"], start=1):
        rnd = chunk.rounds[r - 1]
        assert (list(rnd.pair), rnd.rank, rnd.at if rnd.at >= 0 else None) == (saved["pair"], saved["rank"], saved.get("at"))
        assert list(chunk.word(r)) == saved["word"], r
    assert words_of(again) == words_of(trace)
    assert dumps(again) == dumps(trace)


@pytest.mark.parametrize("table", ["gpt2_table", "cl100k_table"])
def test_the_file_grows_linearly_with_the_chunk(request, table):
    """Twice the letters, about twice the file (the old format: about four times, 3.9× on cl100k_base)."""
    t = request.getfixturevalue(table)
    small, large = (len(dumps(capture(letters(n), t)).encode()) for n in (2_000, 4_000))
    assert large / small < 2.5


def test_the_old_format_of_a_long_chunk_was_quadratic(cl100k_table):
    """What the test above guards against: in bpe-trace/1, twice the letters made about four times the file."""
    import json

    small, large = (len(json.dumps(old_dict(capture(letters(n), cl100k_table)))) for n in (1_000, 2_000))
    assert large / small > 3.5


def test_a_20000_letter_gpt2_trace_saves_and_reopens(gpt2_table, tmp_path):
    """The longest chunk GPT-2's scan takes (20,000 letters): its file is small and opens again."""
    trace = capture(letters(20_000), gpt2_table)
    path = tmp_path / "t.json"
    save(trace, path)
    size = path.stat().st_size
    assert size < 1_000_000 < MAX_FILE_BYTES  # bpe-trace/1 wrote 98.9 MB
    again = load(path)
    (a,), (b,) = again.chunks, trace.chunks
    assert again.ids == trace.ids and len(a.rounds) == len(b.rounds) > 1_000
    for r in (0, 1, len(b.rounds) // 2, len(b.rounds) - 1, len(b.rounds)):
        assert a.word(r) == b.word(r)


def test_a_bpe_trace_1_file_of_a_long_chunk_still_opens(cl100k_table):
    """A long chunk saved in the old format opens as the same trace (and is written again as bpe-trace/2)."""
    import json

    trace = capture(letters(300), cl100k_table)
    again = loads(json.dumps(old_dict(trace)))
    assert words_of(again) == words_of(trace)
    assert dumps(again) == dumps(trace)
