"""The explorer's rows as data: chunks, branches, tokens and where each token starts, per tokenizer."""

from __future__ import annotations

import tracemalloc

import pytest

from tui.engine.tables import get_table
from tui.explain.branches import spans
from tui.explain.explorer import Mark, Piece, Stretch, TokenizerRow, build_row
from tui.explain.row_chunks import RowChunk


def test_a_row_holds_each_chunk_its_branch_and_its_tokens() -> None:
    """' 你好' is five GPT-2 tokens (a space, then two bytes-level tokens per character): a token that starts
    inside a character is given that character's offset, and only whole-character starts are cuts."""
    row = build_row("Hi 你好", get_table("gpt2"))
    assert isinstance(row, TokenizerRow)
    assert (row.name, row.label, row.tokens, row.bytes, tuple(row.starts)) == ("gpt2", "GPT-2", 6, 9, (0, 2))
    assert tuple(row.chunks) == (
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


def test_a_stretch_holds_the_pieces_and_boundaries_a_row_shows() -> None:
    """1234567: GPT-2 keeps one chunk of three tokens (123 45 67), cl100k_base cuts three chunks (123 456 7).
    A stretch names each piece (its chunk, its first token id) and each boundary inside it with its label."""
    gpt2, cl100k = (build_row("1234567", get_table(name)) for name in ("gpt2", "cl100k_base"))
    assert gpt2 is not None and cl100k is not None
    assert gpt2.stretch(0, 7, tokens=True) == Stretch(
        (Piece(0, 3, 0, 10163), Piece(3, 5, 0, 2231), Piece(5, 7, 0, 3134)),
        (Mark(0, True, True, "10163"), Mark(3, False, True, "2231"), Mark(5, False, True, "3134")),
        3,
    )
    assert gpt2.stretch(0, 7, tokens=False) == Stretch((Piece(0, 7, 0, -1),), (Mark(0, True, True, "9"),), 0)
    assert cl100k.stretch(4, 7, tokens=False) == Stretch((Piece(4, 6, 1, -1), Piece(6, 7, 2, -1)), (Mark(6, True, True, "3"),), 0)
    assert gpt2.stretch(4, 6, tokens=True).pieces == (Piece(4, 5, 0, 2231), Piece(5, 6, 0, 3134))  # cut by the stretch


def test_tokens_that_start_inside_a_character_share_its_label() -> None:
    """' 你好' under GPT-2: 你 and 好 are two tokens each; each character's ids are one label, and the
    token that starts inside a character draws no boundary there."""
    row = build_row(" 你好", get_table("gpt2"))
    assert row is not None
    assert row.stretch(0, 3, tokens=True).marks == (
        Mark(0, True, True, "220"),
        Mark(1, False, True, "19526 254"),
        Mark(2, False, True, "25001 121"),
    )
    emoji = build_row("🙂a", get_table("cl100k_base"))  # one chunk: 🙂 is two tokens, a is one
    assert emoji is not None and emoji.stretch(0, 2, tokens=True).marks == (Mark(0, True, True, "9468 19044"), Mark(1, False, True, "64"))


def test_a_stretch_of_a_long_chunk_looks_at_the_tokens_it_shows_only() -> None:
    """A 20,000-letter chunk: a stretch of 30 characters in its middle looks at about 30 token ids, not all of them."""
    word = "".join("abcdefghij"[(n * 7) % 10] for n in range(20_000))
    row = build_row(word, get_table("gpt2"))
    assert row is not None and len(row.chunks) == 1 and len(row.chunks[0].ids) > 5_000
    stretch = row.stretch(10_000, 10_030, tokens=True)
    assert stretch.examined <= 31 and stretch.pieces[0].start == 10_000 and stretch.pieces[-1].end == 10_030


def test_a_row_on_characters_places_its_words_and_fallback_bytes_on_the_text() -> None:
    """Mistral v1 reads 'Hi  wörld 𝔘' as '▁Hi▁▁wörld▁𝔘': the prefix '▁' comes from the text's start, each '▁'
    from its space, so the words sit on the text as typed; '▁w' starts on the second space of the two, and 𝔘
    (no piece) falls back to the pieces of its four bytes F0 9D 94 98 (ids 3 + byte), which all start on it."""
    row = build_row("Hi  wörld 𝔘", get_table("mistral-v1"))
    assert row is not None and not row.by_regex
    assert [(c.text, c.start, c.ids, c.token_starts, c.cuts) for c in row.chunks] == [
        ("Hi", 0, (15359,), (0,), ()),
        ("  wörld", 2, (28705, 275, 2024, 417), (0, 1, 3, 5), (1, 3, 5)),
        (" 𝔘", 9, (28705, *(3 + b for b in "𝔘".encode())), (0, 1, 1, 1, 1), (1,)),
    ]
    assert row.stretch(0, 11, tokens=False).marks[1] == Mark(2, True, True, "")
    assert row.words.startswith("SentencePiece splits the text by no regex: its merges run over the whole normalised text, '▁Hi▁▁wörld▁𝔘'.")


TRICKY = "Hi  there\n\n  if x:\t\treturn 1234567 — 你好 👍🏽 'll O'NEIL   \n"


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base", "qwen3", "deepseek-v4", "tekken"])
def test_each_chunk_names_the_branch_the_whole_texts_cut_found(name: str) -> None:
    """A regex's branch is found again when a chunk is shown, by matching at its start: the same branch, for
    every chunk, as labelling the whole cut at once (`spans`), whitespace runs and lookaheads included."""
    table = get_table(name)
    text = TRICKY * 3
    row = build_row(text, table)
    assert row is not None
    assert [(c.text, c.start, c.branch) for c in row.chunks] == spans(table.normalize(text), table.pattern)


def test_a_long_row_keeps_its_chunks_in_columns() -> None:
    """200,000 one-digit chunks (Qwen 3 cuts every digit): the row holds under 40 bytes a chunk (tuples of
    Python objects took about 250), and its chunks read back as any row's do."""
    table = get_table("qwen3")
    text = "0123456789" * 20_000
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        row = build_row(text, table)
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert row is not None and len(row.chunks) == 200_000 and row.tokens == 200_000
    assert kept < 40 * 200_000, f"{kept / 200_000:.0f} bytes a chunk"
    assert row.chunks[-1] == RowChunk("9", 199_999, row.chunks[-1].branch, (24,), (0,), ())
    assert row.chunks[123_456].text == "6" and row.chunk_at(123_456) == 123_456
    assert [c.ids for c in row.chunks[:3]] == [(15,), (16,), (17,)]
