"""Training (view 7): the trained table's bytes per token beside every installed table's, on the trained text."""

from __future__ import annotations

import pytest

from tests.app_support import make_app, opened, screen_text, settle, until
from tui.widgets.training_panes import StatusLines

TEXT = "The cat sat on the mat. The cat ate the hat. 分词是大模型许多怪现象的根源。"
LINE = (
    "bytes/token: trained 1.36 · GPT-2 1.96 · cl100k_base 2.81 · o200k_base 3.33 · "
    "DeepSeek V4 4.09 · Qwen 3/3.6 3.75 · Tekken 3.33 · Mistral v1/v3/v7 3.10"
)


def beside_line(app) -> str:  # type: ignore[no-untyped-def]
    return app.screen.query_one("#train-beside", StatusLines).render().plain


async def test_the_trained_table_is_set_beside_the_installed_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80x24 (NO_COLOR) the whole line shows, wrapped over two lines above the sides; at 60x18 its first line, cut with …."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(TEXT, "gpt2")
    async with opened(app, "train") as pilot:
        await until(pilot, lambda: "Mistral v1/v3/v7" in beside_line(app))
        assert beside_line(app) == LINE
        lines = screen_text(app).splitlines()
        assert " ".join(line.strip() for line in lines[3:5]) == LINE and "with chunks" in lines[5]
        await pilot.resize_terminal(60, 18)
        await until(pilot, lambda: "cl100k_base 2.81…" in screen_text(app))
        assert screen_text(app).splitlines()[3].strip() == "bytes/token: trained 1.36 · GPT-2 1.96 · cl100k_base 2.81…"


async def test_more_merges_set_the_new_table_beside_them() -> None:
    app = make_app(TEXT, "gpt2")
    async with opened(app, "train") as pilot:
        await until(pilot, lambda: "Mistral v1/v3/v7" in beside_line(app))
        await pilot.press("plus")
        await settle(app, pilot)
        await until(pilot, lambda: "trained 1.61" in beside_line(app) and "Mistral v1/v3/v7" in beside_line(app))
        assert beside_line(app).startswith("bytes/token: trained 1.61 · GPT-2 1.96 · ")  # 90 bytes in 56 tokens
