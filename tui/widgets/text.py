"""Fitting untrusted text into cells: clip, pad, quote (wide characters count 2, controls made visible).

The plain quoting of the user's text in sentences is tui.explain.words.quoted; these quote for a pane.
"""

from __future__ import annotations

from rich.cells import cell_len

from ..safe import visible


def clip(text: str, width: int) -> str:
    """`text` cut to `width` terminal cells, ending in … when something was cut (wide characters count 2)."""
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        w = cell_len(ch)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out) + "…"


def clip_chars(text: str, room: int) -> str:
    """`text`, or its first `room` characters and … (characters, not cells: a chunk of thousands of letters is
    cut before it is measured or laid out; the pane folds what is left)."""
    return text if len(text) <= room else text[:room] + "…"


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` clipped and padded to exactly `width` cells."""
    text = clip(text, width)
    fill = " " * max(width - cell_len(text), 0)
    return fill + text if right else text + fill


def quote_clipped(text: str, width: int | None = None) -> str:
    """An untrusted string, made visible and shown in single quotes: 'Ġthe' (spaces kept, controls replaced),
    clipped to `width` cells when given."""
    if width is not None and len(text) > width:
        text = text[: width + 1]  # no need to make visible what will be cut
    shown = "'" + visible(text) + "'"
    return shown if width is None else clip(shown, width)


def quote_chunk(text: str, limit: int = 24) -> str:
    """A chunk in single quotes: '·if' (made visible, spaces as ·), cut to `limit` characters with … when longer."""
    shown = visible(text, space="·")
    return f"'{shown}'" if len(shown) <= limit else f"'{shown[: limit - 1]}…'"
