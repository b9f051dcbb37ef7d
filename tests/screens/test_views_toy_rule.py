"""A kind of merge rule is one registry entry: a toy rule defined here, registered in RULES, is drawn by every
view and by `compare` with its own words, and no view needs its name (they ask the rule object)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from tests.app_support import Notes, every_view, opened, screen_text, settle
from tests.engine.support import CliResult
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import RULES, MergeRule, get_table
from tui.explain.frames import Frames, narrate
from tui.widgets.table_facts import facts_text

TOY = MergeRule(
    name="toy",
    owner="Toy",
    label="the toy rule",
    summary="toy rule: one pair a hop, the lowest rank, leftmost on ties",
    step="hop",
    by_bytes=False,
    one_at_a_time=True,
    caches_chunks=False,
    legend="·space ↵newline →tab ¹single ✦toy",
    holds="a toy merge list, hopped one pair at a time",
    code="hf",  # it runs tokenizers' kernel, so the code pane shows that loop
)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[MergeRule]:
    monkeypatch.setitem(RULES, TOY.name, TOY)
    yield TOY


async def test_every_view_draws_a_table_on_the_toy_rule(toy: MergeRule) -> None:
    """In one app at 80x24, every view takes its keys and raises nothing; the animator's legend is the rule's."""
    table = replace(get_table("teaching"), name="teaching-toy", rule=toy)
    notes = Notes()
    app = BpeApp(capture("aaababcabxyz", table), custom=table)
    async with opened(app, notes=notes) as pilot:
        async for view, case in every_view(app, pilot):
            for key in ("right", "right", "l", "right", "p"):
                await pilot.press(key)
            await settle(app, pilot)
            assert app.is_running and notes.errors == [], (case, notes.messages)
            if view == "encode":
                assert "✦toy" in screen_text(app), case  # the Chunks pane's legend is the rule's


def test_the_rules_words_reach_the_sentences(toy: MergeRule) -> None:
    table = replace(get_table("teaching"), name="teaching-toy", rule=toy)
    trace = capture("aaababcabxyz", table)
    assert trace.ids == capture("aaababcabxyz", get_table("teaching")).ids  # the same merge list, the same ids here
    frames = Frames(trace)
    assert narrate(trace, frames[1]) == (
        "hop 1: lowest merge rank among 11 pairs is 0 (a a) at position 0, leftmost if tied; Toy merges that one occurrence, then ranks the pairs again"
    )
    assert "toy rule: one pair a hop, the lowest rank, leftmost on ties" in str(facts_text(table, "aaa"))


def test_compare_names_a_table_under_the_toy_rule(toy: MergeRule, cli: Callable[..., CliResult]) -> None:
    code, out, err = cli("compare", "--table", "teaching@toy", "--table", "teaching", "--text", "aaababcabxyz")
    assert (code, err) == (0, "")
    assert out.splitlines()[0].startswith("A teaching (the toy rule) · ")
