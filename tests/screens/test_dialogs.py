"""Switching tables, editing the text, help, palette."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette
from textual.widgets import OptionList, Static

from tests.app_support import (
    GPT2_TITLE,
    TEACHING_TITLE,
    Notes,
    header,
    ids,
    make_app,
    opened,
    pairs,
    playing,
    position,
    sentence,
    settle,
    until,
)
from tui.screens.dialogs import EditBox, EditScreen
from tui.screens.help import HelpScreen


async def test_t_switches_table_and_keeps_text_and_round() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("right", "right", "right")
        assert position(app) == "chunk 1/1 · round 3/7 · frame 4/9"
        await pilot.press("t")
        await settle(app, pilot)
        assert GPT2_TITLE in header(app)[0]
        assert TEACHING_TITLE not in header(app)[0]
        assert app.position.trace.text == "aaababcabxyz"
        # GPT-2 merges this text in 4 rounds: (a b) 141, (x y) 5175, (a a) 6996, (ab c) 39049.
        assert position(app) == "chunk 1/1 · round 3/4 · frame 4/6"
        assert sentence(app) == "round 3: lowest rank among 7 pairs is 6996 (a a); merging 1 occurrence"
        await pilot.press("end")
        assert ids(app) == [7252, 397, 39305, 397, 5431, 89]
        await pilot.press("t")  # then the tiktoken tables (ids as tiktoken gives them), then back to teaching
        await settle(app, pilot)
        assert "cl100k_base · tiktoken rule  " in header(app)[0]
        assert ids(app) == [5418, 370, 13997, 370, 29954]
        await pilot.press("t")
        await settle(app, pilot)
        assert "o200k_base · tiktoken rule  " in header(app)[0]
        assert ids(app) == [3545, 378, 26682, 378, 51089]
        await pilot.press("t")  # the extras' tables, installed in the test group: DeepSeek V4's ids as `tokenizers` gives them
        await settle(app, pilot)
        assert header(app)[0].startswith(" DeepSeek V4 · 127,741 merges ")
        assert ids(app) == [7478, 425, 32372, 425, 65987]
        for title, expected in [
            ("Qwen 3", [5305, 370, 13683, 370, 28854]),
            ("Qwen 3.6", [5137, 365, 13290, 365, 27912]),
            ("Tekken", [17498, 1401, 35416, 1401, 109326]),  # ids are Tekken's ranks + 1,000
        ]:
            await pilot.press("t")
            await settle(app, pilot)
            assert header(app)[0].startswith(f" {title} · tiktoken rule ")
            assert ids(app) == expected
        for title, expected in [  # SentencePiece's own ids (sentencepiece 0.2 on mistral-common's three .model files)
            ("Mistral v1", [264, 28708, 375, 16612, 375, 4263, 28764]),
            ("Mistral v3", [1032, 29476, 1143, 17380, 1143, 5031, 29532]),
            ("Mistral v7", [1032, 29476, 1143, 17380, 1143, 5031, 29532]),
        ]:
            await pilot.press("t")
            await settle(app, pilot)
            assert header(app)[0].startswith(f" {title} · SentencePiece ")
            assert ids(app) == expected
        await pilot.press("t")
        await settle(app, pilot)
        assert TEACHING_TITLE in header(app)[0]
        assert app.position.trace.text == "aaababcabxyz"
        assert position(app) == "chunk 1/1 · round 7/7 · frame 9/9"  # the done frame maps to the done frame
        assert ids(app) == [264, 257, 261]


async def test_t_keeps_scan_detail() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("d", "right", "t")
        await settle(app, pilot)
        assert GPT2_TITLE in header(app)[0]
        assert app.position.detail
        assert position(app).startswith("chunk 1/1 · round 1/4 · frame 2/6 · scan 0/")


async def test_e_typing_enter_recaptures() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("right", "e")
        assert isinstance(app.screen, EditScreen)
        box = app.screen.query_one(EditBox)
        assert box.text == "aaababcabxyz"
        box.text = ""
        await pilot.press(*"xyz aaa")
        assert box.text == "xyz aaa"
        # Step keys belong to the main screen: under the editor they edit, they do not step.
        await pilot.press("left", "right")
        assert app.position.index == 1
        await pilot.press("enter")
        await settle(app, pilot)
        assert len(app.screen_stack) == 1
        assert app.position.trace.text == "xyz aaa"
        assert TEACHING_TITLE in header(app)[0]
        assert position(app) == "chunk 1/2 · round 0/2 · frame 1/7"  # 'xyz': 2 rounds, ' aaa': 1 round
        assert sentence(app) == "chunk 1: 'xyz' is 3 UTF-8 bytes, written as aliases 'xyz'"
        await pilot.press("end")
        # ' aaa' is Ġ a a a: (a a) merges once and no rule starts with Ġ; Ġ has id 220 here as in GPT-2.
        assert sentence(app) == "no remaining pair is a rule: done; 3 symbols give ids [220, 256, 64]"
        assert ids(app) == [261, 220, 256, 64]


async def test_edit_with_newline_and_gpt2_recaptures_on_the_same_table() -> None:
    app = make_app("x", "gpt2")
    async with opened(app) as pilot:
        await pilot.press("e")
        app.screen.query_one(EditBox).text = ""
        await pilot.press("H", "i", "ctrl+j", "y", "o")
        assert app.screen.query_one(EditBox).text == "Hi\nyo"
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.position.trace.text == "Hi\nyo"
        assert GPT2_TITLE in header(app)[0]
        assert [c.text for c in app.position.trace.chunks] == ["Hi", "\n", "yo"]


async def test_escape_in_editor_cancels_and_keeps_the_trace() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("right", "right", "e")
        app.screen.query_one(EditBox).text = "something else"
        await pilot.press("escape")
        await settle(app, pilot)
        assert len(app.screen_stack) == 1
        assert app.position.trace.text == "aaababcabxyz"
        assert position(app) == "chunk 1/1 · round 2/7 · frame 3/9"
        assert pairs(app).lowest == 1


async def test_uncapturable_text_notifies_and_keeps_the_trace(notes: Notes) -> None:
    app = make_app()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("right")
        app.start_capture("a\ud800b", "teaching", keep=None)  # a lone surrogate has no UTF-8
        await settle(app, pilot)
        assert [n.title for n in notes.errors] == ["Cannot capture"]
        assert "U+D800" in notes.errors[0].message
        assert app.position.trace.text == "aaababcabxyz"
        assert position(app) == "chunk 1/1 · round 1/7 · frame 2/9"
        assert "capturing" not in "\n".join(header(app))


async def test_long_capture_shows_progress_and_escape_cancels_it(monkeypatch: pytest.MonkeyPatch, notes: Notes) -> None:
    """A slowed-down capture (one chunk every 20 ms) reports progress; escape stops it and keeps the old trace."""
    import time

    from textual.worker import get_current_worker

    import tui.app.capture

    real_run = tui.app.capture.run

    def slow_run(text, table, *, record):  # type: ignore[no-untyped-def]
        worker = get_current_worker()
        for chunk in real_run(text, table, record=record):
            if not worker.is_cancelled:  # once cancelled, as fast as a real capture: the worker looks every 4,096 characters
                time.sleep(0.02)
            yield chunk

    monkeypatch.setattr(tui.app.capture, "run", slow_run)
    app = make_app()
    async with opened(app, notes=notes) as pilot:
        await pilot.press("right", "e")
        app.screen.query_one(EditBox).text = "ab " * 500  # 500 chunks: 10 s at this pace
        await pilot.press("enter")
        await until(pilot, lambda: "%" in position(app))
        assert "capturing… " in position(app) and "% (escape cancels)" in position(app)
        await pilot.press("escape")
        await settle(app, pilot)
        assert "capturing" not in position(app)
        assert [m for m in notes.messages if m.startswith("Capture cancelled")]
        assert app.position.trace.text == "aaababcabxyz"
        assert position(app) == "chunk 1/1 · round 1/7 · frame 2/9"
        # The draft survives: the editor opens on the text that was being captured.
        await pilot.press("e")
        assert app.screen.query_one(EditBox).text == "ab " * 500


async def test_help_opens_and_step_keys_wait_for_it() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = "\n".join(str(s.render()) for s in app.screen.query(Static))
        for words in ("shift+right", "pagedown", "scan detail", "Pairs", "Ids", "Bytes", "Chunks", "Word"):
            assert words in shown
        await pilot.press("right", "space")
        assert app.position.index == 0 and not playing(app)
        await pilot.press("escape")
        assert len(app.screen_stack) == 1
        await pilot.press("question_mark", "question_mark")
        assert len(app.screen_stack) == 1
        await pilot.press("right")
        assert app.position.index == 1


async def test_command_palette_lists_next_frame_and_runs_it() -> None:
    app = make_app()
    async with opened(app) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"next fr")
        options = app.screen.query_one(OptionList)

        def listed() -> list[str]:
            return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]

        await until(pilot, lambda: any("Next frame" in p for p in listed()))
        prompts = listed()
        assert any("Next frame" in p for p in prompts), prompts
        assert "Next frame" in prompts[0]
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.screen_stack) == 1
        assert app.position.index == 1


async def test_palette_over_another_view_offers_views_not_animator_steps() -> None:
    """Over the Decode view the palette offers the views and help, not frame steps that would do nothing."""
    app = make_app()
    async with opened(app) as pilot:
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Next frame", "View 2: Decode, frame by frame", "Help: keys and panes"} <= titles
        await pilot.press("2")
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert "Next frame" not in titles and "Switch table" not in titles
        assert {"View 1: Encode (the animator)", "View 2: Decode, frame by frame", "Help: keys and panes"} <= titles
