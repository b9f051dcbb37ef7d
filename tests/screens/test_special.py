"""The Special view (tui/screens/special.py): GPT-2's scene of '<|endoftext|>' and d to decode its id; the view never blocks
the app: its scene is made in a worker (issue 23, item 7)."""

from __future__ import annotations

import threading
from weakref import WeakKeyDictionary

import pytest

import tui.screens.special
from tests.app_support import cafe_app, make_app, opened, screen_text, settle, until
from tui.engine.tables import Table
from tui.explain.special import SpecialScene
from tui.screens.decode import DecodeScreen
from tui.screens.special import SpecialScreen
from tui.screens.tables import TablesScreen


async def test_the_view_is_drawn_and_keys_work_while_its_scene_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the scene's making held until the test lets it go, the view shows its working line, the keys
    move to another view and back, and the scene appears once it is made."""
    gate = threading.Event()
    make = tui.screens.special.special_scene

    def held(table: Table) -> SpecialScene:
        gate.wait(60)
        return make(table)

    monkeypatch.setattr(tui.screens.special, "special_scene", held)
    monkeypatch.setattr(tui.screens.special, "SCENES", WeakKeyDictionary())  # no scene made by an earlier test
    app = make_app("aaa", "gpt2")
    async with opened(app) as pilot:
        await pilot.press("5")
        await until(pilot, lambda: "working… encoding the special token's spelling with the GPT-2 table" in screen_text(app))
        assert isinstance(app.screen, SpecialScreen) and "[5 Special]" in screen_text(app)
        await pilot.press("4")
        await until(pilot, lambda: isinstance(app.screen, TablesScreen))
        await pilot.press("5")
        await until(pilot, lambda: isinstance(app.screen, SpecialScreen))
        assert "working…" in screen_text(app) and not gate.is_set()
        gate.set()
        await until(pilot, lambda: "encoder['<|endoftext|>'] = 50256" in screen_text(app))
        await settle(app, pilot)
        assert "working…" not in screen_text(app)


@pytest.mark.parametrize(
    ("table", "shown"),
    [
        (
            "teaching",  # no special token: its own 13 ids, nothing to insert, no word of GPT-2's
            (
                "encode('<|endoftext|>') = [27, 91, 68, 77, 67, 78, 69, 83, 68, 87, 83, 91, 29] 13 ordinary ids",
                "the teaching table has no entry '<|endoftext|>': nothing to insert or decode",
                "3 · There is no id to insert The teaching table's encode() gives only ordinary ids, 0 to 264: none is special.",
                "recognising encode() turns that spelling into the id ✗ no entry to recognise",
            ),
        ),
        (
            "cl100k_base",  # encode_ordinary's ids, encode raising by default, the id when allowed
            (
                "encode_ordinary('<|endoftext|>') = [27, 91, 8862, 728, 428, 91, 29] 7 ordinary ids",
                "encoder['<|endoftext|>'] = 100257",
                "encode('<|endoftext|>') raises ValueError: disallowed special token '<|endoftext|>'",
                "encode('<|endoftext|>', allowed_special={'<|endoftext|>'}) = [100257]: one id.",
            ),
        ),
    ],
)
async def test_each_table_gets_its_own_sentences(table: str, shown: tuple[str, ...]) -> None:
    app = make_app("aaa", table)

    def joined() -> str:
        bare = screen_text(app).translate({ord(c): " " for c in "▁▂▃▄▅▆▇█"})  # the scrollbar's thumb is not text
        return " ".join(bare.split())  # the lines as one, however they wrap

    async with opened(app, "special") as pilot:
        await until(pilot, lambda: all(line in joined() for line in shown))  # the view drawn (it waited 60 s for GPT-2's wording)
        text = joined()
        for line in shown:
            assert line in text
        assert "GPT-2" not in text and "never produces" not in text and "this scene uses" not in text


async def test_special_scene_and_decode_50256() -> None:
    app = cafe_app()
    async with opened(app, "special") as pilot:
        text = screen_text(app)
        assert "encode('<|endoftext|>') = [27, 91, 437, 1659, 5239, 91, 29]" in text
        assert "encoder['<|endoftext|>'] = 50256" in text and "decode([50256]) = '<|endoftext|>'" in text
        for word in ("registering", "recognising", "stopping"):
            assert word in text
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DecodeScreen)
        assert "✓ decode(1 id, errors='replace') = '<|endoftext|>'" in screen_text(app)
