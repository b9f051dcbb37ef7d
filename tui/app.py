"""The app: the shared state (trace and position, the tables, the draft), the views, and the palette.

Screens own their keys and report by messages; the app holds the one position every view is
given (by data_bind), switches views, and runs captures and loads (tui/capture.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.geometry import Size
from textual.notifications import Notification, Notify, SeverityLevel
from textual.reactive import reactive
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from . import capture, collector
from . import messages as msg
from .commands import BY_VIEW, QUIT, VIEWS
from .engine.bpe import Trace
from .engine.examples import TRACES_DIR
from .engine.tables import Table, label, resolver, table_cycle
from .explain.position import Position
from .playback import Playback
from .safe import sentence, visible
from .screens.base import TableChoice, ViewScreen
from .screens.encode import EncodeScreen, dialogs
from .screens.toosmall import TooSmallScreen, too_small
from .slides import next_theme, shot_name, write_svg
from .widgets.pairs import explain

DEFAULT_TEXT = "aaababcabxyz"
HERE = Path(__file__).parent
MAX_TEXT = 1_000_000  # characters; see README, "Limits"
SETTLE_AFTER = 0.5  # seconds after start-up or a capture before the heap is frozen (capture.settle_heap)
COLLECT_EVERY = 0.25  # seconds: the collector's safety net between frames (tui.collector)

#: views 2–7: name -> screen class in tui.screens.NAME, imported when a view is first opened.
VIEW_SCREENS = {view.name: view.screen for view in VIEWS[1:]}


class Note(Notification):
    """A notification whose time left is never below MIN_DELAY while it has not expired.

    Textual 8.2.8 spins for ever on a one-shot timer with a negative delay, and a toast sets its timer
    from `time_left` read just after the toast rack checked `has_expired`: a notification that expires
    in between would give the toast a negative delay and freeze the app.
    """

    @property
    def time_left(self) -> float:
        return max(super().time_left, MIN_DELAY)

    @property
    def has_expired(self) -> bool:
        return super().time_left <= 0


MIN_DELAY = 0.05  # seconds: the shortest a toast is shown, and a delay no timer loop divides by zero or below


class BpeApp(App[None]):
    """Step through a merge trace with the keyboard; every view shows the current position."""

    CSS_PATH = [HERE / "global.tcss", HERE / "app.tcss"]  # absolute: the tour's app subclass lives elsewhere
    TITLE = "bpe-tui"

    position: reactive[Position | None] = reactive(None, always_update=True, repaint=False)
    busy: reactive[str] = reactive("", repaint=False)  # what a running capture says; "" when none runs
    draft: reactive[str] = reactive("", repaint=False)  # the text being edited survives failed and cancelled captures

    def __init__(
        self,
        trace: Trace,
        *,
        custom: Table | None = None,
        traces_dir: Path = TRACES_DIR,
        playback: Playback | None = None,
        theme: str | None = None,
        screenshot: bool = False,
    ) -> None:
        """`playback` says where view 1 starts and whether it plays; with `screenshot` the app keeps
        the first screen it draws as SVG in `svg` and exits (for `bpe-tui --screenshot`)."""
        super().__init__()
        self.custom = custom
        self.tables = TableChoice(resolver(custom), tuple(table_cycle(custom)))
        self.traces_dir = traces_dir
        self.playback = playback or Playback()
        self.start_theme = theme
        self.screenshot = screenshot
        self.svg: str | None = None
        self.set_reactive(BpeApp.draft, trace.text)
        self.set_reactive(BpeApp.position, Position.of(trace).at(self.playback.start - 1))
        self._capture: Worker[None] | None = None
        self._before_capture: Position | None = None
        self._why: Note | None = None  # the pair explanation shown last
        self._thresholds: tuple[int, int, int] | None = None  # the collector's, while it runs between frames

    def get_default_screen(self) -> Screen[Any]:
        screen = EncodeScreen(self.position, traces_dir=self.traces_dir, max_text=MAX_TEXT, playback=self.playback)
        return screen.data_bind(BpeApp.position, BpeApp.busy, BpeApp.draft)

    def notify(
        self, message: str, *, title: str = "", severity: SeverityLevel = "information", timeout: float | None = None, markup: bool = False
    ) -> None:
        """Notifications quote paths and texts from the user: plain text, never markup; see `Note` for why not Textual's own."""
        seconds = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self.post_message(Notify(Note(message, title, severity, max(seconds, MIN_DELAY), markup=markup)))

    def on_resize(self, event: events.Resize) -> None:
        self.fit_size(event.size)

    def fit_size(self, size: Size) -> None:
        """Below the smallest supported size one sentence replaces the views (kept below, as they were)."""
        screen = self.screen
        if too_small(size):
            if isinstance(screen, TooSmallScreen):
                screen.show(size)
            else:
                self.push_screen(TooSmallScreen(size))
        elif isinstance(screen, TooSmallScreen):
            self.pop_screen()

    def on_mount(self) -> None:
        if self.start_theme is not None:
            self.theme = self.start_theme
        self.fit_size(self.size)
        self.set_timer(SETTLE_AFTER, self._settle_start)
        if self.screenshot:
            self.call_after_refresh(self._keep_screenshot)

    def on_ready(self) -> None:
        """With BPE_TUI_EXIT_ON_READY=1 (the start-up benchmark) exit on the first screen, as its peer does.

        Textual posts Ready after the first layout and paint; every pane draws its final picture in that
        paint (tests/ui/test_startup.py), so this is the first complete screen, not a draft of it."""
        if not self.screenshot and os.environ.get("BPE_TUI_EXIT_ON_READY") == "1":
            self.exit()

    def _settle_start(self) -> None:
        """capture.settle_start (the collector back on after start-up), once no capture runs; from then
        on the collector runs between frames (tui.collector)."""
        if self.capturing:
            self.set_timer(SETTLE_AFTER, self._settle_start)
        else:
            capture.settle_start()
            if self._thresholds is None:
                self._thresholds = collector.hold()
                self.set_interval(COLLECT_EVERY, collector.between_frames)

    def watch_position(self) -> None:
        if self._thresholds is not None:
            self.call_after_refresh(collector.between_frames)  # once the new frame is on screen

    def on_unmount(self) -> None:
        if self._thresholds is not None:
            collector.release(self._thresholds)
            self._thresholds = None

    def _settle_heap(self) -> None:
        """capture.settle_heap, but not while a capture runs: its full collection would walk every chunk
        made so far and stop the worker meanwhile; the capture's end settles the heap anyway."""
        if not self.capturing:
            capture.settle_heap()

    def _keep_screenshot(self) -> None:
        self.svg = self.export_screenshot()
        self.exit()

    # -- the look and screenshots --------------------------------------------------------------

    def action_cycle_theme(self) -> None:
        """The next of Textual's themes (dark and light ones), named in a notification."""
        self.theme = next_theme(self.theme, list(self.available_themes))
        self.notify(f"Theme {self.theme}: T shows the next.", timeout=2)

    def action_save_screen(self) -> None:
        """Save the screen as SVG in the current directory, named after the text and frame."""
        frame = self.position.index + 1 if self.position is not None else 0
        name = shot_name(self.position.trace.text if self.position is not None else "", frame, self.shown_view or "dialog")
        target = Path.cwd() / name
        try:
            write_svg(target, self.export_screenshot())
        except ValueError as exc:
            self.notify(sentence(str(exc)), title="Not saved", severity="error")
        else:
            self.notify(f"Saved this screen as {visible(str(target))}.", timeout=4)

    # -- the position --------------------------------------------------------------------------

    def on_step_pressed(self, message: msg.StepPressed) -> None:
        if self.position is not None:
            self.position = getattr(self.position, message.move)()

    def on_scan_detail_toggled(self) -> None:
        if self.position is not None:
            self.position = self.position.with_detail(not self.position.detail)
            self.notify(f"scan detail {'on: right steps through the inner scan' if self.position.detail else 'off'}", timeout=2)

    def on_pair_picked(self, message: msg.PairPicked) -> None:
        """Explain the pair in a notification that replaces the previous explanation (one at a time)."""
        if self.position is None:
            return
        if self._why is not None:
            self._unnotify(self._why)
        self._why = Note(explain(self.position, message.pair, message.rank, message.position), timeout=12, markup=False)
        self.post_message(Notify(self._why))

    # -- views ---------------------------------------------------------------------------------

    @property
    def shown_view(self) -> str | None:
        """'encode', 'decode', … for the view on top; None while a dialog covers it."""
        screen = self.screen
        return screen.VIEW if isinstance(screen, (EncodeScreen, ViewScreen)) else None

    @property
    def capturing(self) -> bool:
        """True while a capture or a load runs."""
        return any(w.group == "capture" and w.is_running for w in self.workers)

    def view_screen(self, name: str) -> Screen[Any]:
        """View `name`, installed the first time it is shown (so it keeps its state while you look elsewhere)."""
        if not self.is_screen_installed(name):
            cls = getattr(import_module(f".screens.{name}", __package__), VIEW_SCREENS[name])
            self.install_screen(cls(self.tables, self.position).data_bind(BpeApp.position), name)
        return self.get_screen(name)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The view keys do nothing under a dialog (and the footer leaves them out there)."""
        return self.shown_view is not None if action == "view" else True

    async def action_view(self, name: str) -> None:
        """Show view `name` ('encode', 'decode', 'aliases', 'tables', 'special')."""
        shown = self.shown_view
        if shown is None or name == shown:
            return
        if self.capturing:
            self.notify("A capture is running: the views open when it is done (escape cancels it).", timeout=3)
            return
        if name == "encode":
            await self.pop_screen()
        elif shown == "encode":
            await self.push_screen(self.view_screen(name))
        else:
            await self.switch_screen(self.view_screen(name))

    async def on_view_picked(self, message: msg.ViewPicked) -> None:
        await self.action_view(message.view)

    async def on_rule_in_table_requested(self, message: msg.RuleInTableRequested) -> None:
        await self.action_view("tables")
        from .screens.tables import TablesScreen

        if isinstance(self.screen, TablesScreen):
            self.screen.follow_trace()  # before the rank is shown: the resume may not have run yet
            self.screen.show_rank(message.rank, message.note)

    async def on_ids_entered(self, message: msg.IdsEntered) -> None:
        """Ids to decode from another view: show them in the Decode view."""
        await self.action_view("decode")
        if self.shown_view == "decode":
            self.screen.post_message(msg.IdsEntered(message.ids, message.table))

    async def on_chunk_animate_requested(self, message: msg.ChunkAnimateRequested) -> None:
        """The explorer's enter: animate that chunk under its table in view 1."""
        await self.action_view("encode")
        if self.shown_view == "encode":
            self.draft = message.text
            self.start_capture(message.text, message.table, keep=None)

    def on_table_trained(self, message: msg.TableTrained) -> None:
        """The training view's table: one more in the `t` cycle (every view's), and the text encoded with it."""
        table = message.table
        self.tables = self.tables.adding(table)
        for name in VIEW_SCREENS:
            if self.is_screen_installed(name):
                screen = self.get_screen(name)
                if isinstance(screen, ViewScreen):
                    screen.tables = self.tables
        self.notify(
            f"{visible(label(table))}: view 1 encodes with it, t reaches it. New input is encoded with its fixed ranks, no counts."
            + (f" {message.note}" if message.note else ""),
            timeout=5,
        )
        if self.position is not None:
            self.start_capture(self.position.trace.text, table.name, keep=None)

    def action_help(self) -> None:
        if not isinstance(self.screen, dialogs().HelpScreen):
            self.push_screen(dialogs().HelpScreen())

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands, then each command of the view shown, from the registry."""
        yield from super().get_system_commands(screen)
        for command in BY_VIEW.get(getattr(screen, "VIEW", ""), ()):
            if command is not QUIT:
                run = partial(self.run_action, command.action, screen)
                yield SystemCommand(command.title, f"key: {command.keys.replace(',', ' / ')}", run)

    # -- captures and loads --------------------------------------------------------------------

    def on_table_switch_requested(self) -> None:
        if self.position is not None:
            self.start_capture(self.position.trace.text, self.tables.after(self.position.trace.table.name), keep=self.position)

    def on_text_edited(self, message: msg.TextEdited) -> None:
        self.apply_text(message.text)

    def apply_text(self, text: str) -> None:
        """Capture `text` under the current table (what applying the edit dialog does)."""
        if self.position is None:
            return
        self.draft = text
        if len(text) > MAX_TEXT:
            self.notify(f"The text has {len(text):,} characters; the limit is {MAX_TEXT:,}. Nothing was changed.", severity="error")
            return
        self.start_capture(text, self.position.trace.table.name, keep=None)

    def start_capture(self, text: str, table_name: str, keep: Position | None) -> None:
        self._before_capture = self.position
        self.busy = "capturing… (escape cancels)"
        work = partial(capture.capture_in_worker, self, text, table_name, self.tables.resolve, keep)
        self._capture = self.run_worker(work, thread=True, exclusive=True, group="capture", exit_on_error=False)

    def on_trace_file_chosen(self, message: msg.TraceFileChosen) -> None:
        self.open_file(message.path)

    def open_file(self, path: Path | str) -> None:
        """Load a trace file (what the picker and the open dialog ask for)."""
        work = partial(capture.load_in_worker, self, Path(path), self.tables.resolve)
        self.run_worker(work, thread=True, exclusive=True, group="capture", exit_on_error=False)

    def _current(self, source: object) -> bool:
        """A worker's message still counts: a capture that was cancelled (or replaced) says nothing more."""
        return not (isinstance(source, Worker) and source.is_cancelled)

    def on_capture_progressed(self, message: msg.CaptureProgressed) -> None:
        if self._current(message.source):
            self.busy = f"capturing… {message.share:.0%} (escape cancels)"

    def on_trace_captured(self, message: msg.TraceCaptured) -> None:
        """Show the trace: from `keep`'s position for a switch, else from the current one if the text is the same."""
        if not self._current(message.source):
            return
        trace, keep = message.trace, message.keep
        if not trace.chunks:  # an empty text has no frame to stand on
            self.busy = ""
            self.notify("The text is empty: there is nothing to tokenize. Nothing was changed.", severity="warning")
            return
        if not message.busy:
            self.busy = ""
        if self.position is None or trace.text != self.position.trace.text:
            self.draft = trace.text  # a new text; a table switch keeps the draft (it may hold a failed edit)
        self.position = capture.landing(trace, keep, self.position)
        if trace.complete:
            self.set_timer(SETTLE_AFTER, self._settle_heap)
        if message.opened:
            self.notify(message.opened, timeout=2)

    def on_capture_failed(self, message: msg.CaptureFailed) -> None:
        self.busy = ""
        self.notify(sentence(message.message, message.given), title=message.title, severity="error")

    def on_capture_cancelled(self) -> None:
        if self._capture is not None and self._capture.is_running:
            self._capture.cancel()
            self.busy = ""
            if self.position is not None and not self.position.trace.complete and self._before_capture is not None:
                self.position = self._before_capture
            self.notify("Capture cancelled; the previous trace is shown again.", timeout=3)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is self._capture and event.state in (WorkerState.CANCELLED, WorkerState.ERROR):
            self.busy = ""
            if event.state == WorkerState.ERROR:
                self.notify(sentence(f"the capture failed unexpectedly ({event.worker.error})"), severity="error")
