"""Narration that says exactly what happens: plural where it belongs, no next symbol after the last,
and no candidate pairs for a chunk the cache answered."""

from __future__ import annotations

from tests.app_support import make_app, opened, pairs, position, screen_text, sentence, settle, word
from tui.widgets.pairs import PairsPane


async def test_a_cache_hit_of_one_symbol_says_1_symbol() -> None:
    """`ab!ab`: chunk 3 is read from the cache as one symbol (ab), and the caption says so in the singular."""
    app = make_app("ab!ab")
    async with opened(app) as pilot:
        await pilot.press("end")
        assert position(app) == "chunk 3/3 · round 0/0 · frame 7/7"
        assert word(app).caption == "from the cache: 1 symbol"
        assert "from the cache: 1 symbol " in screen_text(app) + " "


async def test_a_round_that_leaves_one_symbol_says_1_symbol() -> None:
    app = make_app("ab")
    async with opened(app) as pilot:
        await pilot.press("right")
        assert word(app).caption == "round 1: merge (a b) rank 1: 2 → 1 symbol"


async def test_the_scan_step_on_the_last_symbol_says_there_is_no_next_symbol() -> None:
    """`aaa`, scan detail: step 2/2 finds 'a' at j=2, the last symbol: there is no next one to compare."""
    app = make_app("aaa")
    async with opened(app) as pilot:
        await pilot.press("d", "right", "right", "right")
        assert position(app) == "chunk 1/1 · round 1/1 · frame 2/3 · scan 2/2  [scan detail]"
        assert sentence(app) == "scan: from i=2, word.index('a') finds j=2, the last symbol; there is no next symbol: keep 'a', i → 3"


async def test_a_cache_hit_chunk_lists_no_candidate_pairs() -> None:
    """`ab ab ab`: chunk 3 is answered by the cache; on its first frame the pairs pane says so and lists
    no pair and no ▶ (bpe() returns before it computes any)."""
    app = make_app("ab ab ab")
    async with opened(app) as pilot:
        await pilot.press("pagedown", "pagedown")
        assert position(app) == "chunk 3/3 · round 0/0 · frame 7/8"
        data = pairs(app)
        assert (data.note, list(data.rows), data.lowest) == ("the cache answered: no pairs", [], None)
        pane = app.query_one(PairsPane)
        shown = "\n".join(pane.render_line(y).text for y in range(pane.size.height))
        assert "the cache answered: no pairs" in shown
        assert "▶" not in shown
        await pilot.press("right")
        assert (pairs(app).note, list(pairs(app).rows)) == ("the cache answered: no pairs", [])


async def test_a_sentence_of_thousands_of_ids_fills_the_two_narration_lines_and_ends_in_an_ellipsis() -> None:
    """The last frame of a 5,000-letter chunk names 3,500 ids: the header's two narration lines are
    filled to the pane's width with the sentence's start, the second cut with …, nothing wrapped past them."""
    text = "".join("abcdefghij"[(n * 7) % 10] for n in range(5000))
    app = make_app(text, "gpt2")
    async with opened(app) as pilot:
        await pilot.press("end")
        await settle(app, pilot)
        said = sentence(app)
        assert said.startswith("no remaining pair is a rule: done; 3500 symbols give ids [64, 258, 65, 361, 66, 73, 70, 6814,")
        assert said.endswith("…")
        rows = screen_text(app).split("\n")
        assert rows[2].rstrip() == " no remaining pair is a rule: done; 3500 symbols give ids [64, 258, 65, 361,"
        assert rows[3].rstrip() == " 66, 73, 70, 6814, 258, 65, 361, 66, 73, 70, 6814, 258, 65, 361, 66, 73, 70,…"
        assert rows[4].startswith("╭─ Chunks")  # the panes start right under the two lines
