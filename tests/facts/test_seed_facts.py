"""The seed-fact checklist (issue 23): every number and example of the three seeds, found where
bpe-tui shows it, one test per fact (its id names the seed and the fact).

The facts are in seed000.py, seed002.py and seed004.py, each value as its seed writes it; a fact
is checked in the CLI (in-process) or on the screen of an app run (scenes.py: six apps, each step
captured once for every fact that reads it).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.engine.support import CliResult

from . import seed000, seed002, seed004
from .checklist import Cli, Fact, collapsed, found
from .scenes import STEPS, Shown, play

FACTS: tuple[Fact, ...] = seed000.FACTS + seed002.FACTS + seed004.FACTS
SHOWN: dict[str, Shown] = {}


def fact_id(one: Fact) -> str:
    """'004: compression 15 / 9 ≈ 1.67'; a fact that needs a file bpe-tui does not ship says so."""
    return f"{one.seed}: {one.name}" + (" [needs input.txt]" if one.needs else "")


def test_the_checklist_holds_every_fact_once() -> None:
    """At least the 90 facts issue 23 counted, each named once; every step an app run captures is read by some fact."""
    names = [fact_id(one) for one in FACTS]
    assert len(names) == len(set(names)) and len(FACTS) >= 90, len(FACTS)
    assert {one.where.step for one in FACTS if not isinstance(one.where, Cli)} == set(STEPS)


async def shown(step: str, folder: Path) -> Shown:
    """The capture of `step`, made with the other steps of its run the first time one is asked for."""
    if step not in SHOWN:
        SHOWN.update(await play(STEPS[step], folder))
    return SHOWN[step]


@pytest.mark.parametrize("one", FACTS, ids=fact_id)
async def test_seed_fact_is_shown(one: Fact, cli: Callable[..., CliResult], tmp_path: Path) -> None:
    where = one.where
    if isinstance(where, Cli):
        _, out, err = cli(*where.argv)
        texts: tuple[str, ...] = (where.pick(out) if where.pick else out + err,)
    else:
        capture = await shown(where.step, tmp_path)
        if where.pane:
            pane = capture.panes[where.pane]
            texts = (where.pick(pane) if where.pick else pane,)
        else:
            texts = capture.everything()
    missing = [value for value in one.expected if not any(found(value, text) for text in texts)]
    assert not missing, f"{where.label()} does not show {missing}; it shows:\n" + "\n".join(collapsed(t)[:2000] for t in texts[:60])
