"""cl100k_base and o200k_base in the animator: tiktoken's rule narrated step by step, a chunk that is a token shown whole."""

from __future__ import annotations

from tests.app_support import ids, make_app, opened, position, sentence, settle, word
from tui.widgets.chunks import ChunksPane


async def test_a_chunk_that_is_a_token_is_shown_whole_with_its_one_id() -> None:
    """' world' is one cl100k_base token: tiktoken emits it without merging; the word pane shows it as one symbol."""
    app = make_app("hello world", "cl100k_base")
    async with opened(app) as pilot:
        await pilot.press("end")
        await settle(app, pilot)
        assert position(app) == "chunk 2/2 · round 0/0 · frame 4/4"
        assert sentence(app) == "the whole chunk is a token: tiktoken emits it without merging; id [1917]"
        pic = word(app)
        assert pic.old == ("Ġworld",) and pic.ids == (1917,)
        assert pic.caption == "the whole chunk is one token: no merge ran"  # tiktoken has no bpe() returning a string
        assert ids(app) == [15339, 1917]
        assert app.query_one(ChunksPane).border_subtitle == "·space ↵newline →tab ¹single ■token"


async def test_a_step_names_its_rank_and_id_as_the_pairs_pane_does() -> None:
    app = make_app("HelloWorld", "cl100k_base")
    async with opened(app) as pilot:
        await pilot.press("right", "right")
        assert (
            sentence(app)
            == "step 2: of 8 adjacent joins, the lowest-ranked is e + l at position 1 (rank 45, id 301, leftmost if tied); merging that one"
        )
        assert word(app).caption == "round 2: merge (e l) rank 45: 9 → 8 symbols"
