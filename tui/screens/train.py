"""View 7, training: seed 004's loop round by round, in regex chunks and without them, side by side.

It trains the current text (or a file, or the examples' texts) twice in a worker, then steps through
the rounds with the animator's keys. `c` shows the training loop as code beside the sides (on by
default from CODE_WIDTH columns), the line each round stands on marked. `u` hands the chunked
training's table to the app, which adds it to the tables `t` cycles through and encodes the text
with it in view 1. Beneath the status, a line sets the trained table's bytes per token on the
trained text beside every installed table's (train_beside.py: worked out in a worker, filled in table by table).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.worker import Worker, get_current_worker

from ..access import Refused, access_of
from ..commands import TRAIN
from ..engine.book import BOOK_LABEL, BookError, read_book
from ..engine.files import read_utf8
from ..engine.tables import Table
from ..engine.tables.choice import TableChoice
from ..engine.tables.registry import PATTERNS
from ..engine.training import TrainingError
from ..explain.position import Position
from ..explain.training_sides import Beside, Both, TrainingCancelled, examples_text, seed_beside, train_both, trained_table
from ..explain.words import count
from ..messages import TableTrained, Then, TrainRounds
from ..safe import sentence, visible
from ..widgets.footer import KeyFooter
from ..widgets.text import clip
from ..widgets.training_panes import SidePane, StatusLines, TrainingCode
from .train_beside import TrainedBeside

#: What + and - step through (m types any number).
MERGE_STEPS = (1, 2, 3, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
DEFAULT_MERGES = 10
NARROW = 80  # columns below which one side is shown at a time (s switches)
#: How the status line says a training ran out of pairs (there, not in a note: a note would outlast the training it
#: was about, as a tour scene's default run's did under the scene's own).
STOPPED_EARLY = "Stopped early:"
CODE_WIDTH = 140  # columns from which the code pane is on by default, as a third column (below, it takes a side's place)
SHORT = 24  # lines below which the figures beside the trained table take one line (cut with …), else two
PROGRESS_EVERY = 0.1  # seconds between progress reports of a running training
#: Where training meets encoding, for the status line's width (widest first).
NOTES = (
    "Training recounts every pair each round; new input is encoded with fixed ranks and no counts.",
    "Training counts each round; new input: fixed ranks, no counts (u uses it).",
    "New input is encoded with fixed ranks, no counts.",
)


@dataclass
class TrainingReport(Message):
    """This view's worker reports: the `share` trained so far, why it `failed`, or what it trained (`done`)."""

    worker: Worker[None]
    share: float = 0.0
    failed: str = ""
    done: tuple[tuple[str, str], str, int, Both] | None = None


