"""Timing helpers for the app: whole processes in a pseudo-terminal, and in-process step latency.

Step latency is measured inside the app's own event loop: `perf_counter()` just before the action
method runs (the moment a key's binding would call it), then `call_after_refresh` schedules a callback
that Textual runs only after the screen has been repainted, i.e. after every pane has re-rendered
for the new frame. The time between the two is the latency. Steps are spaced 25 ms apart, slower than
key auto-repeat, so Textual's 60 Hz refresh timer is idle when a step starts and adds no wait of its
own (back-to-back steps would each wait for the next 16.7 ms tick instead).
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path
from time import perf_counter

from textual import events

ROOT = Path(__file__).resolve().parents[2]
SPACING = 0.025  # seconds between measured steps


#: The first bytes Textual writes when it leaves application mode (bracketed paste off): the app has
#: drawn its first screen and asked to exit; what follows is Textual's shutdown.
TEARDOWN = b"\x1b[?2004l"


def run_in_pty(
    argv: list[str], env: dict[str, str], *, columns: int = 120, lines: int = 40, timeout: float = 60, drawn: list[float] | None = None
) -> float:
    """Run `argv` in a fresh pseudo-terminal of the given size; the whole process's wall time in seconds.

    With `drawn`, the time from the start to the first TEARDOWN bytes read is appended to it.
    """
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    output = bytearray()
    teardown: list[float] = []

    def drain() -> None:  # keep reading, so the app never blocks on a full terminal
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            output.extend(data)
            if not teardown and TEARDOWN in output[-len(data) - len(TEARDOWN) :]:
                teardown.append(perf_counter())

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    start = perf_counter()
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True)
    # A blocking wait sees the exit at once; `wait(timeout=...)` polls, with sleeps that grow to
    # 50 ms, so every time it measured was rounded up to the next step of 50 ms. A timer kills a
    # process that runs past `timeout` instead.
    watchdog = threading.Timer(timeout, process.kill)
    watchdog.start()
    try:
        code = process.wait()
    finally:
        elapsed = perf_counter() - start
        watchdog.cancel()
        os.close(slave)
        reader.join(timeout=2)
        os.close(master)
    if drawn is not None:
        drawn.append((teardown[0] if teardown else perf_counter()) - start)
    if code != 0:
        why = " (killed after the timeout)" if code == -9 else ""
        raise RuntimeError(f"{' '.join(argv)} exited with {code}{why}: {bytes(output[-2000:]).decode(errors='replace')}")
    return elapsed


def startup_env(pycache: Path) -> dict[str, str]:
    """The environment both start-up runs share: exit on the first screen, a real TERM, compiled bytecode.

    Bytecode goes to `pycache` (PYTHONPYCACHEPREFIX), so a warm-up run compiles each module once and
    the timed runs measure an installed app's start-up, not the compiler, even under PYTHONDONTWRITEBYTECODE.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(BPE_TUI_EXIT_ON_READY="1", TERM="xterm-256color", COLORTERM="truecolor", PYTHONPYCACHEPREFIX=str(pycache))
    for name in ("TEXTUAL", "TEXTUAL_DEBUG", "TEXTUAL_DEVTOOLS_PORT", "TEXTUAL_SCREENSHOT"):
        env.pop(name, None)
    return env


BPE_TUI = [sys.executable, "-m", "tui"]
MINIMAL = [sys.executable, str(ROOT / "tests" / "bench" / "minimal_app.py")]


