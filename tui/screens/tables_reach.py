"""The Tables view's reach classes and tree key: `r` shows, instead of the rules, the tokens of one reach class
(reachable, fragment, split_by_regex, taken_apart: tui/explain/reach.py) with every class's count; the
classification runs in a worker with its progress beside the rules, and stops when the table changes. `b` draws
the merge tree of the token under the cursor (a rule's merged token, or a listed token), enter animates its text
in view 1 (on a taken_apart token: the merges take another path there)."""

from __future__ import annotations

from array import array

from rich.text import Text
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from ..engine.tables import Table
from ..explain.reach import CLASSES, MEANINGS, Class, Reach, classify
from ..explain.rules import rule
from ..messages import Animate, ViewRequested
from ..safe import visible
from ..widgets.linelist import LineList
from ..widgets.text import pad, quote_clipped
from .base import ViewScreen
from .tree import open_tree

#: Each table's classes, once classified (GPT-2's 50,256 tokens take about a second).
REACHES: dict[Table, Reach] = {}


def counts_line(reach: Reach) -> str:
    """'reachable 130 · fragment 129 · split_by_regex 1 · taken_apart 1'."""
    return " · ".join(f"{kind} {reach.count(kind):,}" for kind in CLASSES)


class ReachList(LineList):
    """id · the token (aliases) · as text, for every token of one reach class (hidden while the rules are shown)."""

    DEFAULT_CSS = "ReachList { display: none; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.table: Table | None = None
        self.ids: array = array("q")
        self._shown = 0

    def show(self, table: Table, ids: array) -> None:
        self.table, self.ids = table, ids
        self._shown += 1
        self.cursor = 0
        self.set_count(len(ids))
        self.scroll_to(y=0, animate=False, immediate=True)

    def selected(self) -> int | None:
        return self.ids[self.cursor] if self.cursor < len(self.ids) else None

    def header(self, width: int) -> Text:
        return Text("  " + pad("id", 7, True) + "  " + pad("token", 24) + " as text (UTF-8 of its bytes)")

    def row(self, index: int, width: int, selected: bool) -> Text:
        if self.table is None:
            return Text("")
        ident = self.ids[index]
        alias = self.table.decoder[ident]
        text = Text("▶ " if selected else "  ")
        text.append(pad(str(ident), 7, True) + "  ")
        text.append(pad(visible(alias), 24), style="bold")
        shown = quote_clipped(self.table.symbol_bytes(alias).decode("utf-8", errors="replace"), max(width - 36, 4))
        text.append(" " + shown, style="italic")
        return text

    def row_key(self, index: int, selected: bool) -> object:
        return (self._shown, index, selected)


class ReachProgressed(Message):
    """The reach worker has classified `done` of `total` tokens of `table`."""

    def __init__(self, table: Table, done: int, total: int) -> None:
        super().__init__()
        self.table, self.done, self.total = table, done, total


