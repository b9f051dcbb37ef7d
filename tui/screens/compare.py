"""The comparison view: the text under two tables, side by side (stacked when narrow), stepped in lock-step.

Side A starts as the trace's table, side B as the next in the `t` cycle; `a` and `b` move either side on,
`s` swaps them. Both sides are encoded in a worker (a tiktoken table's first load takes a second); the
chunks both cut alike are stepped frame by frame, and `n` jumps to where the two next part ways.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import Container
from textual.message import Message
from textual.reactive import reactive
from textual.worker import get_current_worker

from ..commands import COMPARE
from ..engine.bpe import CaptureError, Trace, capture
from ..engine.tables import TableError, label
from ..engine.tables.choice import TableChoice
from ..explain.compare import Comparison, Divergence, no_divergence
from ..explain.compare_rows import Cursor, Move, Shown, cut_rows, side_frame
from ..explain.compare_sides import RULE_VIEWS, base_name, resolving, side_name
from ..explain.position import Position
from ..explain.words import count
from ..messages import CompareTables, Then
from ..safe import glyphs, visible
from ..widgets.footer import KeyFooter
from ..widgets.text import clip
from ..widgets.text_panel import TextPanel
from ..widgets.view_bar import ViewBar
from .base import ViewScreen

#: Narrower than this, the two sides are stacked.
SIDE_BY_SIDE = 100


class Compared(Message):
    """The worker has compared `key` (text, table A, table B): `shown`, or the one sentence `failed`."""

    def __init__(self, key: tuple[str, str, str], shown: Shown | None, failed: str = "") -> None:
        super().__init__()
        self.key, self.shown, self.failed = key, shown, failed


class CompareScreen(ViewScreen):
    """Two tables on the current text: their cuts, a shared chunk's rounds in lock-step, both ids, the divergences."""

    VIEW = "compare"
    CSS_PATH = "compare.tcss"
    REGISTRY = COMPARE
    cursor: reactive[Cursor] = reactive(Cursor, repaint=False)

    def __init__(self, tables: TableChoice, position: Position | None = None) -> None:
        super().__init__(tables, position)
        self.names: tuple[str, str] | None = None
        self.picked = False  # side B was chosen (a, b, s, a tour scene): it stays while t changes side A
        self.shown: Shown | None = None
        self.told: Divergence | None = None  # the divergence the last line explains
        self.note = ""
        self.encoding = False  # the worker is encoding both sides
        self.walk = ""  # under play: "walking" to the first divergence, "held" there ("": no play yet)

    def compose(self) -> ComposeResult:
        yield from self.bars()
        yield TextPanel(id="compare-cuts")
        with Container(id="compare-sides"):
            yield TextPanel(id="compare-a")
            yield TextPanel(id="compare-b")
        yield TextPanel(id="compare-ids")
        yield TextPanel(id="compare-why")
        yield KeyFooter(compact=True)

    def reload(self) -> None:
        """A new trace: side A is its table; side B is the next table of the `t` cycle, or the side chosen
        (a, b, s, a tour scene) while it is not the same as A."""
        a = self.table.name
        kept = self.names[1] if self.picked and self.names is not None and self.names[1] != a else None
        self.names = (a, kept or self.after(a, views=False))  # never a rule view unless a or b chose it
        self.recompare()

    def recompare(self) -> None:
        trace = self.trace
        self.shown, self.told = None, None
        if trace is None or self.names is None:
            self.note = "no text to compare yet"
        else:
            self.note = f"encoding with {self.names[0]} and {self.names[1]}… (the keys keep working)"
            self.encoding = True
            self.compare_in_worker(trace, *self.names)
        self.draw()

    @work(thread=True, exclusive=True, group="compare", exit_on_error=False)
    def compare_in_worker(self, trace: Trace, a: str, b: str) -> None:
        """Both traces (the app's own for a side on its table) and every divergence: never on the interface's thread."""
        key = (trace.text, a, b)
        try:
            sides = [trace if trace.table.name == name else capture(trace.text, resolving(self.tables.resolve)(name)) for name in (a, b)]
            made, failed = Shown.of(Comparison(sides[0], sides[1])), ""
        except (TableError, CaptureError) as exc:
            made, failed = None, str(exc)
        if not get_current_worker().is_cancelled:
            self.post_message(Compared(key, made, failed))

    def on_compared(self, message: Compared) -> None:
        trace = self.trace
        if trace is None or self.names is None or message.key != (trace.text, *self.names):
            return
        self.shown, self.note, self.encoding = message.shown, message.failed, False
        first = None if message.shown is None else message.shown.comparison.first
        self.told = first
        shown = message.shown
        self.cursor = shown.at(first) if shown is not None and first is not None and self.walk != "walking" else Cursor()
        self.draw()

    def handle(self, request: Then) -> None:
        """A tour scene's two tables: side A and side B."""
        super().handle(request)
        if isinstance(request, CompareTables):
            self.names, self.picked = (request.a, request.b), True
            self.recompare()

    # -- hands-free play: --play and the tour ----------------------------------------------------

    def play_step(self) -> bool:
        """One tick: both sides a lock-step frame on from the start, up to the first divergence (the last frame
        when the two never part ways), where the view holds; a tick waits while the worker encodes."""
        if not self.walk:
            self.play_rewind()
        shown = self.shown
        if shown is None or self.walk == "held":
            return shown is None and self.encoding  # held, or waiting for the worker
        first = shown.comparison.first
        goal = shown.moved(Cursor(), "last") if first is None else shown.at(first)
        after = shown.moved(self.cursor, "next")
        if self.cursor == goal or after == self.cursor:
            self.walk = "held"
            return False
        self.cursor = after
        return True

    def play_rewind(self) -> None:
        """Both sides back to their first frame, to walk to the first divergence again."""
        self.walk = "walking"
        self.cursor = Cursor()

    # -- keys ------------------------------------------------------------------------------------

    def action_move(self, move: Move) -> None:
        if self.shown is not None:
            self.cursor = self.shown.moved(self.cursor, move)

    def action_divergence(self) -> None:
        shown = self.shown
        found = None if shown is None else shown.after(self.cursor, self.told)
        if shown is None or found is None:
            self.notify("These two tables do not part ways on this text." if shown is not None else self.note, timeout=3)
            return
        self.told = found
        self.cursor = shown.at(found)
        self.draw()

    def action_swap(self) -> None:
        if self.names is not None:
            self.names, self.picked = (self.names[1], self.names[0]), True
            self.recompare()

    def action_pick(self, side: str) -> None:
        if self.names is not None:
            a, b = self.names
            self.names = (self.after(a), b) if side == "a" else (a, self.after(b))
            self.picked = True
            self.recompare()

    def after(self, name: str, *, views: bool = True) -> str:
        """The table `a` / `b` moves a side to: the app's `t` cycle, then (`views`) GPT-2's and the teaching
        table's tokens under tiktoken's rule (the two merge rules side by side)."""
        names = (*self.tables.names, *(RULE_VIEWS if views else ()))
        return names[(names.index(name) + 1) % len(names)] if name in names else names[0]

    # -- drawing ---------------------------------------------------------------------------------

    def watch_cursor(self) -> None:
        self.draw()

    def on_resize(self) -> None:
        self.set_class(self.size.width < SIDE_BY_SIDE, "-stacked")
        self.draw()

    def draw(self) -> None:
        if not self.is_mounted:
            return
        width = max(self.size.width - 2, 20)
        shown = self.shown
        names = self.names or ("", "")
        for bar in self.query(ViewBar):
            bar.note = visible(f"A {names[0]} · B {names[1]}")
        if shown is None:
            self.show("cuts", Text(visible(self.note), style="italic"))
            for part in ("a", "b", "ids", "why"):
                self.show(part, Text())
            return
        c, cursor = shown.comparison, self.cursor
        chunks = shown.chunks(cursor)
        around = chunks[0].start if chunks is not None else 0
        self.show("cuts", Text("\n".join(cut_rows(c, around, width, glyphs)), no_wrap=True))
        side_width = width if self.size.width < SIDE_BY_SIDE else width // 2 - 1
        parted = shown.parted(cursor)
        for part, mark, trace, k in (("a", "A", c.a, 0), ("b", "B", c.b, 1)):
            body = Text(no_wrap=True, overflow="ellipsis")
            title = label(trace.table) if base_name(trace.table) == trace.table.name else side_name(trace.table)
            body.append(clip(visible(f"{mark} {title}"), side_width), style="bold")
            if parted is not None:
                body.append(" ≈ other path" if parted.path_only else " ✗ parted", style="bold")
            if chunks is not None:
                frame = side_frame(chunks[k], cursor.frame, visible)
                body.append("\n" + clip(frame.did, side_width) + "\n" + clip(frame.word, side_width))
            self.show(part, body)
        lines = [ids_line(f"{mark} {count(len(t.ids), 'id')}:", t.ids, width) for mark, t in (("A", c.a), ("B", c.b))]
        self.show("ids", Text("\n".join(lines), no_wrap=True, overflow="ellipsis"))
        self.show("why", self.why(c))

    def show(self, part: str, text: Text) -> None:
        """Draw `text` in one of the view's panels, whose heights are fixed: no layout of the screen; the same
        text again (the ids, the sentence while the cursor steps) is not drawn again."""
        panel = self.query_one(f"#compare-{part}", TextPanel)
        if panel.text != text:
            panel.show(text, layout=False)

    def why(self, c: Comparison) -> Text:
        """The divergence explained (✗, the first one marked so), or that there is none (=)."""
        told, first = self.told, c.first
        if told is None:
            return Text(f"= {visible(no_divergence(c.a.table, c.b.table, self.shown.divergences if self.shown else ()))}")
        marks = {True: "≈ another path, the same tokens", False: "✗ first divergence" if told == first else "✗ divergence"}
        which = marks[told.path_only]  # ≈: the same tokens by another route, not where the results part
        t = Text()
        t.append(f"{which} · {told.cause}: ", style="bold")
        t.append(visible(told.sentence))
        return t


def ids_line(head: str, ids: list[int], width: int) -> str:
    """'A 7 ids: 464 614 …': as many ids as fit in `width` columns (a long text's are not all joined on each step)."""
    out, used = [head], len(head)
    for ident in ids:
        word = str(ident)
        if used + len(word) + 1 > width - 2:
            out.append("…")
            break
        out.append(word)
        used += len(word) + 1
    return " ".join(out)
