"""The app: the shared state (position, tables, draft, busy, the tour's caption) bound down into the views, the views, the palette.

Screens report by messages; the app switches views (`ViewRequested`) and hands the rest on: captures to
capture.py, notifications to notes.py, the collector to collector.py, play to player.py (in the view shown: playing.py),
themes to slides.py.
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
from textual.reactive import reactive
from textual.screen import Screen

from .. import messages as msg
from ..access import FileAccess
from ..commands import BY_VIEW, NO_TOUR, VIEWS, ZOOM, bindings, palette
from ..engine.bpe import Trace
from ..engine.chat.model import ChatFormat
from ..engine.examples import TRACES_DIR
from ..engine.memory import OUT_OF_MEMORY, out_of_memory
from ..engine.tables import Table
from ..engine.tables.choice import TableChoice
from ..engine.texts import MAX_TEXT
from ..explain.position import Position
from ..playback import Playback
from ..screens.base import ViewScreen
from ..screens.encode import EncodeScreen, dialogs
from ..screens.toosmall import fit
from . import slides
from .capture import CaptureReports, Captures
from .collector import Pacer
from .notes import OneAtATime, PlainNotes, pair_sentence
from .player import Hold, Player, PlayKeys
from .playing import ViewPlay
from .saving import SaveReports, Saves, end_on_signals

#: The first view (the animator) is the app's default screen; the others open over it.
FIRST_VIEW = VIEWS[0].name
#: Views after the first: name -> screen class in tui.screens.NAME, imported when a view is first opened.
VIEW_SCREENS = {view.name: view.screen for view in VIEWS[1:]}


class BpeApp(PlainNotes, CaptureReports, SaveReports, PlayKeys, ViewPlay, slides.LegibleApp, App[None]):
    """Step through a merge trace with the keyboard; every view shows the current position."""

    #: Absolute (the tour's app lives elsewhere); the animator's sheet: Textual loads no default screen's CSS_PATH.
    CSS_PATH = [Path(__file__).parents[1] / sheet for sheet in ("global.tcss", "screens/encode.tcss")]
    TITLE = "bpe-tui"
    BINDINGS = bindings((ZOOM, NO_TOUR))

    position: reactive[Position | None] = reactive(None, always_update=True, repaint=False)
    tables: reactive[TableChoice] = reactive(TableChoice.of(None), repaint=False)  # t's cycle and the resolver
    busy: reactive[str] = reactive("", repaint=False)  # what a running capture says; "" when none runs
    play_label: reactive[str] = reactive("", repaint=False)  # the header's '▶ 2 fps' while the animator plays
    draft: reactive[str] = reactive("", repaint=False)  # the text being edited survives failed and cancelled captures
    caption: reactive[msg.Caption | None] = reactive(None, repaint=False)  # the tour's caption; None outside the tour

    def __init__(
        self,
        trace: Trace,
        *,
        custom: Table | None = None,
        traces_dir: Path = TRACES_DIR,
        playback: Playback | None = None,
        theme: str | None = None,
        screenshot: bool = False,
        files: FileAccess | None = None,
    ) -> None:
        """`playback`: where view 1 starts, whether it plays; `screenshot`: keep the first screen as SVG in `svg`, exit;
        `files`: what the file keys may touch (default: from the environment `bpe-tui serve` sets, tui/access.py)."""
        super().__init__()
        self.files = files or FileAccess.from_environ()
        self.traces_dir = traces_dir
        self.playback = playback or Playback()
        self.start_theme = theme
        self.screenshot = screenshot
        self.svg: str | None = None
        self.set_reactive(BpeApp.tables, TableChoice.of(custom))
        self.set_reactive(BpeApp.draft, trace.text)
        self.set_reactive(BpeApp.position, Position.of(trace).at(self.playback.start - 1))
        self.pacer = Pacer(self, lambda: self.capturing)
        self.captures = Captures(self, self, self.pacer, MAX_TEXT)
        self.saves = Saves(self, self)
        self.explanations = OneAtATime(self)
        self.player = Player(self, self.playback.fps, self.play_step, self.show_play)
        self.stay = Hold(self.playback.hold)  # a looping play on its last frame
        self.explore_rows: tuple[str, ...] | None = None  # --explore-tables: the explorer's first rows (None: its default)
        self.chat_template: ChatFormat | None = None  # --chat-template (or the one beside --tokenizer-json): the Chat view's first format

    def get_default_screen(self) -> Screen[Any]:
        screen = EncodeScreen(self.tables, self.position, traces_dir=self.traces_dir, max_text=MAX_TEXT)
        return screen.data_bind(BpeApp.position, BpeApp.tables, BpeApp.busy, BpeApp.draft, BpeApp.play_label, BpeApp.caption)

    def on_resize(self, event: events.Resize) -> None:
        fit(self, event.size)

    def on_mount(self) -> None:
        slides.starting(self, self.start_theme, partial(setattr, self, "svg") if self.screenshot else None)
        fit(self, self.size)
        end_on_signals(self, self.saves)
        self.pacer.mounted()
        if self.playback.play:
            self.player.toggle()

    def on_ready(self) -> None:
        """With BPE_TUI_EXIT_ON_READY=1 (the start-up benchmark) exit on the first complete screen (tests/app/test_app_startup.py)."""
        if not self.screenshot and os.environ.get("BPE_TUI_EXIT_ON_READY") == "1":
            self.exit()

    def _handle_exception(self, error: Exception) -> None:
        if not out_of_memory(error):  # out of memory (served: past its limit) ends with a status the server tells the visitor
            return super()._handle_exception(error)
        self.exit(return_code=OUT_OF_MEMORY, message="bpe-tui: the app ran out of memory and ended; start it again with a shorter text.")

    def on_unmount(self) -> None:
        self.pacer.unmounted()
        self.saves.cancel()

    def on_capture_cancelled(self) -> None:
        """Escape: a running capture or load stops, and so does a running save."""
        self.captures.cancel()
        self.saves.cancel()

    def action_cycle_theme(self) -> None:
        slides.cycle_theme(self)

    def action_no_tour(self) -> None:
        self.notify("No tour runs here: ] and [ move between the scenes of bpe-tui tour.", timeout=3)

    def action_zoom(self) -> None:
        slides.zoom(self)

    def action_save_screen(self) -> None:
        """S: the screen as SVG (tui/app/slides.py names it)."""
        own = self.screen.shown_text() if isinstance(self.screen, ViewScreen) else None
        name = slides.name_of(self.screen, self.position, own, self.shown_view or "dialog", self.theme)
        slides.save_screen(self, name, lambda question, then: self.push_screen(dialogs().ConfirmScreen(question), then))

    def on_step_pressed(self, message: msg.StepPressed) -> None:
        if self.position is not None:
            self.position = msg.Move(message.move).of(self.position)

    def on_position_requested(self, message: msg.PositionRequested) -> None:
        self.draft = message.position.trace.text
        self.position = message.position

    def on_scan_detail_toggled(self) -> None:
        if self.position is not None:
            self.position = self.position.with_detail(not self.position.detail)
            self.notify(f"scan detail {'on: right steps through the inner scan' if self.position.detail else 'off'}", timeout=2)

    def on_pair_picked(self, message: msg.PairPicked) -> None:
        """Explain the pair in a notification that replaces the previous explanation (one at a time)."""
        self.explain_pair(message.pair, message.rank, message.position)

    def explain_pair(self, pair: tuple[str, str], rank: int | None, at: int | None = None) -> None:
        """Why `pair` (of rank `rank`, None: no rule; at `at` in the word, None: a rule listed at a chunk's end) was
        or was not chosen at this frame, one explanation at a time."""
        if self.position is not None:
            self.explanations.show(pair_sentence(self.position, pair, rank, at))

    def view_screen(self, name: str) -> Screen[Any]:
        """View `name`, installed the first time it is shown (so it keeps its state while you look elsewhere)."""
        if not self.is_screen_installed(name):
            cls = getattr(import_module(f"..screens.{name}", __package__), VIEW_SCREENS[name])
            self.install_screen(cls(self.tables, self.position).data_bind(BpeApp.position, BpeApp.tables, BpeApp.caption), name)
        return self.get_screen(name)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The view keys do nothing under a dialog (and the footer leaves them out there)."""
        return self.shown_view is not None if action == "view" else True

    async def action_view(self, name: str) -> None:
        """Show view `name` ('encode', 'decode', 'aliases', 'tables', 'special', …)."""
        shown = self.shown_view
        if shown is None or name == shown:
            return
        if self.capturing:
            self.notify("A capture is running: the views open when it is done (escape cancels it).", timeout=3)
            return
        self.clear_notifications()  # a note belongs to the view that made it
        if name == FIRST_VIEW:  # the animator, at the bottom of the stack: the others open over it
            await self.pop_screen()
        elif shown == FIRST_VIEW:
            await self.push_screen(self.view_screen(name))
        else:
            await self.switch_screen(self.view_screen(name))

    async def on_view_requested(self, message: msg.ViewRequested) -> None:
        """Show the view asked for; once it is shown, it handles what comes with the request and, while
        playing (a tour scene), starts its play from the beginning (no flash of its last step first)."""
        await self.action_view(message.view)
        screen = self.screen
        if message.then is not None and self.shown_view == message.view and isinstance(screen, ViewScreen):
            screen.handle(message.then)
        if self.player.playing and self.shown_view == message.view and isinstance(screen, ViewScreen) and not screen.PLAYS_POSITION:
            screen.follow_trace()  # as its resume, which may not have run yet, would
            screen.play_rewind()

    def on_table_trained(self, message: msg.TableTrained) -> None:
        """The training view's table: one more in the `t` cycle (every view's, by data_bind), and the text encoded with it."""
        self.tables = self.tables.adding(message.table)
        self.captures.added(message.table, message.note)

    def action_help(self) -> None:
        from ..screens.help import HelpScreen  # imported when first asked for (start-up time)

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands, then each command of the view shown, from the registry."""
        yield from super().get_system_commands(screen)
        offers = getattr(screen, "offers", None)  # a view may say a command means nothing now (cancel, with nothing to cancel)
        commands = [c for c in (*BY_VIEW.get(getattr(screen, "VIEW", ""), ()), ZOOM) if offers is None or offers(c.action)]
        yield from palette(commands, self.run_action, screen)
