"""Hands-free play in every view (`--play`, the tour): each play tick moves the view shown one step
(ViewScreen.play_step): Decode streams a token a tick, Training goes a round a tick, the explorer types
a character a tick, Aliases walks the bytes of its text, Tables the rules the text used; Special holds.
Ticks are played by hand (`app.play_step()`), so a loaded machine cannot play ahead of the test."""

from __future__ import annotations

from textual.widgets import Static

from tests.app_support import CAFE_IDS, cafe_app, make_app, opened, screen_text, until
from tui.app import BpeApp
from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.messages import TrainRounds
from tui.playback import Playback
from tui.screens.aliases import AliasesScreen, AliasGrid
from tui.screens.decode import DecodeScreen, FramesList
from tui.screens.explore import ExploreBox, ExploreScreen
from tui.screens.special import SpecialScreen
from tui.screens.tables import RulesList, TablesScreen
from tui.screens.train import TrainScreen
from tui.tour.app import HOLD
from tui.widgets.decode_panels import DecodeSummary
from tui.widgets.tokenizer_rows import TokenizerRows
from tui.widgets.training_panes import SidePane


def summary(app: BpeApp) -> list[str]:
    return [str(line) for line in app.screen.query_one(DecodeSummary).picture(96)][:2]


async def test_decode_streams_a_token_a_tick_and_holds_the_bytes_of_an_unfinished_character() -> None:
    app = cafe_app()
    async with opened(app, "decode", size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, DecodeScreen)
        cursor = lambda: screen.query_one(FramesList).cursor  # noqa: E731
        assert cursor() == 0
        for k in range(1, 5):
            assert app.play_step()
            await until(pilot, lambda k=k: cursor() == k)
            assert cursor() == k
        assert summary(app) == [
            "token 5/8: id 19526 → 'ä½' → e4 bd → ✗ incomplete: 2 of its 3 bytes",
            "stream: released 'café ' · holding e4 bd until its character is complete",
        ]
        assert app.play_step()  # 254 (a0) completes 你: the held bytes are released with it
        await until(pilot, lambda: cursor() == 5)
        assert summary(app)[1] == "stream: released 'café 你' · holding nothing"
        for _ in range(2):
            assert app.play_step()
        await until(pilot, lambda: cursor() == 7)
        assert summary(app)[0].startswith(f"token 8/8: id {CAFE_IDS[-1]}")
        assert not screen.play_step() and cursor() == 7  # the last token: the view holds
        assert app.play_step() and cursor() == 7  # and the play goes on (back in view 1 it plays on)


async def test_a_looping_play_holds_decodes_last_token_as_long_as_the_tour_then_streams_again() -> None:
    """At 2 fps with a 1.5 s hold the last token stays for three ticks, then the first comes again."""
    trace = capture("café 你好", get_table("gpt2"))
    app = BpeApp(trace, playback=Playback(fps=2, loop=True, hold=1.5))
    async with opened(app, "decode") as pilot:
        frames = app.screen.query_one(FramesList)
        frames.cursor = 7
        await pilot.pause()
        shown = []
        for _ in range(5):
            assert app.play_step()
            shown.append(frames.cursor)
        assert shown == [7, 7, 0, 1, 2]
    assert Playback().hold == HOLD / 2 == 4.0  # by default as long as the tour holds a scene that moved


async def test_training_plays_round_by_round_from_round_one() -> None:
    app = make_app("the cat the hat", "gpt2")
    async with opened(app, "train", size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, TrainScreen)
        await until(pilot, lambda: screen.both is not None)
        screen.round = 5
        screen.play_rewind()  # a looping play, or a view shown while playing: round 1 again
        chunked = screen.query_one("#train-chunked", SidePane)
        said = []
        for k in (1, 2, 3):
            if k > 1:
                assert app.play_step()
            await until(pilot, lambda k=k: chunked.round == k)
            picture = str(chunked.picture())
            said.append((screen.round, picture.split("\n")[0], [line for line in picture.split("\n") if "B/token" in line]))
        assert said == [
            (1, "round 1: (116, 104) -> 256 'th' = 't' + 'h'", ["15 bytes → 13 tokens = 1.15 B/token"]),
            (2, "round 2: (256, 101) -> 257 'the' = 'th' + 'e'", ["15 bytes → 11 tokens = 1.36 B/token"]),
            (3, "round 3: (97, 116) -> 258 'at' = 'a' + 't'", ["15 bytes → 9 tokens = 1.67 B/token"]),
        ]
        assert screen_text(app).split("\n")[1].startswith(" round 3/10 ")


