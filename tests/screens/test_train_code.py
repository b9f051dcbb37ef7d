"""View 7's code pane: get_stats and merge beside the training, the line each round stands on marked with
the engine's pair, count and id; on by default from 140 columns, `c` at 80x24 and 60x18."""

from __future__ import annotations

import pytest

from tests.app_support import make_app, opened, screen_text
from tests.screens.test_train import SEED, open_training
from tui.engine.pretokenize import GPT2_PATTERN
from tui.engine.training import train
from tui.explain import training_code
from tui.widgets.training_panes import SidePane, TrainingCode

TEXT = "low lower lowest newer newest widest low low"


def code(app) -> TrainingCode:  # type: ignore[no-untyped-def]
    return app.screen.query_one(TrainingCode)


def marked(text: str) -> str:
    """The code of the line marked ▶ (the marker, indentation and comment dropped)."""
    (line,) = [row.strip("│ ") for row in text.split("\n") if row.strip("│ ").startswith("▶")]
    return line[1:].split("  # ")[0].strip()


def flat(text: str) -> str:
    """The pane's text with its wrapped values joined (words separated by single spaces)."""
    return " ".join(text.split())


async def test_at_160_columns_the_code_is_on_and_each_round_shows_the_engines_values() -> None:
    """Stepping through 8 rounds: ▶ on the choice, and beside it the engine's pair, count, id and replacements."""
    expected = train(TEXT, 8, GPT2_PATTERN, leaders=8)
    app = make_app(TEXT)
    async with opened(app, size=(160, 50)) as pilot:
        await open_training(app, pilot, merges=8)
        pane = code(app)
        assert pane.display and pane.border_title == "Code · training with chunks"
        shown = screen_text(app)
        assert "def get_stats(ids, counts=None):" in shown and "def merge(ids, pair, idx):" in shown
        assert all(p.display for p in app.screen.query(SidePane))  # both sides stay beside it
        for r in expected.rounds:
            text = str(pane.render())
            assert marked(text) == "pair = max(counts, key=counts.get)"
            values = flat(text)
            a, b = r.pair
            assert f"↳ pair=({a}, {b}) count={r.count}" in values
            assert f"↳ idx={r.id}" in values
            assert f"↳ merges[({a}, {b})] = {r.id}" in values
            assert f"↳ {r.replaced} replaced:" in values and f"→ {r.tokens} ids" in values
            assert f"round {r.index}/8" in screen_text(app)
            await pilot.press("right")


async def test_c_at_80x24_shows_the_code_beside_one_side_and_hides_it_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(SEED)
    async with opened(app) as pilot:
        await open_training(app, pilot)
        chunked, plain = app.screen.query_one("#train-chunked", SidePane), app.screen.query_one("#train-plain", SidePane)
        assert not code(app).display and chunked.display and plain.display
        await pilot.press("c", "end")
        await pilot.pause()
        assert code(app).display and chunked.display and not plain.display
        shown = screen_text(app)
        assert "│ ▶   pair = max(counts, key=counts.get) │" in shown  # whole, marked without colour
        assert "↳ pair=(97, 116)  count=2" in shown and "↳ idx=258" in shown
        assert "round 3: (97, 116) -> 258 'at'" in shown and "15 bytes → 9 tokens = 1.67 B/token" in shown
        assert "c code" in shown.split("\n")[-1]  # the footer names the key
        await pilot.press("c")
        await pilot.pause()
        assert not code(app).display and chunked.display and plain.display


async def test_at_60x18_the_code_takes_the_sides_place_and_s_follows_the_other_training() -> None:
    app = make_app(SEED)
    async with opened(app, size=(60, 18)) as pilot:
        await open_training(app, pilot)
        assert not code(app).display
        await pilot.press("c", "end")
        await pilot.pause()
        assert code(app).display and not any(p.display for p in app.screen.query(SidePane))
        region = code(app).region
        assert region.right <= 60 and region.bottom <= 17 and region.height >= 12  # above the footer, on screen
        shown = screen_text(app)
        assert "│ ▶   pair = max(counts, key=counts.get)" in shown
        assert "↳ pair=(97, 116)  count=2" in shown and "↳ idx=258" in shown
        await pilot.press("s")
        await pilot.pause()
        assert code(app).border_title == "Code · training without chunks"
        assert "↳ pair=(257, 32)  count=2  (2-way tie, first" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert not code(app).display and "round 3: (257, 32) -> 258" in screen_text(app)


async def test_a_hidden_code_pane_costs_a_step_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80x24 the pane is hidden: stepping makes no mark; shown, one per round visited."""
    made: list[int] = []
    real = training_code.mark

    def counted(result, round):  # type: ignore[no-untyped-def]
        made.append(round)
        return real(result, round)

    monkeypatch.setattr(training_code, "mark", counted)
    app = make_app(SEED)
    async with opened(app) as pilot:
        await open_training(app, pilot)
        await pilot.press("right", "right", "left")
        await pilot.pause()
        assert made == []
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        assert made == [2, 3]


async def test_r_trains_the_current_text_again() -> None:
    """`c` is the code pane, as in view 1; `r` trains the current text (after the examples' texts)."""
    app = make_app(SEED)
    async with opened(app) as pilot:
        await open_training(app, pilot)
        await pilot.press("x")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "bytes of the examples' texts" in screen_text(app)
        await pilot.press("r")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "15 bytes of the current text" in screen_text(app)
