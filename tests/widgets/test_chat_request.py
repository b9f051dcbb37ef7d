"""The Chat view's request pane draws each block in a few rows whatever it holds: kinds told apart without colour,
hostile text drawn literally, a long message cut with what is left counted."""

from __future__ import annotations

import time

from rich.cells import cell_len

from tests.robust.hostile import FORBIDDEN_ON_SCREEN
from tui.engine.chat.model import Part
from tui.explain.chat_rows import Block
from tui.widgets.chat_request import IDS_ROWS, TEXT_ROWS, block_rows, legend
from tui.widgets.strips import Row, row_plain


def block(*parts: Part) -> Block:
    return Block("message", 0, "#0 user", "", "content 2 · template 0 · special 2", parts)


def plain(rows: list[Row]) -> list[str]:
    return [row_plain(row) for row in rows]


def test_a_short_block_is_its_title_and_one_row_of_text_and_ids() -> None:
    """Special bold in ⟦ ⟧, template underlined, content plain; the ids after =, each in its part's look."""
    shown = block(Part("special", 0, "[INST]", (3,)), Part("template", 0, "x:", (1784,)), Part("content", 0, "Hello there", (22177, 2156)))
    rows = block_rows(shown, 80, selected=True)
    assert plain(rows) == ["▶ #0 user · content 2 · template 0 · special 2", "  ⟦[INST]⟧x:Hello there = ⟦3⟧ 1784 22177 2156"]
    looks = dict(rows[1])
    assert looks["⟦[INST]⟧"] == "bold" and looks["x:"] == "underline" and looks["Hello there"] == ""
    assert looks["⟦3⟧"] == "bold" and looks["1784"] == "underline" and looks["22177"] == ""


def test_a_block_too_wide_for_one_row_puts_its_ids_beneath() -> None:
    shown = block(Part("content", 0, "word " * 12, tuple(range(1000, 1012))))
    rows = plain(block_rows(shown, 40, selected=False))
    assert rows[0] == "  #0 user · content 2 · template 0 · special 2"
    assert rows[1:] == [
        "  word word word word word word word wor",
        "  d word word word word ",
        "  = 1000 1001 1002 1003 1004 1005 1006",
        "  1007 1008 1009 1010 1011",
    ]
    # the title row is cut by the list; ids break between ids, text as a terminal folds it
    assert all(cell_len(row) <= 40 for row in rows[1:])


def test_a_hundred_thousand_characters_take_a_few_rows_and_say_what_is_left() -> None:
    text = "\x1b[2J\u202eHello\x00 " + "x" * 100_000
    ids = tuple(range(16_000))
    started = time.perf_counter()
    rows = plain(block_rows(block(Part("content", 0, text, ids)), 60, selected=False))
    took = time.perf_counter() - started
    assert len(rows) <= 1 + TEXT_ROWS + IDS_ROWS
    assert rows[1].startswith("  ␛[2J⟨U+202E⟩Hello␀ xxx")
    assert any("characters more" in row for row in rows) and "… 15," in rows[-1] and rows[-1].endswith("ids more")
    assert not any(ch in FORBIDDEN_ON_SCREEN or ch < " " for row in rows for ch in row)
    assert took < 1.0  # bounded by the rows drawn, not the text (about a millisecond)


def test_the_legend_draws_each_kind_in_its_own_look() -> None:
    wide, narrow = legend(80), legend(58)
    assert wide.plain == "⟦special⟧ bold · template underlined · content plain · ids after ="
    assert narrow.plain == "⟦special⟧ · template · content · ids after ="
    assert [(wide.plain[s.start : s.end], str(s.style)) for s in wide.spans] == [("⟦special⟧", "bold"), ("template", "underline")]


def test_every_message_kind_of_hostile_text_is_drawn_literally() -> None:
    """Escapes, bidi controls, NUL and marks in a role, a special's name and content never reach a row raw."""
    hostile = "\x1b]0;pwned\x07\u2066\u202e\x00\u0301\u0301\u0301\ufe0f"
    shown = Block("message", 0, f"#0 {hostile}", "", "", (Part("special", 0, hostile, (1,)), Part("content", 0, hostile, (2,))))
    for width in (20, 58, 160):
        for row in plain(block_rows(shown, width, selected=False)):
            assert not any(ch in FORBIDDEN_ON_SCREEN or ch < " " for ch in row), row
