"""The candidate-pairs pane: every adjacent pair of the word with its rank, a line list.

Only the visible rows are rendered, so a word of thousands of symbols scrolls as fast as a short one.
At a chunk's last frame the rules that were candidates but never chosen follow the pairs. up/down
select a row; w (or a click) asks why that pair was or was not chosen (PairPicked).
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive

from ..explain.pairs import Order, PairRows, Rows, pair_rows
from ..explain.position import Position
from ..messages import PairPicked
from ..safe import visible
from .linelist import LineList
from .pane import FollowsPosition

NONE = "—"
NEVER_NOTE = "never chosen (w: why)"
SELECTED = Style(bold=True, underline=True, dim=False)  # with the › mark: the row up/down or a click selected
CHOSEN = Style(bold=True, reverse=True)  # with ▶: the pair this round merges
NO_RULE_STYLE = Style(dim=True)
PLAIN = Style(dim=False)


def near_width(rows: Rows, target: int, reach: int = 100) -> int:
    """The widest pair (in cells) among the rows within `reach` of row `target`, read from the word
    without making those rows."""
    span = range(max(target - reach, 0), min(target + reach, len(rows)))
    near = span if rows.order is None else [rows.order[i] for i in span]
    word = rows.word
    return max((_pair_width(word[p], word[p + 1]) for p in near), default=1)


@lru_cache(maxsize=1 << 14)
def _pair_width(a: str, b: str) -> int:
    """The cells of a pair as its row shows it: 'a b', spaces as ·."""
    return cell_len(visible(a, space="·")) + 1 + cell_len(visible(b, space="·"))


class PairsPane(FollowsPosition, LineList, inherit_bindings=False):
    """Candidate pairs with ranks; ▶ and reverse mark the lowest rank (the pair this round merges).

    Only up/down move in it from the keyboard (they select a row, marked ›): the other navigation
    keys step the animation. A click on a row, or w on the selected one, reports the pair (PairPicked).
    """

    # Local, not in the command registry: the list's own up/down select its rows (every other key steps the animation).
    BINDINGS = [
        Binding("up", "select(-1)", "select the pair above", show=False),
        Binding("down", "select(1)", "select the pair below", show=False),
    ]

    order: reactive[Order] = reactive("position")
    header_style = Style()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data = PairRows(Rows(), None, "")
        self._widths = (1, 1, 1)
        self.selected: int | None = None  # the row up/down or a click selected; None until then

    @property
    def has_cursor(self) -> bool:
        return False

    def on_mount(self) -> None:
        self._update_title()

    def key(self, position: Position) -> object:
        """The candidate list changes with a new chunk or a new word (a cache hit's chunk lists none)."""
        frame = position.frame
        word = frame.round - 1 if frame.kind == "round" else frame.round
        return (id(position.trace), frame.chunk, word, frame.kind == "done")

    def changed(self, position: Position) -> None:
        self._reload(scroll=True)

    def watch_order(self) -> None:
        self._update_title()
        self._reload(scroll=True)

    def _update_title(self) -> None:
        self.border_title = "Pairs: # pair rank"  # what each row's columns are: position, pair, rank
        self.border_subtitle = f"by {self.order} · r: sort"  # short enough for the pane at 60 columns

    def _reload(self, scroll: bool) -> None:
        if self.position is None:
            return
        self.data = pair_rows(self.position, self.order)
        self.selected = None
        rows = self.data.rows
        pos_w = len(str(max(len(rows) - 1, 0)))
        # Measure the symbols of the rows near the chosen one only: a long word has thousands of rows.
        target = self.data.target
        sym_w = near_width(rows, target)
        self._widths = (pos_w, min(sym_w, 40), 5)
        # The scroll height is the trace's longest chunk (no word of it has more pairs) or the pane's
        # height: a new scroll height costs a layout of the whole screen, so stepping, even from one
        # chunk to the next, never asks for one.
        self.set_count(self.data.count, height=max(self.position.trace.widest, self.data.count, self.page_rows), repaint=False)
        if not (scroll and self.keep_visible(target, third=True)):  # a scroll repaints every line
            self.refresh_changed()

    def header(self, width: int) -> Text:
        """The note on the candidates; when the pairs are more than the pane shows, which of them are in
        view first (the rules never chosen, listed after the pairs, are not pairs and not counted)."""
        note, rows, pairs = self.data.note, self.page_rows, len(self.data.rows)
        top = round(self.scroll_offset.y)
        if pairs > rows and top < pairs:
            shown = f"{top + 1}–{min(top + rows, pairs)} of "
            note = shown + note if len(shown + note) <= width else shown + note.replace(" pairs · ", " · ", 1)
        return Text.styled(note[:width], "italic")

    def row_key(self, index: int, selected: bool) -> object:
        """A pair's row is known by its (position, pair, rank), the column widths and its marks."""
        if index >= len(self.data.rows):
            return None
        row = self.data.rows[index]
        return (row, self._widths, self._chosen(row[2]), index == self.selected)

    def fit(self, line: Text, width: int) -> None:
        """Rows are cut at the edge, not ellipsised: the rank column is the last."""

    def row(self, index: int, width: int, selected: bool) -> Text:
        shown = len(self.data.rows)
        if index >= shown:
            return self._never_row(index - shown, width)
        pos, (a, b), rank = self.data.rows[index]
        pos_w, sym_w, _ = self._widths
        sym_w = max(min(sym_w, width - pos_w - 11), 3)  # the rank column (the last, 6 wide) always fits
        pair = f"{visible(a, space='·')} {visible(b, space='·')}"
        if cell_len(pair) > sym_w:
            pair = pair[: sym_w - 1] + "…"
        pad = " " * max(sym_w - cell_len(pair), 0)
        mark = "▶" if self._chosen(rank) else "›" if index == self.selected else " "
        return Text(f"{mark}{pos:>{pos_w}}  {pair}{pad}  {NONE if rank is None else rank:>6}")

    def _never_row(self, k: int, width: int) -> Text:
        """The line naming the never-chosen rules (k = 0), then one line per rule and the merge that took its
        symbols: '✗ b c  rank 2: by a b, round 2', or where that is too wide '✗ b c  2: a b, r2' (w says it in full)."""
        if k == 0:
            return Text(NEVER_NOTE)
        w = self.data.never[k - 1]
        mark = "›" if len(self.data.rows) + k == self.selected else "✗"
        (a, b), (c, d) = w.pair, w.consumed_by or ("?", "?")
        shown = " ".join(visible(s, space="·") for s in (a, b)), " ".join(visible(s, space="·") for s in (c, d))
        full = f"{mark} {shown[0]}  rank {w.rank}: by {shown[1]}, round {w.last_round}"
        return Text(full if cell_len(full) <= width else f"{mark} {shown[0]}  {w.rank}: {shown[1]}, r{w.last_round}")

    def _chosen(self, rank: int | None) -> bool:
        return rank is not None and rank == self.data.lowest

    def row_style(self, index: int, selected: bool) -> Style:
        shown = len(self.data.rows)
        if index >= shown:
            style = Style(italic=True) if index == shown else Style()
        else:
            rank = self.data.rows[index][2]
            style = CHOSEN if self._chosen(rank) else NO_RULE_STYLE if rank is None else PLAIN
        return style + SELECTED if index == self.selected else style

    # -- selecting and asking why ---------------------------------------------------------------

    def _default_row(self) -> int:
        """This round's pair; with none, the first never-chosen rule; else the first row."""
        if self.data.lowest is None and self.data.never:
            return len(self.data.rows) + 1
        return self.data.target

    def _selectable(self, index: int) -> bool:
        return 0 <= index < self.data.count and not (self.data.never and index == len(self.data.rows))

    def action_select(self, delta: int) -> None:
        """Select the row above or below (the first press selects the pair this round merges)."""
        if not self.data.count:
            return
        if self.selected is None:
            target = self._default_row()
        else:
            target = self.selected + delta
            if not self._selectable(target):
                target += delta
        if self._selectable(target):
            self.selected = target
            self.keep_visible(target)
            self.refresh()

    def pick(self, index: int | None = None) -> bool:
        """Report the pair of row `index` (default: the selected row, else this round's pair, else the
        first never-chosen rule) to be explained; False when the pane holds no pair."""
        if index is None:
            index = self.selected if self.selected is not None else self._default_row()
        if not self._selectable(index):
            return False
        shown = len(self.data.rows)
        if index < shown:
            pos, pair, rank = self.data.rows[index]
            self.post_message(PairPicked(pos, pair, rank))
        else:
            w = self.data.never[index - shown - 1]
            self.post_message(PairPicked(None, w.pair, w.rank))
        return True

    def on_click(self, event: events.Click) -> None:
        index = self.row_at(event)
        if index is not None and self._selectable(index):
            self.selected = index
            self.refresh()
            self.pick(index)
