"""The animator: key bindings, commands, and the one piece of state, the current View."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from textual import on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer
from textual.worker import Worker, WorkerState, get_current_worker

from .engine.bpe import CaptureError, ChunkTrace, Trace, gc_paused, run
from .engine.examples import TRACES_DIR
from .engine.tables import Table, TableError, resolver, table_cycle
from .engine.tracefile import TraceError, load, save
from .messages import PairClicked
from .safe import visible
from .view import View
from .widgets.aliases import AliasesPane
from .widgets.chunks import ChunksPane
from .widgets.header import Status
from .widgets.ids import IdsPane
from .widgets.pairs import PairsPane
from .widgets.roundtrip import RoundTripViews
from .widgets.word import WordPane

DEFAULT_TEXT = "aaababcabxyz"
MAX_TEXT = 1_000_000  # characters; see README, "Limits"
SPEEDS = (2.0, 1.0, 0.6, 0.3, 0.15, 0.05)  # seconds per frame while playing
PARTIAL_FIRST = 0.15  # a capture still running after this long shows what it has
PROGRESS_EVERY = 0.25  # and then says how far it has got this often; the rest appears when it is done
SETTLE_AFTER = 0.5  # seconds after start-up or a capture before the heap is frozen (see _settle_heap)


class BpeApp(RoundTripViews, App[None]):
    """Step through a merge trace with the keyboard; every pane shows the current frame."""

    CSS_PATH = "app.tcss"
    TITLE = "bpe-tui"
    STEP = {"priority": True}
    # Footer order is binding order: what a newcomer needs first, so it survives 80 columns.
    BINDINGS = [
        Binding("right,l", "move('next')", "next", **STEP),
        Binding("left,h", "move('previous')", "prev", **STEP),
        Binding("space", "play", "play", **STEP),
        Binding("d", "detail", "scan"),
        Binding("t", "switch_table", "table"),
        Binding("e", "edit", "edit"),
        Binding("x", "examples", "examples"),
        Binding("question_mark", "help", "help"),
        Binding("q", "quit", "quit"),
        Binding("2", "view('decode')", "views", key_display="1-5"),
        Binding("shift+right", "move('next_round')", "round▶", **STEP),
        Binding("shift+left", "move('previous_round')", "◀round", show=False, **STEP),
        Binding("pagedown", "move('next_chunk')", "chunk▶", **STEP),
        Binding("pageup", "move('previous_chunk')", "◀chunk", show=False, **STEP),
        Binding("home", "move('first')", "first", show=False, **STEP),
        Binding("end", "move('last')", "last", show=False, **STEP),
        Binding("plus,equals_sign", "speed(1)", "faster", show=False),
        Binding("minus", "speed(-1)", "slower", show=False),
        Binding("o", "open", "open", show=False),
        Binding("s", "save", "save", show=False),
        Binding("r", "sort", "sort", show=False),
        Binding("escape", "cancel_capture", "cancel", show=False),
        Binding("1", "view('encode')", "encode", show=False),
        Binding("3", "view('aliases')", "aliases", show=False),
        Binding("4", "view('tables')", "tables", show=False),
        Binding("5", "view('special')", "special", show=False),
        Binding("g", "rule_in_table", "rule in table", show=False),
    ]

    view: reactive[View | None] = reactive(None, always_update=True, repaint=False)
    playing: reactive[bool] = reactive(False, repaint=False)

    def __init__(self, trace: Trace, *, custom: Table | None = None, traces_dir: Path = TRACES_DIR) -> None:
        super().__init__()
        self.custom = custom
        self.resolve_table = resolver(custom)  # tables by name, the custom one included
        self.traces_dir = traces_dir
        self.draft = trace.text  # the text being edited survives failed and cancelled captures
        self._initial = trace
        self._speed = 2
        self._timer: Timer | None = None
        self._capture: Worker[None] | None = None
        self._before_capture: View | None = None

    def compose(self) -> ComposeResult:
        yield Status(id="status")
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield ChunksPane(id="chunks")
                yield AliasesPane(id="aliases")
                yield WordPane(id="word")
            yield PairsPane(id="pairs")
        yield IdsPane(id="ids")
        yield Footer(compact=True, show_command_palette=False)

    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False
    ) -> None:
        """Notifications quote paths and texts from the user: plain text, never markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def on_mount(self) -> None:
        # The animator's panes, kept so they follow the view even while another screen covers them.
        self._status = self.query_one(Status)
        self._panes = [self._status, *self.query("ChunksPane, AliasesPane, WordPane, PairsPane, IdsPane")]
        self.view = View.of(self._initial)
        self._fit(self.size.width, self.size.height)
        self.set_timer(SETTLE_AFTER, _settle_heap)
        if _ready_exit():
            self.call_after_refresh(self.exit)

    def on_resize(self, event) -> None:  # type: ignore[no-untyped-def]
        self._fit(event.size.width, event.size.height)

    def _fit(self, width: int, height: int) -> None:
        main = self.screen_stack[0] if self.screen_stack else self.screen
        main.set_class(height >= 36, "-tall")
        main.set_class(width >= 140, "-wide")

    def watch_view(self, view: View | None) -> None:
        if view is None:
            return
        for pane in self._panes:
            pane.show(view)

    def watch_playing(self, playing: bool) -> None:
        self._status.playing = playing

    # -- stepping ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Step keys belong to the main screen: under a dialog they reach the dialog instead."""
        if action in ("move", "play", "detail", "switch_table", "edit", "examples", "open", "save", "sort"):
            return self._main_screen_active()
        if action in ("view", "rule_in_table"):
            return self.roundtrip_allows(action)
        if action == "cancel_capture":
            return self._capture is not None and self._capture.is_running and self._main_screen_active()
        return True

    def _main_screen_active(self) -> bool:
        return len(self.screen_stack) == 1

    def action_move(self, move: str) -> None:
        if self.view is not None:
            self.view = getattr(self.view, move)()

    def action_detail(self) -> None:
        if self.view is not None:
            self.view = self.view.with_detail(not self.view.detail)
            self.notify(f"scan detail {'on: right steps through the inner scan' if self.view.detail else 'off'}", timeout=2)

    def action_sort(self) -> None:
        pairs = self.query_one(PairsPane)
        pairs.order = "rank" if pairs.order == "position" else "position"

    def action_play(self) -> None:
        self.playing = not self.playing
        self._schedule()

    def _schedule(self) -> None:
        """(Re)start the play timer at the current speed, or stop it when paused."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.playing:
            self._timer = self.set_interval(SPEEDS[self._speed], self._tick)

    def _tick(self) -> None:
        view = self.view
        if view is None or not self._main_screen_active():
            return
        moved = view.next()
        if moved == view:  # the last frame: stop playing
            self.action_play()
            return
        self.view = moved

    def action_speed(self, delta: int) -> None:
        self._speed = max(0, min(len(SPEEDS) - 1, self._speed + delta))
        self._schedule()
        self.notify(f"{1 / SPEEDS[self._speed]:.1f} frames per second", timeout=1.5)

    @on(PairClicked)
    def pair_clicked(self, message: PairClicked) -> None:
        a, b = message.pair
        if message.rank is None:
            self.notify(f"({visible(a)} {visible(b)}) at {message.position} is not a rule of this table.")
        else:
            ident = self.view.trace.table.encoder.get(a + b) if self.view else None
            self.notify(f"rule {message.rank}: {visible(a)} + {visible(b)} → {visible(a + b)}, id {ident}")

    # -- tables and texts ----------------------------------------------------------------------

    def table_names(self) -> list[str]:
        return table_cycle(self.custom)

    def action_switch_table(self) -> None:
        if self.view is None:
            return
        names = self.table_names()
        current = self.view.trace.table.name
        target = names[(names.index(current) + 1) % len(names)] if current in names else "teaching"
        self.start_capture(self.view.trace.text, target, keep=self.view)

    def action_edit(self) -> None:
        self.push_screen(dialogs().EditScreen(self.draft, MAX_TEXT), self._edited)

    def _edited(self, text: str | None) -> None:
        if text is None or self.view is None:
            return
        self.draft = text
        if len(text) > MAX_TEXT:
            self.notify(f"The text has {len(text):,} characters; the limit is {MAX_TEXT:,}. Nothing was changed.", severity="error")
            return
        self.start_capture(text, self.view.trace.table.name, keep=None)

    def start_capture(self, text: str, table_name: str, keep: View | None) -> None:
        self._before_capture = self.view
        self._status.busy = "capturing… (escape cancels)"
        self._capture = self._capture_worker(text, table_name, keep)

    @work(thread=True, exclusive=True, group="capture", exit_on_error=False)
    def _capture_worker(self, text: str, table_name: str, keep: View | None) -> None:
        """Capture chunk by chunk; a long text's first part is shown early, the whole when it is done."""
        worker = get_current_worker()
        try:
            table = self.resolve_table(table_name)
            with gc_paused():
                self._capture_chunks(worker, text, table, keep)
        except (CaptureError, TableError) as exc:
            self.call_from_thread(self._capture_failed, str(exc))

    def _capture_chunks(self, worker: Worker[None], text: str, table: Table, keep: View | None) -> None:
        """The worker's loop: partial traces every so often, then the whole one (nothing if cancelled)."""
        chunks: list[ChunkTrace] = []
        started = last = time.monotonic()
        shown = False
        for chunk in run(text, table, record=True):
            if worker.is_cancelled:
                return
            chunks.append(chunk)
            now = time.monotonic()
            if now - last > (PARTIAL_FIRST if not shown else PROGRESS_EVERY) and now - started > PARTIAL_FIRST:
                last = now
                share = (chunk.start + len(chunk.text)) / max(len(text), 1)
                if shown:  # only the progress: rebuilding the shown trace would slow the capture down
                    self.call_from_thread(self._progress, share, worker)
                    continue
                shown = True
                partial = Trace(table, text, tuple(chunks), complete=False)
                self.call_from_thread(self._show_partial, partial, share, keep, worker)
                keep = None  # from now on the partial trace on screen holds the position
        if not worker.is_cancelled:
            self.call_from_thread(self._captured, Trace(table, text, tuple(chunks)), keep)

    def _progress(self, share: float, worker: Worker[None]) -> None:
        if not worker.is_cancelled:
            self._status.busy = f"capturing… {share:.0%} (escape cancels)"

    def _show_partial(self, trace: Trace, share: float, keep: View | None, worker: Worker[None]) -> None:
        if not worker.is_cancelled:
            self._progress(share, worker)
            self._captured(trace, keep, busy=True)

    def _captured(self, trace: Trace, keep: View | None, *, busy: bool = False) -> None:
        """Show `trace`: from `keep`'s position for a switch, else from the current one if the text is the same."""
        if not trace.chunks:  # an empty text has no frame to stand on
            self._status.busy = ""
            self.notify("The text is empty: there is nothing to tokenize. Nothing was changed.", severity="warning")
            return
        if not busy:
            self._status.busy = ""
        current = self.view
        if current is None or trace.text != current.trace.text:
            self.draft = trace.text  # a new text; a table switch keeps the draft (it may hold a failed edit)
        if keep is not None:
            self.view = keep.with_trace(trace)
        elif current is not None and not current.trace.complete and current.trace.text == trace.text:
            self.view = current.with_trace(trace)
        else:
            self.view = View.of(trace, detail=current.detail if current else False)
        if trace.complete:
            self.set_timer(SETTLE_AFTER, _settle_heap)

    def _capture_failed(self, message: str) -> None:
        self._status.busy = ""
        self.notify(_sentence(message), title="Cannot capture", severity="error")

    def action_cancel_capture(self) -> None:
        if self._capture is not None and self._capture.is_running:
            self._capture.cancel()
            self._status.busy = ""
            if self.view is not None and not self.view.trace.complete and self._before_capture is not None:
                self.view = self._before_capture
            self.notify("Capture cancelled; the previous trace is shown again.", timeout=3)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._capture and event.state in (WorkerState.CANCELLED, WorkerState.ERROR):
            self._status.busy = ""
            if event.state == WorkerState.ERROR:
                self.notify(_sentence(f"the capture failed unexpectedly ({event.worker.error})"), severity="error")

    # -- files ---------------------------------------------------------------------------------

    def action_examples(self) -> None:
        examples = dialogs().list_examples(self.traces_dir)
        if not examples:
            self.notify(f"No example traces in {self.traces_dir}.", severity="warning")
            return
        self.push_screen(dialogs().PickerScreen(examples), self._open_path)

    def action_open(self) -> None:
        self.push_screen(dialogs().PathScreen("Open a trace file (bpe-trace/1 JSON)"), self._open_path)

    def _open_path(self, path: Path | str | None) -> None:
        if path is not None:
            self._load_worker(Path(path))

    @work(thread=True, exclusive=True, group="capture", exit_on_error=False)
    def _load_worker(self, path: Path) -> None:
        try:
            trace = load(path, self.resolve_table)
        except TraceError as exc:
            self.call_from_thread(self.notify, _sentence(str(exc)), title="Cannot open", severity="error")
            return
        self.call_from_thread(self._captured, trace, None)
        self.call_from_thread(self.notify, f"Opened {visible(str(path))}.", timeout=2)

    def action_save(self) -> None:
        if self.view is None:
            return
        trace = self.view.trace
        stem = "".join(ch if ch.isalnum() else "-" for ch in trace.text[:24]).strip("-") or "text"
        self.push_screen(dialogs().PathScreen("Save this trace as", f"{trace.table.name}-{stem}.json"), self._save_path)

    def _save_path(self, path: str | None) -> None:
        if path is None or self.view is None:
            return
        target = Path(path).expanduser()
        if target.exists():
            self.push_screen(
                dialogs().ConfirmScreen(f"{visible(str(target))} exists. Overwrite it?"),
                partial(self._save, target),
            )
        else:
            self._save(target, False)

    def _save(self, target: Path, overwrite: bool) -> None:
        if self.view is None or (target.exists() and not overwrite):
            return
        if not self.view.trace.complete:  # a partial trace would be a file that does not load
            self.notify("The capture is still running: save when it is done.", title="Not saved", severity="warning")
            return
        try:
            save(self.view.trace, target, overwrite=overwrite)
        except TraceError as exc:
            self.notify(_sentence(str(exc)), title="Not saved", severity="error")
        else:
            self.notify(f"Saved {visible(str(target))}.", timeout=3)

    def action_help(self) -> None:
        if not isinstance(self.screen, dialogs().HelpScreen):
            self.push_screen(dialogs().HelpScreen())

    # -- command palette -----------------------------------------------------------------------

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        on_animator = screen is self.screen_stack[0]
        for binding in self.BINDINGS:
            assert isinstance(binding, Binding)
            if binding.action in ("quit",):
                continue
            if not on_animator and not binding.action.startswith(("view(", "help")):
                continue  # the animator's commands do nothing over another view
            title = COMMAND_TITLES.get(binding.action)
            if title:
                yield SystemCommand(title, f"key: {binding.key.replace(',', ' / ')}", partial(self.run_action, binding.action))


