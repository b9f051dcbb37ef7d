"""The candidate-pairs pane: every adjacent pair of the word with its rank, a line list.

Only the visible rows are rendered, so a word of thousands of symbols scrolls as fast as a short one.
At a chunk's last frame the rules that were candidates but never chosen follow the pairs. up/down
select a row; w (or a click) asks why that pair was or was not chosen (PairPicked).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive

from ..engine.chunk import ChunkTrace
from ..engine.tables import NO_RULE
from ..explain.position import Position
from ..messages import PairPicked
from ..safe import visible
from .linelist import LineList
from .pane import FollowsPosition
from .word import first_merged, merge_order

if TYPE_CHECKING:  # the rounds are followed (tui.explain.whynot) only at a chunk's end or when a pair is asked about
    from ..explain.whynot import WhyNot

Order = Literal["position", "rank"]
NONE = "—"
CACHE_NOTE = "the cache answered: no pairs"
NEVER_NOTE = "never chosen (w: why)"
#: Chunks with more symbols than this are not followed round by round on the UI thread (0.04 s at 1,000).
WHY_LIMIT = 1_000
SELECTED = Style(bold=True, underline=True, dim=False)  # with the › mark: the row up/down or a click selected
CHOSEN = Style(bold=True, reverse=True)  # with ▶: the pair this round merges
NO_RULE_STYLE = Style(dim=True)
PLAIN = Style(dim=False)


class Rows(Sequence[tuple[int, tuple[str, str], "int | None"]]):
    """The (position, pair, rank) rows of a word, made only when asked for (a word may have thousands):
    a row's rank is looked up when the row is. In rank order the positions are kept as a list."""

    def __init__(self, word: tuple[str, ...] = (), ranks: Mapping[tuple[str, str], int] | None = None, order: list[int] | None = None):
        self.word = word
        self.ranks: Mapping[tuple[str, str], int] = ranks or {}
        self.order = order
        self._made: dict[int, tuple[int, tuple[str, str], int | None]] = {}  # a drawn row is asked for three or four times

    def __len__(self) -> int:
        return max(len(self.word) - 1, 0)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        made = self._made.get(index)
        if made is None:
            position = self.order[index] if self.order is not None else range(len(self))[index]
            pair = (self.word[position], self.word[position + 1])
            made = self._made[index] = (position, pair, self.ranks.get(pair))
        return made

    def __eq__(self, other: object) -> bool:
        return list(self) == list(other) if isinstance(other, (list, Rows)) else NotImplemented


@dataclass(frozen=True)
class PairRows:
    """The rows the pane shows for one frame: (position, pair, rank), the lowest rank, and a note."""

    rows: Rows
    lowest: int | None
    note: str
    never: tuple[WhyNot, ...] = ()  # at a chunk's last frame: the rules that were candidates, never chosen
    target: int = 0  # the row of the lowest-ranked pair's first occurrence (what this round merges)

    @property
    def count(self) -> int:
        """The pane's rows: the pairs, then (if any) a line naming the never-chosen rules, and those rules."""
        return len(self.rows) + (len(self.never) + 1 if self.never else 0)


def pair_rows(view: Position, order: Order) -> PairRows:
    """The candidates considered at this frame: the word the round reads (pure, testable).

    For a chunk the loop ran on, the trace says which is the lowest pair and where it first occurs
    (the round after this word merged it), and the rules are counted from a neighbouring round's
    count; only in rank order are all the ranks looked up.
    """
    chunk, frame = view.chunk, view.frame
    if chunk.cache == "hit":  # bpe() returns the cached word before it lists any pair
        return PairRows(Rows(), None, CACHE_NOTE)
    r = frame.round - 1 if frame.kind == "round" else frame.round
    word = chunk.word(r)
    if len(word) < 2:
        note = "single symbol: no pairs" if chunk.cache == "single" else "one symbol: no pairs left"
        return PairRows(Rows(), None, note)
    table = view.trace.table
    count = len(word) - 1
    if chunk.cache == "miss":
        rules = rule_count(chunk, r, table.ranks)
        lowest = chunk.rounds[r].rank if r < len(chunk.rounds) else None
        target = first_merged(chunk, r + 1) if lowest is not None else 0
    else:
        ranks = every_rank(word, table.ranks)
        rules = count - ranks.count(NO_RULE)
        lowest = min(ranks) if rules else None
        target = ranks.index(lowest) if lowest is not None else 0
    positions = None
    if order == "rank":
        ranks = every_rank(word, table.ranks)
        positions = sorted(range(count), key=ranks.__getitem__)  # a stable sort: ties stay in position order
        target = 0  # in rank order the lowest comes first
    note = f"{count} pair{'s' * (count != 1)} · " + (f"{rules} rule{'s' * (rules != 1)}" if rules else "none is a rule")
    never: tuple[WhyNot, ...] = ()
    if frame.kind == "done" and len(chunk.aliases) <= WHY_LIMIT:
        from ..explain.whynot import never_chosen

        never = tuple(never_chosen(view.trace, frame.chunk))
    return PairRows(Rows(word, table.ranks, positions), lowest, note, never, target)


