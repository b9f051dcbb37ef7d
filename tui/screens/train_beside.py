"""View 7's line beneath the status: the trained table's bytes per token on the trained text beside every
installed table's, worked out in a worker and filled in table by table."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import work
from textual.message import Message
from textual.worker import Worker, get_current_worker

from ..engine.tables import Table, TableError
from ..engine.tables.registry import table_cycle
from ..explain.training_sides import COMPARED_CHARACTERS, Beside, Both, beside, grouped, trained_table
from ..widgets.training_panes import StatusLines
from .base import ViewScreen


@dataclass
class Compared(Message):
    """The comparison worker's figures so far (the trained table's first), and whether more will come."""

    worker: Worker[None]
    figures: tuple[Beside, ...]
    done: bool


class TrainedBeside(ViewScreen):
    """Mixed into the training view: its trained table's figures beside the installed tables'."""

    trained_text: str | None
    _beside: tuple[tuple[Beside, ...], bool]  # the figures shown, and whether more will come

    def compare(self, text: str, both: Both) -> None:
        """Set the trained table beside every installed one (teaching's nine rules left out) on `text`, in a worker."""
        trained = trained_table(both)
        self.show_beside((), bool(text) and trained is not None)
        if trained is not None and text:
            self.compare_in_worker(text, trained.table, tuple(n for n in table_cycle() if n != "teaching"))

    @work(thread=True, exclusive=True, group="train-compare", exit_on_error=False)
    def compare_in_worker(self, text: str, trained: Table, others: tuple[str, ...]) -> None:
        worker = get_current_worker()
        figures: list[Beside] = []
        for n, name in enumerate(("", *others)):
            try:
                table = self.tables.resolve(name) if name else trained
            except TableError:
                continue  # a table that cannot load is left out of the line
            figure = beside(text, table, trained=not name, cancelled=lambda: worker.is_cancelled)
            if figure is None or worker.is_cancelled:
                return
            figures.append(figure)
            self.post_message(Compared(worker, tuple(figures), n == len(others)))
        self.post_message(Compared(worker, tuple(figures), True))

    def on_compared(self, message: Compared) -> None:
        if not message.worker.is_cancelled:
            self.show_beside(message.figures, not message.done)

    def show_beside(self, figures: tuple[Beside, ...], more: bool) -> None:
        """'bytes/token: trained 1.52 · GPT-2 3.10 · …', the trained figure in bold."""
        self._beside = (figures, more)
        short = self.has_class("-short")  # one line, cut with … (the whole line from SHORT lines up)
        line = Text(no_wrap=short, overflow="ellipsis" if short else "fold")
        if figures or more:
            cut = self.trained_text is not None and len(self.trained_text) > COMPARED_CHARACTERS
            line.append(f"bytes/token{' (first ' + format(COMPARED_CHARACTERS, ',') + ' characters)' if cut else ''}: ")
            line.append_text(Text(" · ").join(Text(str(f), style="bold underline" if f.trained else "") for f in grouped(figures)))
            if more:
                line.append(" · …" if figures else "…", style="dim")
        shown = self.query_one("#train-beside", StatusLines)
        shown.show(line)
        shown.refit()  # as many lines as the figures wrap to
