"""The base screen of every view, the animator's included: each composes the tour's caption bar at its top, and the
views after the animator the view bar (widgets/view_bar.py) below it. The table choice they are given is
`engine.tables.choice.TableChoice`."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.reactive import reactive

from ..commands import Command, bindings
from ..engine.tables import Table
from ..engine.tables import label as table_label
from ..engine.tables.choice import TableChoice
from ..explain.position import Position
from ..messages import Caption, TableSwitchRequested, Then
from ..widgets.caption_bar import CaptionBar
from ..widgets.view_bar import ViewBar
from .restyle import KeptStyles

if TYPE_CHECKING:
    from ..engine.bpe import Trace


class ViewScreen(KeptStyles):
    """A view: it is given the current position and the tables, and shows the trace's table (t moves every view on),
    and recomputes what it shows when it is resumed on a new trace."""

    VIEW: ClassVar[str] = ""
    #: Whether the view's play steps the app's position (the animator's frames): it ends at the last frame, and a
    #: view request does not restart it (the request set the position). Else the view walks steps of its own,
    #: restarted when it is asked for, and stays on its last step while the play goes on.
    PLAYS_POSITION: ClassVar[bool] = False
    REGISTRY: ClassVar[tuple[Command, ...]] = ()
    position: reactive[Position | None] = reactive(None, always_update=True, repaint=False)
    tables: reactive[TableChoice] = reactive(TableChoice.of(None), repaint=False)  # the app's, by data_bind
    caption: reactive[Caption | None] = reactive(None, repaint=False)  # the tour's caption (the app's, by data_bind)

    def __init_subclass__(cls, **kwargs: object) -> None:
        if "REGISTRY" in cls.__dict__:  # before Textual's own hook, which reads the bindings
            cls.BINDINGS = bindings(cls.REGISTRY)
        super().__init_subclass__(**kwargs)  # type: ignore[arg-type]

    def __init__(self, tables: TableChoice, position: Position | None = None) -> None:
        super().__init__()
        self.set_reactive(ViewScreen.tables, tables)
        self.set_reactive(ViewScreen.position, position)
        self.table_name: str | None = None  # None: the table of the current trace
        self._seen: object = None

    def shown_text(self) -> str | None:
        """The text this view shows when it is its own, not the trace's (the explorer's): S names its file after it."""
        return None

    def bars(self) -> ComposeResult:
        """The top of every view: the tour's caption bar (hidden outside the tour), then the view bar."""
        yield CaptionBar().data_bind(ViewScreen.caption)
        yield ViewBar(self.VIEW)

    # -- what is shown -------------------------------------------------------------------------

    @property
    def trace(self) -> Trace | None:
        return None if self.position is None else self.position.trace

    @property
    def table(self) -> Table:
        trace = self.trace
        name = self.table_name
        if trace is not None and (name is None or trace.table.name == name):
            return trace.table
        return self.tables.resolve(name or "teaching")

    def action_compression(self) -> None:
        """b: bytes per token of every table on the bundled samples (and of `compared_table`), in a dialog."""
        from .compression_dialog import CompressionScreen

        self.app.push_screen(CompressionScreen(self.tables, self.compared_table()))

    def compared_table(self) -> Table | None:
        """A table the compression dialog measures besides the app's (the Training view's trained table)."""
        return None

    def action_switch_table(self) -> None:
        """`t` means one thing in every view: the app moves to the next table, and every view follows."""
        self.post_message(TableSwitchRequested())

    # -- keeping up with the trace -------------------------------------------------------------

    def on_mount(self) -> None:
        """Textual also runs each subclass's on_mount (handlers run for every class of the MRO)."""
        self._seen = self.trace
        self.reload()

    def on_screen_resume(self) -> None:
        self.follow_trace()

    def watch_position(self) -> None:
        """A new position while shown: catch up once the app has done what it is doing. A tour's scene sets the
        position and then switches the view: a view that is left by then does not redraw for a trace it will not
        show (it catches up when it is shown again)."""
        if self.is_current and self.trace is not self._seen:  # a step within the trace is no new trace: nothing to queue
            self.app.call_later(self._catch_up)

    def _catch_up(self) -> None:
        if self.is_current:
            self.follow_trace()

    def follow_trace(self) -> None:
        """On a new trace (another text, or `t` in any view), show it under its own table."""
        if self.is_mounted and self.trace is not self._seen:
            self._seen = self.trace
            self.table_name = None
            self.walked = -1
            self.reload()

    def handle(self, request: Then) -> None:
        """What another view asked this one to show once it is shown (`ViewRequested.then`). Each view
        handles its own kind of request after this: it first catches up with the trace, as the resume,
        which may not have run yet, would (else the resume would undo what the request shows)."""
        self.follow_trace()

    # -- hands-free play: --play and the tour (tui/app/player.py) -----------------------------------

    walked = -1  # the step of the view's walk shown last (-1: none yet)

    def play_step(self) -> bool:
        """One tick of hands-free play: the view's next step; False at its last step, or in a view that
        holds still (the player's Hold then keeps it as long as the tour holds a scene). A view that walks
        through steps says how many (`play_steps`) and shows each (`play_show`); others override this."""
        if self.walked + 1 >= self.play_steps():
            return False
        self.walked += 1
        self.play_show(self.walked)
        return True

    def play_rewind(self) -> None:
        """Back to the start of the view's play (a looping play, once its last step has been held)."""
        self.walked = -1

    def play_steps(self) -> int:
        """How many steps the view's walk has (0: it holds still)."""
        return 0

    def play_show(self, step: int) -> None:
        """Show step `step` (from 0) of the view's walk."""

    def reload(self) -> None:  # pragma: no cover - each view draws itself
        """Recompute what the view shows from the current trace and table."""

    def set_bar_note(self) -> None:
        for bar in self.query(ViewBar):
            bar.note = table_label(self.table)
