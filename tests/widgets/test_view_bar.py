"""The view bar names nine views: whole where they fit, else the current view whole and its neighbours' labels
first, leaving the table's note its room; every view's key is always there."""

from __future__ import annotations

import pytest

from tui.views import VIEWS
from tui.widgets.view_bar import NOTE_ROOM, ViewBar


def bar(current: str, width: int, note: str = "") -> str:
    view_bar = ViewBar(current)
    view_bar.note = note
    return "".join(shown for _, shown in view_bar.entries(width))


@pytest.mark.parametrize(
    ("current", "width", "note", "drawn"),
    [
        ("chat", 160, "", " 1 Encode  2 Decode  3 Aliases  4 Tables  5 Special  6 Explore  7 Train  8 Compare [9 Chat]"),
        ("chat", 80, "Tekken", "1 2 3 4 5 Special 6 Explore 7 Train 8 Compare [9 Chat]"),
        ("decode", 80, "GPT-2", "1 Encode [2 Decode]3 Aliases 4 Tables 5 Special 6 7 8 9 "),
        ("explore", 80, "", "1 2 Decode 3 Aliases 4 Tables 5 Special [6 Explore]7 Train 8 Compare 9 Chat "),
        ("chat", 60, "Tekken", "1 2 3 4 5 6 7 8 Compare [9 Chat]"),
        ("encode", 40, "GPT-2", "[1 Encode]2 3 4 5 6 7 8 9 "),
    ],
)
def test_the_views_nearest_the_current_one_keep_their_labels(current: str, width: int, note: str, drawn: str) -> None:
    assert bar(current, width, note) == drawn
    labelled = sum(f"{v.key} {v.label}" in drawn for v in VIEWS)
    assert len(drawn) + (NOTE_ROOM if note and 1 < labelled < len(VIEWS) else 0) <= width  # labels leave the note its room
    assert all(f"{v.key} " in drawn or f"[{v.key} " in drawn for v in VIEWS)
