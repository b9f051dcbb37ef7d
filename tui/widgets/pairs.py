"""The candidate-pairs pane: every adjacent pair of the word with its rank, drawn with the line API.

Only the visible rows are rendered, so a word of thousands of symbols scrolls as fast as a short one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..engine.bpe import candidates
from ..messages import PairClicked
from ..safe import visible
from ..view import View

Order = Literal["position", "rank"]
NONE = "—"


@dataclass(frozen=True)
class PairRows:
    """The rows the pane shows for one frame: (position, pair, rank), the lowest rank, and a note."""

    rows: list[tuple[int, tuple[str, str], int | None]]
    lowest: int | None
    note: str


def pair_rows(view: View, order: Order) -> PairRows:
    """The candidates considered at this frame: the word the round reads (pure, testable)."""
    chunk, frame = view.chunk, view.frame
    if frame.kind == "done" and chunk.cache == "hit":
        return PairRows([], None, "cache hit: bpe() returned before listing pairs")
    word = chunk.word(frame.round - 1 if frame.kind == "round" else frame.round)
    if len(word) < 2:
        note = "single symbol: no pairs" if chunk.cache == "single" else "one symbol: no pairs left"
        return PairRows([], None, note)
    rows = candidates(word, view.trace.table.ranks)
    ranks = [r for _, _, r in rows if r is not None]
    lowest = min(ranks) if ranks else None
    if order == "rank":
        rows = sorted(rows, key=lambda row: (row[2] is None, row[2] or 0, row[0]))
    rules = len(ranks)
    note = f"{len(rows)} pair{'s' * (len(rows) != 1)} · " + (f"{rules} rule{'s' * (rules != 1)}" if rules else "none is a rule")
    return PairRows(rows, lowest, note)


class PairsPane(ScrollView, can_focus=True, inherit_bindings=False):
    """Candidate pairs with ranks; ▶ and reverse mark the lowest rank (the pair this round merges).

    Only up/down scroll it from the keyboard: the other navigation keys step the animation.
    """

    BINDINGS = [
        Binding("up", "scroll_up", "scroll up", show=False),
        Binding("down", "scroll_down", "scroll down", show=False),
    ]

    DEFAULT_CSS = """
    PairsPane {
        border: round $primary 60%;
        border-title-color: $text;
        border-title-style: bold;
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    PairsPane:focus { border: round $accent; }
    """

    view: reactive[View | None] = reactive(None, always_update=True)
    order: reactive[Order] = reactive("position")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data = PairRows([], None, "")
        self._widths = (1, 1, 1)

    def on_mount(self) -> None:
        self._update_title()

    def show(self, view: View) -> None:
        """Take `view` if the candidate list changes: a new chunk, a new word, or a cache hit's end."""
        if self.view is None or self.key(view) != self.key(self.view):
            self.view = view

    @staticmethod
    def key(view: View) -> object:
        frame = view.frame
        word = frame.round - 1 if frame.kind == "round" else frame.round
        return (id(view.trace), frame.chunk, word, frame.kind == "done" and view.chunk.cache == "hit")

    def watch_view(self) -> None:
        self._reload(scroll=True)

    def watch_order(self) -> None:
        self._update_title()
        self._reload(scroll=True)

    def _update_title(self) -> None:
        self.border_title = f"Pairs · by {self.order}"
        self.border_subtitle = "r: sort"

    def _reload(self, scroll: bool) -> None:
        if self.view is None:
            return
        self.data = pair_rows(self.view, self.order)
        rows = self.data.rows
        pos_w = len(str(rows[-1][0] if self.order == "position" and rows else max((r[0] for r in rows), default=0)))
        sample = rows if len(rows) <= 2000 else rows[:1000] + rows[-1000:]
        sym_w = max((cell_len(visible(a, space="·")) + 1 + cell_len(visible(b, space="·")) for _, (a, b), _ in sample), default=1)
        self._widths = (pos_w, min(sym_w, 40), 5)
        # The height only changes with the chunk (its first word has the most pairs), so stepping
        # through rounds never triggers a layout of the whole screen.
        height = len(self.view.chunk.aliases) + 1
        if self.virtual_size.height != height:
            self.virtual_size = Size(0, height)
        if scroll:
            target = next((n for n, row in enumerate(rows) if row[2] is not None and row[2] == self.data.lowest), 0)
            visible_rows = max(self.scrollable_content_region.height - 1, 1)
            if not (self.scroll_y <= target < self.scroll_y + visible_rows):
                self.scroll_to(y=max(target - visible_rows // 3, 0), animate=False, immediate=True)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if y == 0:
            return Strip([Segment(self.data.note[:width], Style(italic=True))]).extend_cell_length(width)
        index = round(self.scroll_offset.y) + y - 1
        rows = self.data.rows
        if index >= len(rows):
            return Strip.blank(width)
        pos, (a, b), rank = rows[index]
        pos_w, sym_w, _ = self._widths
        chosen = rank is not None and rank == self.data.lowest
        pair = f"{visible(a, space='·')} {visible(b, space='·')}"
        if cell_len(pair) > sym_w:
            pair = pair[: sym_w - 1] + "…"
        pad = " " * max(sym_w - cell_len(pair), 0)
        text = f"{'▶' if chosen else ' '}{pos:>{pos_w}}  {pair}{pad}  {NONE if rank is None else rank:>6}"
        style = Style(bold=True, reverse=True) if chosen else Style(dim=rank is None)
        strip = Strip([Segment(text, style)])
        return strip.crop(round(self.scroll_offset.x), round(self.scroll_offset.x) + width).extend_cell_length(width)

    def on_click(self, event: events.Click) -> None:
        index = round(self.scroll_offset.y) + event.y - 1
        if 0 <= index < len(self.data.rows) and event.y >= 1:
            pos, pair, rank = self.data.rows[index]
            self.post_message(PairClicked(pos, pair, rank))
