"""Notifications the app shows: plain text, never shorter than MIN_DELAY, and explanations one at a time.

`Note` works around a freeze in Textual 8.2.8 (see its docstring); `note` is what the app's `notify`
posts; `OneAtATime` shows an explanation in place of the previous one (the pairs pane's w and clicks).
"""

from __future__ import annotations

from textual.app import App
from textual.notifications import Notification, Notify, SeverityLevel

from .explain.pairs import why_pair
from .explain.position import Position
from .messages import PairPicked
from .safe import visible

MIN_DELAY = 0.05  # seconds: the shortest a toast is shown, and a delay no timer loop divides by zero or below
EXPLAIN_FOR = 12.0  # seconds an explanation stays, unless the next one replaces it


class Note(Notification):
    """A notification whose time left is never below MIN_DELAY while it has not expired.

    Textual 8.2.8 spins for ever on a one-shot timer with a negative delay, and a toast sets its timer
    from `time_left` read just after the toast rack checked `has_expired`: a notification that expires
    in between would give the toast a negative delay and freeze the app.
    """

    @property
    def time_left(self) -> float:
        return max(super().time_left, MIN_DELAY)

    @property
    def has_expired(self) -> bool:
        return super().time_left <= 0


def note(message: str, title: str, severity: SeverityLevel, seconds: float, markup: bool = False) -> Notify:
    """The message that shows `message` (plain text unless `markup`: paths and texts from the user are never markup)."""
    return Notify(Note(message, title, severity, max(seconds, MIN_DELAY), markup=markup))


class OneAtATime:
    """Explanations that replace each other: showing one takes the previous one away."""

    def __init__(self, app: App[None]) -> None:
        self._app = app
        self._shown: Note | None = None

    def show(self, text: str) -> None:
        if self._shown is not None:
            self._app._unnotify(self._shown)
        self._shown = Note(text, timeout=EXPLAIN_FOR, markup=False)
        self._app.post_message(Notify(self._shown))


def pair_sentence(position: Position, picked: PairPicked) -> str:
    """What a picked pair is and why it was (not) chosen: the explain layer's sentence, shown as it is."""
    return why_pair(position, picked.pair, picked.rank, picked.position, visible)


class PlainNotes(App[None]):
    """The app's notifications: they quote paths and texts from the user, so they are plain text, never
    markup, and go through `note` (above: why not Textual's own)."""

    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False
    ) -> None:
        self.post_message(note(message, title, severity, self.NOTIFICATION_TIMEOUT if timeout is None else timeout, markup))
