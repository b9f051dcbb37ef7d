"""The tour's caption bar: 'scene k/N: title' and the caption, two lines docked at the top of a view.

Every view composes one, bound to the view's `caption`: hidden (no rows) while that is None, as it is
outside the tour; docked, it takes the rows its words need (at most `ROWS`, `rows_for`), and the view
lays its panes out in what is left.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from ..messages import Caption
from ..safe import visible, wrap

ROWS = 3  # at most: two for the words at 80 columns, the keys after them
HINT = "  (] next, [ back)"


def heading(index: int, total: int, title: str, playing: bool = False) -> str:
    """'scene 3/11: The teaching table's seven rounds' ('▶ ' first while the tour plays); a tour file's
    title is shown literally (`visible`: its control characters as stand-ins, never sent to the terminal)."""
    return f"{'▶ ' if playing else ''}scene {index + 1}/{total}: {visible(title)}"


def caption_lines(head: str, caption: str, width: int, rows: int = ROWS) -> list[str]:
    """The heading and caption wrapped to `width`, at most `rows` lines (the last ends in … if cut),
    always with the keys' hint at the end of the last line: the only place the tour's keys are seen."""
    lines = wrap(f"{head} · {visible(caption)}", width)
    hint = HINT if width >= 2 * len(HINT) else ""  # a bar too narrow for it (never at 60 columns) goes without
    if len(lines) <= rows and cell_len(lines[-1]) + len(hint) <= width:
        return [*lines[:-1], lines[-1] + hint]
    if len(lines) < rows:
        return [*lines, hint.lstrip()]
    lines = lines[:rows]
    last = lines[-1]
    while last and cell_len(last) + 1 + len(hint) > width:
        last = last[:-1]
    lines[-1] = last.rstrip(" ·") + "…" + hint
    return lines


def rows_for(caption: Caption | None, width: int) -> int:
    """The rows the bar takes at `width` columns for `caption` (none outside the tour)."""
    if caption is None:
        return 0
    head = heading(caption.index, caption.total, caption.title, caption.playing)
    return len(caption_lines(head, caption.caption, max(width - 2, 20)))


class CaptionBar(Widget):
    """The current scene's heading (bold, reversed) and caption; shown only while `caption` is set."""

    DEFAULT_CSS = f"""
    CaptionBar {{ dock: top; height: auto; max-height: {ROWS}; padding: 0 1; background: $panel; display: none; }}
    """

    caption: reactive[Caption | None] = reactive(None, layout=True)  # the view's, by data_bind

    def watch_caption(self, caption: Caption | None) -> None:
        self.display = caption is not None

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def _lines(self, width: int) -> list[str]:
        scene = self.caption
        if scene is None:
            return []
        return caption_lines(heading(scene.index, scene.total, scene.title, scene.playing), scene.caption, max(width, 20))

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        scene = self.caption
        if scene is None:
            return text
        head = heading(scene.index, scene.total, scene.title, scene.playing)
        for n, line in enumerate(self._lines(self.content_size.width)):
            if n:
                text.append("\n")
            shown = min(len(head), len(line)) if n == 0 else 0
            text.append(line[:shown], style="bold reverse")
            rest = line[shown:]
            keys = HINT.lstrip()
            hint = rest.endswith(keys)
            text.append(rest[: -len(keys)] if hint else rest)
            if hint:
                text.append(keys, style="italic")
        return text
