"""Messages the panes send up to the app; the app decides what they mean."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class PairClicked(Message):
    """A row of the candidate pairs was clicked."""

    position: int
    pair: tuple[str, str]
    rank: int | None


@dataclass
class TextSubmitted(Message):
    """The edit box was applied with this text."""

    text: str
