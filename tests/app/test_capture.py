"""Captures (tui/app/capture.py): the worker's loop without the app, what it posts and when it stops; and `t` in quick
succession, every press reaching the app, `t t` landing two tables on (issue 23, item 8)."""

from __future__ import annotations

import dataclasses
import threading

import pytest

import tui.app.capture
from tests.app_support import make_app, opened, settle, until
from tui.engine.bpe import capture
from tui.messages import CaptureProgressed, TraceCaptured


class Pump:
    def __init__(self) -> None:
        self.messages: list[object] = []

    def post_message(self, message: object) -> bool:
        self.messages.append(message)
        return True


class Worker:
    """Cancelled once it has been asked `after` times."""

    def __init__(self, after: int = 10**9) -> None:
        self.asked, self.after = 0, after

    @property
    def is_cancelled(self) -> bool:
        self.asked += 1
        return self.asked > self.after


TEXT = "the cat sat on the mat, 你好世界 " * 800  # 24,800 characters, 6,401 chunks


def test_the_whole_trace_is_posted_with_its_figures_once_the_loop_ends(gpt2_table):
    pump = Pump()
    tui.app.capture._capture_chunks(pump, Worker(), TEXT, gpt2_table, None)  # type: ignore[arg-type]
    final = pump.messages[-1]
    assert isinstance(final, TraceCaptured) and final.trace.complete
    fresh = capture(TEXT, gpt2_table)
    assert len(final.trace.chunks) == len(fresh.chunks) == 6401
    names = ("byte_count", "token_count", "merges_fired", "cache_hits", "round_chunks", "most_rounds", "widest")
    assert [getattr(final.trace, n) for n in names] == [getattr(fresh, n) for n in names]
    assert [dataclasses.astuple(c)[:10] for c in final.trace.chunks] == [dataclasses.astuple(c)[:10] for c in fresh.chunks]


def test_a_partial_trace_then_progress_once_partial_first_has_passed(gpt2_table, monkeypatch):
    monkeypatch.setattr(tui.app.capture, "PARTIAL_FIRST", 0.0)
    monkeypatch.setattr(tui.app.capture, "PROGRESS_EVERY", 0.0)
    pump = Pump()
    tui.app.capture._capture_chunks(pump, Worker(), TEXT, gpt2_table, None)  # type: ignore[arg-type]
    partial = [m for m in pump.messages if isinstance(m, TraceCaptured) and not m.trace.complete]
    progress = [m.share for m in pump.messages if isinstance(m, CaptureProgressed)]
    assert len(partial) == 1 and len(partial[0].trace.chunks) == 1  # the clock is read after each chunk until then
    assert partial[0].busy
    # then once per STRIDE characters: 24,800 / 4,096, each share where that stride's last chunk ends
    assert len(progress) == 1 + len(TEXT) // tui.app.capture.STRIDE
    assert progress == sorted(progress) and 0 < progress[-1] < 1


def test_cancelled_it_posts_nothing_more_and_stops_within_a_stride(gpt2_table, monkeypatch):
    monkeypatch.setattr(tui.app.capture, "PARTIAL_FIRST", 10.0)
    seen = []
    real_run = tui.app.capture.run

    def counted(text, table, *, record):  # type: ignore[no-untyped-def]
        for chunk in real_run(text, table, record=record):
            seen.append(chunk)
            yield chunk

    monkeypatch.setattr(tui.app.capture, "run", counted)
    pump = Pump()
    tui.app.capture._capture_chunks(pump, Worker(after=1), TEXT, gpt2_table, None)  # type: ignore[arg-type]
    assert pump.messages == []
    assert 2 * tui.app.capture.STRIDE <= sum(len(c.text) for c in seen) < 2 * tui.app.capture.STRIDE + 40


@pytest.mark.parametrize("view", ["encode", "special"])
async def test_two_quick_t_presses_move_two_tables(view: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first switch's capture is held until both presses are in: the second moves on from the table
    being captured (GPT-2), not from the one still shown (teaching), so the app lands on cl100k_base."""
    gate = threading.Event()
    capture_chunks = tui.app.capture._capture_chunks

    def held(*args, **kwargs):  # type: ignore[no-untyped-def]
        gate.wait(60)
        capture_chunks(*args, **kwargs)

    app = make_app("aaababcabxyz")
    async with opened(app, view) as pilot:
        monkeypatch.setattr(tui.app.capture, "_capture_chunks", held)
        await pilot.press("t", "t")
        assert app.position is not None and app.position.trace.table.name == "teaching"  # both presses in, none captured yet
        gate.set()
        await until(pilot, lambda: not app.capturing and app.position is not None and app.position.trace.table.name != "teaching")
        await settle(app, pilot)
        assert app.position.trace.table.name == "cl100k_base"
        await pilot.press("t")
        await until(pilot, lambda: app.position is not None and app.position.trace.table.name != "cl100k_base")
        await settle(app, pilot)
        assert app.position.trace.table.name == "o200k_base"  # once settled, `t` moves one on from what is shown
