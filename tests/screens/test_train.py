"""View 7, training: seed 004's `the cat the hat` round by round, with chunks and without, and its table used in view 1."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.app_support import Notes, ids, make_app, opened, screen_text, settle, until
from tui.app import BpeApp
from tui.engine.training import train
from tui.explain.training_sides import train_both
from tui.screens.train import TrainScreen
from tui.widgets.training_panes import SidePane, side_lines

SEED = "the cat the hat"


def side(app: BpeApp, which: str) -> str:
    """What the chunked ('chunked') or unchunked ('plain') pane shows now, as plain text."""
    return str(app.screen.query_one(f"#train-{which}", SidePane).picture())


def status(app: BpeApp, line: int = 1) -> str:
    """The status line (1) or the line under it (2: progress, a stop, or the note on fixed ranks)."""
    return screen_text(app).split("\n")[line]


async def open_training(app: BpeApp, pilot: Pilot, merges: int | None = 3) -> TrainScreen:
    """View 7 on the app's text, trained with `merges` typed in the merges dialog."""
    await pilot.press("7")
    await settle(app, pilot)
    if merges is not None:
        await pilot.press("m")
        await pilot.pause()
        app.screen.query_one(Input).value = str(merges)
        await pilot.press("enter")
        await settle(app, pilot)
    screen = app.screen
    assert isinstance(screen, TrainScreen)
    return screen


async def test_the_cat_the_hat_round_by_round_with_chunks_and_without() -> None:
    """Round 1 `th` (2, a three-way tie), round 2 `the` (2), round 3 `at` (2) in chunks but (257, 32) `the·` without."""
    app = make_app(SEED)
    async with opened(app) as pilot:
        screen = await open_training(app, pilot)
        assert screen.both is not None and screen.both.rounds == 3
        chunked = side(app, "chunked")
        assert "round 1: (116, 104) -> 256 'th'" in chunked
        assert "count 2 · replaced 2 · 3-way tie" in chunked
        assert "⟦t h⟧ e│· c a t│· ⟦t h⟧ e│· h a t" in chunked
        rows = [line for line in chunked.split("\n") if line.startswith(("▶", "="))]
        assert [row.split()[0] for row in rows] == ["▶", "=", "="]  # the chosen pair and the two tied with it
        assert [row.split("█")[0].split() for row in rows] == [
            ["▶", "(116,", "104)", "'th'", "2"],
            ["=", "(104,", "101)", "'he'", "2"],
            ["=", "(97,", "116)", "'at'", "2"],
        ]
        bars = [line.count("█") for line in chunked.split("\n") if "█" in line]
        assert bars[:3] == [bars[0]] * 3 and bars[3] == bars[0] // 2  # count 1 is half the bar of count 2
        assert "count 2 · replaced 2 · 4-way tie" in side(app, "plain")  # 'e·' ties too without chunks
        assert "round 1/3" in status(app)

        await pilot.press("right")
        assert "round 2: (256, 101) -> 257 'the'" in side(app, "chunked")
        assert "count 2 · replaced 2 · 2-way tie" in side(app, "chunked")
        assert "round 2: (256, 101) -> 257 'the'" in side(app, "plain")

        await pilot.press("right")
        chunked, plain = side(app, "chunked"), side(app, "plain")
        assert "round 3: (97, 116) -> 258 'at'" in chunked and "count 2 · replaced 2\n" in chunked
        assert "the│· c ⟦a t⟧│· the│· h ⟦a t⟧" in chunked
        assert "round 3: (257, 32) -> 258 'the·'" in plain
        assert "⟦the ·⟧ c a t · ⟦the ·⟧ h a t" in plain
        assert "15 bytes → 9 tokens = 1.67 B/token" in chunked and "15 bytes → 9 tokens = 1.67 B/token" in plain
        assert "vocab 256+3: 256 'th' 257 'the' 258 'at'" in " ".join(chunked.split())
        assert "B/tok ▆▇█\ncount ███\n        ▲ round 3" in chunked  # 1.15, 1.36, 1.67 bytes per token; ▲ under round 3
        assert "round 3/3" in status(app)

        await pilot.press("right")  # the last round stays the last
        assert "round 3/3" in status(app)


