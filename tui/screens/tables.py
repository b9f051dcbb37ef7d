"""The Tables view: what initialisation builds (with sizes), the rank/id check, and every rule, browsable.

The rule list draws only its visible lines (the line API), so all 50,000 GPT-2 rules scroll, jump and
search instantly. Rules the current text used are marked •; the cursor row is reversed and marked ▶.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.message import Message
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from ..commands import TABLES
from ..engine.tables import OFFSET, Table, recover_all, short_name
from ..engine.tables.choice import TableChoice
from ..explain.position import Position
from ..explain.rules import RankCheck, init_summary, rank_id_check, rule, search_rules, used_ranks
from ..explain.words import plural
from ..messages import ShowRank, Then
from ..safe import visible
from ..widgets.findrow import FindRow
from ..widgets.footer import KeyFooter
from ..widgets.linelist import LineList
from ..widgets.table_facts import Mode, default_mode, facts_text, next_mode, regex_text
from ..widgets.text import pad, quote_clipped
from .tables_reach import ReachFilter, ReachList
from .tables_text import built_lines, check_lines, loader_line, pieces_lines

#: The rank/id check of each table shown so far (GPT-2's 50,000 rules take about 70 ms; a tiktoken
#: table first needs its rules' parts, recovered in a worker).
CHECKS: dict[Table, RankCheck] = {}


def known_check(table: Table) -> RankCheck | None:
    """The check of `table`, run now unless it needs a tiktoken table's parts (None: recover them first)."""
    check = CHECKS.get(table)
    if check is None and not table.rule.by_bytes:
        check = CHECKS[table] = rank_id_check(table)
    return check


RECOVERING = "recovering parts…{share} — a rank file lists tokens, not rules: each rule's left and right are found once, in the background"


class RulesList(LineList):
    """rank · left · right · merged · id · id == 256 + rank, for every rule of the table."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.table: Table | None = None
        self.used: set[int] = set()
        self._shown = 0  # counts what `show` was given: a row's key (see row_key)

    def show(self, table: Table, used: set[int]) -> None:
        new = table is not self.table
        self.table, self.used = table, used
        self._shown += 1
        self.set_count(len(table.merges))  # the table and count first: a move repaints the rows it changed
        if new:
            self.cursor = 0
            self.scroll_to(y=0, animate=False, immediate=True)

    def widths(self, width: int) -> tuple[int, int, int, int, int]:
        """Cells for rank, left, right, merged, and (on wide screens) the merged symbol as text."""
        rank_w = max(len(f"{self.count:,}"), 4)
        room = max(width - (rank_w + 26), 12)
        wide = room > 60
        side = min(room // 4, 18 if wide else 9)
        merged = min(room - 2 * side, 24 if wide else 14)
        rest = room - 2 * side - merged - 1
        return rank_w, side, side, merged, rest if rest >= 10 else 0

    def header(self, width: int) -> Text:
        rank_w, left_w, right_w, merged_w, text_w = self.widths(width)
        line = Text(
            "  " + pad("rank", rank_w, True) + " " + pad("left", left_w) + " " + pad("right", right_w) + " "
            + pad("merged", merged_w) + " " + pad("id", 6, True) + f"  id={self.table.rank_offset if self.table else OFFSET}+rank"
        )  # fmt: skip
        if text_w:
            line.append(" " + pad("as text (UTF-8 of its bytes)" if text_w > 30 else "as text", text_w))
        return line

    def row(self, index: int, width: int, selected: bool) -> Text:
        if self.table is None:
            return Text("")
        r = rule(self.table, index)
        rank_w, left_w, right_w, merged_w, text_w = self.widths(width)
        text = Text("▶" if selected else " ")
        text.append("•" if index in self.used else " ", style="bold")
        text.append(pad(f"{index:,}", rank_w, True) + " ")
        text.append(pad(visible(r.left), left_w) + " " + pad(visible(r.right), right_w) + " ")
        text.append(pad(visible(r.merged), merged_w), style="bold")
        text.append(" " + pad("—" if r.id is None else str(r.id), 6, True) + "  ")
        text.append(pad("✓" if r.follows else "✗ differs", 11))
        if text_w:
            try:
                shown = quote_clipped(self.table.symbol_bytes(r.merged).decode("utf-8", errors="replace"), text_w)
            except KeyError:
                shown = "(not byte aliases)"
            text.append(" " + pad(shown, text_w), style="italic")
        return text

    def row_key(self, index: int, selected: bool) -> object:
        """A rule's row is known by the table and trace it was shown for, its rank and the cursor:
        a move repaints the two rows the cursor left and reached without drawing the others."""
        return (self._shown, index, selected)

    def row_style(self, index: int, selected: bool) -> Style:
        if selected:
            return Style(reverse=True, bold=True)
        return Style(underline=True) if index in self.used else Style()


class PartsProgressed(Message):
    """This view's worker (the parts of a tiktoken table) has recovered `share` of `table`'s rules."""

    def __init__(self, table: Table, share: float) -> None:
        super().__init__()
        self.table, self.share = table, share


class PartsRecovered(Message):
    """This view's worker has recovered every rule's parts of `table` and checked it."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table


