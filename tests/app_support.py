"""Helpers for driving the app: build it on a text, wait for captures, read what the panes and views show."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.message import Message
from textual.notifications import Notification, Notify
from textual.pilot import Pilot
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input
from textual.worker import WorkerCancelled

from tui.app import BpeApp
from tui.commands import VIEWS
from tui.engine.bpe import capture
from tui.engine.examples import TRACES_DIR
from tui.engine.tables import get_table
from tui.explain.word import WordPicture
from tui.screens.encode import EncodeScreen
from tui.widgets.bytes_pane import BytesPane
from tui.widgets.chunks import ChunksPane
from tui.widgets.ids import IdsPane
from tui.widgets.pairs import PairsPane
from tui.widgets.status import Status
from tui.widgets.word import WordPane

TEACHING_TITLE = "teaching · 9 rules"
GPT2_TITLE = "GPT-2 · 50,000 merges"  # at 80 columns the header drops the file hash to keep the figures beside it
CAFE = "café 你好"
CAFE_IDS = [66, 1878, 2634, 220, 19526, 254, 25001, 121]


def make_app(text: str = "aaababcabxyz", table: str = "teaching", *, traces_dir: Path = TRACES_DIR, quiet: bool = False) -> BpeApp:
    """The app as `bpe-tui --table TABLE --text TEXT` opens it; `quiet` switches toasts off (for pictures)."""
    app = BpeApp(capture(text, get_table(table)), traces_dir=traces_dir)
    if quiet:
        app._disable_notifications = True  # what run_test(notifications=False) does; snap_compare has no such option
    return app


def cafe_app(text: str = CAFE, *, quiet: bool = False) -> BpeApp:
    """The app on café 你好 (or `text`) under GPT-2, where the views have the most to show."""
    return make_app(text, "gpt2", quiet=quiet)


async def workers_done(app: BpeApp) -> None:
    """Wait until no worker runs. A worker the app cancels meanwhile (a scene or a table moved on while it
    worked) is done too: Textual's wait raises WorkerCancelled for it, a race with the app, not a failure."""
    while running := [worker for worker in app.workers if not worker.is_finished]:
        try:
            await app.workers.wait_for_complete(running)
        except WorkerCancelled:
            continue


async def settle(app: BpeApp, pilot: Pilot) -> None:
    """Let capture and load workers finish and their results (posted as messages) reach the screen."""
    await workers_done(app)
    await pilot.pause()
    await workers_done(app)
    await pilot.pause()


#: How long a wait for the app may last before the test calls it a hang: never a claim about speed.
HANG = 60.0


async def until(pilot: Pilot, condition: Callable[[], bool]) -> None:
    """Let the app run until `condition()` holds; after HANG seconds give up and let the test's own
    assertion say what is missing. Waiting for the condition (not for a time) keeps a loaded machine
    from failing the test."""
    deadline = time.monotonic() + HANG
    while not condition() and time.monotonic() < deadline:
        await pilot.pause(0.01)


@asynccontextmanager
async def opened(
    app: BpeApp,
    view: str | None = None,
    *,
    size: tuple[int, int] = (80, 24),
    notes: Callable[[Message], None] | None = None,
    notifications: bool = False,
) -> AsyncIterator[Pilot]:
    """Run `app` at `size` (its messages to `notes`), let its captures settle, then show `view`
    ('decode', 'tables', …: a name from tui.commands.VIEWS) by its number key and wait until it is up."""
    async with app.run_test(size=size, message_hook=notes, notifications=notifications) as pilot:
        await settle(app, pilot)
        if view is not None:
            await show(app, pilot, view)
        yield pilot


async def show(app: BpeApp, pilot: Pilot, view: str) -> None:
    """Show `view` ('decode', 'tables', …: a name from tui.commands.VIEWS) by its number key and wait until it is up."""
    (shown,) = [v for v in VIEWS if v.name == view]
    await pilot.press(shown.key)
    await settle(app, pilot)
    await until(pilot, lambda: type(app.screen).__name__ == shown.screen)
    assert type(app.screen).__name__ == shown.screen, (view, app.screen)


async def every_view(
    app: BpeApp, pilot: Pilot, sizes: Sequence[tuple[int, int]] = ((80, 24),), views: Sequence[str] | None = None
) -> AsyncIterator[tuple[str, str]]:
    """Show each view (by default every one of tui.commands.VIEWS) in turn, at each size in turn (the terminal resized
    between sizes), all in the one app; yield the view's name and the case, 'decode at 60x18', for a failure to name."""
    for width, height in sizes:
        await resize(app, pilot, (width, height))
        for view in views or [v.name for v in VIEWS]:
            await show(app, pilot, view)
            yield view, f"{view} at {width}x{height}"


async def resize(app: BpeApp, pilot: Pilot, size: tuple[int, int]) -> None:
    """Resize the terminal to `size` (width, height) and let the app lay itself out again: one app visits
    several sizes, where a new app for each would cost its start (1.5–3 s) each time."""
    await pilot.resize_terminal(*size)
    await pilot.pause()
    await settle(app, pilot)


