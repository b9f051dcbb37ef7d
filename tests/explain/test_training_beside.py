"""The trained table beside the installed ones: bytes per token on the trained text, each table's own encode."""

from __future__ import annotations

import pytest

from tui.engine.tables import get_table
from tui.explain.training_sides import Beside, beside, train_both, trained_table

TEXT = "The cat sat on the mat. The cat ate the hat. 分词是大模型许多怪现象的根源。"


def test_the_trained_tables_figure_is_the_last_rounds_compression() -> None:
    """Encoding the text with the table ten merges learned gives the 66 tokens training counted: 90 / 66 = 1.36."""
    both = train_both(TEXT, 10)
    trained = trained_table(both)
    assert trained is not None and len(trained.table.merges) == 10
    assert beside(TEXT, trained.table, trained=True) == Beside("trained", 90 / 66, True)
    assert both.chunked.compression(10) == 90 / 66


def test_each_installed_table_is_set_beside_it_by_its_own_count() -> None:
    """90 bytes: GPT-2 46 tokens, cl100k_base 32, o200k_base 27, DeepSeek V4 22, Tekken 27."""
    figures = {name: beside(TEXT, get_table(name)) for name in ("gpt2", "cl100k_base", "o200k_base", "deepseek-v4", "tekken")}
    assert {name: 90 / f.bytes_per_token for name, f in figures.items() if f is not None} == pytest.approx(
        {"gpt2": 46, "cl100k_base": 32, "o200k_base": 27, "deepseek-v4": 22, "tekken": 27}
    )
    assert str(figures["deepseek-v4"]) == "DeepSeek V4 4.09"


def test_a_regex_chosen_for_training_goes_with_the_trained_table() -> None:
    from tui.engine.tables.registry import PATTERNS

    trained = trained_table(train_both(TEXT, 5, PATTERNS["cl100k_base"]))
    assert trained is not None and trained.table.pattern == PATTERNS["cl100k_base"]
    assert trained_table(train_both("a", 5)) is None  # one byte: nothing to merge, no table


def test_a_cancelled_comparison_gives_nothing() -> None:
    assert beside("word " * 20_000, get_table("gpt2"), cancelled=lambda: True) is None
