"""The tokens at one position: the chunks that have emitted, their ids, and a chunk's text cut at its tokens."""

from __future__ import annotations

from tui.engine.bpe import capture
from tui.engine.tables import Table
from tui.explain.position import Position
from tui.explain.tokens import emitted_chunks, shown_ids, token_pieces


def test_a_chunks_ids_are_emitted_at_its_last_frame(teaching_table: Table) -> None:
    """'aaab' then ' ab': frames start, 3 rounds, done, then start, 1 round, done."""
    start = Position.of(capture("aaab ab", teaching_table))
    walk = [start.at(i) for i in range(len(start.frames))]
    assert [f.frame.kind for f in walk] == ["start", "round", "round", "round", "done", "start", "round", "done"]
    assert [emitted_chunks(f) for f in walk] == [0, 0, 0, 0, 1, 1, 1, 2]
    assert [shown_ids(f) for f in walk[3:6]] == [[], [262], [262]] and shown_ids(walk[-1]) == [262, 220, 257]


def test_token_pieces_give_a_token_inside_a_character_an_empty_piece(gpt2_table: Table) -> None:
    """你 is two GPT-2 tokens (19526, 254), both starting at the character (offset 1): the text goes to the
    later one, the earlier gets an empty piece (as the chunks pane draws it: one tint per character)."""
    assert token_pieces(" 你好", (220, 19526, 254, 25001, 121), gpt2_table.decoder) == [
        (" ", 220),
        ("", 19526),
        ("你", 254),
        ("", 25001),
        ("好", 121),
    ]
    assert token_pieces("hello", (31373,), gpt2_table.decoder) == [("hello", 31373)]


def test_the_decode_views_example_ids_are_each_tables_own() -> None:
    """GPT-2's '19526 254 · 50256' exists only in GPT-2: each table suggests 你's ids and its own special token."""
    from tui.engine.tables import get_table
    from tui.explain.tokens import example_ids

    assert [example_ids(get_table(name)) for name in ("gpt2", "cl100k_base", "o200k_base")] == [
        "19526 254 · 50256",
        "57668 · 100257",
        "12370 · 199999",
    ]
