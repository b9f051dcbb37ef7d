"""The candidate-pairs pane: every adjacent pair of the word with its rank, drawn with the line API.

Only the visible rows are rendered, so a word of thousands of symbols scrolls as fast as a short one.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
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

from ..messages import PairClicked
from ..safe import visible
from ..view import View

Order = Literal["position", "rank"]
NONE = "—"


class Rows(Sequence[tuple[int, tuple[str, str], "int | None"]]):
    """The (position, pair, rank) rows of a word, made only when asked for (a word may have thousands).

    Ranks are looked up once, in C; rank order is kept as a list of positions.
    """

    def __init__(self, word: tuple[str, ...] = (), ranks: list[int | None] | None = None, order: list[int] | None = None):
        self.word = word
        self.ranks = ranks or []
        self.order = order

    def __len__(self) -> int:
        return len(self.ranks)

    def __getitem__(self, index):  # type: ignore[no-untyped-def, override]
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        position = self.order[index] if self.order is not None else range(len(self.ranks))[index]
        return (position, (self.word[position], self.word[position + 1]), self.ranks[position])

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, (list, Rows)) else NotImplemented


@dataclass(frozen=True)
class PairRows:
    """The rows the pane shows for one frame: (position, pair, rank), the lowest rank, and a note."""

    rows: Rows
    lowest: int | None
    note: str


def pair_rows(view: View, order: Order) -> PairRows:
    """The candidates considered at this frame: the word the round reads (pure, testable)."""
    chunk, frame = view.chunk, view.frame
    if frame.kind == "done" and chunk.cache == "hit":
        return PairRows(Rows(), None, "cache hit: bpe() returned before listing pairs")
    word = chunk.word(frame.round - 1 if frame.kind == "round" else frame.round)
    if len(word) < 2:
        note = "single symbol: no pairs" if chunk.cache == "single" else "one symbol: no pairs left"
        return PairRows(Rows(), None, note)
    ranks = list(map(view.trace.table.ranks.get, itertools.pairwise(word)))
    present = [r for r in ranks if r is not None]
    lowest = min(present) if present else None
    positions = None
    if order == "rank":
        positions = sorted(range(len(ranks)), key=lambda p: (ranks[p] is None, ranks[p] or 0, p))
    rules = len(present)
    count = len(ranks)
    note = f"{count} pair{'s' * (count != 1)} · " + (f"{rules} rule{'s' * (rules != 1)}" if rules else "none is a rule")
    return PairRows(Rows(word, ranks, positions), lowest, note)


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
        self.data = PairRows(Rows(), None, "")
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
        pos_w = len(str(max(len(rows) - 1, 0)))
        # Measure the symbols of the rows near the chosen one only: a long word has thousands of rows.
        target = self._target_row()
        near = rows[max(target - 100, 0) : target + 100]
        sym_w = max((cell_len(visible(a, space="·")) + 1 + cell_len(visible(b, space="·")) for _, (a, b), _ in near), default=1)
        self._widths = (pos_w, min(sym_w, 40), 5)
        # The height only changes with the chunk (its first word has the most pairs), so stepping
        # through rounds never triggers a layout of the whole screen.
        height = len(self.view.chunk.aliases) + 1
        if self.virtual_size.height != height:
            self.virtual_size = Size(0, height)
        if scroll:
            visible_rows = max(self.scrollable_content_region.height - 1, 1)
            if not (self.scroll_y <= target < self.scroll_y + visible_rows):
                self.scroll_to(y=max(target - visible_rows // 3, 0), animate=False, immediate=True)
        self.refresh()

    def _target_row(self) -> int:
        """The row of the first occurrence of the lowest-ranked pair (0 when there is none)."""
        data = self.data
        if data.lowest is None:
            return 0
        rows = data.rows
        if rows.order is None:
            return rows.ranks.index(data.lowest)
        return 0  # in rank order the lowest comes first

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