class Notes:
    """Every notification the app raised, in order (a `message_hook` for `run_test`).

    It also keeps every message posted, each once (`sent`): the hook sees a message again at each
    step it bubbles up.
    """

    def __init__(self) -> None:
        self.all: list[Notification] = []
        self.posted: dict[int, Message] = {}

    def __call__(self, message: Message) -> None:
        if id(message) in self.posted:
            return
        self.posted[id(message)] = message
        if isinstance(message, Notify):
            self.all.append(message.notification)

    def sent(self, kind: type[Message]) -> list[Message]:
        """The messages of `kind` posted so far, in order."""
        return [m for m in self.posted.values() if type(m) is kind]

    @property
    def errors(self) -> list[Notification]:
        return [n for n in self.all if n.severity == "error"]

    @property
    def messages(self) -> list[str]:
        return [n.message for n in self.all]


def header(app: BpeApp) -> list[str]:
    """The status header's three lines: title and figures, position, narration (also under a dialog)."""
    return str(app.screen_stack[0].query_one(Status).render()).split("\n")


def names_table(header_line: str, title: str) -> bool:
    """Whether the header's first line names the table `title` ('GPT-2 · 50,000 merges · vocab.bpe …'):
    the whole title, or (when the line is short) its first parts, followed by the figures."""
    parts = title.split(" · ")
    return any(f" {' · '.join(parts[:n])}   " in header_line + "   " for n in range(len(parts), 0, -1))


def hold_play_timer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's play timer is made paused: a test moves time on itself with `app.player._tick()`,
    so a busy machine cannot play frames before the test looks."""

    def paused(self: BpeApp, interval: float, callback: Callable[[], object], **options: Any) -> Timer:
        if getattr(callback, "__name__", "") == "_tick":
            options["pause"] = True
        return App.set_interval(self, interval, callback, **options)

    monkeypatch.setattr(BpeApp, "set_interval", paused)


def playing(app: BpeApp) -> bool:
    """Whether the header says the animation is playing."""
    return " fps" in header(app)[1]


def position(app: BpeApp) -> str:
    """'chunk 2/5 · round 3/14 · frame 41/120' (the figures share its line when the title line is full)."""
    line = header(app)[1]
    return line[line.index("chunk ") :]


def figures(app: BpeApp) -> str:
    """The text's figures, on the title line or (when that is full) before the position."""
    first, second = header(app)[:2]
    return first if "bytes →" in first else second


def sentence(app: BpeApp) -> str:
    return header(app)[2]


def pairs(app: BpeApp):  # type: ignore[no-untyped-def]
    """The rows the candidate-pairs pane holds for the current frame (PairRows)."""
    return app.query_one(PairsPane).data


def ids(app: BpeApp) -> list[int]:
    """The ids the ids pane shows, read from its text: 'alias id  alias id │ alias id …'."""
    text = pane_text(app, IdsPane)
    if text.startswith("(no ids yet"):
        return []
    words = [w for w in text.split() if w != "│"]
    return [int(w) for w in words[1::2]]


def word(app: BpeApp) -> WordPicture:
    """What the word pane draws now (its old word, marks, new word and scan cursor)."""
    shown = app.screen_stack[0].query_one(WordPane).shown
    assert shown is not None
    return shown


def pane_text(app: BpeApp, pane: type) -> str:
    """The plain text a pane renders now."""
    return str(app.query_one(pane).render())


def screen_text(app: BpeApp) -> str:
    """Everything the terminal shows now, one line per row, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def submit(pilot: Pilot, selector: str, value: str) -> None:
    """Focus the input `selector` with /, give it `value` (not typed key by key: faster), press enter."""
    await pilot.press("slash")
    pilot.app.screen.query_one(selector, Input).value = value
    await pilot.press("enter")
    await pilot.pause()


async def type_ids(pilot: Pilot, ids: str) -> None:
    """In the Decode view: enter `ids` in the ids input."""
    await submit(pilot, "#decode-ids", ids)


def count_layouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on, one entry per time Textual maps the whole screen again (a layout)."""
    from textual._compositor import Compositor

    mapped: list[int] = []
    real = Compositor._arrange_root

    def arrange(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        mapped.append(1)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Compositor, "_arrange_root", arrange)
    return mapped


async def open_view(app: BpeApp, pilot: Pilot, key: str) -> Screen[Any]:
    """Press a view's number key; its screen, settled."""
    await pilot.press(key)
    await settle(app, pilot)
    return app.screen


__all__ = [
    "CAFE",
    "CAFE_IDS",
    "GPT2_TITLE",
    "TEACHING_TITLE",
    "BytesPane",
    "ChunksPane",
    "EncodeScreen",
    "IdsPane",
    "Notes",
    "PairsPane",
    "Status",
    "WordPane",
    "cafe_app",
    "count_layouts",
    "every_view",
    "header",
    "hold_play_timer",
    "ids",
    "make_app",
    "names_table",
    "open_view",
    "opened",
    "pairs",
    "pane_text",
    "playing",
    "position",
    "resize",
    "screen_text",
    "sentence",
    "settle",
    "show",
    "submit",
    "type_ids",
    "until",
    "word",
]