async def settled(pilot) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app has settled after start-up: its first screen, then the heap frozen and the
    collector back on (tui.app.collector.SETTLE_AFTER), a one-off full collection that no later keypress pays."""
    from tui.app.collector import SETTLE_AFTER

    await pilot.pause()
    await asyncio.sleep(SETTLE_AFTER + 0.1)


def move_start(view, move: str, n: int):  # type: ignore[no-untyped-def]
    """Where the `n`th timed `move` starts (figure 5's walk): first, last and scan detail from frames
    spread over the text; the next moves walk on from frame 1, the previous ones from frame 2,000 (or
    the last), each restarting there when it can go no further."""
    frames = len(view.frames)
    if move in ("first", "last", "detail"):
        return view.at((n * 7919 + 1) % frames)
    if move.startswith("previous"):
        return view.at(min(frames - 1, 2000)) if view.index == 0 or n == 0 else view
    return view.at(0) if view.index == frames - 1 or n == 0 else view


def move_message(move: str):  # type: ignore[no-untyped-def]
    """The message the key of `move` sends."""
    from tui.messages import ScanDetailToggled, StepPressed

    return ScanDetailToggled() if move == "detail" else StepPressed(move)


async def refreshed(app) -> float:  # type: ignore[no-untyped-def]
    """Wait until the screen has been repainted; the perf_counter() at that moment."""
    future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
    app.call_after_refresh(lambda: future.done() or future.set_result(perf_counter()))
    return await future


async def shown(app, predicate) -> float:  # type: ignore[no-untyped-def]
    """Wait, without polling, until the app's view satisfies `predicate` and the screen is repainted.

    A watcher on the app's `view` reactive fires on every change; the perf_counter() of the repaint
    after the first view that satisfies `predicate` is returned.
    """
    loop = asyncio.get_running_loop()
    future: asyncio.Future[float] = loop.create_future()

    def changed(view) -> None:  # type: ignore[no-untyped-def]
        if not future.done() and view is not None and predicate(view):
            app.call_after_refresh(lambda: future.done() or future.set_result(perf_counter()))

    app.watch(app, "position", changed, init=True)
    return await future


async def timed_keys(app, widget, attribute: str, keys: tuple[tuple[str, int], ...]) -> dict[str, list[float]]:  # type: ignore[no-untyped-def]
    """Each key's latency, `count` presses of each in turn: from the key posted to the app to the
    screen repainted after `widget.attribute` (the reactive the key moves) changed. The screen's own
    watchers of it, registered before this one, have run by then: what they show is in that repaint."""
    loop = asyncio.get_running_loop()
    waiting: list[asyncio.Future[float]] = []

    def moved() -> None:
        if waiting:
            future = waiting.pop()
            app.call_after_refresh(lambda: future.done() or future.set_result(perf_counter()))

    app.screen.watch(widget, attribute, moved, init=False)
    out: dict[str, list[float]] = {}
    for key, count in keys:
        times = out.setdefault(key, [])
        for _ in range(count):
            await asyncio.sleep(SPACING)
            future = loop.create_future()
            waiting[:] = [future]
            start = perf_counter()
            app.post_message(events.Key(key, None))
            times.append(await asyncio.wait_for(future, 5) - start)
    return out


#: Issue 11's targets for a move: median and p99, in seconds (one 60 Hz frame for the p99).
MEDIAN, P99 = 0.008, 0.0167


def move_figures(
    figure, number: str, label: str, results: dict[str, list[float]], peer: list[float], peer_name: str = "bare app"
) -> list[str]:  # type: ignore[no-untyped-def]
    """A figure row per key of `results` ('{key}' in `label` names it): its median / p99 against the
    targets, with the bare app's median for scale; the keys that missed, said for the assertion."""
    import statistics

    from .conftest import ms

    misses = []
    for key, times in results.items():
        ordered = sorted(times)
        median, p99 = statistics.median(times), ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        ok = median <= MEDIAN and p99 <= P99
        said = f"{label.format(key=key)} (median / p99 of {len(times)}; {peer_name} {ms(statistics.median(peer))})"
        figure(number, said, f"{ms(median)} / {ms(p99)}", "≤ 8 / ≤ 16.7 ms", ok)
        if not ok:
            misses.append(f"{key} {ms(median)} / {ms(p99)}")
    return misses


async def timed_move(app, move: str) -> float:  # type: ignore[no-untyped-def]
    """Latency of one step: from the step message (what a step key sends) to the repainted screen, in seconds."""
    from tui.messages import StepPressed

    start = perf_counter()
    app.post_message(StepPressed(move))
    return await refreshed(app) - start


def pty_keypresses(argv: list[str], env: dict[str, str], presses: int, *, key: bytes = b"\x1b[C", quiet: float = 0.06) -> list[float]:
    """Start `argv` in a 120x40 pseudo-terminal, wait for its first screen, then send `key` `presses` times.

    Each latency runs from writing the key to the last byte of the repaint it causes (the output
    then stays quiet for `quiet` seconds). The app is sent `q` at the end.
    """
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, start_new_session=True)
    os.close(slave)

    def last_byte(wait: float, first_within: float) -> float | None:
        last, limit = None, first_within
        while True:
            ready, _, _ = select.select([master], [], [], limit)
            if not ready:
                return last
            try:
                if not os.read(master, 65536):
                    return last
            except OSError:
                return last
            last, limit = perf_counter(), wait

    out: list[float] = []
    try:
        last_byte(0.5, 60)  # the first screen, painted and settled
        for _ in range(presses):
            start = perf_counter()
            os.write(master, key)
            end = last_byte(quiet, 5)
            if end is not None:
                out.append(end - start)
        os.write(master, b"q")
        process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(master)
    return out
