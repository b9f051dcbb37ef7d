"""The Tables view's reach classes (tui/screens/tables_reach.py): r classifies the table in a worker (progress
beside the rules, the keys keep working, a table switch cancels it), then lists each class's tokens with every
class's count; enter animates a token's text, and a taken_apart token's tree shows the ids its text gets."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from tests.app_support import cafe_app, opened, screen_text, settle, submit, until
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import OFFSET, Table, byte_symbol_order, get_table, load_two_files, vocab_bpe_text
from tui.explain.merge_tree import tree
from tui.screens import tables_reach
from tui.screens.encode import EncodeScreen
from tui.screens.tables_reach import REACHES, ReachList
from tui.screens.tree import TAKEN_APART, TreeScreen
from tui.widgets.merge_tree import MergeTreeList

#: tests/explain/test_reach.py's hand-made table: 'abc' (258) is taken apart ('b c' has the lower rank, and
#: 'a' + 'bc' is no rule), 'a ' (259) is cut by the regex, 'âĢ' (260) is two bytes of a three-byte character.
HAND_RULES = (("b", "c"), ("a", "b"), ("ab", "c"), ("a", "Ġ"), ("â", "Ģ"))


@pytest.fixture
def hand_table(tmp_path: Path) -> Table:
    """The hand-made table as a user gives it: --vocab and --encoder files."""
    encoder = {s: i for i, s in enumerate(byte_symbol_order())}
    encoder.update({left + right: OFFSET + rank for rank, (left, right) in enumerate(HAND_RULES)})
    (tmp_path / "vocab.bpe").write_text(vocab_bpe_text(HAND_RULES), encoding="utf-8")
    (tmp_path / "encoder.json").write_text(json.dumps(encoder), encoding="utf-8")
    return load_two_files(tmp_path / "vocab.bpe", tmp_path / "encoder.json", name="hand")


def reach_list(app: BpeApp) -> ReachList:
    return app.screen.query_one(ReachList)


def note(app: BpeApp) -> str:
    return str(app.screen.query_one("#tables-note").render())


async def next_class(pilot, app: BpeApp, kind: str) -> ReachList:  # type: ignore[no-untyped-def]
    await pilot.press("r")
    await until(pilot, lambda: reach_list(app).display and f"· {kind} ·" in str(reach_list(app).border_title))
    return reach_list(app)


async def test_each_class_is_listed_with_every_count_then_the_rules_come_back(hand_table: Table) -> None:
    app = BpeApp(capture("abc", hand_table), custom=hand_table)
    async with opened(app, "tables", size=(100, 30)) as pilot:
        listed = await next_class(pilot, app, "reachable")
        assert (listed.border_title, listed.count, list(listed.ids[:3])) == ("Reach · reachable · 130 of 261 tokens", 130, [0, 1, 2])
        assert note(app) == (
            "reachable: its own text encodes to exactly it · reachable 130 · fragment 129 · split_by_regex 1 · taken_apart 1"
        )
        assert [list((await next_class(pilot, app, kind)).ids)[-1:] for kind in ("fragment", "split_by_regex", "taken_apart")] == [
            [260],
            [259],
            [258],
        ]
        await settle(app, pilot)
        screen = screen_text(app)
        assert "Reach · taken_apart · 1 of 261 tokens" in screen and "▶     258  abc" in screen and "'abc'" in screen
        await pilot.press("r")
        await settle(app, pilot)
        assert not reach_list(app).display and app.screen.query_one("#tables-rules").display


async def test_a_taken_apart_tokens_tree_shows_the_ids_its_text_gets_and_enter_animates_it(hand_table: Table) -> None:
    """'abc' is built by rank 2 from 'ab' (rank 1) and 'c'; its own text gives 'a' 64 and 'bc' 256, beside the tree.
    Enter opens the animator on 'abc' under the hand table, where the merges take 'b c' first."""
    app = BpeApp(capture("x", hand_table), custom=hand_table)
    async with opened(app, "tables", size=(120, 30)) as pilot:
        for kind in ("reachable", "fragment", "split_by_regex", "taken_apart"):
            await next_class(pilot, app, kind)
        await pilot.press("b")
        await until(pilot, lambda: isinstance(app.screen, TreeScreen))
        await settle(app, pilot)
        shown = app.screen.query_one(MergeTreeList)
        assert shown.node == tree(hand_table, 258)
        assert [row.line for row in shown.shown] == [
            "abc · id 258 · rank 2",
            "├─ ab · id 257 · rank 1",
            "│  ├─ a · id 64 · byte 0x61",
            "│  └─ b · id 65 · byte 0x62",
            "└─ c · id 66 · byte 0x63",
        ]
        screen = screen_text(app)
        assert TAKEN_APART[:60] in screen and "its text gets 2 ids:" in screen
        assert "a · id 64" in screen and "bc · id 256" in screen
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, TreeScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, EncodeScreen) and app.position is not None and app.position.trace.text == "abc")
        await settle(app, pilot)
        assert app.position is not None
        trace = app.position.trace
        assert (trace.table is hand_table, trace.ids, [r.pair for r in trace.chunks[0].rounds]) == (True, [64, 256], [("b", "c")])
        await pilot.press("end", "b")  # the same dialog, filled again: 'bc' comes out whole, so no ids beside it
        await until(pilot, lambda: isinstance(app.screen, TreeScreen) and app.screen.query_one(MergeTreeList).node == tree(hand_table, 256))
        await settle(app, pilot)
        screen = screen_text(app)
        assert "bc · id 256 · rank 0" in screen and "its text gets" not in screen and TAKEN_APART[:30] not in screen


async def test_classifying_runs_in_a_worker_with_progress_and_a_table_switch_cancels_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Held at its first progress report: the note says how far it is, the rules' keys still move the cursor, and
    t (the next table) cancels the worker, whose partial result is never kept."""
    release, reported = threading.Event(), threading.Event()
    real = tables_reach.classify
    cancelled_seen: list[bool] = []

    def held(table, examples=10, progress=None, cancelled=None):  # type: ignore[no-untyped-def]
        assert progress is not None and cancelled is not None
        progress(4096, 50256)
        reported.set()
        release.wait(60)
        cancelled_seen.append(cancelled())
        return real(table, examples, progress, cancelled)

    monkeypatch.setattr(tables_reach, "classify", held)
    app = cafe_app()
    try:
        async with opened(app, "tables") as pilot:
            gpt2 = app.screen.table  # type: ignore[attr-defined]
            await pilot.press("r")
            await until(pilot, lambda: "4,096" in note(app))
            assert note(app).startswith("reach: classified 4,096 of 50,256 tokens of gpt2…")
            rules = app.screen.query_one("#tables-rules")
            await pilot.press("down", "down")
            assert rules.cursor == 2 and rules.display and not reach_list(app).display  # type: ignore[attr-defined]
            await pilot.press("t")
            await until(pilot, lambda: app.screen.table is not gpt2)  # type: ignore[attr-defined]
            release.set()
            await until(pilot, lambda: bool(cancelled_seen))
            await settle(app, pilot)
            assert cancelled_seen == [True] and gpt2 not in REACHES
            assert not reach_list(app).display
    finally:
        release.set()