class TablesScreen(ReachFilter):
    """Sizes, the rank/id check, and the whole rule table with search, jump to rank, and used rules."""

    VIEW = "tables"
    AUTO_FOCUS = "#tables-rules"
    REGISTRY = TABLES
    CSS_PATH = "tables.tcss"

    def __init__(self, tables: TableChoice, position: Position | None = None) -> None:
        super().__init__(tables, position)
        self.matches: tuple[int, ...] = ()
        self.match = 0
        self.note = ""
        self._used: tuple[object, list[int]] = (None, [])
        self.mode: Mode | None = None  # what the top shows (p cycles it); None: the table's default
        self._facts: tuple[object, object, Text | None] = (None, None, None)

    def compose(self) -> ComposeResult:
        yield from self.bars()
        yield Static(id="tables-built")
        yield Static(id="tables-check")
        yield Static(id="tables-loader")
        yield RulesList(id="tables-rules")
        yield ReachList(id="tables-reach")
        yield Static(id="tables-note")
        yield FindRow("find", "/: a rank (26), id 45609, a rule (Ġ t), or a symbol (the, Ġthe)", input_id="tables-find", id="tables-row")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one(RulesList).focus()

    def on_resize(self) -> None:
        self.set_class(self.size.height < 24, "-short")  # below 24 rows the sizes give way to the rules
        self.draw_built()

    # -- drawing -------------------------------------------------------------------------------

    def used(self) -> list[int]:
        """The ranks the current text used (remembered per trace), or [] when another table is shown."""
        trace = self.trace
        if trace is None or trace.table is not self.table:
            return []
        if self._used[0] is not trace:
            self._used = (trace, used_ranks(trace))
        return self._used[1]

    def reload(self) -> None:
        self.set_bar_note()
        table = self.table
        used = self.used()
        rules = self.query_one(RulesList)
        rules.show(table, set(used))
        label = short_name(table)
        rule = f" · {table.rule.owner} rule" if table.rule.one_at_a_time else ""
        rules.border_title = f"Rules · {label}{rule} · {len(table.merges):,} by rank"
        rules.border_subtitle = "• used by this text · / find · n next · u used"
        self.draw_built()
        self.draw_check(table)
        self.query_one("#tables-loader", Static).update(loader_line(table))
        self.matches, self.match = (), 0
        self.set_note(self.used_note(used))

    def draw_built(self) -> None:
        if not self.is_mounted:
            return
        static = self.query_one("#tables-built", Static)
        mode = self.mode or default_mode(self.table)
        width = max(self.size.width - 2, 40)
        if mode != "built":
            static.update(self.facts() if mode == "facts" else regex_text(self.table, width))
            return
        text = Text()
        source = "get_encoder() from vocab.bpe + encoder.json" if self.table.name == "gpt2" else f"loading the {self.table.name} table"
        text.append(f"built by {source} (trained tokenizer files, separate from the model's weights):\n", style="bold")
        trace = self.trace if self.trace is not None and self.trace.table is self.table else None
        text.append(built_lines(init_summary(self.table, trace), width, self.table.rule.holds))
        static.update(text)

    def facts(self) -> Text:
        """The table's facts, the two rules compared on the current text (kept until the table or text changes)."""
        text = self.trace.text if self.trace is not None else None
        table, shown, facts = self._facts
        if table is not self.table or shown != text or facts is None:
            facts = facts_text(self.table, text)
            self._facts = (self.table, text, facts)
        return facts

    def action_facts(self) -> None:
        """p: what loading builds → the table's facts → its regex → …"""
        shown = "built" if self.has_class("-short") and self.mode is None else self.mode  # short: the check is shown
        self.mode = next_mode(shown or default_mode(self.table))
        self.set_class(self.mode != "built", "-facts")  # below 24 rows, asked-for facts take the check's place
        self.draw_built()

    def draw_check(self, table: Table) -> None:
        """The rank/id check, or while a tiktoken table's parts are recovered (in a worker), a placeholder; a
        SentencePiece model's ranks are its score order, which says what the check would (`pieces_lines`)."""
        if table.pieces is not None and not table.lists_merges:
            self.query_one("#tables-check", Static).update(pieces_lines(table))
            return
        check = known_check(table)
        if check is None:
            self.query_one("#tables-check", Static).update(Text(RECOVERING.format(share=""), style="italic"))
            self.recover(table)
            return
        self.query_one("#tables-check", Static).update(check_lines(table, check))

    @work(thread=True, exclusive=True, group="tables-parts", exit_on_error=False)
    def recover(self, table: Table) -> None:
        """Recover every rule's left and right parts of a tiktoken table, then run the check; never on the UI thread."""
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            self.post_message(PartsProgressed(table, done / max(total, 1)))

        recover_all(table, progress, lambda: worker.is_cancelled)
        if worker.is_cancelled:
            return
        CHECKS[table] = rank_id_check(table)
        self.post_message(PartsRecovered(table))

    def on_parts_progressed(self, message: PartsProgressed) -> None:
        table = message.table
        if table is self.table and table not in CHECKS:
            self.query_one("#tables-check", Static).update(Text(RECOVERING.format(share=f" {message.share:.0%}"), style="italic"))

    def on_parts_recovered(self, message: PartsRecovered) -> None:
        if message.table is self.table:
            self.draw_check(message.table)

    def used_note(self, used: list[int]) -> str:
        """'• this text used 14 rules: 3, 5, 7, … 45353 — by pair lookup, not a scan from row 0', fitted to the width."""
        if not used:
            return "the current text used no rule of this table" if self.trace is not None and self.trace.table is self.table else ""
        head = f"• this text used {len(used)} {plural(len(used), 'rule')}: "
        width = self.size.width - 3
        tail = " — found by pair lookup, not by scanning from row 0" if width >= 120 else " — by pair lookup, no scan"
        room = width - len(head) - len(tail)
        shown = ", ".join(map(str, used))
        if len(shown) > room:
            k = len(used)
            while k > 1 and len(", ".join(map(str, used[:k])) + f", … {used[-1]}") > room:
                k -= 1
            shown = ", ".join(map(str, used[:k])) + f", … {used[-1]}"
        return head + shown + tail

    def set_note(self, note: str) -> None:
        self.note = note
        self.query_one("#tables-note", Static).update(Text(note, no_wrap=True, overflow="ellipsis"))

    # -- moving --------------------------------------------------------------------------------

    def handle(self, request: Then) -> None:
        """The animator's g: this round's rule among its neighbours."""
        super().handle(request)
        if isinstance(request, ShowRank):
            self.show_rank(request.rank, request.note)

    def show_rank(self, rank: int, note: str = "") -> None:
        """Put the cursor on `rank`, its neighbours above and below it in view."""
        rules = self.query_one(RulesList)
        rules.show_row(rank)
        if note:
            self.set_note(note)

    def action_find(self) -> None:
        self.query_one(FindRow).focus_input()

    def action_leave_input(self) -> None:
        self.query_one(RulesList).focus()

    @on(Input.Submitted, "#tables-find")
    def find(self, event: Input.Submitted) -> None:
        event.stop()
        self.search(event.value)
        self.query_one(RulesList).focus()

    def search(self, query: str) -> None:
        if known_check(self.table) is None and not query.strip().isdigit():  # a search would walk every rule's parts
            self.set_note("✗ still recovering this table's parts: a rank can be found now, ids, rules and symbols when it is done")
            return
        result = search_rules(self.table, query)
        self.matches, self.match = result.ranks, 0
        note = visible(result.note)
        if result.ranks:
            if len(result.ranks) > 1:
                note += f" · match 1/{len(result.ranks)} (n next)"
            self.show_rank(result.ranks[0], note)
        else:
            self.set_note("✗ " + note)

    def action_match(self, step: int) -> None:
        if not self.matches:
            self.notify("No search yet: press / and type a rank, id N, a rule or a symbol.", timeout=3)
            return
        self.match = (self.match + step) % len(self.matches)
        rank = self.matches[self.match]
        self.show_rank(rank, self.note.split(" · match ")[0] + f" · match {self.match + 1}/{len(self.matches)} (n next)")

    def action_used(self, step: int) -> None:
        used = self.used()
        if not used:
            self.notify("The current text used no rule of this table.", timeout=3)
            return
        cursor = self.query_one(RulesList).cursor
        target = next((r for r in used if r > cursor), used[0]) if step > 0 else next((r for r in reversed(used) if r < cursor), used[-1])
        self.show_used(target)

    def show_used(self, rank: int) -> None:
        used = self.used()
        self.show_rank(rank, f"• used rank {rank}: {used.index(rank) + 1} of {len(used)} used by this text (u next)")

    def play_steps(self) -> int:  # under play: the rules this text used, lowest rank first (the first 32)
        return min(len(self.used()), 32)

    def play_show(self, step: int) -> None:
        self.show_used(self.used()[step])
