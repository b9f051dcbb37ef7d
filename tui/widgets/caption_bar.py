"""The tour's caption bar: 'scene k/N: title' and the caption, two lines docked at the top of a view.

Every view composes one, bound to the view's `caption`: hidden (no rows) while that is None, as it is
outside the tour; docked, it takes the rows its words need (at most `ROWS`, `rows_for`), and the view
lays its panes out in what is left.
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from textual.geometry import Size
from textual.reactive import reactive

from ..messages import Caption
from ..safe import visible, wrap
from .strips import Row, StripRows

ROWS = 3  # at most: two for the words at 80 columns, the keys after them
HINT = "  (] next, [ back)"


def heading(index: int, total: int, title: str, playing: bool = False) -> str:
    """'scene 3/11: The teaching table's seven rounds' ('▶ ' first while the tour plays); a tour file's
    title is shown literally (`visible`: its control characters as stand-ins, never sent to the terminal)."""
    return f"{'▶ ' if playing else ''}scene {index + 1}/{total}: {visible(title)}"


def caption_lines(head: str, caption: str, width: int, rows: int = ROWS) -> list[str]:
    """The heading and caption wrapped to `width`, at most `rows` lines (the last ends in … if cut),
    always with the keys' hint at the end of the last line: the only place the tour's keys are seen."""
    return list(wrapped_caption(head, caption, width, rows))


@lru_cache(64)
def wrapped_caption(head: str, caption: str, width: int, rows: int) -> tuple[str, ...]:
    """caption_lines, worked out once per scene and width: a scene change asks for them about five times
    (the bar's height, its lines, each view's layout), and wrapping is the bar's main cost."""
    lines = wrap(f"{head} · {visible(caption)}", width)
    hint = HINT if width >= 2 * len(HINT) else ""  # a bar too narrow for it (never at 60 columns) goes without
    if len(lines) <= rows and cell_len(lines[-1]) + len(hint) <= width:
        return (*lines[:-1], lines[-1] + hint)
    if len(lines) < rows:
        return (*lines, hint.lstrip())
    lines = lines[:rows]
    last = lines[-1]
    while last and cell_len(last) + 1 + len(hint) > width:
        last = last[:-1]
    return (*lines[:-1], last.rstrip(" ·") + "…" + hint)


def rows_for(caption: Caption | None, width: int) -> int:
    """The rows the bar takes at `width` columns for `caption` (none outside the tour)."""
    if caption is None:
        return 0
    head = heading(caption.index, caption.total, caption.title, caption.playing)
    return len(caption_lines(head, caption.caption, max(width - 2, 20)))


class CaptionBar(StripRows):
    """The current scene's heading (bold, reversed) and caption; shown only while `caption` is set. Drawn as
    rows of runs (widgets/strips.py): a scene change draws three short rows, not a Rich Text."""

    DEFAULT_CSS = f"""
    CaptionBar {{ dock: top; height: auto; max-height: {ROWS}; padding: 0 1; background: $panel; display: none; }}
    """

    caption: reactive[Caption | None] = reactive(None, layout=True)  # the view's, by data_bind

    def watch_caption(self, caption: Caption | None) -> None:
        self.display = caption is not None
        self.redraw()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def _lines(self, width: int) -> list[str]:
        scene = self.caption
        if scene is None:
            return []
        return caption_lines(heading(scene.index, scene.total, scene.title, scene.playing), scene.caption, max(width, 20))

    def rows(self, width: int, height: int) -> list[Row] | None:
        scene = self.caption
        if scene is None:
            return None
        head = heading(scene.index, scene.total, scene.title, scene.playing)
        keys = HINT.lstrip()
        out: list[Row] = []
        for n, line in enumerate(self._lines(width)):
            shown = min(len(head), len(line)) if n == 0 else 0
            rest = line[shown:]
            hint = rest.endswith(keys)
            runs = ((line[:shown], "bold reverse"), (rest[: -len(keys)] if hint else rest, ""), (keys if hint else "", "italic"))
            out.append(tuple(run for run in runs if run[0]))
        return out