class TrainScreen(TrainedBeside):
    """Two trainings of one text at one round; the round, the merges and the source are this view's own."""

    VIEW = "train"
    REGISTRY = TRAIN
    CSS_PATH = "train.tcss"

    round: reactive[int] = reactive(1, repaint=False)
    both: reactive[Both | None] = reactive(None, repaint=False)

    def __init__(self, tables: TableChoice, position: Position | None = None) -> None:
        super().__init__(tables, position)
        self.merges = DEFAULT_MERGES
        self.pattern_name = "gpt2"
        self.source: tuple[str, str] | None = None  # (kind, path): 'current', 'file', 'examples', 'book'
        self.trained_text: str | None = None
        self.stopped = ""  # why the last training stopped early ('' when it did not)
        self.progress = ""
        self._worker: Worker[None] | None = None
        self._code: bool | None = None  # the code pane: None follows the width, else as `c` last set it
        self._replay = False  # a training just done: hands-free play starts it again from round 1
        self._beside: tuple[tuple[Beside, ...], bool] = ((), False)  # the figures shown, and whether more will come

    def compose(self) -> ComposeResult:
        yield from self.bars()
        yield StatusLines(id="train-status")
        yield StatusLines(id="train-beside")
        with Horizontal(id="train-sides"):
            yield SidePane("with chunks", id="train-chunked").data_bind(TrainScreen.round)
            yield SidePane("without chunks (one piece)", id="train-plain").data_bind(TrainScreen.round)
            yield TrainingCode(id="train-code").data_bind(TrainScreen.round)
        yield KeyFooter(compact=True, show_command_palette=False)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def on_screen_resume(self) -> None:
        self._fit(self.app.size)
        super().on_screen_resume()

    def _fit(self, size: Size) -> None:
        """One side at a time below NARROW columns, and below CODE_WIDTH while the code pane is on (s switches)."""
        code = self._code if self._code is not None else size.width >= CODE_WIDTH
        self.set_class(size.width < NARROW, "-narrow")
        self.set_class(code, "-code")
        self.set_class(size.width < NARROW or (code and size.width < CODE_WIDTH), "-one-side")
        if self.has_class("-short") != (size.height < SHORT):
            self.set_class(size.height < SHORT, "-short")
            self.show_beside(*self._beside)
        self.query_one(TrainingCode).shown_changed()

    def action_code(self) -> None:
        """Show or hide the code pane (from now on as asked, whatever the width)."""
        self._code = not self.has_class("-code")
        self._fit(self.app.size)

    # -- what is trained -----------------------------------------------------------------------

    def reload(self) -> None:
        """Train the current text when this view shows it (first opened, or the text changed)."""
        trace = self.trace
        if (self.source is None or self.source[0] == "current") and trace is not None and trace.text != self.trained_text:
            self.start(("current", ""))

    def start(self, source: tuple[str, str], merges: int | None = None) -> None:
        """Train `source` with `merges` (default: as now) in a worker; what is shown stays until it is done."""
        merges = self.merges if merges is None else merges
        text = self.trace.text if source[0] == "current" and self.trace is not None else ""
        pattern = PATTERNS[self.pattern_name]
        self.progress = "training… (escape cancels)"
        self.show_status()
        self._worker = self.train_in_worker(source, text, merges, pattern)

    @work(thread=True, exclusive=True, group="train", exit_on_error=False)
    def train_in_worker(self, source: tuple[str, str], text: str, merges: int, pattern: str) -> None:
        worker = get_current_worker()
        kind, path = source
        try:
            if kind == "file":
                text = read_utf8(path, TrainingError, kind="text file")
            elif kind == "examples":
                text = examples_text()
            elif kind == "book":
                text = read_book()
            label = {"current": "the current text", "file": visible(path), "examples": "the examples' texts", "book": BOOK_LABEL}[kind]
            last = [0.0]

            def progress(share: float) -> bool:
                if worker.is_cancelled:
                    return False
                from time import monotonic

                if monotonic() - last[0] > PROGRESS_EVERY:
                    last[0] = monotonic()
                    self.post_message(TrainingReport(worker, share=share))
                return True

            both = train_both(text, merges, pattern, source=label, progress=progress)
        except TrainingCancelled:
            return
        except (TrainingError, BookError) as exc:
            if not worker.is_cancelled:
                self.post_message(TrainingReport(worker, failed=sentence(str(exc), path)))
            return
        if not worker.is_cancelled:
            self.post_message(TrainingReport(worker, done=(source, text, merges, both)))

    def on_training_report(self, message: TrainingReport) -> None:
        """What the latest training reports: progress, a failure, or the result. An earlier training's reports are
        dropped, cancelled or not: one that finished before the next was asked for (a tour scene's default run,
        then its own merges) could otherwise land after the newer one's and show its figures and its note."""
        if message.worker.is_cancelled or message.worker is not self._worker:
            return
        if message.done is not None:
            self.trained(*message.done)
        elif message.failed:
            self.failed(message.failed)
        else:
            self.show_progress(message.share)

    def show_progress(self, share: float) -> None:
        self.progress = f"training… {share:.0%} (escape cancels)"
        self.show_status()

    def failed(self, message: str) -> None:
        self.progress = ""
        self.show_status()
        self.notify(
            message + (" The training shown is unchanged." if self.both is not None else ""), title="Cannot train", severity="error"
        )

    def trained(self, source: tuple[str, str], text: str, merges: int, both: Both) -> None:
        self.progress = ""
        self.source, self.trained_text, self.merges = source, text, merges
        sides = ((both.chunked, "with chunks"), (both.unchunked, "without"))
        short = [f"{len(s.result.rounds):,} {label}" for s, label in sides if s.result.stopped_early]
        self.stopped = (
            f"{STOPPED_EARLY} {', '.join(short)}, of {merges:,} asked; no pair was left." if short else ""
        )  # one line at 80 columns
        self.both = both
        self.round = max(1, min(self.round, both.rounds))
        self._replay = self.round > 1
        self.compare(text, both)

    def watch_both(self, both: Both | None) -> None:
        if both is None:
            return
        self.query_one(
            "#train-chunked", SidePane
        ).border_title = f"with chunks ({self.pattern_name} regex, {count(both.chunked.result.chunk_count, 'chunk')})"
        self.query_one("#train-chunked", SidePane).side = both.chunked
        self.query_one("#train-plain", SidePane).side = both.unchunked
        self.follow_side()
        self.show_status()

    def follow_side(self) -> None:
        """The code pane follows the side s shows (the chunked one unless s switched)."""
        if self.both is not None:
            self.query_one(TrainingCode).side = self.both.unchunked if self.has_class("-plain") else self.both.chunked

    def watch_round(self) -> None:
        self.show_status()

    def show_status(self) -> None:
        if not self.is_mounted:
            return
        both = self.both
        width = max(self.size.width - 2, 10)
        top = Text(no_wrap=True, overflow="ellipsis")
        if both is None:
            top.append("no training yet")
        else:
            top.append(f"round {self.round}/{both.rounds}", style="bold")
            top.append(f" · {self.merges:,} merges asked · {both.chunked.result.byte_count:,} bytes of ")
            top.append(clip(both.source, 30), style="bold")
        second = Text(no_wrap=True, overflow="ellipsis")
        if self.progress:
            second.append(self.progress, style="bold")
        elif self.stopped:
            second.append(self.stopped, style="italic")
        elif both is not None and both.source == BOOK_LABEL and (said := seed_beside(both.chunked.result))[0]:
            second.append(next((s for s in said if len(s) <= width), said[-1]), style="italic")  # the book beside seed 004's
        else:
            second.append(next((n for n in NOTES if len(n) <= width), NOTES[-1]), style="italic")
        top.truncate(width, overflow="ellipsis")
        second.truncate(width, overflow="ellipsis")
        self.query_one("#train-status", StatusLines).show(Text("\n").join([top, second]))

    # -- keys ----------------------------------------------------------------------------------

    def handle(self, request: Then) -> None:
        """Another view's (a tour scene's) request: train the current text (or the book) with its merges, shown at the last round."""
        super().handle(request)
        if isinstance(request, TrainRounds):
            self.merges = self.round = request.merges
            self.start(("book" if request.book else "current", ""))

    def play_step(self) -> bool:
        """Under play the training goes round by round from round 1 (the counts, the pair chosen, the
        bytes/token figure of each); a training still running is waited for."""
        if self._worker is not None and not self._worker.is_finished:
            return True
        if self.both is None or not (self._replay or self.round < self.both.rounds):
            return False
        self.round, self._replay = 1 if self._replay else self.round + 1, False
        return True

    def play_rewind(self) -> None:
        self.round, self._replay = 1, False

    def action_round(self, move: str) -> None:
        last = self.both.rounds if self.both is not None else 1
        target = {"next": self.round + 1, "previous": self.round - 1, "first": 1, "last": last}[move]
        self.round = max(1, min(target, last))

    def action_merges(self, step: int) -> None:
        now = self.merges
        target = next((m for m in MERGE_STEPS if m > now), now) if step > 0 else next((m for m in reversed(MERGE_STEPS) if m < now), now)
        if target == now:
            self.notify(f"{now:,} merges is the {'most + gives (m types more)' if step > 0 else 'fewest'}.", timeout=2)
            return
        self.start(self.source or ("current", ""), target)

    def action_ask_merges(self) -> None:
        from .dialogs import PathScreen

        self.app.push_screen(PathScreen("Number of merges to learn", str(self.merges), placeholder="e.g. 50"), self.asked_merges)

    def asked_merges(self, answer: str | None) -> None:
        if answer is None:
            return
        try:
            merges = int(answer.replace(",", "").replace("_", ""))
        except ValueError:
            self.notify(f"'{visible(answer)}' is not a number of merges; nothing was changed.", severity="error")
            return
        if merges < 1:
            self.notify(f"The number of merges must be at least 1, not {merges}; nothing was changed.", severity="error")
            return
        self.start(self.source or ("current", ""), merges)

    def action_train_current(self) -> None:
        self.start(("current", ""))

    def action_train_file(self) -> None:
        from .dialogs import PathScreen

        self.app.push_screen(
            PathScreen("Train on a file (UTF-8 text)", placeholder="path/to/text.txt", complete=access_of(self.app).complete),
            self.chosen_file,
        )

    def chosen_file(self, path: str | None) -> None:
        """The file dialog's answer, if the app's file policy lets it be read (tui/access.py)."""
        if path is None:
            return
        try:
            self.start(("file", access_of(self.app).readable(path)))
        except Refused as exc:
            self.notify(sentence(str(exc), path), title="Not trained", severity="error")

    def action_train_examples(self) -> None:
        self.start(("examples", ""))

    def action_train_book(self) -> None:
        self.start(("book", ""))

    def action_pattern(self) -> None:
        names = list(PATTERNS)
        self.pattern_name = names[(names.index(self.pattern_name) + 1) % len(names)]
        self.notify(f"Chunks by the {self.pattern_name} regex.", timeout=2)
        self.start(self.source or ("current", ""))

    def action_side(self) -> None:
        self.toggle_class("-plain")
        self.follow_side()

    def action_cancel_training(self) -> None:
        worker = self._worker
        if worker is None or not worker.is_running:
            return
        worker.cancel()
        self.progress = ""
        self.show_status()
        self.notify("Training cancelled; the training shown is unchanged.", timeout=3)

    def action_use_table(self) -> None:
        """Hand the chunked training's table to the app (it joins the `t` cycle and view 1 encodes with it)."""
        if self.both is None:
            self.notify("Nothing is trained yet.", severity="warning")
            return
        trained = trained_table(self.both)
        if trained is None:
            self.notify("This training learned no merge: there is no table to use.", severity="warning")
            return
        self.post_message(TableTrained(trained.table, trained.note))

    def compared_table(self) -> Table | None:
        """l: the chunked training's table (None before a merge), measured on the samples beside the app's tables."""
        trained = None if self.both is None else trained_table(self.both)
        return None if trained is None else trained.table
