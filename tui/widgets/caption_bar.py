"""The tour's caption bar: 'scene k/N: title' and the caption, two lines docked at the top of a view.

Every view composes one, bound to the view's `caption`: hidden (no rows) while that is None, as it is
outside the tour; docked, it takes its own rows, and the view lays its panes out in what is left (`ROWS`).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..messages import Caption

ROWS = 2
HINT = "  (n next, p back)"


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


class CaptionBar(Widget):
    """The current scene's heading (bold, reversed) and caption; shown only while `caption` is set."""

    DEFAULT_CSS = f"""
    CaptionBar {{ dock: top; height: {ROWS}; padding: 0 1; background: $panel; display: none; }}
    """

    caption: reactive[Caption | None] = reactive(None)  # the view's, by data_bind

    def watch_caption(self, caption: Caption | None) -> None:
        self.display = caption is not None

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        scene = self.caption
        if scene is None:
            return text
        head = heading(scene.index, scene.total, scene.title, scene.playing)
        for n, line in enumerate(caption_lines(head, scene.caption, max(self.content_size.width, 20))):
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
