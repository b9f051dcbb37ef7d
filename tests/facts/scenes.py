"""The app runs the checklist reads its screens from: one app per run, each step a view (and keys)
on a text, captured once as plain text and kept for every fact that reads it.

A capture keeps each screen line and, for every widget on screen, the text inside its region (cut
out of the composed screen by cell, so a pane beside another reads on its own), collapsed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from textual.geometry import Region
from textual.strip import Strip
from textual.widgets import Input

from tests.app_support import make_app, opened, settle, until
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import Table
from tui.engine.tables.table import byte_symbol_order
from tui.engine.tables.two_files import load_two_files

from .checklist import collapsed

SIZE = (160, 50)
#: What a view shows while its worker runs: the step is captured once it is gone.
BUSY = re.compile("working|recovering parts|training…")


@dataclass(frozen=True)
class Step:
    """A capture named `name`: after the text is set to `text` (if given) in view 1, view `view` with `keys` pressed."""

    name: str
    view: str
    text: str | None = None
    keys: tuple[str, ...] = ()
    merges: int | None = None  # view 7: the merges typed in its dialog


@dataclass(frozen=True)
class Run:
    """One app, started by `start` (given a scratch folder), through its steps in order."""

    start: Callable[[Path], BpeApp]
    steps: tuple[Step, ...]


def custom_no_newline(folder: Path) -> BpeApp:
    """A two-rule custom table (a b, ab c) whose vocab.bpe has its header but no final newline."""
    (folder / "vocab.bpe").write_text("#version: 0.2\na b\nab c", encoding="utf-8", newline="")
    encoder = {s: i for i, s in enumerate(byte_symbol_order())} | {"ab": 256, "abc": 257}
    (folder / "encoder.json").write_text(json.dumps(encoder), encoding="utf-8")
    table: Table = load_two_files(folder / "vocab.bpe", folder / "encoder.json")
    return BpeApp(capture("abc", table), custom=table)


RUNS = (
    Run(
        lambda _: make_app("Hi 你!", "gpt2"),
        (
            Step("gpt2 encode 'Hi 你!' end", "1", keys=("end",)),
            Step("gpt2 encode 'Hi 你!' chunk 2's last frame", "1", keys=("home", "pagedown", "right", "right")),
            Step("gpt2 aliases", "3"),
            Step("gpt2 special", "5"),
            Step("gpt2 decode 'Hi 你!'", "2"),
            Step("gpt2 encode 'internationalization' end", "1", "internationalization", ("end",)),
            Step("gpt2 tables 'internationalization'", "4"),
            Step("gpt2 tables facts", "4", keys=("p",)),
            Step("gpt2 tables regex", "4", keys=("p",)),
            Step("gpt2 encode 'The cat sat on the'", "1", "The cat sat on the"),
            Step("gpt2 encode '1234567' end", "1", "1234567", ("end",)),
            Step("gpt2 encode '127 + 677 = 804' end", "1", "127 + 677 = 804", ("end",)),
        ),
    ),
    Run(
        lambda _: make_app("127 + 677 = 804", "cl100k_base"),
        (
            Step("cl100k encode '127 + 677 = 804' end", "1", keys=("end",)),
            Step("cl100k tables facts", "4"),
            Step("cl100k tables regex", "4", keys=("p",)),
        ),
    ),
    Run(
        lambda _: make_app(),
        (
            Step("teaching encode 'aaababcabxyz' start", "1"),
            Step("teaching encode 'aaababcabxyz' end", "1", keys=("end",)),
        ),
    ),
    Run(
        lambda _: make_app("分词是大模型许多怪现象的根源。", "gpt2"),
        (
            Step("explore Chinese", "6"),
            Step("explore 'HelloWorld getElementById'", "6", "HelloWorld getElementById"),
            Step("explore '    if'", "6", "    if"),
            Step("explore '1234567'", "6", "1234567"),
        ),
    ),
    Run(lambda _: make_app("the cat the hat", "teaching"), (Step("train 'the cat the hat' 3 merges", "7", keys=("end",), merges=3),)),
    Run(custom_no_newline, (Step("custom table without final newline", "4"),)),
    Run(lambda _: make_app(), (Step("help", "1", keys=("question_mark",)),)),
)

STEPS = {step.name: run for run in RUNS for step in run.steps}


@dataclass(frozen=True)
class Shown:
    """What one step showed: each screen line, and each widget's region (by id and by class name)."""

    lines: tuple[str, ...]
    panes: dict[str, str]

    def everything(self) -> tuple[str, ...]:
        return self.lines + tuple(self.panes.values())


def cut(strips: list[Strip], area: Region) -> str:
    """The text of `area` of the composed screen, its lines joined, collapsed."""
    return collapsed(" ".join(strip.crop(area.x, area.right).text for strip in strips[area.y : area.bottom]))


def shown_now(app: BpeApp) -> Shown:
    strips = app.screen._compositor.render_strips()
    lines = tuple(collapsed(strip.text) for strip in strips)
    panes: dict[str, str] = {}
    for widget in app.screen.walk_children():
        region = widget.region
        if not widget.display or region.area == 0:
            continue
        # the whole region (border titles too), then inside the border (a wrapped sentence reads whole)
        text = " ⁞ ".join(cut(strips, area) for area in (region, widget.content_region))
        for key in (widget.id, type(widget).__name__):
            if key and key not in panes:
                panes[key] = text
    return Shown(lines, panes)


async def play(run: Run, folder: Path) -> dict[str, Shown]:
    """Every step of `run`, captured."""
    app = run.start(folder)
    captured: dict[str, Shown] = {}
    async with opened(app, size=SIZE) as pilot:
        for step in run.steps:
            if step.text is not None:
                await pilot.press("1")
                await settle(app, pilot)
                app.apply_text(step.text)
                await settle(app, pilot)
                await until(pilot, lambda text=step.text: app.position.trace.text == text)
            await pilot.press(step.view)
            await settle(app, pilot)
            if step.merges is not None:
                await pilot.press("m")
                await pilot.pause()
                app.screen.query_one(Input).value = str(step.merges)
                await pilot.press("enter")
            for key in step.keys:
                await pilot.press(key)
                await settle(app, pilot)
            await settle(app, pilot)
            await until(pilot, lambda: not BUSY.search("\n".join(shown_now(app).lines)))
            captured[step.name] = shown_now(app)
    return captured