async def test_a_search_while_a_class_is_listed_brings_the_rules_back_at_the_rule_found(hand_table: Table) -> None:
    app = BpeApp(capture("abc", hand_table), custom=hand_table)
    async with opened(app, "tables", size=(100, 30)) as pilot:
        await next_class(pilot, app, "reachable")
        await submit(pilot, "#tables-find", "id 257")
        await settle(app, pilot)
        rules = app.screen.query_one("#tables-rules")
        assert rules.display and not reach_list(app).display and rules.cursor == 1  # type: ignore[attr-defined]
        assert "rank 1" in note(app) and "reachable 130" not in note(app)


async def test_keys_pressed_while_classifying_do_not_drop_the_class_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """r, then the arrows while the table is classified (cl100k_base takes 20 s): the list still comes when it is done."""
    release, reported = threading.Event(), threading.Event()
    real = tables_reach.classify

    def held(table, examples=10, progress=None, cancelled=None):  # type: ignore[no-untyped-def]
        assert progress is not None
        progress(4096, 50256)
        reported.set()
        release.wait(60)
        return real(table, examples, progress, cancelled)

    monkeypatch.setattr(tables_reach, "classify", held)
    table = get_table("teaching")
    REACHES.pop(table, None)
    app = BpeApp(capture("aaab", table))
    try:
        async with opened(app, "tables", size=(100, 30)) as pilot:
            await pilot.press("r")
            await until(pilot, lambda: "4,096" in note(app))
            await pilot.press("down", "down")
            assert app.screen.query_one("#tables-rules").cursor == 2  # type: ignore[attr-defined]
            release.set()
            listed = reach_list(app)
            await until(pilot, lambda: listed.display)
            expected = real(table)
            assert listed.border_title == f"Reach · reachable · {expected.count('reachable'):,} of {expected.total:,} tokens"
    finally:
        release.set()
        REACHES.pop(table, None)
