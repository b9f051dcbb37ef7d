"""capture() pauses the cyclic collector and, when it ends, leaves what it made out of the young generation."""

from __future__ import annotations

import gc

from tui.engine.bpe import capture
from tui.engine.tables import Table


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


def test_what_a_caller_froze_before_stays_frozen(gpt2_table: Table) -> None:
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        capture("Hello world", gpt2_table)
        assert gc.isenabled() and gc.get_freeze_count() >= before > 0
    finally:
        gc.unfreeze()


def test_a_paused_collector_stays_paused(gpt2_table: Table) -> None:
    gc.unfreeze()
    gc.disable()
    try:
        capture("Hello world", gpt2_table)
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.enable()
