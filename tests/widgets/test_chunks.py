"""The chunks pane's rows (tui/widgets/chunks.py) break between chunks, never inside one: at 160x50 a
row ended in '·internation' and the next began 'alization'. A chunk longer than a row is the one
exception, and each of its further rows starts with ↪."""

from __future__ import annotations

import pytest

from tests.app_support import ChunksPane, make_app, opened, pane_text, settle
from tui.widgets.chunks import rows_of
from tui.widgets.strips import row_plain

TEXT = "Hello world, this is a longer text: internationalization and tokenization are fun! 1234567 " * 6


def test_a_chunk_goes_to_the_next_row_whole_and_one_longer_than_a_row_is_continued() -> None:
    units = [[("abc", ""), ("│", "")], [("defgh", ""), ("│", "")], [("ijklmnopqrstu", "")]]
    assert [row_plain(row) for row in rows_of(units, 8)] == ["abc│", "defgh│", "ijklmnop", "↪qrstu"]


@pytest.mark.parametrize("size", [(160, 50), (80, 24), (60, 18)])
async def test_no_chunk_is_broken_across_two_rows(size: tuple[int, int]) -> None:
    app = make_app(TEXT, "gpt2")
    async with opened(app, size=size) as pilot:
        for keys in ((), ("shift+down",) * 5, ("end",)):
            await pilot.press(*keys)
            await settle(app, pilot)
            shown = pane_text(app, ChunksPane).splitlines()
            assert len(shown) >= (2 if size == (160, 50) else 1), shown
            chunks = {c.text.replace(" ", "·") for c in app.position.trace.chunks}
            for row in shown:
                for piece in row.replace("⟦", "│").replace("⟧", "│").split("│"):
                    piece = piece.rstrip("↺¹").split("(…")[0].split("…)")[-1]
                    assert not piece or piece in chunks, (piece, shown)  # each piece on a row is a whole chunk
