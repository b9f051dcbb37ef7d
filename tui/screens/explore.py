"""View 6, the explorer: a text edited in place, cut by up to six tokenizers side by side (GPT-2,
cl100k_base and o200k_base unless `r` or --explore-tables chooses others).

Every edit re-chunks and re-tokenizes the text for the chosen tables in a worker (the tables load
there too, the first time), so typing never waits. Each row shows its chunks aligned by text
offset, the regex branch under each chunk (or its token ids), and its totals; the selected chunk's
match is explained beneath: the branches tried in order at its start, the first that matched, and
for a trailing lookahead what it gave back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Static, TextArea
from textual.worker import Worker, get_current_worker

from ..commands import EXPLORE
from ..engine.bpe import CaptureError
from ..engine.tables import Table, TableError
from ..engine.tables.choice import TableChoice
from ..engine.tables.registry import explored
from ..explain.branches import Explanation
from ..explain.explorer import TokenizerRow, build_row
from ..explain.position import Position
from ..messages import Animate, ExploreRows, TextSubmitted, Then, ViewRequested
from ..safe import sentence
from ..widgets.caption_bar import rows_for
from ..widgets.explore_why import explanation_text
from ..widgets.footer import KeyFooter
from ..widgets.text_panel import TextPanel
from ..widgets.tokenizer_rows import TokenizerRows, legend
from .base import ViewScreen
from .dialogs import EditBox
from .rows_dialog import RowsScreen

#: The tokenizers compared by default, in row order (the registry says which); `r` chooses others.
TABLES = explored()


#: Longer texts are shown, not edited: Textual's TextArea measures a whole line on every edit, and a
#: line of a million characters would take seconds a key.
BOX_LIMIT = 20_000
PREVIEW = 2_000  # characters of a long text the box shows
TYPING_TICKS = 60  # under play the text is typed in at most this many ticks (a character a tick up to 60)


class ExploreBox(EditBox):
    """The explorer's text box: spaces drawn as ·, one cell each, so the columns still match the text."""

    @dataclass
    class LongText(Message):
        """A paste would make the text longer than BOX_LIMIT: `text` is the whole text it would make."""

        text: str

    async def _on_paste(self, event: events.Paste) -> None:
        text = self.text
        if self.read_only or len(text) + len(event.text) <= BOX_LIMIT:
            await super()._on_paste(event)
            return
        event.stop()
        event.prevent_default()
        start, end = sorted(self.selection)
        i, j = len(self.get_text_range((0, 0), start)), len(self.get_text_range((0, 0), end))
        self.post_message(self.LongText(text[:i] + event.text + text[j:]))

    @staticmethod
    def shown(line: str) -> str:
        return EditBox.shown(line).replace(" ", "·")


#: Explanations remembered for the rows shown: each is a regex run from the chunk's start, as long as the chunk
#: (tens of milliseconds on a chunk of a million characters), and keys that stay on a chunk ask again.
EXPLAINED_KEPT = 64


@dataclass
class Rechunked(Message):
    """This view's worker reports: a status line (`said`), a text refused (why), or the rows of `text`."""

    worker: Worker[None]
    said: str = ""
    refused: str = ""
    text: str = ""
    rows: Sequence[TokenizerRow] | None = None
    built: dict[str, tuple[Table, TokenizerRow]] | None = None  # the rows' tables and rows by name


