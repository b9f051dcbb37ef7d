"""Stepping through traces with the real keys, checking what every pane shows at each stop.

Expected values come from seed 000 and from reasoning about the rules, not from the app:
teaching rules by rank are a a|a b|b c|c a|x y|xy z|aa ab|aaab ab|aaabab c (ids 256 + rank,
byte symbols: '!' is 0, 'a' is 64, 'c' is 66); a GPT-2 merge result has id 256 + rank.
"""

from __future__ import annotations

import pytest

from tests.app_support import (
    GPT2_TITLE,
    TEACHING_TITLE,
    BytesPane,
    ChunksPane,
    EncodeScreen,
    IdsPane,
    PairsPane,
    WordPane,
    figures,
    header,
    hold_play_timer,
    ids,
    make_app,
    opened,
    pairs,
    pane_text,
    playing,
    position,
    sentence,
    until,
    word,
)

# The teaching default, round by round: (pair, rank, occurrences merged, pairs listed before it).
TEACHING_ROUNDS = [
    (("a", "a"), 0, 1, 11),  # a a a b a b c a b x y z
    (("a", "b"), 1, 3, 10),  # aa a b a b c a b x y z
    (("x", "y"), 4, 1, 7),  # aa ab ab c ab x y z
    (("xy", "z"), 5, 1, 6),  # aa ab ab c ab xy z
    (("aa", "ab"), 6, 1, 5),  # aa ab ab c ab xyz
    (("aaab", "ab"), 7, 1, 4),  # aaab ab c ab xyz
    (("aaabab", "c"), 8, 1, 3),  # aaabab c ab xyz
]

INTERNATIONALIZATION_RANKS = [3, 5, 7, 9, 26, 39, 85, 97, 272, 503, 608, 1378, 22868, 45353]


async def test_internationalization_round_one_chooses_rank_3_and_ends_with_two_ids() -> None:
    """20 symbols end as 2, so 18 merges fire; round 1 picks rank 3 (i n) among 19 pairs."""
    app = make_app("internationalization", "gpt2")
    async with opened(app) as pilot:
        assert GPT2_TITLE in header(app)[0]
        assert "20 bytes → 2 tokens · 18 merges fire" in figures(app)
        assert position(app) == "chunk 1/1 · round 0/14 · frame 1/16"
        assert ids(app) == []
        await pilot.press("right")
        assert position(app) == "chunk 1/1 · round 1/14 · frame 2/16"
        assert pairs(app).lowest == 3
        assert len(pairs(app).rows) == 19
        assert [row for row in pairs(app).rows if row[2] == 3] == [(0, ("i", "n"), 3)]
        assert sentence(app) == "round 1: lowest rank among 19 pairs is 3 (i n); merging 1 occurrence"
        assert word(app).chosen == frozenset({0})
        assert word(app).new[:2] == ("in", "t")
        seen = []
        for _ in range(14):
            seen.append(pairs(app).lowest)
            await pilot.press("right")
        assert seen == INTERNATIONALIZATION_RANKS
        assert position(app) == "chunk 1/1 · round 14/14 · frame 16/16"
        assert sentence(app) == "no remaining pair is a rule: done; 2 symbols give ids [45609, 1634]"
        assert ids(app) == [45609, 1634]
        ids_text = pane_text(app, IdsPane)
        assert "45609" in ids_text and "1634" in ids_text
        assert "international" in ids_text and "ization" in ids_text
        assert pairs(app).lowest is None
        assert pairs(app).rows == [(0, ("international", "ization"), None)]


async def test_end_key_shows_the_final_ids() -> None:
    app = make_app("internationalization", "gpt2")
    async with opened(app) as pilot:
        await pilot.press("end")
        assert ids(app) == [45609, 1634]
        assert word(app).old == ("international", "ization")
        await pilot.press("home")
        assert position(app) == "chunk 1/1 · round 0/14 · frame 1/16"
        assert ids(app) == []
        assert word(app).old == tuple("internationalization")


