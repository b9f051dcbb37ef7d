"""Token colours: the same id gets the same background tint in every pane, and neighbours always differ.

The colour only helps the eye; every pane that uses it also marks token boundaries with a space or a
separator, so nothing depends on it. A tint is the pane's own background moved a little toward a
hue, so the theme's text colour stays readable on it in dark and light themes alike.

>>> palette_index(464) == palette_index(464), palette_index(0) == palette_index(1)
(True, False)
>>> indices([5, 5, 5])[0] != indices([5, 5, 5])[1] != indices([5, 5, 5])[2]
True
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from textual.color import Color

#: Hues far apart on the colour wheel; a tint is TINT of the hue over the pane's background.
HUES = ("#e8590c", "#2f9e44", "#1c7ed6", "#f59f00", "#ae3ec9", "#0c8599", "#e03131", "#66a80f")
TINT = 0.28


def palette_index(token_id: int) -> int:
    """The palette slot of `token_id`: a fixed mix of all its bits (the same in every run, unlike hash())."""
    x = token_id & 0xFFFFFFFF
    for _ in range(2):
        x = (((x >> 16) ^ x) * 0x45D9F3B) & 0xFFFFFFFF
    return ((x >> 16) ^ x) % len(HUES)


def indices(ids: Iterable[int]) -> list[int]:
    """Each id's palette slot, the second of two neighbours that would match shifted to the next slot."""
    out: list[int] = []
    for token_id in ids:
        slot = palette_index(token_id)
        if out and out[-1] == slot:
            slot = (slot + 1) % len(HUES)
        out.append(slot)
    return out


def tints(background: Color) -> tuple[Style, ...]:
    """One background style per slot: `background` blended TINT toward each hue. In an ANSI theme the terminal
    chooses the background and the text colour, so no tint (a dark tint under a light terminal's dark text was 1.3:1)."""
    if background.ansi is not None:
        return tuple(Style() for _ in HUES)
    return tuple(Style(bgcolor=background.blend(Color.parse(hue), TINT).rich_color) for hue in HUES)
