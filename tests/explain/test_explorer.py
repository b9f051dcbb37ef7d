"""The explorer's rows as data: chunks, branches, tokens and where each token starts, per tokenizer."""

from __future__ import annotations

from tui.engine.tables import get_table
from tui.explain.explorer import RowChunk, TokenizerRow, build_row


def test_a_row_holds_each_chunk_its_branch_and_its_tokens() -> None:
    """' 你好' is five GPT-2 tokens (a space, then two bytes-level tokens per character): a token that starts
    inside a character is given that character's offset, and only whole-character starts are cuts."""
    row = build_row("Hi 你好", get_table("gpt2"))
    assert isinstance(row, TokenizerRow)
    assert (row.name, row.label, row.tokens, row.bytes, row.starts) == ("gpt2", "GPT-2", 6, 9, (0, 2))
    assert row.chunks == (
        RowChunk("Hi", 0, 7, (17250,), (0,), ()),
        RowChunk(" 你好", 2, 7, (220, 19526, 254, 25001, 121), (0, 1, 1, 2, 2), (1, 2)),
    )
    assert row.chunks[1].end == 5


def test_chunk_at_finds_the_chunk_holding_an_offset() -> None:
    row = build_row("HOW'S it", get_table("gpt2"))
    assert row is not None
    assert [row.chunk_at(k) for k in range(9)] == [0, 0, 0, 1, 2, 3, 3, 3, 3]
    assert row.summary() == "4 chunks · 4 tokens · 2.00 bytes/token"


def test_a_cancelled_build_returns_none() -> None:
    assert build_row("a " * 10_000, get_table("gpt2"), cancelled=lambda: True) is None


def test_cuts_and_what_a_row_says_under_a_stretch_of_text() -> None:
    """1234567: GPT-2 keeps one chunk of three tokens (123 45 67), cl100k_base cuts three chunks (123 456 7)."""
    gpt2, cl100k = (build_row("1234567", get_table(name)) for name in ("gpt2", "cl100k_base"))
    assert gpt2 is not None and cl100k is not None
    assert gpt2.cuts_between(0, 7, tokens=True) == (set(), {3, 5}) and gpt2.cuts_between(0, 7, tokens=False) == (set(), set())
    assert cl100k.cuts_between(0, 7, tokens=False) == ({3, 6}, set()) and cl100k.cuts_between(3, 7, tokens=False) == ({6}, set())
    assert [gpt2.under(0, 3, True), gpt2.under(0, 7, True), gpt2.under(0, 3, False), gpt2.under(3, 5, False)] == [
        "10163",
        "10163 2231 3134",
        "8",  # ' ?\p{N}+' is GPT-2's ninth branch
        "",
    ]