async def test_a_training_shown_at_its_last_round_plays_again_from_round_one() -> None:
    """The tour's scene trains 3 merges and shows round 3 (as without play); play goes 1, 2, 3, then holds."""
    app = make_app("the cat the hat", "gpt2")
    async with opened(app, "train") as pilot:
        screen = app.screen
        assert isinstance(screen, TrainScreen)
        screen.handle(TrainRounds(3))
        await until(pilot, lambda: screen.both is not None and screen.both.rounds == 3 and screen.round == 3)
        rounds = []
        while screen.play_step():
            rounds.append(screen.round)
        assert rounds == [1, 2, 3]


async def test_the_explorer_types_its_text_a_character_a_tick_and_rechunks_each() -> None:
    app = make_app("    if", "gpt2")
    async with opened(app, "explore", size=(100, 30)) as pilot:
        screen = app.screen
        assert isinstance(screen, ExploreScreen)
        box, rows = screen.query_one(ExploreBox), screen.query_one(TokenizerRows)
        chunks = lambda: [c.text for c in rows.tokenizers[0].chunks]  # noqa: E731  GPT-2's row
        typed = []
        for k in range(1, 7):
            assert app.play_step()
            await until(pilot, lambda k=k: screen.text == "    if"[:k])
            typed.append((box.text, chunks()))
        assert typed == [
            (" ", [" "]),
            ("  ", ["  "]),
            ("   ", ["   "]),
            ("    ", ["    "]),
            ("    i", ["   ", " i"]),
            ("    if", ["   ", " if"]),
        ]
        assert not screen.play_step()  # typed and re-chunked: the view holds


async def test_the_explorer_types_a_long_text_in_sixty_ticks() -> None:
    text = "ab " * 100
    app = make_app(text, "gpt2")
    async with opened(app, "explore") as pilot:
        screen = app.screen
        assert isinstance(screen, ExploreScreen)
        box = screen.query_one(ExploreBox)
        assert screen.play_step() and box.text == "ab ab"  # the box emptied, then 5 characters a tick
        ticks = 1
        while len(box.text) < len(text):
            await until(pilot, lambda: screen.text == box.text)  # a tick types only once the rows caught up
            assert screen.play_step()
            ticks += 1
        assert (ticks, box.text) == (60, text)
        await until(pilot, lambda: screen.text == text)
        assert not screen.play_step()


async def test_aliases_walks_the_bytes_of_the_text_looked_up_and_comes_back_to_its_byte() -> None:
    """The tour's 'What Ġ is': Ġ selects byte 32; typed as text it is c4 a0: 196, 160, then 32 again."""
    app = make_app("Ġ", "gpt2")
    async with opened(app, "aliases") as pilot:
        screen = app.screen
        assert isinstance(screen, AliasesScreen)
        screen.look_up("Ġ")
        grid = screen.query_one(AliasGrid)
        assert grid.selected == 32
        walked = []
        while screen.play_step():
            walked.append(grid.selected)
        await pilot.pause()
        assert walked == [196, 160, 32]
        screen.play_rewind()
        assert screen.play_step() and grid.selected == 196


async def test_tables_walks_the_rules_the_text_used() -> None:
    app = make_app()  # aaababcabxyz on the teaching table
    async with opened(app, "tables") as pilot:
        screen = app.screen
        assert isinstance(screen, TablesScreen)
        rules = screen.query_one(RulesList)
        walked = []
        while screen.play_step():
            walked.append(rules.cursor)
        await pilot.pause()
        assert walked == screen.used() == [0, 1, 4, 5, 6, 7, 8]
        assert screen.note == "• used rank 8: 7 of 7 used by this text (u next)"


async def test_special_holds_still() -> None:
    app = cafe_app()
    async with opened(app, "special") as pilot:
        screen = app.screen
        assert isinstance(screen, SpecialScreen)
        before = str(screen.query_one("#special-scene", Static).render())
        assert not screen.play_step() and app.play_step()
        await pilot.pause()
        assert str(screen.query_one("#special-scene", Static).render()) == before
