"""tui/app/notes.py: a notification never has less than MIN_DELAY left while it lasts; the app's notes are plain text."""

from __future__ import annotations

from time import time

from textual.notifications import Notify

from tui.app.notes import EXPLAIN_FOR, MIN_DELAY, Note, note


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
