"""The code pane: on by default at 160 columns, the marked line following the frames; legible at 80x24 when on."""

from __future__ import annotations

import pytest

from tests.app_support import cafe_app, make_app, opened, pane_text, screen_text
from tui.widgets.code import CodePane, DecodeCode
from tui.widgets.pairs import PairsPane


def marked(text: str) -> str:
    """The code of the line marked ▶ in a pane's text (markers and comment dropped)."""
    (line,) = [row for row in text.split("\n") if row.startswith("▶")]
    return line[1:].split("  # ")[0].strip()


async def test_at_160_columns_the_pane_is_on_and_the_marked_line_moves_as_you_step() -> None:
    app = make_app("abc!abc")
    async with opened(app, size=(160, 50)) as pilot:
        pane = app.screen.query_one(CodePane)
        assert pane.display and app.screen.query_one(PairsPane).display
        assert pane.border_title == "Code · GPT-2's bpe()"
        seen = [marked(pane_text(app, CodePane))]
        for _ in range(7):
            await pilot.press("right")
            seen.append(marked(pane_text(app, CodePane)))
        assert seen == [
            'token = "".join(alias[b] for b in text.encode())',  # chunk 1 'abc': read
            "pair = min(pairs, key=rank)",  # round 1 (a b)
            "if pair not in ranks: break",  # ab c: no pair left is a rule
            'token = "".join(alias[b] for b in text.encode())',  # chunk 2 '!'
            "if len(word) < 2: return token",  # a single symbol: no cache write
            'token = "".join(alias[b] for b in text.encode())',  # chunk 3 'abc' again
            "if token in cache: return cache[token]",  # the cache hit
            "if token in cache: return cache[token]",  # the last frame stays
        ]
        text = pane_text(app, CodePane)
        assert "↳ filled by chunk 1: 'ab c'" in text
        assert "│ ▶ " in screen_text(app)


async def test_scan_detail_marks_each_step_of_the_inner_scan() -> None:
    app = make_app("aaababcabxyz")
    async with opened(app, size=(160, 50)) as pilot:
        await pilot.press("d", "right")
        seen = [marked(pane_text(app, CodePane))]
        for _ in range(5):
            await pilot.press("right")
            seen.append(marked(pane_text(app, CodePane)))
        assert seen == [
            "first, second = pair",
            "new_word.append(first + second)",
            "new_word.append(first)",
            "new_word.append(first)",
            "new_word.append(first)",
            "except ValueError:",
        ]
        text = " ".join(pane_text(app, CodePane).split())  # the values wrap under their line
        assert "↳ i=8 first='a' new_word=['aa', 'a', 'b', 'a', 'b', 'c', 'a', 'b', 'x', 'y', 'z']" in text


async def test_c_shows_the_code_at_80x24_in_the_pairs_place(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app("aaababcabxyz")
    async with opened(app) as pilot:
        pane = app.screen.query_one(CodePane)
        assert not pane.display
        await pilot.press("c", "right")
        assert pane.display and not app.screen.query_one(PairsPane).display
        assert pane.size.width >= 40 and pane.size.height >= 12
        screen = screen_text(app)
        assert "▶     pair = min(pairs, key=rank)" in screen and "↳ pair=('a', 'a')  rank=0" in screen
        assert "Current word" in screen and "Output ids" in screen  # the animation stays beside it
        await pilot.press("c")
        assert not pane.display and app.screen.query_one(PairsPane).display


async def test_tiktoken_tables_show_their_own_loop() -> None:
    app = make_app("Hello've", "cl100k_base")
    async with opened(app, size=(160, 50)) as pilot:
        pane = app.screen.query_one(CodePane)
        assert pane.border_title == "Code · tiktoken's rule"
        await pilot.press("end")
        assert marked(pane_text(app, CodePane)) == "if data in ranks: ids = [ranks[data]]"  # 've is one token: looked up whole


async def test_the_decode_view_marks_the_token_under_the_cursor() -> None:
    app = cafe_app()
    async with opened(app, "decode", size=(100, 40)) as pilot:
        code = app.screen.query_one(DecodeCode)
        assert code.display
        await pilot.press("down", "down", "down", "down", "down")
        text = str(code.render())
        assert marked(text) == "data += bytes(byte_of[c] for c in alias)"
        assert "↳ i=254  alias='ł'" in text and "↳ +a0 → 9 bytes" in text
        await pilot.press("end")
        assert "↳ errors='replace' → 'café 你好'" in str(code.render())


async def test_v_shows_the_decoder_at_80x24_in_the_summary_place() -> None:
    app = cafe_app()
    async with opened(app, "decode") as pilot:
        code = app.screen.query_one(DecodeCode)
        assert not code.display
        await pilot.press("v")
        assert code.display
        screen = screen_text(app)
        assert "▶         data += bytes(byte_of[c] for c in alias)" in screen and "↳ i=66  alias='c'" in screen
        assert "Wrong way" not in screen
