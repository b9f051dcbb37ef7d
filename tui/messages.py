"""Messages the screens and panes send up; each is named for what happened, and the app decides."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.message import Message

from .engine.bpe import Trace
from .engine.tables import Table
from .explain.position import Position


@dataclass
class StepPressed(Message):
    """A step key asked for another frame: `move` names a Position move ('next', 'last', …)."""

    move: str


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
    """The animator's table key was pressed: capture the text again under the next table."""


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


@dataclass
class ViewPicked(Message):
    """A view was chosen by its key or on the view bar: 'encode', 'decode', …"""

    view: str


@dataclass
class RuleInTableRequested(Message):
    """The animator asked to show the rule of rank `rank` among its neighbours in the Tables view."""

    rank: int
    note: str


@dataclass
class IdsEntered(Message):
    """Ids were given to decode (typed in the Decode view, or picked in the Special view) under `table`."""

    ids: tuple[int, ...]
    table: str | None = None


@dataclass
class ChunkAnimateRequested(Message):
    """The explorer asked to animate `text` (one chunk) under the table named `table`."""

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
