"""Where two chat formats of one conversation part ways: the first part of the two requests that differs, said in one
line for the Chat view (the Mistral formats one after another: v1 spells [INST] in pieces, v3 makes it a control
token and moves the system prompt to the last user message, v7 gives the system prompt tokens of its own).

>>> from ..engine.chat.model import Part
>>> a = Rendered("mistral-v3", (Part("special", None, "<s>", (1,)), Part("special", 1, "[INST]", (3,))))
>>> b = Rendered("mistral-v7", (Part("special", None, "<s>", (1,)), Part("special", 0, "[SYSTEM_PROMPT]", (17,))))
>>> parting(a, b)
'mistral-v7 (2 ids) apart at id 2: ⟦[INST]⟧ #1 here, ⟦[SYSTEM_PROMPT]⟧ #0 there'
>>> parting(a, a)
'mistral-v3: the same request, id for id'
"""

from __future__ import annotations

from ..engine.chat.model import ChatFormat, Part, Rendered
from ..engine.chat.registry import FORMATS

#: How much of a part's text the line quotes.
QUOTED = 16


def partner(fmt: ChatFormat) -> ChatFormat | None:
    """The built-in format `fmt` is compared with: the one before it in the registry (the first's: the one after);
    None for a format that is not built in (a user's template)."""
    if fmt not in FORMATS:
        return None
    at = FORMATS.index(fmt)
    return FORMATS[at - 1] if at else FORMATS[1]


def described(part: Part | None) -> str:
    """A part as the line names it: ⟦name⟧ for a special token, else its text quoted (the view makes it visible); its
    message's number after."""
    if part is None:
        return "the end"
    cut = part.text[:QUOTED] + ("…" if len(part.text) > QUOTED else "")
    shown = f"⟦{part.text}⟧" if part.kind == "special" else f"'{cut}'"
    return shown + (f" #{part.message}" if part.message is not None else " (start)")


def parting(ours: Rendered, theirs: Rendered) -> str:
    """One line: the other format's id count and the first id where the two requests differ, part against part."""
    at, ids = 0, 0
    for mine, other in zip(ours.parts, theirs.parts, strict=False):
        if (mine.kind, mine.text, mine.message) != (other.kind, other.text, other.message):
            break
        at, ids = at + 1, ids + len(mine.ids)
    else:
        if len(ours.parts) == len(theirs.parts):
            return f"{theirs.format}: the same request, id for id"
    mine_part = ours.parts[at] if at < len(ours.parts) else None
    other_part = theirs.parts[at] if at < len(theirs.parts) else None
    return f"{theirs.format} ({len(theirs.ids):,} ids) apart at id {ids + 1:,}: {described(mine_part)} here, {described(other_part)} there"
