"""The current word as data: the caption, the positions merged, the new word, the focus and the note."""

from __future__ import annotations

from tui.engine.bpe import capture
from tui.engine.tables import Table
from tui.explain.position import Position
from tui.explain.word import char_starts, focus_bytes, merge_order, merged_at, picture, rounds_note, word_focus


def test_a_round_shows_the_old_word_the_merged_positions_and_the_new_word(teaching_table: Table) -> None:
    at = Position.of(capture("aaabdaaabac", teaching_table)).at(1)
    pic = picture(at, str)
    assert pic.caption == "round 1: merge (a a) rank 0: 11 → 9 symbols"
    assert pic.old == tuple("aaabdaaabac") and pic.new == ("aa", "a", "b", "d", "aa", "a", "b", "a", "c")
    assert (sorted(pic.chosen), pic.order, pic.focus, pic.cursor) == ([0, 5], (0, 5), 0, None)
    assert merged_at(at.chunk, 1) == frozenset({0, 5}) and merge_order(at.chunk, 1) == (0, 5)
    assert word_focus(at) == 0 and focus_bytes(at) == (0, 2)


def test_the_first_and_last_frames_say_the_bound_on_rounds(teaching_table: Table) -> None:
    start = Position.of(capture("aaab", teaching_table))
    assert picture(start, str).caption == "initial word: 4 symbols"
    assert rounds_note(start) == "At most 3 rounds, as each merges a pair; not a time bound: each rescans the word."
    last = start.last()
    pic = picture(last, str.upper)
    assert pic.caption == "final word: 1 symbol (bpe returns 'AAAB')"  # the bpe string goes through `show`
    assert (pic.ids, rounds_note(last)) == ((262,), "3 rounds; 4 symbols allow at most 3.")  # (a a), (a b), (aa ab)


def test_char_starts_counts_utf8_bytes(teaching_table: Table) -> None:
    trace = capture("aé你 😀", teaching_table)  # two chunks: the letters, then ' 😀'
    assert list(char_starts(trace.chunks[0])) == [0, 1, 3, 6]
    assert list(char_starts(trace.chunks[1])) == [0, 1, 5]