COMMAND_TITLES = {
    "move('next')": "Next frame",
    "move('previous')": "Previous frame",
    "move('next_round')": "Next round",
    "move('previous_round')": "Previous round",
    "move('next_chunk')": "Next chunk",
    "move('previous_chunk')": "Previous chunk",
    "move('first')": "First frame",
    "move('last')": "Last frame",
    "play": "Play / pause",
    "speed(1)": "Faster",
    "speed(-1)": "Slower",
    "detail": "Scan detail on/off",
    "switch_table": "Switch table",
    "edit": "Edit the text",
    "examples": "Example traces",
    "open": "Open a trace file",
    "save": "Save this trace",
    "sort": "Sort pairs by position / rank",
    "help": "Help: keys and panes",
    "view('encode')": "View 1: Encode (the animator)",
    "view('decode')": "View 2: Decode, frame by frame",
    "view('aliases')": "View 3: the 256 byte aliases",
    "view('tables')": "View 4: tables, rank vs id, all rules",
    "view('special')": "View 5: special tokens",
    "rule_in_table": "This round's rule in the rule table",
}


def dialogs():  # type: ignore[no-untyped-def]
    """The dialogs module, imported when a dialog first opens (it costs start-up time otherwise)."""
    from .widgets import dialogs as module

    return module


def _settle_heap() -> None:
    """Move what exists now (tables, traces, widgets) out of the collector's sight.

    None of it forms reference cycles, but a full collection would still walk it all, and such a
    walk in the middle of a keypress is a visible stall.
    """
    gc.unfreeze()  # what was frozen before may be garbage now: let this collection see it
    gc.collect()
    gc.freeze()


def _sentence(message: str) -> str:
    message = visible(message.strip())
    return message[:1].upper() + message[1:]


def _ready_exit() -> bool:
    import os

    return os.environ.get("BPE_TUI_EXIT_ON_READY") == "1"