class ReachClassified(Message):
    """The reach worker has classified every ordinary token of `table` (kept in REACHES)."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table


class ReachFilter(ViewScreen):
    """The Tables view's reach filter, tree key and animate key (the Tables screen composes a ReachList `#tables-reach`)."""

    reach_kind: Class | None = None  # the class listed; None: the rules
    _reaching: Table | None = None  # the table the worker classifies

    def reach_note(self, note: str) -> None:
        self.query_one("#tables-note", Static).update(Text(note, no_wrap=True, overflow="ellipsis"))

    def on_mount(self) -> None:
        self.watch(self.query_one("#tables-rules", LineList), "cursor", self.rules_moved, init=False)

    def rules_moved(self) -> None:
        """The rules' cursor was moved for the user (a search, a used rule, the animator's g, a new table) while a class
        is listed: the rules come back. While the table is still being classified the rules are shown anyway, and the
        class asked for is listed when it is done (a key pressed meanwhile does not drop it)."""
        if self.reach_kind is not None and self.query_one(ReachList).display:
            self.reach_kind = None
            self.show_reach()

    def follow_trace(self) -> None:
        super().follow_trace()
        self.reach_reload()

    def reach_reload(self) -> None:
        """The table (or trace) changed: stop classifying another table; list this table's class if it is known."""
        if self._reaching is not None and self._reaching is not self.table:
            self.workers.cancel_group(self, "tables-reach")
            self._reaching, self.reach_kind = None, None
        self.show_reach()

    def show_reach(self) -> None:
        """The rules, or the tokens of the chosen class (once this table is classified)."""
        reach = REACHES.get(self.table)
        kind = self.reach_kind if reach is not None else None
        rules, tokens = self.query_one("#tables-rules", LineList), self.query_one(ReachList)
        focused = self.focused in (rules, tokens)
        rules.display, tokens.display = kind is None, kind is not None
        if kind is None or reach is None:
            if focused:
                rules.focus()
            return
        tokens.show(self.table, reach.ids[kind])
        tokens.border_title = f"Reach · {kind} · {reach.count(kind):,} of {reach.total:,} tokens"
        tokens.border_subtitle = "r next class · b tree · enter animate"
        self.reach_note(f"{kind}: {MEANINGS[kind]} · {counts_line(reach)}")
        if focused:
            tokens.focus()

    def action_reach(self) -> None:
        """r: rules → reachable → fragment → split_by_regex → taken_apart → rules; the first press classifies the table."""
        kinds: list[Class | None] = [None, *CLASSES]
        self.reach_kind = kinds[(kinds.index(self.reach_kind) + 1) % len(kinds)]
        if self.table not in REACHES and self.reach_kind is not None:
            if self._reaching is not self.table:
                self._reaching = self.table
                self.reach_note(f"reach: classifying the tokens of {self.table.name}… (the keys keep working)")
                self.classify_reach(self.table)
            return
        self.show_reach()

    def classify_reach(self, table: Table) -> None:
        self.run_worker(lambda: self._classify(table), thread=True, exclusive=True, group="tables-reach", exit_on_error=False)

    def _classify(self, table: Table) -> None:
        """Every ordinary token of `table` in its class; never on the UI thread."""
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            self.post_message(ReachProgressed(table, done, total))

        found = classify(
            table,
            progress=progress,
            cancelled=lambda: worker.is_cancelled,
        )
        if found.complete and not worker.is_cancelled:
            REACHES[table] = found
            self.post_message(ReachClassified(table))

    def on_reach_progressed(self, message: ReachProgressed) -> None:
        if message.table is self.table and message.table is self._reaching:
            self.reach_note(f"reach: classified {message.done:,} of {message.total:,} tokens of {message.table.name}…")

    def on_reach_classified(self, message: ReachClassified) -> None:
        if message.table is self._reaching:
            self._reaching = None
        if message.table is not self.table:
            return
        self.show_reach()
        if self.reach_kind is None:  # the rules came back while it ran (a search, a used rule, g): say it is done
            reach = REACHES[message.table]
            self.reach_note(f"reach: every token of {message.table.name} classified · {counts_line(reach)} · r lists each class")

    def selected_token(self) -> int | None:
        """The token under the cursor: a listed token, or the rule's merged token."""
        tokens = self.query_one(ReachList)
        if tokens.display:
            return tokens.selected()
        rules = self.query_one("#tables-rules", LineList)
        return rule(self.table, rules.cursor).id if rules.count else None

    def action_tree(self) -> None:
        open_tree(self, self.table, self.selected_token(), "No token here: this table has no rules to choose from.")

    def action_animate_token(self) -> None:
        """enter: the token's text in the animator, under this table (a taken_apart token: watch the merges go elsewhere)."""
        ident = self.selected_token()
        if ident is None:
            return
        try:
            text = self.table.symbol_bytes(self.table.decoder[ident]).decode("utf-8")
        except UnicodeDecodeError:
            self.notify(f"id {ident} is not UTF-8 alone (a piece of a character): it has no text to animate.", timeout=3)
            return
        self.post_message(ViewRequested("encode", Animate(text, self.table.name)))
