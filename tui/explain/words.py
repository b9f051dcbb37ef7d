"""Words for numbers and quotes, said one way everywhere: a count with its noun, a plural, a verb that
agrees with its count, and the user's text in quotes.

>>> count(1, "chunk"), count(2054, "chunk")
('1 chunk', '2,054 chunks')
>>> plural(1, "id"), plural(0, "id"), plural(3, "id")
('id', 'ids', 'ids')
>>> f"{count(1, 'merge')} {agreeing(1, 'fire')}", f"{count(13, 'merge')} {agreeing(13, 'fire')}"
('1 merge fires', '13 merges fire')
"""

from __future__ import annotations

from ..engine.texts import count, plural

__all__ = ["agreeing", "count", "plural", "quoted"]


def agreeing(n: int, verb: str) -> str:
    """A verb in the present tense agreeing with a count of `n`: 'fires' for one, 'fire' for more or none."""
    return verb + "s" if n == 1 else verb


def quoted(text: str) -> str:
    """The user's text in quotes, as it is: no repr escapes, so the one escaping where text is drawn
    (tui.safe) shows every invisible character the same way in every sentence. Double quotes only when
    the text holds a single quote and no double one.

    >>> print(quoted("Hello've"), quoted("a b"), quoted("it's \\"x\\""))
    "Hello've" 'a b' 'it's "x"'
    """
    mark = '"' if "'" in text and '"' not in text else "'"
    return f"{mark}{text}{mark}"
