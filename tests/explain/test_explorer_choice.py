"""The explorer's choice of rows (up to six, any installed table) and rows on tables that rewrite or split the text
their own way: an NFC table's chunks placed on the text as typed, DeepSeek V4's three-Split pipeline."""

from __future__ import annotations

import unicodedata
from dataclasses import replace

import pytest

from tui.engine.normalize import NFC
from tui.engine.tables import get_table, teaching
from tui.explain.branches import explain_match
from tui.explain.explorer import MAX_ROWS, build_row, chosen_rows
from tui.explain.row_chunks import RowChunk

INSTALLED = ("teaching", "gpt2", "cl100k_base", "o200k_base", "deepseek-v4", "qwen3", "qwen3.6", "tekken")


def test_the_rows_asked_for_come_in_the_order_asked_each_once() -> None:
    assert chosen_rows(["deepseek-v4", "gpt2", "deepseek-v4", "tekken"], INSTALLED) == ("deepseek-v4", "gpt2", "tekken")


@pytest.mark.parametrize(
    ("asked", "said"),
    [
        (["gpt2", "llama3"], "no table 'llama3' to explore; choose among: " + ", ".join(INSTALLED) + "."),
        ([], "choose at least one table to explore."),
        (list(INSTALLED[:7]), "the explorer shows 6 tables at most; 7 were given."),
    ],
)
def test_a_wrong_choice_is_refused_in_one_sentence(asked: list[str], said: str) -> None:
    with pytest.raises(ValueError) as refused:
        chosen_rows(asked, INSTALLED)
    assert str(refused.value) == said
    assert MAX_ROWS == 6


def test_an_nfc_tables_chunks_sit_on_the_text_as_typed() -> None:
    """'cafe' + U+0301 is cut as 'café' (one character fewer): the chunks keep the typed text's offsets, so
    ' ok' starts at 5 as in every other row, and é's two tokens start at the e."""
    row = build_row("cafe\u0301 ok", replace(teaching(), normalizer=NFC))
    assert row is not None
    assert tuple(row.chunks) == (
        RowChunk("cafe\u0301", 0, 7, (259, 69, 127, 102), (0, 2, 3, 3), (2, 3)),
        RowChunk(" ok", 5, 7, (220, 78, 74), (0, 1, 2), (1, 2)),
    )
    assert tuple(row.starts) == (0, 5) and row.chunks[-1].end == len("cafe\u0301 ok")


@pytest.mark.parametrize("name", ["teaching", "deepseek-v4"])
def test_an_nfc_tables_chunk_is_explained_in_the_text_its_regex_ran_on(name: str) -> None:
    """The regex ran on the NFC text: each chunk's explanation says what its branch took there ('café', composed,
    not the typed 'cafe' before U+0301), at the chunk's offset in the text as typed (' ok' at 5); a pipeline's
    chunk in the piece its step cut it from."""
    text = "Cafe\u0301 1234567 你好世界 ok"
    row = build_row(text, replace(get_table(name), normalizer=NFC))
    assert row is not None and row.normalised == unicodedata.normalize("NFC", text)
    said = [row.explained(k) for k in range(len(row.chunks))]
    assert [(why.start, why.winner.matched) for why in said if why is not None] == [
        (chunk.start, unicodedata.normalize("NFC", chunk.text)) for chunk in row.chunks
    ]
    assert said[0] is not None and said[0].winner.matched == "Café"


def test_deepseek_v4_rows_name_the_split_that_cut_each_chunk() -> None:
    """DeepSeek V4's digits Split takes 123 456 7 (branch index 0), its CJK Split the Chinese run (index 2); the ids
    are Hugging Face tokenizers' for the same text."""
    row = build_row("Hi 1234567 分词是大模型", get_table("deepseek-v4"))
    assert row is not None
    assert [(c.text, c.start, c.branch, c.ids) for c in row.chunks] == [
        ("Hi", 0, 5, (23166,)),
        (" ", 2, 8, (223,)),
        ("123", 3, 0, (6895,)),
        ("456", 6, 0, (18009,)),
        ("7", 9, 0, (25,)),
        (" ", 10, 8, (223,)),
        ("分词是大模型", 11, 2, (121402, 32205, 8842)),
    ]
    assert row.branches[0] == r"\p{N}{1,3}"


def test_a_pipeline_rows_chunk_is_explained_in_its_piece_as_in_the_whole_text() -> None:
    """DeepSeek V4's row keeps the piece each chunk's step cut it from: its explanation, found in that piece alone
    (what keeps a move instant on a 1,000,000-character text), is the one found by walking the whole text."""
    table = get_table("deepseek-v4")
    text = "x 1234567 你好世界 ok 👍🏽👨\u200d👩 The year 2024, 'quoted' — ¡sí! \n\n  tabs\tend"
    row = build_row(text, table)
    assert row is not None and row.pieces is not None and len(row.pieces) == 2 * len(row.chunks)
    for k, chunk in enumerate(row.chunks):
        assert row.explained(k) == explain_match(text, chunk.start, table.pattern), chunk.text
    assert build_row(text, get_table("gpt2")).pieces is None  # type: ignore[union-attr]
