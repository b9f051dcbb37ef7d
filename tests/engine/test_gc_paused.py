"""capture() pauses the cyclic collector and, when it ends, leaves what it made out of the young generation."""

from __future__ import annotations

import gc

import pytest

from tui.engine import paused
from tui.engine.bpe import capture
from tui.engine.tables import Table


@pytest.fixture
def outside_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """As the command line and a library caller run: nobody keeps the heap frozen (an app test earlier in
    this process would have said it does)."""
    monkeypatch.setattr(paused, "_kept_frozen", False)


@pytest.mark.usefixtures("outside_the_app")
def test_a_capture_leaves_the_young_generation_empty_and_nothing_frozen(gpt2_table: Table) -> None:
    """Its objects are long-lived: walking them at the next allocation cost 0.7 s after 1,000,000
    characters; they go to the oldest generation instead, and the freeze used for that is undone."""
    gc.unfreeze()  # what an earlier test in this process left frozen (an app's settled heap) goes back
    assert gc.isenabled() and gc.get_freeze_count() == 0
    trace = capture(" ".join(f"w{n}" for n in range(20_000)), gpt2_table)
    assert len(trace.chunks) == 40_000  # 'w', ' 0', …: letters and digits are chunks of their own
    assert gc.isenabled() and gc.get_freeze_count() == 0
    young = len(gc.get_objects(generation=0)) + len(gc.get_objects(generation=1))
    assert young < 50_000  # 40,000 chunks' records and their tuples are 100,000 objects and more, all in the oldest


def test_in_the_app_whose_heap_is_kept_frozen_a_capture_stays_frozen_and_nothing_is_counted(
    gpt2_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app's collector keeps its settled heap frozen (keep_frozen); a capture's objects join it. Whether
    anything is frozen is never asked of the interpreter: gc.get_freeze_count() walks every frozen object
    (18 ms a capture with the app's heap frozen, on every key typed in the explorer)."""
    monkeypatch.setattr(paused, "_kept_frozen", False)
    paused.keep_frozen()
    assert paused._kept_frozen is True
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        with monkeypatch.context() as patch:
            patch.setattr(gc, "get_freeze_count", lambda: pytest.fail("the frozen objects were counted"))
            capture(" ".join(f"w{n}" for n in range(1_000)), gpt2_table)
        assert gc.isenabled() and gc.get_freeze_count() > before > 0  # its own objects joined, nothing unfrozen
    finally:
        gc.unfreeze()


@pytest.mark.usefixtures("outside_the_app")
def test_a_capture_outside_the_app_counts_no_frozen_object(gpt2_table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gc, "get_freeze_count", lambda: pytest.fail("the frozen objects were counted"))
    assert len(capture("Hello world", gpt2_table).chunks) == 2


@pytest.mark.usefixtures("outside_the_app")
def test_a_paused_collector_stays_paused(gpt2_table: Table) -> None:
    gc.unfreeze()
    gc.disable()
    try:
        capture("Hello world", gpt2_table)
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.enable()
