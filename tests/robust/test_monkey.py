"""Monkey test: seeded random key presses and terminal resizes over both tables and hostile texts.

After every key: the app is alive, the frame index is in range, the ids pane holds exactly the ids of
the chunks finished at this frame (computed here from the trace alone), and the header names the
table in use. After every resize, the screen is drawn without anything raw.
"""

from __future__ import annotations

import random
import time

import pytest

from tui.app import BpeApp
from tui.engine.tables import label
from tui.explain.tokens import shown_ids
from tui.screens.toosmall import TooSmallScreen
from tui.widgets.status import Status

from .apphelp import assert_alive, assert_screen_clean, make_app, opened, settle, type_text
from .hostile import EVERYTHING, HOSTILE, LONG_LINE

KEYS = [
    "right",
    "right",
    "right",
    "left",
    "left",
    "shift+right",
    "shift+left",
    "pagedown",
    "pageup",
    "home",
    "end",
    "d",
    "r",
    "t",
    "space",
    "plus",
    "minus",
    "question_mark",
    "escape",
]
TEXTS = [
    "aaababcabxyz aaa abc!abc",
    *[
        HOSTILE[name]
        for name in ("markup", "c0 controls", "osc title", "bidi override", "zero-width joiners", "combining tower", "whitespace only")
    ],
    EVERYTHING,
    "Hi 你! " * 50,
    LONG_LINE[:10_000],
]
SIZES = [(20, 8), (200, 60), (80, 24), (40, 12), (120, 40), (30, 30), (160, 10)]


def expected_ids(app: BpeApp) -> list[int]:
    """The ids emitted up to the current frame, from the trace alone: every chunk has a start frame,
    one frame per round and a done frame; a chunk's ids count from its done frame on."""
    view = app.position
    start = 0
    ids: list[int] = []
    for chunk in view.trace.chunks:
        done = start + len(chunk.rounds) + 1
        if view.index < done:
            break
        ids += chunk.ids
        start = done + 1
    return ids


def check_invariants(app: BpeApp, where: str) -> None:
    assert_alive(app)
    view = app.position
    assert view is not None
    assert 0 <= view.index < len(view.frames), where
    assert shown_ids(view) == expected_ids(app), where
    assert view.trace.ids[: len(shown_ids(view))] == shown_ids(view), where
    header = str(app.query_one(Status).render())
    assert header.startswith(f" {label(view.trace.table).split(' · ')[0]}"), (where, header[:200])  # the table's name, at least


async def monkey(seed: int, presses: int, table: str) -> dict[str, int]:
    rng = random.Random(seed)
    app = make_app(TEXTS[0], table)
    stats = {"keys": 0, "resizes": 0, "texts": 0, "switches": 0}
    async with opened(app, size=(100, 30), notifications=True) as pilot:
        check_invariants(app, "start")
        while stats["keys"] < presses:
            roll = rng.random()
            if roll < 0.04:
                width, height = rng.choice(SIZES) if rng.random() < 0.5 else (rng.randint(20, 200), rng.randint(8, 60))
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                stats["resizes"] += 1
                assert_screen_clean(app)
            elif roll < 0.055 and not isinstance(app.screen, TooSmallScreen):  # below 60x18 no view takes text
                if app.screen is not app.screen_stack[0]:
                    await pilot.press("escape")
                await type_text(app, pilot, rng.choice(TEXTS))
                stats["texts"] += 1
            else:
                key = rng.choice(KEYS)
                if len(app.screen_stack) > 1 and rng.random() < 0.5:
                    key = "escape"  # a dialog (help) is left again soon: the keys are meant for the animator
                await pilot.press(key)
                stats["keys"] += 1
                if key == "t":
                    await settle(app, pilot)
                    stats["switches"] += 1
                check_invariants(app, f"seed {seed}, key {stats['keys']} ({key})")
        await settle(app, pilot)
        check_invariants(app, "end")
        assert_screen_clean(app)
    return stats


@pytest.mark.slow  # a long run (seconds of app time): CI runs it with the slow set
async def test_monkey_300_keys() -> None:
    """300 seeded key presses with resizes and text changes (default suite)."""
    stats = await monkey(seed=300, presses=300, table="teaching")
    assert stats["keys"] == 300 and stats["resizes"] > 0 and stats["switches"] > 0, stats


@pytest.mark.slow
@pytest.mark.parametrize("table", ["teaching", "gpt2"])
async def test_monkey_2000_keys(table: str) -> None:
    """The long run: 2,000 key presses from each table (uv run pytest -m slow)."""
    started = time.monotonic()
    stats = await monkey(seed=2000, presses=2000, table=table)
    assert stats["keys"] == 2000 and stats["resizes"] >= 40 and stats["texts"] >= 10, stats
    print(f"monkey {table}: {stats} in {time.monotonic() - started:.0f} s")
