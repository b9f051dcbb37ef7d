"""The explorer's numbers under each row are labelled (issue 23, item 5): a caption says they are the regex
branch of each chunk (or the token ids), at 80x24 and 60x18 without colour, and each number is the branch
tui/explain/branches.py finds for that chunk; the explanation below lists every branch with its number."""

from __future__ import annotations

import pytest

from tests.app_support import make_app, opened, screen_text, settle, until
from tests.screens.test_explore_rows import drawn_rows
from tui.explain.branches import alternatives, branch_number, spans
from tui.safe import visible
from tui.widgets.text_panel import TextPanel
from tui.widgets.tokenizer_rows import CHUNK_MARK, MORE, TokenizerRows

TEXT = "HOW'S it going 1234567!!!   x"  # every branch kind of GPT-2's regex but the contractions after 's


def labels(under: str) -> dict[int, str]:
    """The column of each chunk mark on a drawn line beneath a row, and the label after it."""
    out = {}
    for col, char in enumerate(under):
        if char == CHUNK_MARK:
            label = ""
            for after in under[col + 1 :]:
                if not (after.isdigit() or after == MORE):
                    break
                label += after
            out[col] = label
    return out


@pytest.mark.parametrize("size", [(80, 24), (60, 18)], ids=["80x24", "60x18"])
async def test_the_numbers_under_the_rows_are_labelled_as_regex_branches(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(TEXT, "teaching")
    async with opened(app, "explore", size=size) as pilot:
        widget = app.screen.query_one(TokenizerRows)
        await until(pilot, lambda: len(widget.tokenizers) == 3 and widget.text == TEXT)
        await settle(app, pilot)
        shown = screen_text(app)
        assert "under each row │n: chunk matched by regex branch n (below)" in shown
        full = 0
        for (_, line, under), row in zip(drawn_rows(app), widget.tokenizers, strict=True):
            assert line.rstrip() == TEXT.replace(" ", "·")  # the whole text in view: column = offset
            branch = {start: b for _, start, b in spans(TEXT, row.pattern)}
            drawn = labels(under)
            assert set(drawn) == set(branch), (row.label, under)
            for col, label in drawn.items():
                number = str(branch_number(branch[col]))
                # A label is cut with … (or left out) only where the next chunk leaves it no room.
                assert label in (number, "") or (label.endswith(MORE) and number.startswith(label[:-1])), (row.label, col, label, number)
                full += label == number
        assert full >= 15
        # The key: the selected row's regex, every branch with its number (tried, the winner, not reached).
        said = app.screen.query_one("#explore-explain", TextPanel).text.plain
        gpt2 = widget.tokenizers[0]
        for n, branch in enumerate(alternatives(gpt2.pattern)):
            assert f"{branch_number(n)} {visible(branch)}" in said, (n, branch)
        await pilot.press("v")
        await settle(app, pilot)
        assert "under each row │ chunk ¦ token start, then its ids" in screen_text(app)
