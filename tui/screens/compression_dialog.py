"""The compression dialog (b in the Tables and Training views): every table of the app on the bundled samples, as bars.

The tables are loaded and measured in a worker (a rank file's loading takes a moment), the dialog saying which
one is being measured; escape closes it at any time, and the worker stops after the table it is on.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label
from textual.worker import get_current_worker

from ..commands import CLOSE_CHART, bindings
from ..engine.tables import Table, TableError
from ..engine.tables.choice import TableChoice
from ..explain.compression import Report, measure_named
from ..widgets.compression_chart import CompressionChart
from .dialogs import dialog_css


class Stopped(Exception):
    """The dialog was closed while its worker measured: it stops before the next table."""


class CompressionScreen(ModalScreen[None]):
    """Bytes per token of each table on each sample (and of `extra`, a table trained in the app, if given)."""

    DEFAULT_CSS = (
        dialog_css("CompressionScreen")
        + """
    CompressionScreen > Vertical { width: 100%; max-width: 100; height: 100%; max-height: 100%; }
    CompressionScreen VerticalScroll { height: 1fr; }
    CompressionScreen Label.title { text-style: bold; }
    """
    )
    BINDINGS = bindings((CLOSE_CHART,))

    def __init__(self, tables: TableChoice, extra: Table | None = None) -> None:
        super().__init__()
        self.tables = tables
        self.extra = extra

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Compression by language: bytes per token", classes="title")
            yield Label("", id="compression-status")
            with VerticalScroll():
                yield CompressionChart(id="compression-chart")
            yield Label("↑ ↓ pgup pgdn: scroll · escape: close", classes="hint")

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()
        self.measure()

    def names(self) -> list[str]:
        extra = [self.extra.name] if self.extra is not None and self.extra.name not in self.tables.names else []
        return [*self.tables.names, *extra]

    def resolve(self, name: str) -> Table:
        return self.extra if self.extra is not None and name == self.extra.name else self.tables.resolve(name)

    @work(thread=True, exclusive=True, group="compression", exit_on_error=False)
    def measure(self) -> None:
        """Load and measure each table in turn, off the UI thread, saying which one is under way."""
        worker = get_current_worker()

        def progress(name: str, done: int, total: int) -> None:
            if worker.is_cancelled:
                raise Stopped
            self.app.call_from_thread(self.status, f"measuring {name}… ({done + 1} of {total})")

        try:
            report = measure_named(self.names(), self.resolve, progress)
        except Stopped:
            return
        except TableError as error:
            self.app.call_from_thread(self.status, str(error))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self.shown, report)

    def status(self, line: str) -> None:
        if self in self.app.screen_stack:  # a report that arrives after escape closed the dialog goes nowhere
            self.query_one("#compression-status", Label).update(line)

    def shown(self, report: Report) -> None:
        if self in self.app.screen_stack:
            self.status(f"{len(report.tables)} tables × {len(report.samples)} samples · ★ the fewest tokens")
            self.query_one(CompressionChart).show(report)

    def action_close(self) -> None:
        self.workers.cancel_group(self, "compression")
        self.dismiss(None)
