"""Notifications the app shows: plain text, never shorter than MIN_DELAY, and explanations one at a time.

`Note` works around a freeze in Textual 8.2.8 (see its docstring); `note` is what the app's `notify`
posts; `OneAtATime` shows an explanation in place of the previous one (the pairs pane's w and clicks).
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.app import App
from textual.notifications import Notification, Notify, SeverityLevel

from ..explain.pairs import why_pair
from ..explain.position import Position
from ..safe import visible, wrap

#: Where a sentence ends: after '.', '!' or '?' and a space, or at a line's end.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\s*\n\s*")
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


def note(message: str, title: str, severity: SeverityLevel, seconds: float) -> Notify:
    """The message that shows `message`, as plain text: paths and texts from the user are never markup."""
    return Notify(Note(message, title, severity, max(seconds, MIN_DELAY), markup=False))


def note_cells(columns: int) -> int:
    """The cells of text a one-line note holds on a screen `columns` wide: a toast takes the footer line's
    width at most (global.tcss), less its padding (1 a side) and its coloured left edge."""
    return columns - 3


def pages(text: str, cells: int) -> list[str]:
    """`text` as one-line pages of at most `cells` cells, a page holding whole sentences (as many as fit;
    a sentence longer than a line is cut at spaces over pages of its own); each page but a lone one
    marked '[w k/n]' (w again shows the next).

    >>> pages("rule 2: b + c. Rank 2 orders it.\\nNever chosen.", 30)
    ['rule 2: b + c. [w 1/3]', 'Rank 2 orders it. [w 2/3]', 'Never chosen. [w 3/3]']
    >>> pages("Not a rule.", 30)
    ['Not a rule.']
    """
    if "\n" not in text and cell_len(text) <= cells:
        return [text]
    room = max(cells - len(" [w 9/9]"), 12)
    lines: list[str] = []
    for sentence in SENTENCE_END.split(text.strip()):
        joined = f"{lines[-1]} {sentence}" if lines else sentence
        if lines and cell_len(joined) <= room:
            lines[-1] = joined
        else:
            lines += wrap(sentence, room)
    return [f"{line} [w {k}/{len(lines)}]" for k, line in enumerate(lines, 1)]


class OneAtATime:
    """Explanations that replace each other: showing one takes the previous one away.

    An explanation is one line on the footer line (README: notes never cover the ids); a longer one is
    shown a page at a time, and asking again for the same one (w, or a click on the same pair) shows
    its next page.
    """

    def __init__(self, app: App[None]) -> None:
        self._app = app
        self._shown: Note | None = None
        self._paged: tuple[str, int] = ("", 0)  # the explanation shown and its page

    def show(self, text: str) -> None:
        still = self._shown is not None and self._shown in self._app._notifications  # not yet expired
        if self._shown is not None:
            self._app._unnotify(self._shown)
        shown = pages(text, note_cells(self._app.size.width))
        page = (self._paged[1] + 1) % len(shown) if still and self._paged[0] == text else 0
        self._paged = (text, page)
        self._shown = Note(shown[page], timeout=EXPLAIN_FOR, markup=False)
        self._app.post_message(Notify(self._shown))


def pair_sentence(position: Position, pair: tuple[str, str], rank: int | None, at: int | None) -> str:
    """What a picked pair is and why it was (not) chosen: the explain layer's sentence, shown as it is."""
    return why_pair(position, pair, rank, at, visible)


class PlainNotes(App[None]):
    """The app's notifications: they quote paths and texts from the user, so they are plain text, never
    markup, and go through `note` (above: why not Textual's own)."""

    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False
    ) -> None:
        # Always plain text, whatever `markup` says: a screen's own `notify` (Textual's Widget.notify) passes markup=True,
        # and a note quoting the user's text ('[b]', '[/]') must show it as typed, not read it as markup.
        self.post_message(note(message, title, severity, self.NOTIFICATION_TIMEOUT if timeout is None else timeout))
