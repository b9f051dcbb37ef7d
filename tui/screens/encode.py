"""View 1, the animator: the panes of one frame, the step and play keys, and the file keys.

It is given the position (and whether a capture is busy) and reports what the keys ask for by
messages; the app owns the position and decides. Stepping keys are this screen's, so under a dialog
or another view they simply do not exist.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from types import ModuleType

from textual import events
from textual.app import ComposeResult
from textual.containers import Grid
from textual.geometry import Size
from textual.reactive import reactive

from ..access import Refused, access_of, download
from ..commands import ENCODE
from ..engine.tables.choice import TableChoice
from ..explain.position import Position
from ..messages import (
    Animate,
    Caption,
    CaptureCancelled,
    CaptureRequested,
    Move,
    PlayPressed,
    SaveRequested,
    ScanDetailToggled,
    ShowRank,
    SpeedPressed,
    StepPressed,
    TextEdited,
    Then,
    TraceFileChosen,
    ViewRequested,
)
from ..safe import sentence, visible
from ..widgets.bytes_pane import BytesPane
from ..widgets.caption_bar import CaptionBar, rows_for
from ..widgets.chunks import ChunksPane
from ..widgets.code import CodePane
from ..widgets.footer import KeyFooter
from ..widgets.ids import IdsPane
from ..widgets.pairs import PairsPane
from ..widgets.status import Status
from ..widgets.word import WordPane
from .base import ViewScreen

#: From this width the code pane is on by default, in a column of its own beside the pairs.
CODE_WIDTH = 160
#: Below this many rows (60x18 under the tour's caption bar) the chunks give up their bottom border
#: and the word a row, so the bytes pane keeps a row of its own.
TINY = 17


def dialogs() -> ModuleType:
    """The dialogs module, imported when a dialog first opens (it costs start-up time otherwise)."""
    from . import dialogs as module

    return module


class EncodeScreen(ViewScreen):
    """The animator: header, chunks, bytes, word, pairs and ids, all showing `position`. It is the view the
    others open over; its play moves the app's position a frame a tick and ends at the last frame."""

    REGISTRY = ENCODE
    VIEW = "encode"
    PLAYS_POSITION = True

    busy: reactive[str] = reactive("", repaint=False)
    draft: reactive[str] = reactive("", repaint=False)
    play_label: reactive[str] = reactive("", repaint=False)  # the header's '▶ 2 fps' while playing, else ""

    def __init__(self, tables: TableChoice, position: Position | None, *, traces_dir: Path, max_text: int) -> None:
        super().__init__(tables, position)
        self.traces_dir = traces_dir
        self.max_text = max_text
        self._code: bool | None = None  # the code pane: None follows the width, else as `c` last set it

    def compose(self) -> ComposeResult:
        self._fit(self.app.size)  # the layout classes before the first styling, not a restyle of every pane just after it
        yield CaptionBar().data_bind(ViewScreen.caption)
        yield Status(id="status").data_bind(ViewScreen.position, EncodeScreen.busy, playing=EncodeScreen.play_label)
        with Grid(id="body"):  # in this order the grid places them: see encode.tcss for both layouts
            yield ChunksPane(id="chunks").data_bind(ViewScreen.position)
            yield PairsPane(id="pairs").data_bind(ViewScreen.position)
            yield CodePane(id="code").data_bind(ViewScreen.position)
            yield BytesPane(id="aliases").data_bind(ViewScreen.position)
            yield WordPane(id="word").data_bind(ViewScreen.position)
            yield IdsPane(id="ids").data_bind(ViewScreen.position)
        yield KeyFooter(compact=True)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size)

    def on_screen_resume(self) -> None:
        self._fit(self.app.size)

    def _fit(self, size: Size) -> None:
        """Three layouts by the rows left (compact below 24: the ids beside the word, tiny below TINY; normal; tall);
        the code pane takes a third column from CODE_WIDTH columns, else the pairs' column while on."""
        rows = size.height - rows_for(self.caption, size.width)  # the panes' rows: the caption bar's are taken
        self.set_class(rows >= 36, "-tall")
        self.set_class(rows < 24, "-compact")
        self.set_class(rows < TINY, "-tiny")
        self.set_class(size.width >= 140, "-wide")
        self.set_class(size.width < 80, "-narrow")
        self.set_class(size.width >= CODE_WIDTH, "-wide3")
        self.set_class(self._code if self._code is not None else size.width >= CODE_WIDTH, "-code")

    def action_code(self) -> None:
        """Show or hide the code pane (from now on as asked, whatever the width)."""
        self._code = not self.has_class("-code")
        self._fit(self.app.size)

    def watch_caption(self, before: Caption | None, caption: Caption | None) -> None:
        """The tour's caption bar came or went: pick the layout for the rows left."""
        if (before is None) != (caption is None):
            self._fit(self.app.size)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Under a dialog the footer leaves this screen's keys out; escape means something only while a capture runs."""
        if self.app.screen is not self:
            return False
        return self.offers(action)

    def offers(self, action: str) -> bool:
        """Whether `action` means something now (the command palette lists only those): escape only while a capture runs."""
        return bool(self.busy) if action == "cancel_capture" else True

    # -- stepping ------------------------------------------------------------------------------

    def play_step(self) -> bool:
        """One tick of play: the next frame (the app moves the position); False at the last frame."""
        if self.position is None or self.position.next() == self.position:
            return False
        self.post_message(StepPressed(Move.NEXT))
        return True

    def play_rewind(self) -> None:
        """A looping play starts again at the first frame."""
        self.post_message(StepPressed(Move.FIRST))

    def action_move(self, move: str) -> None:
        self.post_message(StepPressed(Move(move)))

    def action_detail(self) -> None:
        self.post_message(ScanDetailToggled())

    def action_why(self) -> None:
        """Ask why the selected pair (or this round's) was or was not chosen."""
        if not self.query_one(PairsPane).pick():
            self.notify("No pair to explain here: the pairs pane is empty at this frame.", timeout=3)

    def action_sort(self) -> None:
        pairs = self.query_one(PairsPane)
        pairs.order = "rank" if pairs.order == "position" else "position"

    def action_play(self) -> None:
        self.post_message(PlayPressed())

    def action_speed(self, delta: int) -> None:
        self.post_message(SpeedPressed(delta))

    def action_rule_in_table(self) -> None:
        """Ask for the rule this round chose, shown among its neighbours in the Tables view."""
        if self.position is None:
            return
        chunk, frame = self.position.chunk, self.position.frame
        rounds = chunk.rounds
        if not rounds:
            why = {"hit": "it was read from the cache", "single": "it is a single symbol"}.get(chunk.stop, "no pair of it is a rule")
            self.notify(f"Chunk {frame.chunk + 1} ran no round ({why}): no rule was chosen.", timeout=3)
            return
        r = frame.round if frame.kind == "round" else (1 if frame.kind == "start" else len(rounds))
        chosen = rounds[r - 1]
        a, b = chosen.pair
        note = (
            f"▶ chunk {frame.chunk + 1}, round {r} chose rank {chosen.rank}: {visible(a)} + {visible(b)} → {visible(a + b)};"
            " its neighbours above and below"
        )
        self.post_message(ViewRequested("tables", ShowRank(chosen.rank, note)))

    def action_tree(self) -> None:
        """The merge tree of the token this round made, or else of the newest id shown."""
        from ..explain.token_tree import current_token
        from .tree import open_tree

        if self.position is not None:
            at = self.position
            open_tree(self, at.trace.table, current_token(at), "No token yet: a chunk's ids come at its last frame (→ steps there).")

    # -- texts, tables and files ---------------------------------------------------------------

    def handle(self, request: Then) -> None:
        """Another view's request once the animator is shown: animate a text (the explorer's chunk) under its table."""
        if isinstance(request, Animate):
            self.post_message(CaptureRequested(request.text, request.table))

    def action_cancel_capture(self) -> None:
        self.post_message(CaptureCancelled())

    def action_edit(self) -> None:
        self.app.push_screen(dialogs().EditScreen(self.draft, self.max_text), self.edited)

    def edited(self, text: str | None) -> None:
        """The edit dialog's answer: a text to capture, or None when it was cancelled."""
        if text is not None:
            self.post_message(TextEdited(text))

    def action_examples(self) -> None:
        examples = dialogs().list_examples(self.traces_dir)
        if not examples:
            self.notify(f"No example traces in {self.traces_dir}.", severity="warning")
            return
        self.app.push_screen(dialogs().PickerScreen(examples), self.chosen)

    def action_open(self) -> None:
        self.app.push_screen(
            dialogs().PathScreen("Open a trace file (bpe-trace JSON)", complete=access_of(self.app).complete), self._open_path
        )

    def _open_path(self, path: str | None) -> None:
        """The open dialog's answer, if the app's file policy lets it be read (tui/access.py)."""
        if path is None:
            return
        try:
            self.chosen(access_of(self.app).readable(path))
        except Refused as exc:
            self.notify(sentence(str(exc), path), title="Not opened", severity="error")

    def chosen(self, path: Path | str | None) -> None:
        """The picker's or the open dialog's answer: a trace file to load, or None."""
        if path is not None:
            self.post_message(TraceFileChosen(Path(path)))

    def action_save(self) -> None:
        if self.position is None:
            return
        trace = self.position.trace
        stem = "".join(ch if ch.isalnum() else "-" for ch in trace.text[:24]).strip("-") or "text"
        where = " (your browser downloads it)" if access_of(self.app).downloads else ""
        self.app.push_screen(
            dialogs().PathScreen(
                f"Save this trace as{where}", f"{trace.table.name}-{stem}.json", complete=access_of(self.app).complete_save
            ),
            self._save_path,
        )

    def _save_path(self, path: str | None) -> None:
        if path is None or self.position is None:
            return
        if access_of(self.app).downloads:
            self._download(path)
            return
        from ..engine.files import write_target

        try:
            target = access_of(self.app).writable(path)
            write_target(target, ValueError, path)  # a directory or a device is refused at once, not offered to overwrite
        except ValueError as exc:
            self.notify(sentence(str(exc), path), title="Not saved", severity="error")
            return
        if target.exists():
            self.app.push_screen(dialogs().ConfirmScreen(f"{visible(str(target))} exists. Overwrite it?"), partial(self._save, target))
        else:
            self._save(target, False)

    def _download(self, name: str) -> None:
        """A served app's save: the trace goes to the visitor's browser, named `name`."""
        if self.position is None or not self.position.trace.complete:
            self.notify("The capture is still running: save when it is done.", title="Not saved", severity="warning")
            return
        from ..engine.tracefile import dumps

        download(self.app, name, dumps(self.position.trace), "application/json")

    def _save(self, target: Path, overwrite: bool | None) -> None:
        """Ask the app to save (in a thread: the keys keep working, escape cancels)."""
        if self.position is None or (target.exists() and not overwrite):
            return
        if not self.position.trace.complete:  # a partial trace would be a file that does not load
            self.notify("The capture is still running: save when it is done.", title="Not saved", severity="warning")
            return
        self.post_message(SaveRequested(self.position.trace, target))
