"""Seed 000: rules b+c and c+a exist, yet never get selected: earlier rules consume their components."""

from __future__ import annotations

from tui.engine.bpe import capture
from tui.engine.tables import Table
from tui.explain.whynot import never_chosen, why_not


def test_teaching_example_names_the_two_rules_that_never_fire(teaching_table: Table) -> None:
    trace = capture("aaababcabxyz", teaching_table)
    found = never_chosen(trace, 0)
    assert [(w.pair, w.rank, w.first_round, w.last_round, w.consumed_by, w.consumed_rank) for w in found] == [
        (("b", "c"), 2, 1, 2, ("a", "b"), 1),
        (("c", "a"), 3, 1, 2, ("a", "b"), 1),
    ]
    assert found[0].sentence == (
        "(b c) (rank 2) was a candidate in rounds 1–2, but a lower rank was always present; "
        "round 2 merged (a b) (rank 1), which took its 'b': present in the table, unusable on this input."
    )
    assert "which took its 'a'" in found[1].sentence


def test_chosen_absent_and_non_rules_are_told_apart(teaching_table: Table) -> None:
    trace = capture("aaababcabxyz", teaching_table)
    assert why_not(trace, 0, ("aaab", "ab")).sentence == "(aaab ab) (rank 7) was chosen in round 6."
    assert why_not(trace, 0, ("x", "z")).sentence == "(x z) is not a rule of this table: it can never be merged."
    never_adjacent = why_not(capture("abc", teaching_table), 0, ("c", "a"))
    assert never_adjacent.first_round is None and "never next to each other" in never_adjacent.sentence


def test_a_chunk_without_rounds_has_nothing_to_explain(teaching_table: Table) -> None:
    trace = capture("abc!abc", teaching_table)
    assert trace.chunks[2].cache == "hit" and never_chosen(trace, 2) == []
