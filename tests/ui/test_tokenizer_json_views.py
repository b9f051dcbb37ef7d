"""Every view opens on a tokenizer.json table with a normaliser and a pre-tokenizer of several steps
(DeepSeek V4's three Splits) at 80x24 and 60x18, without an error, and steps the animator."""

from __future__ import annotations

import pytest

from tests.engine.hf_files import DEEPSEEK_PRE, rewritten, trained
from tui.app import BpeApp
from tui.commands import VIEWS
from tui.engine.bpe import capture
from tui.engine.tables.tokenizer_json import load_tokenizer_json

from .support import Notes, opened, settle

TEXT = "Cafe\u0301 SAYS: 1234567 你好世界 ok!"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hf")
    path = trained(folder / "deepseek.json", DEEPSEEK_PRE)
    normalizer = {"type": "Sequence", "normalizers": [{"type": "NFC"}, {"type": "Lowercase"}]}
    return load_tokenizer_json(rewritten(path, folder / "t.json", normalizer=normalizer))


@pytest.mark.parametrize("size", [(80, 24), (60, 18)])
@pytest.mark.parametrize("view", [v.name for v in VIEWS])
async def test_every_view_opens_on_a_pipeline_table(table, view: str, size: tuple[int, int]) -> None:
    notes = Notes()
    app = BpeApp(capture(TEXT, table), custom=table)
    async with opened(app, view, size=size, notes=notes) as pilot:
        for key in ("right", "right", "l", "right"):
            await pilot.press(key)
        await settle(app, pilot)
        assert app.is_running and notes.errors == [], notes.messages