async def test_teaching_default_every_round_and_rules_never_chosen() -> None:
    """b c (rank 2) and c a (rank 3) are listed with their ranks, but no frame chooses them."""
    app = make_app()
    async with opened(app) as pilot:
        assert TEACHING_TITLE in header(app)[0]
        assert "12 bytes → 3 tokens · 9 merges fire" in figures(app)
        assert sentence(app) == "chunk 1: 'aaababcabxyz' is 12 UTF-8 bytes, written as aliases 'aaababcabxyz'"
        listed: dict[tuple[str, str], set[int | None]] = {}
        lowest_seen = []
        for n, (pair, rank, merged, count) in enumerate(TEACHING_ROUNDS, start=1):
            await pilot.press("right")
            assert position(app) == f"chunk 1/1 · round {n}/7 · frame {n + 1}/9"
            noun = "occurrence" if merged == 1 else "occurrences"
            assert sentence(app) == f"round {n}: lowest rank among {count} pairs is {rank} ({pair[0]} {pair[1]}); merging {merged} {noun}"
            data = pairs(app)
            assert data.lowest == rank
            assert len(data.rows) == count
            for _, p, r in data.rows:
                listed.setdefault(p, set()).add(r)
            lowest_seen.append(data.lowest)
        assert lowest_seen == [0, 1, 4, 5, 6, 7, 8]
        assert listed[("b", "c")] == {2} and listed[("c", "a")] == {3}
        assert 2 not in lowest_seen and 3 not in lowest_seen
        await pilot.press("right")
        assert position(app) == "chunk 1/1 · round 7/7 · frame 9/9"
        assert word(app).old == ("aaababc", "ab", "xyz")
        assert sentence(app) == "no remaining pair is a rule: done; 3 symbols give ids [264, 257, 261]"
        assert ids(app) == [264, 257, 261]
        assert pairs(app).lowest is None
        # The last frame is a wall: one more step stays put.
        await pilot.press("right", "l")
        assert position(app) == "chunk 1/1 · round 7/7 · frame 9/9"
        # Stepping back re-reads earlier frames, exactly as they were.
        await pilot.press("left", "h")
        assert position(app) == "chunk 1/1 · round 6/7 · frame 7/9"
        assert pairs(app).lowest == 7
        assert ids(app) == []


async def test_middle_round_word_marks_all_three_occurrences() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("right", "right")
        pic = word(app)
        assert pic.old == ("aa", "a", "b", "a", "b", "c", "a", "b", "x", "y", "z")
        assert pic.chosen == frozenset({1, 3, 6})
        assert pic.new == ("aa", "ab", "ab", "c", "ab", "x", "y", "z")
        assert pic.cursor is None
        # The candidates: ▶ on every (a b) row, since they all carry the lowest rank.
        data = pairs(app)
        assert [pos for pos, _, r in data.rows if r == data.lowest] == [1, 3, 6]
        assert data.rows[4] == (4, ("b", "c"), 2)
        assert data.rows[5] == (5, ("c", "a"), 3)
        assert data.rows[0] == (0, ("aa", "a"), None)
        # Marked by shape, not colour alone: ▶ on the chosen rows, ^ under the chosen cells.
        pane = app.query_one(PairsPane)
        lines = ["".join(segment.text for segment in pane.render_line(y)) for y in range(1, 11)]
        assert [line.startswith("▶") for line in lines] == [n in (1, 3, 6) for n in range(10)]
        assert "^" in pane_text(app, WordPane).split("\n")[2]


async def test_sort_by_rank_puts_the_lowest_first() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("right", "r")
        ranks = [r for _, _, r in pairs(app).rows]
        assert ranks == [0, 0, 1, 1, 1, 2, 3, 4, None, None, None]
        await pilot.press("r")
        assert [pos for pos, _, _ in pairs(app).rows] == list(range(11))


async def test_shift_arrows_go_round_by_round_across_chunks() -> None:
    # 'The' has 2 rounds, ' cat' 3, ' sat' 3, ' on' 2, ' the' 3; each chunk adds a start and a done frame.
    app = make_app("The cat sat on the", "gpt2")
    async with opened(app) as pilot:
        total = 5 * 2 + 2 + 3 + 3 + 2 + 3
        assert position(app) == f"chunk 1/5 · round 0/2 · frame 1/{total}"
        await pilot.press("shift+right")
        assert position(app) == f"chunk 1/5 · round 1/2 · frame 2/{total}"
        assert sentence(app) == "round 1: lowest rank among 2 pairs is 2 (h e); merging 1 occurrence"
        await pilot.press("shift+right")
        assert position(app) == f"chunk 1/5 · round 2/2 · frame 3/{total}"
        assert pairs(app).lowest == 464 - 256  # 'The' is id 464
        # The next round frame skips 'The''s done frame and ' cat''s start frame.
        await pilot.press("shift+right")
        assert position(app) == f"chunk 2/5 · round 1/3 · frame 6/{total}"
        assert pairs(app).lowest == 9  # (a t)
        await pilot.press("shift+left", "shift+left")
        assert position(app) == f"chunk 1/5 · round 1/2 · frame 2/{total}"
        await pilot.press("shift+left")
        assert position(app) == f"chunk 1/5 · round 0/2 · frame 1/{total}"
        await pilot.press("shift+left")
        assert position(app) == f"chunk 1/5 · round 0/2 · frame 1/{total}"


