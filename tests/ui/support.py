"""Helpers for driving the app: build it on a text, wait for captures, read what the panes show."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.examples import TRACES_DIR
from tui.engine.tables import get_table
from tui.widgets.aliases import AliasesPane
from tui.widgets.chunks import ChunksPane
from tui.widgets.header import Status
from tui.widgets.ids import IdsPane, shown_ids
from tui.widgets.pairs import PairsPane
from tui.widgets.word import WordPane, picture

TEACHING_TITLE = "teaching · 9 rules"
GPT2_TITLE = "GPT-2 · 50,000 merges · vocab.bpe 1ce16647…"


def make_app(text: str = "aaababcabxyz", table: str = "teaching", traces_dir: Path = TRACES_DIR) -> BpeApp:
    """The app as `bpe-tui --table TABLE --text TEXT` opens it."""
    return BpeApp(capture(text, get_table(table)), traces_dir=traces_dir)


async def settle(app: BpeApp, pilot: Pilot) -> None:
    """Let capture and load workers finish and their results reach the screen."""
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


def header(app: BpeApp) -> list[str]:
    """The status header's three lines: title and figures, position, narration."""
    return str(app.query_one(Status).render()).split("\n")


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
    assert app.view is not None
    return shown_ids(app.view)


def word(app: BpeApp):  # type: ignore[no-untyped-def]
    assert app.view is not None
    return picture(app.view)


def pane_text(app: BpeApp, pane: type) -> str:
    """The plain text a pane renders now."""
    return str(app.query_one(pane).render())


__all__ = [
    "GPT2_TITLE",
    "TEACHING_TITLE",
    "AliasesPane",
    "ChunksPane",
    "IdsPane",
    "PairsPane",
    "Status",
    "WordPane",
    "header",
    "ids",
    "make_app",
    "pairs",
    "pane_text",
    "position",
    "sentence",
    "settle",
    "word",
]
