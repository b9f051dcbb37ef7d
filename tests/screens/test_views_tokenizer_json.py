"""Every view opens on a tokenizer.json table with a normaliser and a pre-tokenizer of several steps
(DeepSeek V4's three Splits) at 80x24 and 60x18, without an error, and steps the animator."""

from __future__ import annotations

import json

import pytest

from tests.app_support import Notes, every_view, opened, settle
from tests.engine.hf_files import DEEPSEEK_PRE, rewritten, trained
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import HF
from tui.engine.tables.tokenizer_json import load_tokenizer_json
from tui.explain.frames import narrate
from tui.widgets.code import CodePane, listing

TEXT = "Cafe\u0301 SAYS: 1234567 你好世界 ok!"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hf")
    path = trained(folder / "deepseek.json", DEEPSEEK_PRE)
    normalizer = {"type": "Sequence", "normalizers": [{"type": "NFC"}, {"type": "Lowercase"}]}
    return load_tokenizer_json(rewritten(path, folder / "t.json", normalizer=normalizer))


async def test_every_view_opens_on_a_pipeline_table(table) -> None:
    """In one app, every view at 80x24, then every view again with the terminal resized to 60x18: each takes its
    keys and raises nothing."""
    notes = Notes()
    app = BpeApp(capture(TEXT, table), custom=table)
    async with opened(app, notes=notes) as pilot:
        async for _, case in every_view(app, pilot, ((80, 24), (60, 18))):
            for key in ("right", "right", "l", "right"):
                await pilot.press(key)
            await settle(app, pilot)
            assert app.is_running and notes.errors == [], (case, notes.messages)


@pytest.fixture(scope="module")
def hf_order(tmp_path_factory):
    """A tokenizer.json whose merges make tokenizers' order matter (the longest runs of spaces first, as Llama 3's)."""
    folder = tmp_path_factory.mktemp("hf-order")
    path = trained(folder / "trained.json", DEEPSEEK_PRE)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["model"]["merges"].sort(key=lambda merge: (len(set("".join(merge))) != 1, -len("".join(merge))))
    (folder / "order.json").write_text(json.dumps(doc), encoding="utf-8")
    return load_tokenizer_json(folder / "order.json")


async def test_every_view_opens_on_tokenizers_order(hf_order) -> None:
    """In one app at 80x24, every view takes its keys and raises nothing."""
    notes = Notes()
    app = BpeApp(capture("     x = 1", hf_order), custom=hf_order)
    async with opened(app, notes=notes) as pilot:
        async for _, case in every_view(app, pilot):
            for key in ("right", "right", "l", "right"):
                await pilot.press(key)
            await settle(app, pilot)
            assert app.is_running and notes.errors == [], (case, notes.messages)


async def test_the_animator_says_tokenizers_merges_one_occurrence(hf_order) -> None:
    """A step of tokenizers' order names the one occurrence it merges, and the code pane shows tokenizers' loop."""
    assert hf_order.rule is HF
    trace = capture("     x", hf_order)
    first = trace.chunks[0].rounds[0]
    app = BpeApp(trace, custom=hf_order)
    async with opened(app, size=(170, 45)) as pilot:
        await pilot.press("right")
        await settle(app, pilot)
        assert app.position is not None
        said = narrate(app.position.trace, app.position.frame)
        assert said == (
            f"step 1: lowest merge rank among 3 pairs is {first.rank} (Ġ Ġ) at position 0, leftmost if tied; "
            "tokenizers merges that one occurrence, then ranks the pairs again"
        )
        assert listing(hf_order.rule.name).title == "tokenizers' BPE"
        assert app.screen.query_one(CodePane).border_title == "Code · tokenizers' BPE"
