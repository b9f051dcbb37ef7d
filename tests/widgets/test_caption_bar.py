"""The tour's caption bar's text (tui/widgets/caption_bar.py): the heading, words wrapped to the bar's width, two lines at most."""

from __future__ import annotations

from tui.widgets.caption_bar import caption_lines, heading, wrap


def test_the_heading_counts_scenes_from_one_and_says_when_the_tour_plays() -> None:
    assert heading(2, 11, "The teaching table's seven rounds") == "scene 3/11: The teaching table's seven rounds"
    assert heading(0, 2, "Hi", playing=True) == "▶ scene 1/2: Hi"


def test_words_wrap_at_spaces_and_a_word_wider_than_the_line_keeps_a_line_of_its_own() -> None:
    assert wrap("scene 1/2: a b c", 9) == ["scene", "1/2: a b", "c"]
    assert wrap("你好 ab", 4) == ["你好", "ab"]  # two cells a character
    assert wrap("internationalization x", 6) == ["internationalization", "x"]


def test_a_caption_too_long_is_cut_with_an_ellipsis_and_the_tours_keys_always_end_the_bar() -> None:
    assert caption_lines("scene 1/2: T", "ok", 40) == ["scene 1/2: T · ok  (] next, [ back)"]
    assert caption_lines("scene 1/2: T", "okay then", 36) == ["scene 1/2: T · okay then", "(] next, [ back)"]  # a line of their own
    long = "a caption far too long for two lines of the bar, whatever happens"
    assert caption_lines("scene 1/2: T", long, 40, rows=2) == [
        "scene 1/2: T · a caption far too long",
        "for two lines of the…  (] next, [ back)",
    ]
    assert caption_lines("scene 1/2: T", "a b c d e f g h", 8, rows=2) == ["scene", "1/2: T…"]  # too narrow for the keys


def test_a_tour_files_title_and_caption_are_shown_literally() -> None:
    """A lecturer's file is untrusted text: an escape sequence or a bidi override is shown, never sent to the terminal."""
    head = heading(0, 1, "Red\x1b[31m")
    assert head == "scene 1/1: Red␛[31m"
    assert caption_lines(head, "a\u202eb", 60) == ["scene 1/1: Red␛[31m · a⟨U+202E⟩b  (] next, [ back)"]
