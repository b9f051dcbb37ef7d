"""Messages the screens and panes send up; each is named for what happened, and the app decides.

One request moves between views, `ViewRequested(view, then)`: `then` is a plain value (`ShowRank`,
`DecodeIds`, `Animate`) that the view handles once it is shown (its `handle` method). `Caption`
is no message but the tour's caption, a plain value the app binds down into the views.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from textual.message import Message

from .engine.bpe import Trace
from .engine.tables import Table
from .explain.position import Position


class Move(StrEnum):
    """The moves of a position a step key asks for (`Move("next")` refuses any other name)."""

    NEXT = "next"
    PREVIOUS = "previous"
    NEXT_ROUND = "next_round"
    PREVIOUS_ROUND = "previous_round"
    NEXT_CHUNK = "next_chunk"
    PREVIOUS_CHUNK = "previous_chunk"
    FIRST = "first"
    LAST = "last"

    def of(self, position: Position) -> Position:
        """The position this move leads to from `position`."""
        return MOVES[self](position)


MOVES: dict[Move, Callable[[Position], Position]] = {
    Move.NEXT: Position.next,
    Move.PREVIOUS: Position.previous,
    Move.NEXT_ROUND: Position.next_round,
    Move.PREVIOUS_ROUND: Position.previous_round,
    Move.NEXT_CHUNK: Position.next_chunk,
    Move.PREVIOUS_CHUNK: Position.previous_chunk,
    Move.FIRST: Position.first,
    Move.LAST: Position.last,
}


@dataclass
class StepPressed(Message):
    """A step key asked for another frame by `move`."""

    move: Move


@dataclass
class PlayPressed(Message):
    """The animator's play key: play or pause (the app's one play timer)."""


@dataclass
class SpeedPressed(Message):
    """The animator's faster (delta 1) or slower (delta -1) key."""

    delta: int


@dataclass(frozen=True)
class Caption:
    """What the tour's caption bar shows: scene `index` (from 0) of `total`, its title and caption, and
    whether the tour plays by itself. The tour sets it on the app; the app binds it down into every view."""

    index: int
    total: int
    title: str
    caption: str
    playing: bool = False


@dataclass
class PositionRequested(Message):
    """Show `position` (on its own trace, already captured: a tour scene's); its text becomes the one being edited."""

    position: Position


@dataclass
class ScanDetailToggled(Message):
    """Scan detail was switched on or off."""


@dataclass
class PairPicked(Message):
    """A pair of the pairs pane was clicked, or selected and w pressed: say what it is and why it was (not) chosen.

    `position` is where it starts in the word; None for a never-chosen rule listed at a chunk's end.
    """

    position: int | None
    pair: tuple[str, str]
    rank: int | None


@dataclass
class TableSwitchRequested(Message):
    """The table key was pressed: capture the text again under the next table (or under `table`, named)."""

    table: str | None = None


@dataclass
class TextEdited(Message):
    """The edit dialog was applied with this text."""

    text: str


@dataclass
class TextSubmitted(Message):
    """The edit box was applied with this text."""

    text: str


@dataclass
class TraceFileChosen(Message):
    """A trace file was picked (examples or open) to be loaded."""

    path: Path


@dataclass
class CaptureCancelled(Message):
    """Escape was pressed while a capture runs."""


@dataclass
class CaptureProgressed(Message):
    """The running capture has read this share of the text (0 to 1)."""

    share: float
    source: object = None  # the worker

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, CaptureProgressed) and message.source is self.source


@dataclass
class TraceCaptured(Message):
    """A capture or load produced `trace` (partial while `busy`); `keep` is the position to stay near."""

    trace: Trace
    keep: Position | None = None
    busy: bool = False
    opened: str = ""  # for a file: what to say once it is shown
    source: object = None  # the worker


@dataclass
class CaptureFailed(Message):
    """A capture or load stopped with this message; nothing was changed."""

    message: str
    title: str = "Cannot capture"
    source: object = None  # the worker
    given: str = ""  # the path the user gave, which the message may begin with (never re-cased)


@dataclass(frozen=True)
class ShowRank:
    """For the Tables view: show the rule of rank `rank` among its neighbours, with `note` above it."""

    rank: int
    note: str


@dataclass(frozen=True)
class DecodeIds:
    """For the Decode view: decode `ids` as typed ids, under the table named `table` (None: the trace's)."""

    ids: tuple[int, ...]
    table: str | None = None


@dataclass(frozen=True)
class LookUp:
    """For the Aliases view: look `query` up (a byte number, an alias, any text)."""

    query: str


@dataclass(frozen=True)
class TrainRounds:
    """For the Training view: train the current text (the bundled book with `book`) with `merges` merges and show the last round."""

    merges: int
    book: bool = False


@dataclass(frozen=True)
class Animate:
    """For the animator: capture `text` (one chunk) under the table named `table` and animate it."""

    text: str
    table: str


@dataclass(frozen=True)
class ExploreRows:
    """For the explorer: cut the text with the tables named `tables`, one row each (empty: its own rows)."""

    tables: tuple[str, ...]


@dataclass(frozen=True)
class CompareTables:
    """For the comparison view: side A under the table named `a`, side B under `b`."""

    a: str
    b: str


Then = ShowRank | DecodeIds | LookUp | TrainRounds | Animate | ExploreRows | CompareTables


@dataclass
class ViewRequested(Message):
    """Show view `view` ('encode', 'decode', …: a view key, the view bar, another view), then let it handle `then`."""

    view: str
    then: Then | None = None


@dataclass
class CaptureRequested(Message):
    """Capture `text` under the table named `table` and show it from its first frame (the text being edited becomes it)."""

    text: str
    table: str


@dataclass
class TableTrained(Message):
    """The training view's "use this table": add `table` to the app's tables and encode the text with it."""

    table: Table
    note: str = ""  # what the app should add when it says so (duplicate bytes, the regex)


@dataclass
class SceneChanged(Message):
    """The tour moved to scene `index` (from 0) of `total`, titled `title`."""

    index: int
    total: int
    title: str


class SaveRequested(Message):
    """Save `trace` to `target` (already confirmed if it replaces a file)."""

    def __init__(self, trace: Trace, target: Path) -> None:
        super().__init__()
        self.trace = trace
        self.target = target
