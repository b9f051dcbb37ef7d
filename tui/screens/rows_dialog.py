"""The explorer's row chooser: tick up to six of the installed tables (and any custom or trained one).

Space (or a click) ticks or unticks the highlighted table, enter shows the ticked ones as the rows, in
the list's order; escape leaves the rows as they were. A seventh tick is taken back and the hint says why.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from ..commands import CHOOSE_ROWS, bindings
from ..engine.tables.registry import BY_NAME
from ..explain.explorer import MAX_ROWS
from ..safe import visible
from .dialogs import dialog_css


def described(name: str) -> str:
    """A line of the list: 'GPT-2 (gpt2) · the official GPT-2 table'; a custom or trained table by its name."""
    entry = BY_NAME.get(name)
    return visible(name) if entry is None else f"{entry.short} ({name}) · {entry.about}"


class RowsScreen(ModalScreen[tuple[str, ...] | None]):
    """Choose the explorer's rows among `available`; dismissed with the ticked names (None: cancelled).

    Each line starts [✓] or [ ] (a tick is a mark, not a colour)."""

    DEFAULT_CSS = dialog_css("RowsScreen") + "RowsScreen OptionList { height: auto; max-height: 12; }"
    BINDINGS = bindings(CHOOSE_ROWS)

    def __init__(self, available: Sequence[str], chosen: Sequence[str]) -> None:
        super().__init__()
        self.available = tuple(available)
        self.ticks = {name: name in chosen for name in self.available}

    def line(self, name: str) -> str:
        return f"[{'✓' if self.ticks[name] else ' '}] {described(name)}"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"The explorer's rows: up to {MAX_ROWS} tokenizers")
            yield OptionList(*(Option(self.line(name), id=name) for name in self.available))
            yield Label(self.hint(), id="rows-hint", classes="hint")

    @property
    def ticked(self) -> tuple[str, ...]:
        """The ticked names in the list's order."""
        return tuple(name for name in self.available if self.ticks[name])

    def hint(self, why: str = "") -> str:
        return f"{why}{len(self.ticked)} of {MAX_ROWS} ticked · space: tick / untick · enter: show · escape: cancel"

    def say(self, why: str = "") -> None:
        self.query_one("#rows-hint", Label).update(self.hint(why))

    def action_tick(self) -> None:
        """Tick or untick the highlighted table; a seventh tick is refused."""
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return
        name = self.available[options.highlighted]
        if not self.ticks[name] and len(self.ticked) >= MAX_ROWS:
            self.say(f"{MAX_ROWS} at most: untick one first. ")
            return
        self.ticks[name] = not self.ticks[name]
        options.replace_option_prompt(name, self.line(name))
        self.say()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on a line ticks it (enter is taken before the list: it shows the rows)."""
        event.stop()
        self.action_tick()

    def action_apply(self) -> None:
        ticked = self.ticked
        if not ticked:
            self.say("Tick at least one. ")
            return
        self.dismiss(ticked)

    def action_cancel(self) -> None:
        self.dismiss(None)
