"""The tour's caption bar: 'scene k/N: title' and the caption, two lines docked at the top of a view.

Docked, it takes its own rows: the view's panes are laid out in what is left, so it never covers one.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..messages import RowsDocked

ROWS = 2
HINT = "  (n next, p back)"


def wrap(words: str, width: int) -> list[str]:
    """`words` broken at spaces into lines of at most `width` cells (a word wider than that is cut).

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


def heading(index: int, total: int, title: str, playing: bool = False) -> str:
    """'scene 3/11: The teaching table's seven rounds' ('▶ ' first while the tour plays)."""
    return f"{'▶ ' if playing else ''}scene {index + 1}/{total}: {title}"


def caption_lines(head: str, caption: str, width: int, rows: int = ROWS) -> list[str]:
    """The heading and caption wrapped to `width`, at most `rows` lines (the last ends in … if cut),
    with the keys' hint after them when it fits on the last line."""
    lines = wrap(f"{head} · {caption}", width)
    if len(lines) > rows:
        lines = lines[:rows]
        last = lines[-1]
        while last and cell_len(last) + 1 > width:
            last = last[:-1]
        lines[-1] = last.rstrip(" ·") + "…"
    elif cell_len(lines[-1]) + len(HINT) <= width:
        lines[-1] += HINT
    return lines


class TourBar(Widget):
    """The current scene's heading (bold, reversed) and caption; the tour sets `scene`."""

    DEFAULT_CSS = f"""
    TourBar {{ dock: top; height: {ROWS}; padding: 0 1; background: $panel; }}
    """

    scene: reactive[tuple[int, int, str, str, bool]] = reactive((0, 1, "", "", False))

    def on_mount(self) -> None:
        self.post_message(RowsDocked(ROWS))  # the view lays its panes out in the rows left

    def render(self) -> Text:
        index, total, title, caption, playing = self.scene
        head = heading(index, total, title, playing)
        text = Text(no_wrap=True, overflow="ellipsis")
        for n, line in enumerate(caption_lines(head, caption, max(self.content_size.width, 20))):
            if n:
                text.append("\n")
            shown = min(len(head), len(line)) if n == 0 else 0
            text.append(line[:shown], style="bold reverse")
            rest = line[shown:]
            hint = rest.endswith(HINT)
            text.append(rest[: -len(HINT)] if hint else rest)
            if hint:
                text.append(HINT, style="dim italic")
        return text