async def test_pagedown_pageup_go_chunk_by_chunk_and_ids_grow() -> None:
    app = make_app("The cat sat on the", "gpt2")
    async with opened(app) as pilot:
        await pilot.press("pagedown")
        assert position(app).startswith("chunk 2/5 · round 0/3 · frame 5/")
        assert sentence(app) == "chunk 2: ' cat' is 4 UTF-8 bytes, written as aliases 'Ġcat'"
        assert ids(app) == [464]
        await pilot.press("pagedown", "pagedown")
        assert position(app).startswith("chunk 4/5 · round 0/2 · frame 15/")
        assert ids(app) == [464, 3797, 3332]
        await pilot.press("right")  # inside chunk 4: pageup returns to its start first
        await pilot.press("pageup")
        assert position(app).startswith("chunk 4/5 · round 0/2 · frame 15/")
        await pilot.press("pageup")
        assert position(app).startswith("chunk 3/5 · round 0/3 · frame 10/")
        await pilot.press("pagedown", "pagedown")
        assert position(app).startswith("chunk 5/5 · round 0/3 · frame 19/")
        # From the last chunk, pagedown goes to the very end.
        await pilot.press("pagedown")
        assert position(app) == "chunk 5/5 · round 3/3 · frame 23/23"
        assert sentence(app) == "one symbol left: the loop ends; id [262]"
        assert ids(app) == [464, 3797, 3332, 319, 262]
        assert "464" in pane_text(app, IdsPane) and "262" in pane_text(app, IdsPane)


async def test_hi_ni_aliases_of_the_chinese_character() -> None:
    app = make_app("Hi 你!", "gpt2")
    async with opened(app) as pilot:
        assert "7 bytes → 5 tokens · 2 merges fire" in figures(app)
        await pilot.press("pagedown")
        assert sentence(app) == "chunk 2: ' 你' is 4 UTF-8 bytes, written as aliases 'Ġä½ł'"
        shown = pane_text(app, BytesPane)
        rows = [line.split() for line in shown.split("\n")]
        assert rows[1] == ["alias", "Ġ*", "ä", "½", "ł*"]  # space (32) and 160 are moved bytes
        assert rows[2] == ["dec", "32", "228", "189", "160"]
        assert rows[3] == ["hex", "20", "e4", "bd", "a0"]
        assert rows[0][:3] == ["char", "·", "你"]
        await pilot.press("right")
        assert sentence(app) == f"round 1: lowest rank among 3 pairs is {19526 - 256} (ä ½); merging 1 occurrence"
        await pilot.press("right")
        assert sentence(app) == "no remaining pair is a rule: done; 3 symbols give ids [220, 19526, 254]"
        assert ids(app) == [17250, 220, 19526, 254]
        await pilot.press("right", "right")
        assert sentence(app) == "single symbol: returned without loop or cache write; id [0]"
        assert ids(app) == [17250, 220, 19526, 254, 0]
        assert pairs(app).rows == [] and "single symbol" in pairs(app).note
        assert "¹" in pane_text(app, ChunksPane)


async def test_cache_hit_reads_the_earlier_chunk() -> None:
    app = make_app("abc!abc")
    async with opened(app) as pilot:
        await pilot.press("end")
        assert position(app) == "chunk 3/3 · round 0/0 · frame 7/7"
        assert sentence(app) == "cache hit: 'abc' was encoded before (chunk 1); ids [257, 66]"
        assert ids(app) == [257, 66, 0, 257, 66]
        assert "1 cache hit" in figures(app)
        assert "↺" in pane_text(app, ChunksPane)
        assert pairs(app).rows == [] and pairs(app).note == "the cache answered: no pairs"