async def test_the_figures_come_from_the_engine() -> None:
    """What the panes say is the engine's training of the same text, round for round."""
    app = make_app(SEED)
    expected = train(SEED, 3), train(SEED, 3, pattern=None)
    async with opened(app) as pilot:
        await open_training(app, pilot)
        for r in range(3):
            for which, result in zip(("chunked", "plain"), expected, strict=True):
                got = expected_round = result.rounds[r]
                assert f"({got.pair[0]}, {got.pair[1]}) -> {got.id}" in side(app, which)
                assert f"count {expected_round.count} · replaced {expected_round.replaced}" in side(app, which)
            await pilot.press("right")


async def test_stepping_back_returns_to_earlier_rounds() -> None:
    """left, home and end read earlier or later rounds; nothing is trained again."""
    app = make_app(SEED)
    async with opened(app) as pilot:
        screen = await open_training(app, pilot)
        both = screen.both
        await pilot.press("end")
        assert "round 3: (97, 116)" in side(app, "chunked")
        await pilot.press("left")
        assert "round 2: (256, 101) -> 257" in side(app, "chunked")
        await pilot.press("h")
        assert "round 1: (116, 104) -> 256" in side(app, "chunked")
        await pilot.press("left")
        assert "round 1/3" in status(app)
        await pilot.press("l", "l", "home")
        assert "round 1: (116, 104)" in side(app, "chunked")
        assert screen.both is both


@pytest.mark.slow  # a long run (seconds of app time): CI runs it with the slow set
async def test_using_the_table_makes_view_1_encode_with_it(notes: Notes) -> None:
    """u hands the trained table to the app: view 1 encodes the text with ids 256+, and t cycles back to it."""
    app = make_app(SEED)
    async with opened(app, notes=notes) as pilot:
        await open_training(app, pilot)
        await pilot.press("u")
        await settle(app, pilot)
        assert "trained" in app.tables.names
        assert any("fixed ranks, no counts" in m for m in notes.messages)
        await pilot.press("1")
        await settle(app, pilot)
        assert app.position is not None and app.position.trace.table.name == "trained"
        await pilot.press("end")
        await pilot.pause()
        assert ids(app) == [257, 32, 99, 258, 32, 257, 32, 104, 258]
        for _ in range(len(app.tables.names)):  # t goes round every table and comes back to it
            await pilot.press("t")
            await settle(app, pilot)
        assert app.position.trace.table.name == "trained"


async def test_bad_input_is_one_sentence_and_loses_nothing(tmp_path: Path, notes: Notes) -> None:
    """Merges 0, a file that is not UTF-8, a missing file, an empty file: one sentence each, the training shown stays."""
    bad, empty = tmp_path / "latin1.txt", tmp_path / "empty.txt"
    bad.write_bytes(b"caf\xe9")
    empty.write_bytes(b"")
    app = make_app(SEED)
    async with opened(app, notes=notes) as pilot:
        screen = await open_training(app, pilot)
        both = screen.both
        await pilot.press("m")
        app.screen.query_one(Input).value = "0"
        await pilot.press("enter")
        await settle(app, pilot)
        assert notes.errors[-1].message == "The number of merges must be at least 1, not 0; nothing was changed."
        files = (
            (bad, f"{bad} is not valid UTF-8 (bad byte 0xe9 at offset 3)."),
            (tmp_path / "nope.txt", f"{tmp_path / 'nope.txt'} does not exist."),
            (empty, "The text is empty: there is nothing to train on."),
        )
        for path, said in files:
            await pilot.press("f")
            await pilot.pause()
            app.screen.query_one(Input).value = str(path)
            await pilot.press("enter")
            await settle(app, pilot)
            assert notes.errors[-1].message == said + " The training shown is unchanged."
        assert len(notes.errors) == 4
        assert screen.both is both and "round 1: (116, 104)" in side(app, "chunked")


