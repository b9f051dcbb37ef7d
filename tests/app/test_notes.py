"""tui/app/notes.py: a notification never has less than MIN_DELAY left while it lasts; the app's notes are plain text."""

from __future__ import annotations

from time import time

import pytest
from textual.notifications import Notify

from tests.app_support import make_app, opened, screen_text, settle, until
from tui.app.notes import EXPLAIN_FOR, MIN_DELAY, Note, note, note_cells, pages
from tui.commands import VIEWS


def test_a_note_about_to_expire_still_has_min_delay_left_and_an_expired_one_says_so() -> None:
    almost = Note("hi", timeout=10, raised_at=time() - 9.99)
    assert not almost.has_expired and almost.time_left == MIN_DELAY
    gone = Note("hi", timeout=10, raised_at=time() - 11)
    assert gone.has_expired and gone.time_left == MIN_DELAY
    fresh = Note("hi", timeout=10)
    assert 9.9 < fresh.time_left <= 10 and not fresh.has_expired


def test_note_posts_a_plain_text_note_at_least_min_delay_long() -> None:
    posted = note("[b]path[/b]", "Not saved", "error", 0.0)
    assert isinstance(posted, Notify) and isinstance(posted.notification, Note)
    shown = posted.notification
    assert (shown.message, shown.title, shown.severity, shown.timeout, shown.markup) == (
        "[b]path[/b]",
        "Not saved",
        "error",
        MIN_DELAY,
        False,
    )
    assert note("x", "", "information", 3.0).notification.timeout == 3.0
    assert (MIN_DELAY, EXPLAIN_FOR) == (0.05, 12.0)


def test_an_explanation_is_paged_by_whole_sentences() -> None:
    """Each page holds whole sentences (the issue's '…id 257 names its [w 1/2]' cut one in the middle)."""
    text = "rule 2: b + c → bc, id 258. Rank 2 orders the rule; id 258 names its token.\nIt was a candidate in rounds 1–2."
    shown = pages(text, note_cells(60))
    assert shown == [
        "rule 2: b + c → bc, id 258. [w 1/3]",
        "Rank 2 orders the rule; id 258 names its token. [w 2/3]",
        "It was a candidate in rounds 1–2. [w 3/3]",
    ]
    long = "one " * 30 + "end."  # a sentence longer than the line: cut at spaces, over pages of its own
    assert [p.rsplit(" [w", 1)[0] for p in pages(long + " Next one.", 40)] == [
        "one " * 7 + "one",
        "one " * 7 + "one",
        "one " * 7 + "one",
        "one " * 6 + "end.",
        "Next one.",
    ]


@pytest.mark.parametrize("size", [(60, 18), (80, 24)])
async def test_every_view_footer_keeps_help_and_quit(size: tuple[int, int]) -> None:
    """However narrow, the footer shows `? help` and `q quit` (at 60x18 view 1's footer once dropped both)."""
    app = make_app()
    async with opened(app, size=size) as pilot:
        for view in VIEWS:
            await pilot.press(view.key)
            await settle(app, pilot)
            footer = screen_text(app).splitlines()[-1]
            assert "? help" in footer and "q quit" in footer, (view.name, footer)


async def test_a_note_goes_with_its_view_and_never_covers_the_footer() -> None:
    """→ → w in view 1 explains a pair on the line above the footer; view 2 opens without it."""
    app = make_app()
    async with opened(app, notifications=True) as pilot:
        await pilot.press("right", "right", "w")
        await pilot.pause()
        page = "rule 1: a + b → ab, id 257. [w 1/3]"  # a whole sentence, the pair's first page
        await until(pilot, lambda: screen_text(app).splitlines()[-2].rstrip().endswith(page))
        lines = screen_text(app).splitlines()
        assert "? help" in lines[-1] and "q quit" in lines[-1]
        assert [n.message for n in app._notifications] == [page]
        await pilot.press("2")
        await settle(app, pilot)
        await pilot.pause(0.2)
        assert list(app._notifications) == [] and page not in screen_text(app)


async def test_a_screens_own_note_shows_the_users_brackets_as_typed() -> None:
    """Textual's Widget.notify asks for markup; the app's notes never read it: '[b]x[/b] [red' stays as typed."""
    app = make_app()
    async with opened(app, notifications=True) as pilot:
        typed = "Cannot open '[b]x[/b] [red': no such file."
        app.screen.notify(typed, timeout=5)
        await until(pilot, lambda: typed in screen_text(app))
        assert [(n.message, n.markup) for n in app._notifications] == [(typed, False)]