def every_rank(word: tuple[str, ...], ranks: Mapping[tuple[str, str], int]) -> list[int]:
    """The rank of each adjacent pair of `word` (NO_RULE for no rule), looked up in C."""
    return list(map(ranks.get, itertools.pairwise(word), itertools.repeat(NO_RULE)))


#: Rules among the pairs of a chunk's word after r rounds, by (chunk, r): stepping asks for r ± 1 next.
_COUNTS: dict[tuple[ChunkTrace, int], int] = {}


def rule_count(chunk: ChunkTrace, r: int, ranks: Mapping[tuple[str, str], int]) -> int:
    """How many adjacent pairs of the word after `r` rounds are rules. From a neighbouring round's
    count when it is known (only the pairs around that round's merges differ), else counted in C."""
    known = _COUNTS.get((chunk, r))
    if known is not None:
        return known
    before, after = _COUNTS.get((chunk, r - 1)), _COUNTS.get((chunk, r + 1))
    if before is not None:
        count = before + _change(chunk, r, ranks)
    elif after is not None:
        count = after - _change(chunk, r + 1, ranks)
    else:
        count = sum(map(ranks.__contains__, itertools.pairwise(chunk.word(r))))
    if len(_COUNTS) > 256:
        _COUNTS.clear()
    _COUNTS[(chunk, r)] = count
    return count


def _change(chunk: ChunkTrace, r: int, ranks: Mapping[tuple[str, str], int]) -> int:
    """Rules among the pairs of the word after round `r`, less those before it. A pair neither of whose
    symbols round r merged is in both words; only the pairs touching a merge are looked up."""
    old, new = chunk.word(r - 1), chunk.word(r)
    merged = merge_order(chunk, r)  # old positions j: (j, j + 1) became one symbol
    lost = {p for j in merged for p in (j - 1, j, j + 1) if 0 <= p < len(old) - 1}
    made = {p for k, j in enumerate(merged) for p in (j - k - 1, j - k) if 0 <= p < len(new) - 1}  # j - k: its new index
    return sum((new[p], new[p + 1]) in ranks for p in made) - sum((old[p], old[p + 1]) in ranks for p in lost)


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


def explain(view: Position, pair: tuple[str, str], rank: int | None, at: int | None = None) -> str:
    """What a picked pair is, in plain sentences: its rule and id (two different numbers), and why it was or was not chosen."""
    a, b = pair
    chunk = view.chunk
    if rank is None:
        where = "" if at is None else f" at position {at}"
        return visible(f"({a} {b}){where} is not a rule of this table: it can never be merged.")
    ident = view.trace.table.encoder.get(a + b)
    lines = [visible(f"rule {rank}: {a} + {b} → {a + b}, id {ident}.") + f" Rank {rank} orders the rule; id {ident} names its token."]
    if len(chunk.aliases) > WHY_LIMIT:
        lines.append(f"This chunk has {len(chunk.aliases):,} symbols: too many to follow round by round here.")
    else:
        from ..explain.whynot import why_not

        lines.append(visible(why_not(view.trace, view.frame.chunk, pair).sentence))
    return "\n".join(lines)


class PairsPane(FollowsPosition, LineList, inherit_bindings=False):
    """Candidate pairs with ranks; ▶ and reverse mark the lowest rank (the pair this round merges).

    Only up/down move in it from the keyboard (they select a row, marked ›): the other navigation
    keys step the animation. A click on a row, or w on the selected one, reports the pair (PairPicked).
    """

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
        self.border_title = "Pairs"
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
        """The note on the candidates; when they are more than the pane shows, which rows are in view first."""
        note, rows, count = self.data.note, self.page_rows, self.data.count
        if count > rows:
            top = round(self.scroll_offset.y)
            shown = f"{top + 1}–{min(top + rows, count)} of "
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
