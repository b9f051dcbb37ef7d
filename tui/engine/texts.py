"""The texts the tokenizer is given: the longest one it takes (MAX_TEXT, and the sentence refusing a
longer one), the one used when none is given (DEFAULT_TEXT), and how a sentence quotes a user's string
(`quote`, `clip`: never more than QUOTED characters of it).

Both the app and the command line read them from here, below both (see README, "Limits").
"""

from __future__ import annotations

#: Seed 000's example: nine rules of the teaching table make it three tokens.
DEFAULT_TEXT = "aaababcabxyz"
#: Characters: a longer text is refused, in the app and on the command line.
MAX_TEXT = 1_000_000
#: Characters of a user's string an error sentence quotes; a longer one is cut, with an ellipsis.
QUOTED = 80


class CaptureError(ValueError):
    """The text cannot be captured; the message is one sentence for the user (raised by the capture
    and by the regex that cuts the text: defined here, below both)."""


def too_long(text: str) -> str | None:
    """The sentence refusing `text` if it has more than MAX_TEXT characters, else None.

    >>> too_long("a" * 1_000_001)
    'the text has 1,000,001 characters; the limit is 1,000,000.'
    """
    return f"the text has {len(text):,} characters; the limit is {MAX_TEXT:,}." if len(text) > MAX_TEXT else None


def quote(value: str) -> str:
    """A user's string (a symbol, a key, a name) as an error sentence quotes it: its repr, at most
    QUOTED characters of it, then an ellipsis if it was longer.

    >>> quote("ab"), quote("x" * 100)[-4:], len(quote("x" * 100))
    ("'ab'", "xx'…", 83)
    """
    return repr(value[:QUOTED]) + ("…" if len(value) > QUOTED else "")


def echoed(value: object) -> str:
    """A number or a list of them from a user's file, as an error sentence echoes it: whole up to QUOTED characters,
    else its start and how long it was (a 4,000-digit rank is not a 4 KB error line).

    >>> echoed(141), echoed([1, 2]), echoed(int("9" * 4000))[-20:]
    ('141', '[1, 2]', '… (4,000 characters)')
    """
    text = str(value)
    return text if len(text) <= QUOTED else f"{text[:QUOTED]}… ({len(text):,} characters)"


def clip(value: str) -> str:
    """A user's word an error sentence names as it is (a kind, a type): at most QUOTED characters, then an ellipsis.

    >>> clip("WordPiece"), len(clip("x" * 100))
    ('WordPiece', 81)
    """
    return value[:QUOTED] + ("…" if len(value) > QUOTED else "")


def plural(n: int, noun: str) -> str:
    """`noun` as `n` of it is said: 'byte' for one, 'bytes' for any other number (zero too)."""
    return noun + "s" if n != 1 else noun


def count(n: int, noun: str) -> str:
    """'1 chunk', '2,054 chunks': a number (thousands separated) with its noun, plural where it belongs."""
    return f"{n:,} {plural(n, noun)}"