async def test_more_merges_than_the_text_allows_stops_and_says_after_how_many(notes: Notes) -> None:
    """20 merges of `the cat the hat`: 8 with chunks, 10 without; the view says so and steps through all 10."""
    app = make_app(SEED)
    async with opened(app, notes=notes) as pilot:
        screen = await open_training(app, pilot, merges=20)
        assert status(app, 2).strip() == "Stopped early: 8 with chunks, 10 without, of 20 asked; no pair was left."
        await pilot.press("end")
        assert screen.round == 10
        assert "no pair was left after 8 merges\n(no round 10 on this side)\nthe│·cat│·the│·hat\n" in side(app, "chunked")
        assert "round 10:" in side(app, "plain")


async def test_a_file_and_the_examples_can_be_trained(tmp_path: Path) -> None:
    """f trains a UTF-8 file, x the examples' texts; the source is named on the status line."""
    text_file = tmp_path / "seed.txt"
    text_file.write_text("aaa aaa", encoding="utf-8")
    app = make_app(SEED)
    async with opened(app) as pilot:
        await open_training(app, pilot)
        await pilot.press("f")
        await pilot.pause()
        app.screen.query_one(Input).value = str(text_file)
        await pilot.press("enter")
        await settle(app, pilot)
        assert "7 bytes" in status(app)
        # 'a a' counts 2 in 'aaa' but replaces 1 (twice: two chunks)
        assert "round 1: (97, 97) -> 256 'aa'" in side(app, "chunked") and "count 4 · replaced 2" in side(app, "chunked")
        await pilot.press("x")
        await settle(app, pilot)
        assert "bytes of the examples' texts" in status(app)


async def test_narrow_screens_show_one_side_and_s_switches() -> None:
    """At 60x18 one side is shown at a time; s shows the other. NO_COLOR is in the robust suite's hands."""
    app = make_app(SEED)
    async with opened(app, size=(60, 18)) as pilot:
        await open_training(app, pilot)
        await pilot.press("end")
        shown = screen_text(app)
        assert "(97, 116) -> 258" in shown and "(257, 32) -> 258" not in shown
        await pilot.press("s")
        await pilot.pause()
        shown = screen_text(app)
        assert "(257, 32) -> 258" in shown and "(97, 116) -> 258" not in shown


async def test_a_long_training_shows_its_progress_and_escape_cancels_it(monkeypatch, notes: Notes) -> None:  # type: ignore[no-untyped-def]
    """The worker reports how far it got on the status line; escape stops it and the training shown stays."""
    import threading

    from tui.explain import training_sides
    from tui.screens import train as train_module

    release = threading.Event()

    def slow(text, merges, pattern=None, *, source="", progress=None):  # type: ignore[no-untyped-def]
        while progress is not None and progress(0.5):  # as far as it gets, until cancelled
            release.wait(0.01)
        raise training_sides.TrainingCancelled

    app = make_app(SEED)
    async with opened(app, notes=notes) as pilot:
        screen = await open_training(app, pilot)
        both = screen.both
        monkeypatch.setattr(train_module, "train_both", slow)
        monkeypatch.setattr(train_module, "PROGRESS_EVERY", 0.0)
        await pilot.press("x")
        await until(pilot, lambda: "50%" in status(app, 2))  # under a loaded parallel run the worker may start late
        assert "training… 50% (escape cancels)" in status(app, 2)
        await pilot.press("escape")
        await settle(app, pilot)
        assert "Training cancelled; the training shown is unchanged." in notes.messages
        assert screen.both is both and "training…" not in status(app, 2)
        assert "bytes of the current text" in status(app)


async def test_p_switches_the_regex_and_a_new_text_is_trained_when_the_view_returns() -> None:
    """p trains again under cl100k_base's regex; after an edit in view 1, view 7 trains the new text."""
    app = make_app(SEED)
    async with opened(app) as pilot:
        screen = await open_training(app, pilot)
        await pilot.press("p")
        await settle(app, pilot)
        assert screen.query_one("#train-chunked", SidePane).border_title == "with chunks (cl100k_base regex, 4 chunks)"
        await pilot.press("1")
        app.apply_text("aaa")
        await settle(app, pilot)
        await pilot.press("7")
        await settle(app, pilot)
        assert "3 bytes of the current text" in status(app)
        assert "round 1: (97, 97) -> 256 'aa'" in side(app, "chunked") and "count 2 · replaced 1" in side(app, "chunked")


