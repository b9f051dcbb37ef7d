"""Start-up (issue 11, target 4): what `bpe-tui` imports before its first screen, and the collector's pause."""

from __future__ import annotations

import asyncio
import gc
import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen
from textual.timer import Timer

import tui.cli.app_options as cli
from tests.app_support import make_app, screen_text, until
from tui.app import BpeApp
from tui.app.collector import SETTLE_AFTER
from tui.screens.encode import EncodeScreen

#: Modules the first screen never needs: each is imported by the command, view, dialog or table load that uses it.
NOT_AT_START = (
    "json",
    "hashlib",
    "_hashlib",
    "importlib.metadata",
    "regex",
    "tui.cli.check",
    "tui.cli.decode",
    "tui.cli.encode",
    "tui.cli.examples",
    "tui.cli.serve",
    "tui.cli.tour",
    "tui.cli.train",
    "tui.explain.branches",
    "tui.engine.decoding",
    "tui.explain.loop_code",
    "tui.explain.training_code",
    "tui.engine.tracefile",
    "tui.engine.training",
    "tui.explain.whynot",
    "tui.screens.dialogs",
    "tui.widgets.tokenizer_rows",
)


def test_the_app_and_its_first_trace_import_none_of_the_modules_only_other_features_need() -> None:
    """Importing the command line and the app, parsing no arguments and capturing the default text leaves all of NOT_AT_START out."""
    code = f"""
        import sys
        import tui.cli.main
        import tui.cli.app_options as cli
        import tui.app
        args = cli.build_app_parser().parse_args([])
        trace = cli.app_trace(args, cli.custom_table(args))
        loaded = [name for name in {NOT_AT_START!r} if name in sys.modules]
        import json  # only now: it is one of the modules checked
        print(json.dumps({{"loaded": loaded, "ids": trace.ids, "table": trace.table.name}}))
    """
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60, check=True)
    out = json.loads(result.stdout.splitlines()[-1])
    assert out == {"loaded": [], "ids": [264, 257, 261], "table": "teaching"}


def test_run_app_pauses_the_collector_while_the_app_runs_and_gives_it_back_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    """run_app: the collector is off from the arguments to the app's end (the app turns it on after its first settle); after it, on again,
    with what the app left frozen (the interpreter's collection at exit would only walk it)."""
    seen: list[bool] = []
    monkeypatch.setattr(BpeApp, "run", lambda self, *args, **kwargs: seen.append(gc.isenabled()))
    assert gc.isenabled()
    try:
        cli.run_app([])
        assert seen == [False]
        assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.enable()


async def test_the_first_settle_turns_the_collector_on_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Started with the collector off (as run_app starts it), the app turns it on SETTLE_AFTER seconds after its first screen, heap frozen.

    The SETTLE_AFTER timers are made paused and started by the test, so a busy machine cannot let them
    run out before the first screen is looked at."""
    held: list[Timer] = []

    def paused(self: BpeApp, delay: float, callback: Callable[[], object] | None = None, **options: Any) -> Timer:
        if delay != SETTLE_AFTER:
            return App.set_timer(self, delay, callback, **options)
        held.append(App.set_timer(self, delay, callback, **{**options, "pause": True}))
        return held[-1]

    monkeypatch.setattr(BpeApp, "set_timer", paused)
    app = make_app()
    gc.disable()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert not gc.isenabled()
            assert "aaababcabxyz" in screen_text(app)
            assert len(held) == 1
            held[0].resume()
            await until(pilot, gc.isenabled)
            assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.enable()


@pytest.mark.parametrize("size", [(120, 40), (170, 45), (80, 24), (60, 18)])
async def test_the_first_paint_is_already_the_settled_screen(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The first paint of view 1 (Textual posts Ready just after it; BPE_TUI_EXIT_ON_READY exits there) shows what the screen
    shows once it has settled: no pane draws a draft for no size first. Only the footer's keys come later, as in any Textual app."""
    painted: list[str] = []
    paint = Screen._compositor_refresh

    def first_paint(screen: Screen[object]) -> None:
        paint(screen)
        if isinstance(screen, EncodeScreen) and not painted:
            painted.append(screen_text(screen.app))  # before anything else runs: what this paint drew

    monkeypatch.setattr(Screen, "_compositor_refresh", first_paint)
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await asyncio.sleep(0.1)
        await pilot.pause()
        settled = screen_text(app).splitlines()
    first = painted[0].splitlines()
    assert first[:-1] == settled[:-1]
    assert first[-1].strip() == "" and settled[-1].startswith("space play")
