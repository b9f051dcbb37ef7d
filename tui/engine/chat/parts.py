"""A rendered conversation's parts: the kinds of ids, and the one error a chat format raises (below model.py and
assemble.py, which both use them; model.py says what they mean)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..texts import CaptureError

Kind = Literal["special", "template", "content"]
#: The kinds, in the order counts list them.
KINDS: tuple[Kind, ...] = ("content", "template", "special")


class ChatError(CaptureError):
    """A conversation a format cannot render (or a template that fails): one sentence for the user."""


@dataclass(frozen=True)
class Part:
    """A run of ids of one kind and one message, with the text they stand for (model.py says what the kinds mean)."""

    kind: Kind
    message: int | None
    text: str
    ids: tuple[int, ...]