async def test_scan_detail_walks_the_inner_loop() -> None:
    """d turns on scan detail: right steps i and j through round 1's scan of (a a)."""
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("d")
        assert app.position.detail
        assert position(app) == "chunk 1/1 · round 0/7 · frame 1/9  [scan detail]"
        await pilot.press("right")
        assert position(app).startswith("chunk 1/1 · round 1/7 · frame 2/9 · scan 0/5")
        assert sentence(app) == "round 1: scanning for (a a) from the left; the new word starts empty"
        assert word(app).cursor == (0, None) and word(app).new == ()
        # word: a a a b a b c a b x y z
        expected = [
            ((0, 0), ("aa",), "scan: from i=0, word.index('a') finds j=0; next is 'a': write 'aa', i → 2"),
            ((2, 2), ("aa", "a"), "scan: from i=2, word.index('a') finds j=2; next is not 'a': keep 'a', i → 3"),
            ((3, 4), ("aa", "a", "b", "a"), "scan: from i=3, word.index('a') finds j=4; next is not 'a': keep 'a', i → 5"),
            ((5, 7), ("aa", "a", "b", "a", "b", "c", "a"), "scan: from i=5, word.index('a') finds j=7; next is not 'a': keep 'a', i → 8"),
            (
                (8, None),
                ("aa", "a", "b", "a", "b", "c", "a", "b", "x", "y", "z"),
                "scan: 'a' not found from i=8: copy the rest; the new word is complete",
            ),
        ]
        for n, (cursor, new, text) in enumerate(expected, start=1):
            await pilot.press("right")
            assert position(app).startswith(f"chunk 1/1 · round 1/7 · frame 2/9 · scan {n}/5")
            assert word(app).cursor == cursor
            assert word(app).new == new
            assert sentence(app) == text
        await pilot.press("right")
        assert position(app).startswith("chunk 1/1 · round 2/7 · frame 3/9 · scan 0/")
        # Back from the next round lands on the end of the previous scan.
        await pilot.press("left")
        assert position(app).startswith("chunk 1/1 · round 1/7 · frame 2/9 · scan 5/5")
        assert word(app).cursor == (8, None)
        # Off again: plain frames, no cursor.
        await pilot.press("d")
        assert not app.position.detail
        assert position(app) == "chunk 1/1 · round 1/7 · frame 2/9"
        assert word(app).cursor is None


async def test_scan_detail_shift_right_skips_the_scan() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("d", "shift+right", "shift+right")
        assert position(app).startswith("chunk 1/1 · round 2/7 · frame 3/9 · scan 0/")


async def test_resizing_keeps_the_position() -> None:
    app = make_app("The cat sat on the", "gpt2")
    async with opened(app) as pilot:
        await pilot.press("pagedown", "right", "right")
        before = position(app), sentence(app), ids(app)
        for size in [(120, 40), (160, 50), (60, 18), (80, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.size == size
            assert (position(app), sentence(app), ids(app)) == before
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        assert app.screen.has_class("-tall") and app.screen.has_class("-wide")
        await pilot.press("right")
        assert position(app).startswith("chunk 2/5 · round 3/3")


async def test_play_runs_to_the_end_and_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    hold_play_timer(monkeypatch)
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("plus", "plus", "plus", "plus")
        await pilot.press("space")
        screen = app.screen
        assert isinstance(screen, EncodeScreen) and app.player._timer is not None
        assert app.player._timer._interval == 1 / 20
        assert playing(app)
        assert "▶ 20 fps" in position(app)
        for _ in range(20):
            app.player._tick()
            await pilot.pause()
            if not playing(app):
                break
        assert not playing(app)
        assert position(app) == "chunk 1/1 · round 7/7 · frame 9/9"
        assert "fps" not in position(app)


async def test_play_then_pause_keeps_the_frame() -> None:
    app = make_app("internationalization", "gpt2")
    async with opened(app) as pilot:
        await pilot.press("plus", "plus")  # 0.15 s a frame
        await pilot.press("space")
        await until(pilot, lambda: app.position.index >= 2)
        await pilot.press("space")
        assert not playing(app)
        stopped = app.position.index
        assert 2 <= stopped < len(app.position.frames) - 1  # stopped by space, not by the end
        await pilot.pause(0.3)
        assert app.position.index == stopped


async def test_the_bytes_caption_counts_what_the_pane_shows() -> None:
    """At 80x24 the bytes pane has room for 7 of aaababcabxyz's 12 bytes, and its caption says so from the first frame."""
    app = make_app()
    async with opened(app) as pilot:
        await pilot.pause()
        pane = app.query_one(BytesPane)
        assert pane.border_subtitle == "7 of 12 bytes shown · * moved to 256+n"
        assert pane_text(app, BytesPane).splitlines()[2].split()[1:] == ["97"] * 3 + ["98", "97", "98", "99"]
