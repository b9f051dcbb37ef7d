"""The characters the reference tokenizers' regex engines do not know yet.

`regex` (the engine's regex library) follows the newest Unicode; tiktoken's regex (Rust) and Oniguruma
(what `tokenizers` runs) know an older version, and to them a character Unicode assigned since is
unassigned (category Cn): no letter, no digit, no script. A table's pattern cuts a text the way its
reference does when every such character is first replaced, one for one, by a character unassigned in
every version (U+10FFFF, a noncharacter): `as_known`. The replacement keeps every length, so a match's
span in the replaced text is its span in the text, and the chunks are cut from the text itself.

The ranges are what both references answer when asked, code point by code point, which characters are
unassigned (tests/robust/test_unicode_versions.py asks them again and compares; it prints the new
ranges when `regex` or a reference moves to another Unicode version).

>>> as_known("ab\U000323b0'm") == "ab\U0010ffff'm", as_known("日本") == "日本"
(True, True)
"""

from __future__ import annotations

from functools import cache

#: What the references take for unassigned and `regex` for assigned, as (first, last) code points.
NEWER = (
    (0x00558, 0x00558),
    (0x0058B, 0x0058C),
    (0x005C8, 0x005C9),
    (0x0088F, 0x0088F),
    (0x00B53, 0x00B54),
    (0x00C5C, 0x00C5C),
    (0x00CDC, 0x00CDC),
    (0x01ACF, 0x01AF0),
    (0x0208F, 0x0208F),
    (0x0209D, 0x0209F),
    (0x020C1, 0x020C4),
    (0x02B96, 0x02B96),
    (0x02E60, 0x02E63),
    (0x0A7CE, 0x0A7CF),
    (0x0A7D2, 0x0A7D2),
    (0x0A7D4, 0x0A7D4),
    (0x0A7DD, 0x0A7DD),
    (0x0A7E2, 0x0A7E2),
    (0x0A7F1, 0x0A7F1),
    (0x0AB6C, 0x0AB6D),
    (0x0FBC3, 0x0FBD2),
    (0x0FD90, 0x0FD91),
    (0x0FDC8, 0x0FDCE),
    (0x107BB, 0x107BF),
    (0x10940, 0x10959),
    (0x10EC5, 0x10EC7),
    (0x10EC9, 0x10EEE),
    (0x10EF0, 0x10EFB),
    (0x11B0A, 0x11B0A),
    (0x11B60, 0x11B67),
    (0x11DB0, 0x11DDB),
    (0x11DE0, 0x11DE9),
    (0x11DF0, 0x11DF1),
    (0x1246F, 0x1246F),
    (0x12475, 0x1247F),
    (0x12550, 0x12686),
    (0x16EA0, 0x16EB8),
    (0x16EBB, 0x16ED3),
    (0x16FF2, 0x16FF6),
    (0x187F8, 0x187FF),
    (0x18CD6, 0x18CDA),
    (0x18D09, 0x18D20),
    (0x18D80, 0x18DF2),
    (0x18E00, 0x19191),
    (0x191A0, 0x191D2),
    (0x1B123, 0x1B128),
    (0x1B168, 0x1B168),
    (0x1CCFA, 0x1CCFC),
    (0x1CEBA, 0x1CED0),
    (0x1CED2, 0x1CED4),
    (0x1CEDD, 0x1CEFD),
    (0x1D127, 0x1D128),
    (0x1D1EB, 0x1D1FF),
    (0x1D250, 0x1D281),
    (0x1D6A6, 0x1D6A6),
    (0x1DB00, 0x1DB1C),
    (0x1DF1F, 0x1DF24),
    (0x1DF2B, 0x1DF81),
    (0x1DF90, 0x1DF96),
    (0x1DFCD, 0x1DFFF),
    (0x1E6C0, 0x1E6DE),
    (0x1E6E0, 0x1E6F5),
    (0x1E6FE, 0x1E6FF),
    (0x1F1AE, 0x1F1AE),
    (0x1F6D8, 0x1F6D9),
    (0x1F777, 0x1F77A),
    (0x1F7DA, 0x1F7DB),
    (0x1F7F1, 0x1F7FF),
    (0x1F8D0, 0x1F8D8),
    (0x1FA54, 0x1FA57),
    (0x1FA8A, 0x1FA8E),
    (0x1FAC8, 0x1FAC8),
    (0x1FACC, 0x1FACD),
    (0x1FADD, 0x1FADD),
    (0x1FAEA, 0x1FAEB),
    (0x1FAEF, 0x1FAEF),
    (0x1FAF9, 0x1FAFA),
    (0x1FBFA, 0x1FBFA),
    (0x2B73A, 0x2B73F),
    (0x2B81E, 0x2B81E),
    (0x2CEA2, 0x2CEAD),
    (0x323B0, 0x33479),
    (0x3D000, 0x3FC3F),
)

#: Unassigned in every Unicode version (a noncharacter), so in the references' and in `regex`'s.
STAND_IN = "\U0010ffff"


@cache
def _newer_set() -> frozenset[str]:
    """NEWER's characters, asked of a whole text at about 30 ns a character (a `regex` class takes 200)."""
    return frozenset(chr(cp) for first, last in NEWER for cp in range(first, last + 1))


def knows(text: str) -> bool:
    """Whether the references know every character of `text` (always so for ASCII)."""
    return text.isascii() or _newer_set().isdisjoint(text)


def as_known(text: str) -> str:
    """`text` with each character the references do not know replaced by STAND_IN (the same length)."""
    return text if knows(text) else text.translate(_stand_ins())


@cache
def _stand_ins() -> dict[int, str]:
    """The translation table of `as_known`: each of NEWER's code points to STAND_IN."""
    return dict.fromkeys(map(ord, _newer_set()), STAND_IN)