class ExploreScreen(ViewScreen):
    """The explorer: the text box, one row per tokenizer, and the selected chunk's explanation."""

    VIEW = "explore"
    REGISTRY = EXPLORE
    CSS_PATH = "explore.tcss"

    def __init__(self, tables: TableChoice, position: Position | None = None) -> None:
        super().__init__(tables, position)
        self.text = ""  # the text the rows show
        self._explained: dict[tuple[int, int], Explanation | None] = {}  # (row, chunk) -> its explanation, for these rows
        self._asked: str | None = None  # the text the latest worker was given
        self.long: str | None = None  # a text over BOX_LIMIT, shown read-only
        self._seeded: str | None = None  # the trace text the box was last given
        self._typing: tuple[str, int] | None = None  # under play: the text being typed and how much of it is in
        self._refused: str | None = None  # the text last refused (its rows never come)
        self.chosen: tuple[str, ...] = TABLES  # the rows' tables, kept while the app runs (`r` changes them)
        self._built: dict[str, tuple[Table, TokenizerRow]] = {}  # the rows shown by name: a new choice builds only new ones

    def compose(self) -> ComposeResult:
        yield from self.bars()
        box = ExploreBox("", soft_wrap=False, show_line_numbers=False, tab_behavior="indent", id="explore-text")
        box.indent_type = "tabs"
        yield box
        yield Static(id="explore-status", markup=False)
        yield TokenizerRows(id="explore-rows")
        with VerticalScroll(id="explore-why"):
            yield TextPanel(id="explore-explain")
        yield KeyFooter(compact=True)

    def shown_text(self) -> str:
        return self.text

    @property
    def box(self) -> ExploreBox:
        return self.query_one(ExploreBox)

    @property
    def rows(self) -> TokenizerRows:
        return self.query_one(TokenizerRows)

    def on_mount(self) -> None:
        self.chosen = getattr(self.app, "explore_rows", None) or self.chosen  # --explore-tables (the tour's app has none)
        self.rows.focus()
        self.watch(self.rows, "selection", self.explain_selected, init=False)
        self.watch(self.rows, "tokens", self.label_marks)

    def label_marks(self, tokens: bool) -> None:
        """Under the rows, what the marks and numbers beneath each row are; the explanation below puts the tokens
        first while their ids are under the rows (where a long id is cut)."""
        self.query_one("#explore-why").border_title = legend(tokens)
        if self.rows.selected is not None:
            self.explain_selected()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def watch_caption(self) -> None:
        self._fit(self.app.size)

    def _fit(self, size: Size) -> None:
        """The text box's rows by the rows left under the tour's caption bar: one when short (the tour's
        scenes are one line), so the explanation keeps its sentences; the rows take what the bars, box,
        status, footer and three lines of explanation leave."""
        rows = size.height - rows_for(self.caption, size.width)
        box = 3 if rows >= 22 else 2 if self.caption is None else 1
        self.box.styles.height = box
        self.rows.room = rows - box - 6
        self.rows.refresh(layout=True)

    def reload(self) -> None:
        """A new trace: the box starts again from its text (an edit in the box stays while the trace is the same)."""
        trace = self.trace
        text = trace.text if trace is not None else ""
        if text != self._seeded:
            self._seeded = text
            self.take(text)

    def take(self, text: str) -> None:
        """Put `text` in the box (the first PREVIEW characters, read-only, if it is over BOX_LIMIT) and re-chunk it."""
        box = self.box
        self._typing = None
        self.long = text if len(text) > BOX_LIMIT else None
        box.read_only = self.long is not None
        box.load_text(text if self.long is None else text[:PREVIEW])
        self.ask(text)

    @on(ExploreBox.LongText)
    def long_text(self, message: ExploreBox.LongText) -> None:
        message.stop()
        self.take(message.text)

    # -- re-chunking ---------------------------------------------------------------------------

    @on(TextArea.Changed, "#explore-text")
    def edited(self, event: TextArea.Changed) -> None:
        event.stop()
        if self.long is None:
            self.ask(event.text_area.text)

    def ask(self, text: str, again: bool = False) -> None:
        """Re-chunk `text` unless the latest worker was already given it (and `again` is false)."""
        if text != self._asked or again:
            self._asked = text
            self.status("working…")
            self.rechunk(text, self.chosen, dict(self._built) if text == self.text else {})

    def status(self, words: str) -> None:
        self.query_one("#explore-status", Static).update(words)

    @work(thread=True, exclusive=True, group="explore", exit_on_error=False)
    def rechunk(self, text: str, names: tuple[str, ...], built: dict[str, tuple[Table, TokenizerRow]]) -> None:
        """Cut `text` by each table of `names` (loading it the first time; a row of `built` is `text`'s
        already) and show the rows; a newer edit cancels this one."""
        worker = get_current_worker()
        post = self.post_message
        rows: list[TokenizerRow] = []
        for n, name in enumerate(names):
            try:
                table: Table = self.tables.resolve(name)
            except TableError as exc:
                post(Rechunked(worker, said=sentence(str(exc))))
                continue
            if name in built and built[name][0] is table:  # a trained table replaced under its name is cut again
                rows.append(built[name][1])
                continue

            def progress(share: float, n: int = n) -> None:
                post(Rechunked(worker, said=f"working… {(n + share) / len(names):.0%}"))

            try:
                row = build_row(text, table, lambda: worker.is_cancelled, progress if len(text) > 50_000 else None)
            except CaptureError as exc:
                if not worker.is_cancelled:
                    post(Rechunked(worker, refused=sentence(str(exc))))
                return
            if row is None or worker.is_cancelled:
                return
            rows.append(row)
            built[name] = (table, row)
        if not worker.is_cancelled:
            post(Rechunked(worker, text=text, rows=rows, built={name: built[name] for name in names if name in built}))

    def on_rechunked(self, message: Rechunked) -> None:
        """What the latest worker reports (a cancelled one's reports are dropped): a status, a refusal, or the rows."""
        if message.worker.is_cancelled:
            return
        if message.said:
            self.status(message.said)
        elif message.refused:
            self.refused(message.refused)
        elif message.rows is not None:
            self._built = message.built or {}
            self.show_rows(message.text, message.rows)

    def refused(self, message: str) -> None:
        """The text cannot be tokenized: say so once; the rows keep the previous text's result."""
        self._refused = self._asked
        self.status("✗ this text cannot be tokenized; the rows show the previous text.")
        self.notify(message, title="Cannot tokenize", severity="error", timeout=4)

    def show_rows(self, text: str, rows: Sequence[TokenizerRow]) -> None:
        self.text = text
        self._explained.clear()
        self.rows.show(text, rows)
        size = f"{len(text):,} characters · {len(text.encode('utf-8')):,} bytes"
        self.status(size + (" · too long to edit: e starts a new text" if self.long is not None else ""))

    def explain_selected(self) -> None:
        rows = self.rows
        chunk = rows.selected
        panel = self.query_one("#explore-explain", TextPanel)
        if chunk is None:
            said = Text("The text is empty: type something above (e or / edits it).")
        else:
            row = rows.tokenizers[rows.row]
            key = (rows.row, rows.chunk)
            if key not in self._explained:
                if len(self._explained) >= EXPLAINED_KEPT:
                    self._explained.clear()
                self._explained[key] = row.explained(rows.chunk)
            why = self._explained[key]
            said = explanation_text(row, rows.chunk, chunk, why, tokens_first=rows.tokens)
        # The panel fills its scroll area at least (CSS), so an explanation that fits it leaves its
        # size as it was: the whole screen is laid out again only when it grows or shrinks past that.
        width, room = panel.content_size.width, self.query_one("#explore-why").scrollable_content_region.height
        before = max(len(panel.lines(width)), room) if width > 0 else None
        panel.show(said, layout=False)
        if before is None or max(len(panel.lines(width)), room) != before:
            panel.refresh(layout=True)

    def handle(self, request: Then) -> None:
        """A tour scene's rows (none: the explorer's own), from now on."""
        super().handle(request)
        if isinstance(request, ExploreRows):
            self.rows_chosen(request.tables or getattr(self.app, "explore_rows", None) or TABLES)

    # -- hands-free play -------------------------------------------------------------------------

    def play_step(self) -> bool:
        """Under play the text is typed into the box as if by hand, a character a tick (longer texts a few,
        in TYPING_TICKS ticks), each edit re-chunked in the worker; a tick waits while the rows of the
        last edit are on their way. An edit by hand meanwhile ends the typing; a long (read-only) text holds."""
        if self.long is not None:
            return False
        if self._typing is None:
            self.play_rewind()
        text, typed = self._typing or ("", 0)
        box = self.box
        if box.text != text[:typed]:
            self._typing = (box.text, len(box.text))
            return False
        if typed and self._asked not in (self.text, self._refused):
            return True  # the rows of the last characters are on their way: one re-chunk at a time
        if typed == len(text):
            return False
        more = text[typed : typed + -(-len(text) // TYPING_TICKS)]
        box.insert(more, box.document.end)
        self._typing = (text, typed + len(more))
        self.ask(box.text)
        return True

    def play_rewind(self) -> None:
        """The box emptied, to be typed in again."""
        self._typing = (self._typing[0] if self._typing is not None else self.box.text, 0)
        self.box.load_text("")  # re-chunked once its first characters are in (load_text's Changed comes after them)

    # -- keys ----------------------------------------------------------------------------------

    def action_edit_text(self) -> None:
        if self.long is not None:
            self.take("")
            self.notify("The long text is set aside: type a new one (the trace's text is unchanged).", timeout=3)
        self.box.focus()

    def action_leave_input(self) -> None:
        self.rows.focus()

    @on(TextSubmitted)
    def submitted(self, message: TextSubmitted) -> None:
        """Enter in the box: done editing, the rows take the keys."""
        message.stop()
        self.rows.focus()

    def action_toggle_tokens(self) -> None:
        self.rows.tokens = not self.rows.tokens
        self.notify("token ids under the text, ¦ where a token starts" if self.rows.tokens else "regex branches under the text", timeout=2)

    def action_choose_rows(self) -> None:
        """r: the row chooser, every table `t` reaches (installed, custom, trained) ticked as shown now."""
        names = tuple(dict.fromkeys((*self.tables.names, *self.chosen)))
        self.app.push_screen(RowsScreen(names, self.chosen), self.rows_chosen)

    def rows_chosen(self, names: tuple[str, ...] | None) -> None:
        """The chooser's answer: these tables form the rows, from now on (None: as they were)."""
        if names is None or names == self.chosen:
            return
        self.chosen = names
        if self._asked is not None:
            self.ask(self._asked, again=True)

    def action_animate(self) -> None:
        rows = self.rows
        chunk = rows.selected
        if chunk is None:
            self.notify("There is no chunk to animate: the text is empty.", timeout=3)
            return
        self.post_message(ViewRequested("encode", Animate(chunk.text, rows.tokenizers[rows.row].name)))
