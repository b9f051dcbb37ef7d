"""Figure 5b (issue 11): a move in the round-trip views within one 60 Hz frame.

The Decode view's token list, the Aliases view's grid and the Tables view's rule list, at 120x40 and
200x60 on the 2,000-character text: from the key posted to the app to the screen repainted with
what the view shows about the new row (apptime.timed_keys), against the bare app's one-Static update
measured in the same run.
"""

from __future__ import annotations

import pytest

from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.screens.aliases import AliasGrid
from tui.screens.decode import FramesList
from tui.screens.tables import RulesList

from .apptime import move_figures, settled, timed_keys
from .test_train_view_bench import peer_steps
from .texts import multilingual

pytestmark = pytest.mark.bench

LIST_KEYS = (("down", 30), ("up", 30), ("pagedown", 10), ("pageup", 10))
VIEWS = {
    "decode": ("2", FramesList, "cursor", LIST_KEYS),
    "aliases": ("3", AliasGrid, "selected", (("right", 30), ("left", 30), ("down", 15), ("up", 15))),
    "tables": ("4", RulesList, "cursor", LIST_KEYS),
}


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=["120x40", "200x60"])
@pytest.mark.parametrize("view", list(VIEWS))
async def test_5b_view_moves(figure, gpt2_table, view, size):
    """Each key: median ≤ 8 ms and p99 ≤ 16.7 ms from the key to the repainted view."""
    key, widget_type, attribute, keys = VIEWS[view]
    peer = await peer_steps(30)
    app = BpeApp(capture(multilingual(2000), gpt2_table))
    async with app.run_test(size=size) as pilot:
        await pilot.press(key)
        await settled(pilot)
        widget = app.screen.query_one(widget_type)
        assert widget.has_focus
        start = getattr(widget, attribute)
        results = await timed_keys(app, widget, attribute, keys)
        assert getattr(widget, attribute) == start  # every key arrived: the walk came back where it began
    misses = move_figures(figure, "5b", f"{view} view: {{key}}, 2,000 chars, {size[0]}x{size[1]}", results, peer)
    assert not misses, f"{view} view at {size[0]}x{size[1]} (targets ≤ 8 ms median, ≤ 16.7 ms p99): " + ", ".join(misses)


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=["120x40", "200x60"])
async def test_5b_chat_moves(figure, size):
    """The Chat view's blocks on a 200-message conversation under Qwen 3's ChatML: each move (a block, a page)
    within the same targets."""
    from tui.engine.chat.model import Message
    from tui.engine.tables import get_table
    from tui.screens.chat import ChatScreen
    from tui.widgets.chat_request import ChatRequest

    peer = await peer_steps(30)
    talk = tuple(Message("user" if n % 2 == 0 else "assistant", multilingual(200) + f" {n}") for n in range(199))
    app = BpeApp(capture("Hi", get_table("qwen3")))
    async with app.run_test(size=size) as pilot:
        await pilot.press("9")
        await settled(pilot)
        screen = app.screen
        assert isinstance(screen, ChatScreen)
        screen.set_messages(talk, "")
        await settled(pilot)
        pane = screen.query_one(ChatRequest)
        assert pane.has_focus and len(pane.blocks) == 200
        start = pane.cursor
        results = await timed_keys(app, pane, "cursor", LIST_KEYS)
        assert pane.cursor == start
    misses = move_figures(figure, "5b", f"chat view: {{key}}, 200 messages, {size[0]}x{size[1]}", results, peer)
    assert not misses, f"chat view at {size[0]}x{size[1]} (targets ≤ 8 ms median, ≤ 16.7 ms p99): " + ", ".join(misses)
