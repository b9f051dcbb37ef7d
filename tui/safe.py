"""Untrusted text made safe to draw: no control character, bidi override or invisible mark reaches the terminal.

>>> visible("a\\tb\\n\\x1b[2J")
'a→b↵␛[2J'
>>> visible("x\\u202ey")
'x⟨U+202E⟩y'
>>> visible("I \\u2764\\ufe0f")
'I ❤⟨U+FE0F⟩'
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

from rich.cells import cell_len

from .engine.pretokenize import compiled as _compiled  # regex is imported for the first text that is not printable ASCII

if TYPE_CHECKING:
    import regex

# Characters that move the cursor, change terminal state, reorder text or are invisible.
_INVISIBLE = [0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x180E, 0x3164, 0xFEFF, 0xFFA0]
_INVISIBLE += [*range(0x200B, 0x2010), *range(0x2028, 0x202F), *range(0x2060, 0x2070), *range(0xFFF9, 0xFFFC)]
# Variation selectors (VS16 in ❤️ and 🏳️‍🌈) and tag characters: terminals disagree on the width they
# give the character before them, so a border after them would break.
_INVISIBLE += [*range(0xFE00, 0xFE10), *range(0xE0000, 0xE0080), *range(0xE0100, 0xE01F0)]

_TABLE: dict[int, str] = {c: chr(0x2400 + c) for c in range(0x20)}  # C0 controls as control pictures
_TABLE.update({0x09: "→", 0x0A: "↵", 0x0D: "␍", 0x7F: "␡"})
_TABLE.update({c: f"⟨U+{c:04X}⟩" for c in range(0x80, 0xA0)})  # C1 controls
_TABLE.update({c: f"⟨U+{c:04X}⟩" for c in _INVISIBLE})


# A base character may carry two combining marks; the rest of a tower is spelled out.
_TOWER = r"(?<=\p{M}{2})\p{M}"
# Characters whose width terminals do not agree on: Textual counts one width, a terminal that measures
# code point by code point (tmux, xterm) another, so a border after them would move. Spacing marks
# (Textual 0, wcwidth 1), skin-tone modifiers (0 after an emoji, wcwidth 2), regional indicators (a
# flag: 2 in kitty and VTE, 4 in tmux), prepended concatenation marks, Hangul jamo of Extended-B and
# the trigram, hexagram and counting-rod blocks (wide in one Unicode version, narrow in another).
_DISAGREED = (
    r"\p{Mc}|[\U0001F3FB-\U0001F3FF\U0001F1E6-\U0001F1FF\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2"
    r"\U000110BD\U000110CD\uD7B0-\uD7FF\u2630-\u2637\u268A-\u268F\u4DC0-\u4DFF\U0001D300-\U0001D376]"
)
# Surrogates, private use and unassigned code points are spelled out too.
_OTHER = r"[\p{Cs}\p{Co}\p{Cn}]|" + _DISAGREED


# For text edited in place every character keeps exactly one stand-in, so offsets stay valid.
_EDIT_TABLE: dict[int, str] = {c: chr(0x2400 + c) for c in range(0x20) if c != 0x09}  # tab is expanded
_EDIT_TABLE.update({0x7F: "␡"})
_EDIT_TABLE.update(dict.fromkeys([*range(128, 160), *_INVISIBLE], "◌"))
_EDIT_OTHER = _TOWER + "|" + _OTHER


def _spell(match: regex.Match[str]) -> str:
    return f"⟨U+{ord(match.group()):04X}⟩"


_NEEDS_SPELLING = r"\p{M}{3}|" + _OTHER
_SPELLED = _TOWER + "|" + _OTHER  # what `visible` spells out, found in one pass


@lru_cache(maxsize=1 << 16)
def visible(text: str, *, space: str | None = None) -> str:
    """`text` with every unsafe character replaced by a visible stand-in; optionally spaces too.

    Remembered for recent strings: panes ask again for the same symbols on every frame.
    """
    if text.isascii() and text.isprintable():
        return text if space is None else text.replace(" ", space)
    text = text.translate(_TABLE)
    if space is not None:
        text = text.replace(" ", space)
    if _compiled(_NEEDS_SPELLING).search(text) is not None:
        text = _compiled(_SPELLED).sub(_spell, text)
    return text


def glyphs(text: str, start: int = 0, end: int | None = None, *, space: str | None = None) -> list[str]:
    """Each character of text[start:end] as `visible(text)` draws it, one string per character, so a pane
    can give every offset its own columns ("".join of the whole text's glyphs is `visible(text)`).

    >>> glyphs("a\x1bb\u0301\u0301\u0301 \U0001f44d\U0001f3fd", 1, space="·")
    ['␛', 'b', '́', '́', '⟨U+0301⟩', '·', '👍', '⟨U+1F3FD⟩']
    """
    end = len(text) if end is None else end
    before = max(0, start - 2)  # whether a mark is a tower's third is told by the two characters before it
    piece = text[before:end]
    out = [_TABLE.get(ord(c), c) for c in piece]
    if space is not None:
        out = [space if c == " " else c for c in out]
    if not piece.isascii():
        # Stand-ins are never marks: an "x" in their place gives the regex the same neighbours as `visible`.
        proxy = "".join(c if g == c else "x" for c, g in zip(piece, out, strict=True))
        for match in _compiled(_SPELLED).finditer(proxy):
            out[match.start()] = _spell(match)
    return out[start - before :]


def alone(ch: str) -> str:
    """One character drawn in a column of its own (the bytes pane's char row), with no neighbour to join.

    A combining mark sits on a dotted circle; a character Textual counts as zero cells but a terminal
    may draw wider (a spacing mark, a skin-tone modifier, a Hangul vowel jamo) is spelled out.
    >>> alone("\\u0301"), alone("\\U0001f3fd"), alone("\\ufe0f"), alone(" ")
    ('◌́', '⟨U+1F3FD⟩', '⟨U+FE0F⟩', ' ')
    """
    glyph = visible(ch)
    kind = unicodedata.category(ch)
    if kind in ("Mn", "Me") and glyph == ch:
        return "◌" + ch
    if kind == "Mc" or cell_len(glyph) == 0:
        return f"⟨U+{ord(ch):04X}⟩"
    return glyph


def based(text: str) -> str:
    """`text` (already made visible) drawn between separators: a combining mark it starts with gets a
    dotted circle (it would otherwise sit on the separator before it).

    >>> based("\u0301"), based("ab")
    ('◌́', 'ab')
    """
    if text and unicodedata.category(text[0]) in ("Mn", "Me", "Mc"):
        return "◌" + text
    return text


def one_for_one(text: str) -> str:
    """Like `visible`, but each unsafe character becomes exactly one character (tab is kept).

    For the editor, which maps screen columns to string offsets:
    >>> one_for_one("a\\x1b]0;t\\x07\\u202e")
    'a␛]0;t␇◌'
    """
    text = text.translate(_EDIT_TABLE)
    if _compiled(_NEEDS_SPELLING).search(text) is not None:
        text = _compiled(_EDIT_OTHER).sub("◌", text)
    return text


# What `json_safe` escapes: every character `visible` replaces except the C0 controls, which `json`
# always escapes inside strings (outside them they are the layout: line ends, indents).
_JSON_UNSAFE = "[" + "".join(f"\\U{c:08x}" for c in sorted(_TABLE) if c >= 0x20) + r"\p{Cs}\p{Co}\p{Cn}]"


def _escape(match: regex.Match[str]) -> str:
    code = ord(match.group())
    if code > 0xFFFF:  # as JSON spells it: a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def json_safe(text: str) -> str:
    """JSON text (as `json.dumps` writes it) with every unsafe character written as a \\u escape: the
    same JSON value, nothing raw for a terminal to obey.

    >>> print(json_safe('["\\u202e", "a\\x85", "你"]'))
    ["\\u202e", "a\\u0085", "你"]
    """
    if text.isascii() and "\x7f" not in text:
        return text
    return _compiled(_JSON_UNSAFE).sub(_escape, text)


def sentence(message: str, given: str = "") -> str:
    """An error message made visible and begun with a capital, unless it begins with `given`, the
    path or text the user gave, which is quoted exactly as it was given.

    >>> sentence("the text is empty.")
    'The text is empty.'
    >>> sentence("nope.json does not exist.", given="nope.json")
    'nope.json does not exist.'
    """
    message = visible(message.strip())
    if given and message.startswith(visible(given.strip())):
        return message
    return message[:1].upper() + message[1:]


def wrap(words: str, width: int) -> list[str]:
    """`words` broken at spaces into lines of at most `width` cells (a word wider than that has a line of its own).

    >>> wrap("scene 1/2: a b c", 9)
    ['scene', '1/2: a b', 'c']
    """
    lines: list[str] = []
    line = ""
    for word in words.split(" "):
        joined = f"{line} {word}" if line else word
        if cell_len(joined) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        line = word
    lines.append(line)
    return lines