def test_one_token_left_is_said_in_the_singular() -> None:
    """Without chunks, `the cat the hat` ends as one token after 10 merges; the pane says '1 token'."""
    both = train_both("the cat the hat", 10, source="the text")
    assert both.unchunked.result.tokens == 1 and len(both.unchunked.result.rounds) == 10
    shown = [line.plain for line in side_lines(both.unchunked, 10, 40, 20)]
    assert "15 bytes → 1 token = 15.00 B/token" in shown


def test_the_seed_figure_is_never_cut_in_a_narrow_pane() -> None:
    """At 80x24 a side is 36 cells: '1,115,394 bytes → 911,120 tokens = 1.22 B/token' (48) takes two lines, whole."""
    both = train_both("the cat the hat", 3, None)
    side = both.chunked
    wide = [line.plain for line in side_lines(side, 3, 60, 20)]
    narrow = [line.plain for line in side_lines(side, 3, 24, 20)]
    assert "15 bytes → 9 tokens = 1.67 B/token" in wide
    assert "15 bytes → 9 tokens" in narrow and "  = 1.67 B/token" in narrow


@pytest.mark.slow  # a long run (seconds of app time): CI runs it with the slow set
async def test_k_trains_on_the_bundled_book() -> None:
    """`k` trains the bundled Shakespeare: its 1,078,434 bytes on the status line, round 1 (32, 116) ' t' counted 22,023 times."""
    app = make_app(SEED)
    async with opened(app) as pilot:
        screen = await open_training(app, pilot, merges=None)
        await pilot.press("k")
        await until(pilot, lambda: screen.source == ("book", ""))
        assert screen.both is not None and screen.both.chunked.result.rounds[0].count == 22_023
        await pilot.press("home")
        await settle(app, pilot)
        assert "1,078,434 bytes of the bundled Shakespeare" in status(app)
        assert "round 1: (32, 116) -> 256 '·t'" in side(app, "chunked") and "count 22,023" in side(app, "chunked")


async def test_a_stop_is_said_by_the_status_line_of_the_training_shown_never_by_a_note() -> None:
    """10 merges on `the cat the hat` stop early and the status line says so; 3 merges do not, and nothing of the 10
    stays (the tour's scene 11 once showed '3 merges asked' under a note 'Stopped early: …, of 10 merges asked', the
    scene's default run having finished before the scene asked for its own)."""
    app = make_app(SEED)
    async with opened(app, notifications=True) as pilot:
        await open_training(app, pilot, merges=None)
        assert status(app, 2).strip() == "Stopped early: 8 with chunks, of 10 asked; no pair was left."
        assert list(app._notifications) == []
        await open_training(app, pilot, merges=3)
        assert "3 merges asked" in status(app) and "Stopped early" not in screen_text(app)
        assert list(app._notifications) == []


@pytest.mark.slow  # the book's 1 MB trained and every table's bytes/token on it: about 10 s
async def test_the_book_is_shown_beside_seed_004s_own_figures() -> None:
    """Trained on the bundled book, the status line sets its figures beside seed 004's on input.txt, with their source:
    ' t' 22,023 (23,837), 'he' 17,348 (18,203), ' the' at merge 11 with 8,415 (merge 12, 8,684)."""
    app = make_app(SEED)
    async with opened(app, size=(160, 50)) as pilot:
        screen = await open_training(app, pilot, merges=20)
        await pilot.press("k")
        await until(pilot, lambda: screen.both is not None and screen.both.source == "the bundled Shakespeare" and not screen.progress)
        await settle(app, pilot)
        assert status(app, 2).strip() == (
            "beside the 1,115,394-byte input.txt's, in parentheses: ' t' 22,023 (23,837) · 'he' 17,348 (18,203) · "
            "' the' at merge 11, 8,415 (merge 12, 8,684)"
        )
