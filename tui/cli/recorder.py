"""`bpe-tui record`'s renderer: the app (or the tour) played headless on a clock of its own, its terminal output kept
with the time each write would have happened at the play's speed, as an asciinema v2 cast.

The app runs as always, with two stand-ins: its Textual driver keeps what the app writes to the terminal instead
of showing it (`cast_driver`), and its one play timer ticks on `Clock`, which the recorder advances by hand, one tick
after the other, as soon as the app has drawn the previous one. So the cast holds the exact escape sequences a
terminal would have received, stamped with the times `--fps` asks for, and is rendered as fast as the app draws.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, cast

from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver
from textual.pilot import Pilot
from textual.worker import WorkerCancelled

from ..app import BpeApp
from ..app.player import Player
from ..app.slides import frame_name, offline_svg

#: What the cast's terminal is said to be, and what the app is told it draws on: every colour as it is (24-bit).
TERMINAL = {"TERM": "xterm-256color", "COLORTERM": "truecolor"}
#: Hide the cursor first, as Textual's own terminal driver does (it would otherwise blink where the app left it).
HIDE_CURSOR = "\x1b[?25l"
#: A recording never plays longer than this (seconds of play time): a view that keeps changing ends here.
LONGEST = 3600.0
#: Passes of the app's message loop a tick may take to be drawn whole.
SETTLE = 50


def cast_driver(written: list[str]) -> type[HeadlessDriver]:
    """A driver class whose drivers keep what the app writes in `written`, and are not headless, so the app draws."""

    class CastDriver(HeadlessDriver):
        @property
        def is_headless(self) -> bool:
            return False

        def write(self, data: str) -> None:
            written.append(data)

    return CastDriver


class Clock:
    """Stands in for the app where its play timer asks for an interval: the recorder ticks it (`tick`)."""

    def __init__(self) -> None:
        self.interval = 0.0
        self._callback: Callable[[], object] | None = None

    def set_interval(self, interval: float, callback: Callable[[], object]) -> Clock.Handle:
        self.interval, self._callback = interval, callback
        return Clock.Handle(self, callback)

    @property
    def running(self) -> bool:
        return self._callback is not None

    def tick(self) -> None:
        if self._callback is not None:
            self._callback()

    @dataclass
    class Handle:
        """What `set_interval` returns: `stop` ends the interval it started (a later one stays)."""

        clock: Clock
        callback: Callable[[], object]

        def stop(self) -> None:
            if self.clock._callback is self.callback:
                self.clock._callback = None


@dataclass
class Shot:
    """One frame for `--frames`: its file name and its SVG."""

    name: str
    svg: str


@dataclass
class Cast:
    """A recording: the terminal's size, what was written when (seconds of play), and the frames as SVG if asked."""

    width: int
    height: int
    title: str
    events: list[tuple[float, str]] = field(default_factory=list)
    shots: list[Shot] = field(default_factory=list)
    cut: bool = False  # the play was still running when the recording reached LONGEST

    @property
    def duration(self) -> float:
        return self.events[-1][0] if self.events else 0.0

    def lines(self, timestamp: int) -> Iterator[bytes]:
        """The cast file, line by line: the header, then one `[time, "o", data]` per write."""
        header = {"version": 2, "width": self.width, "height": self.height, "timestamp": timestamp, "title": self.title, "env": TERMINAL}
        yield (json.dumps(header, ensure_ascii=False) + "\n").encode("utf-8")
        for time, data in self.events:
            yield (json.dumps([round(time, 6), "o", data], ensure_ascii=False) + "\n").encode("utf-8")


@contextmanager
def drawn_in_truecolor() -> Iterator[None]:
    """While an app is made: the environment it reads says the terminal shows 24-bit colour (`TERMINAL`)."""
    saved = {name: os.environ.get(name) for name in TERMINAL}
    os.environ.update(TERMINAL)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@dataclass
class Recorder:
    """Plays `app` to its end on a `Clock` and keeps its output (and, with `frames`, each new screen as SVG).

    `view`: the view shown first; `hold`: seconds the last screen stays in the cast; `still`: a play that has
    not changed the screen for this many seconds is over (a view that does not animate), None for never.
    """

    app: BpeApp
    size: tuple[int, int]
    title: str
    view: str = "encode"
    hold: float = 0.0
    still: float | None = None
    frames: bool = False
    clock: Clock = field(default_factory=Clock)

    def __post_init__(self) -> None:
        app = self.app
        self.written: list[str] = []
        app.driver_class = cast_driver(self.written)
        # The player asks its app for nothing but set_interval, which the clock answers.
        app.player = Player(cast(App[Any], self.clock), app.player.fps, app.play_step, app.show_play)
        self.cast = Cast(*self.size, self.title)

    def record(self) -> Cast:
        asyncio.run(self._record())
        return self.cast

    async def _record(self) -> None:
        app = self.app
        async with app.run_test(headless=False, size=self.size, notifications=True) as pilot:
            await self._settle(pilot)
            if self.view != "encode":
                await app.action_view(self.view)
                await self._settle(pilot)
            self._keep(0.0, HIDE_CURSOR + self._taken())
            time = still = 0.0
            hold = self.hold  # after the play's end; a play that stood still has held its last screen already
            while self.clock.running and time + self.clock.interval <= LONGEST:
                time += self.clock.interval
                self.clock.tick()
                await self._settle(pilot)
                data = self._taken()
                still = still + self.clock.interval if not data else 0.0
                if data:
                    self._keep(time, data)
                elif self.still is not None and still >= self.still:
                    hold = 0.0
                    break
            else:
                self.cast.cut = self.clock.running
            self.cast.events.append((min(time + hold, LONGEST), HIDE_CURSOR))

    def _taken(self) -> str:
        """What the app wrote since the last call."""
        data = "".join(self.written)
        self.written.clear()
        return data

    async def _settle(self, pilot: Pilot[Any]) -> None:
        """Let the app finish what the tick started (its messages, its workers and what they report) and draw it:
        until two passes in a row draw nothing more (at most SETTLE passes: a spinner would never stop)."""
        quiet = 0
        for _ in range(SETTLE):
            before = len(self.written)
            await pilot.pause(0)  # the screen's pending messages handled, then drawn (no wait for an idle CPU)
            running = [worker for worker in self.app.workers if not worker.is_finished]
            if running:
                # A worker the app cancels meanwhile (the tour's next scene, a table switched) is done too: Textual's
                # wait raises WorkerCancelled for it, which is the app moving on, not a failure of the recording.
                with suppress(WorkerCancelled):
                    await self.app.workers.wait_for_complete(running)
                quiet = 0
                continue
            quiet = quiet + 1 if len(self.written) == before else 0
            if quiet == 2:
                return

    def _keep(self, time: float, data: str) -> None:
        self.cast.events.append((time, data))
        if self.frames:
            app = self.app
            at = app.position
            number = len(self.cast.shots) + 1
            where = (at.frame.chunk + 1, at.frame.round, at.trace.text, at.trace.table.name) if at else (0, 0, "", "")
            name = frame_name(number, *where, app.theme)
            self.cast.shots.append(Shot(name, offline_svg(app.export_screenshot())))
