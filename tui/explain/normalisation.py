"""Before and after normalisation: what a table's normaliser did to a trace's text, for the animator.

>>> from tui.engine.bpe import capture
>>> from tui.engine.normalize import NFC
>>> from tui.engine.tables import teaching
>>> from dataclasses import replace
>>> n = normalisation(capture("e\\u0301", replace(teaching(), normalizer=NFC)))
>>> n.steps, len(n.before), len(n.after), n.changed
('NFC', 2, 1, True)
>>> normalisation(capture("abc", teaching())) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.bpe import Trace


@dataclass(frozen=True, slots=True)
class Normalisation:
    """The text as given (`before`), as the chunks cut it (`after`; the chunks' offsets are in it), and the
    normaliser's steps in words."""

    before: str
    after: str
    steps: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


def normalisation(trace: Trace) -> Normalisation | None:
    """What the trace's table normalised, or None for a table without a normaliser."""
    normalizer = trace.table.normalizer
    if normalizer is None:
        return None
    return Normalisation(trace.text, trace.normalized, normalizer.describe())
