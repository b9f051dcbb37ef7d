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

import unicodedata
from dataclasses import dataclass
from difflib import SequenceMatcher

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


#: How far past the first change the note looks for where before and after agree again.
WINDOW = 24


def spelled(text: str) -> str:
    """Text with combining marks: its characters joined by '+', each mark on a dotted circle ('e\u0301' ->
    'e+◌́'); any other text as it is."""
    if not any(unicodedata.combining(c) for c in text):
        return text
    return "+".join(f"◌{c}" if unicodedata.combining(c) else c for c in text)


def first_difference(a: str, b: str, block: int = 4096) -> int:
    """Where `a` and `b` first differ: compared a block at a time (a 1 MB text is not walked character by character).

    >>> first_difference("abcx", "abcy", 2), first_difference("ab", "abc")
    (3, 2)
    """
    start = 0
    while start < min(len(a), len(b)) and a[start : start + block] == b[start : start + block]:
        start += block
    end = min(start + block, len(a), len(b))
    return next((i for i in range(start, end) if a[i] != b[i]), end)


def said(n: Normalisation | None) -> str | None:
    """The first thing the normaliser changed, for the chunks pane: 'NFC: e+◌́ → é' ('…' when more changed
    after it); None when it changed nothing.

    >>> said(Normalisation("Cafe\u0301 and A\u030a", "Café and Å", "NFC"))
    'NFC: e+◌́ → é …'
    >>> said(Normalisation("ab", "ab", "NFC")) is None
    True
    """
    if n is None or not n.changed:
        return None
    before, after = n.before, n.after
    at = first_difference(before, after)
    while 0 < at < len(before) and unicodedata.combining(before[at]):
        at -= 1  # a mark's base letter belongs to the change
    old, new = before[at : at + WINDOW], after[at : at + WINDOW]
    op = next(o for o in SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if o[0] != "equal")
    _, i1, i2, j1, j2 = op
    more = before[at + i2 :] != after[at + j2 :]
    return f"{n.steps}: {spelled(old[i1:i2]) or '(nothing)'} → {spelled(new[j1:j2]) or '(nothing)'}" + (" …" if more else "")
