"""The Chat view (view 9): issue 38's conversation in each table's chat format, its ids exact against mistral-common
and openai-harmony (tests/engine/chat/references.py), and what f, g, e, o, enter, t and play do to it; hostile
conversations drawn literally; the smallest size keeps the footer's help and quit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

import pytest
from textual.widgets import Input

from tests.app_support import Notes, make_app, opened, screen_text, settle, until
from tests.engine.chat.references import CHATML_TEMPLATE, EXAMPLE, MISTRAL_FILES, harmony_ids, mistral_ids
from tests.robust.apphelp import assert_alive, assert_screen_clean
from tests.robust.hostile import ESCAPES
from tui.app import BpeApp
from tui.engine.chat.assemble import Run, Text
from tui.engine.chat.model import ChatFormat, Message
from tui.engine.chat.registry import formats_for
from tui.engine.chat.template import template_format
from tui.messages import Animate, ViewRequested
from tui.screens import chat
from tui.screens.chat import ChatScreen
from tui.screens.dialogs import EditBox, EditScreen
from tui.widgets.chat_request import ChatRequest


def view(app: BpeApp) -> ChatScreen:
    assert isinstance(app.screen, ChatScreen)
    return app.screen


def ids(app: BpeApp) -> list[int]:
    rendered = view(app).rendered
    assert rendered is not None
    return list(rendered.ids)


async def edit(app: BpeApp, pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    """e, the dialog's text replaced by `text`, enter."""
    await pilot.press("e")
    await until(pilot, lambda: isinstance(app.screen, EditScreen))
    app.screen.query_one(EditBox).text = text
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(app.screen, ChatScreen))
    await settle(app, pilot)


async def test_tekken_frames_the_example_in_15_ids_with_inst_as_control_tokens_3_and_4() -> None:
    app = make_app("Hi", "tekken")
    async with opened(app, "chat") as pilot:
        assert ids(app) == mistral_ids(MISTRAL_FILES["mistral-v3", "tekken"], EXAMPLE) and len(ids(app)) == 15
        shown = screen_text(app)
        assert "[9 Chat]" in shown and "mistral-v3: Mistral v3: [INST] and [/INST] are control tokens;" in shown
        assert "mistral-v3 adds 7 ids (template + special) to the text's 8: an API counts 15." in shown
        assert "Request · 15 ids: 8 content, 1 template, 6 special" in shown
        assert "⟦[INST]⟧Hello there⟦[/INST]⟧ = ⟦3⟧ 22177 2156 ⟦4⟧" in shown
        assert "#0 system · in #3's frame · content 2 · template 0 · special 0" in shown
        assert "mistral-v3 has no generation prompt: the request ends with '[/INST]'." in shown
        await pilot.press("g")  # Mistral's formats add no prompt of their own: the same 15 ids, and said so
        await settle(app, pilot)
        assert len(ids(app)) == 15
        await pilot.press("t")  # the next table of the cycle: Mistral v1, 27 ids
        await until(pilot, lambda: view(app).table.name == "mistral-v1" and len(ids(app)) == 27)
        assert ids(app) == mistral_ids(MISTRAL_FILES["mistral-v1", "mistral-v1"], EXAMPLE)
        assert "[INST]  = 733 16289 28793 1739" in screen_text(app)  # ▁[ INST ] in ordinary pieces, template ids
        template = [i for part in view(app).rendered.parts if part.kind == "template" for i in part.ids]  # type: ignore[union-attr]
        assert template[:3] == [733, 16289, 28793] and "Request · 27 ids: 7 content, 18 template, 2 special" in screen_text(app)


async def test_g_leaves_out_harmonys_generation_prompt() -> None:
    app = make_app("Hi", "o200k_harmony")
    async with opened(app, "chat", size=(100, 30)) as pilot:
        assert ids(app) == harmony_ids(EXAMPLE) and len(ids(app)) == 28
        assert "generation prompt · content 0 · template 1 · special 1" in screen_text(app)
        await pilot.press("g")
        await settle(app, pilot)
        assert ids(app) == harmony_ids(EXAMPLE, generation_prompt=False) and len(ids(app)) == 26
        assert "Generation prompt left out (g adds '<|start|>assistant' back)." in screen_text(app)
        await pilot.press("g")
        await settle(app, pilot)
        assert len(ids(app)) == 28


async def test_f_cycles_the_formats_that_fit_and_says_so_when_there_is_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every built-in table has one format: f says so; given a second (a toy 'role: content' format), f cycles both."""
    notes = Notes()
    app = make_app("Hi", "tekken")
    async with opened(app, "chat", notes=notes, notifications=True) as pilot:
        await pilot.press("f")
        await settle(app, pilot)
        assert notes.messages[-1] == "tekken has one chat format here, mistral-v3."

        def frame(messages: tuple[Message, ...], table: object, prompt: bool) -> list[Run]:
            return [Run((Text("template", i, m.role + ": "), Text("content", i, m.content))) for i, m in enumerate(messages)]

        toy = ChatFormat("toy", "role: content, one run each", ("tekken",), ("system", "user", "assistant"), frame)
        monkeypatch.setattr(chat, "formats_for", lambda table: (*formats_for(table), toy))
        await pilot.press("f")
        await settle(app, pilot)
        assert view(app).format() is toy and "toy (2 of 2, f): role: content, one run each" in screen_text(app)
        assert not any(part.kind == "special" for part in view(app).rendered.parts)  # type: ignore[union-attr]
        await pilot.press("f")
        await settle(app, pilot)
        assert view(app).format().name == "mistral-v3" and len(ids(app)) == 15  # type: ignore[union-attr]


async def test_e_with_a_broken_conversation_says_one_sentence_and_keeps_the_old_one() -> None:
    notes = Notes()
    app = make_app("Hi", "tekken")
    async with opened(app, "chat", notes=notes, notifications=True) as pilot:
        await edit(app, pilot, "Hello\nuser: Bye")
        assert (
            notes.errors[-1].message == "Line 1 begins no message: begin each with assistant:, developer:, system:, user: (or give JSON)."
        )
        assert notes.errors[-1].title == "Conversation not changed (e: your text again)"
        assert view(app).messages == EXAMPLE and len(ids(app)) == 15
        await edit(app, pilot, '[{"role": "user", "content": "x", "[b]k[/b]": 1}]')  # the note is plain text, never markup
        assert "has the key '[b]k[/b]', which" in screen_text(app)
        await edit(app, pilot, "user: Hi\nassistant: Hello")  # a request ends with a turn to reply to: refused by the format
        assert notes.errors[-1].message == "Mistral-v3 renders a request for the next reply: the last message must not be the assistant's."
        assert view(app).messages == EXAMPLE
        await pilot.press("e")  # what was typed is offered again, not lost
        await until(pilot, lambda: isinstance(app.screen, EditScreen))
        assert app.screen.query_one(EditBox).text == "user: Hi\nassistant: Hello"
        app.screen.query_one(EditBox).text = "system: Be brief.\nuser: Hello\nthere"  # a line without a role goes on
        await pilot.press("enter")
        await settle(app, pilot)
        app.clear_notifications()  # three refusals' notes cover the pane's last rows
        await pilot.pause()
        talk = (Message("system", "Be brief."), Message("user", "Hello\nthere"))
        assert view(app).messages == talk and ids(app) == mistral_ids(MISTRAL_FILES["mistral-v3", "tekken"], talk)
        assert "↵↵Hello↵there⟦[/INST]⟧" in screen_text(app)  # a line break drawn as ↵, the text on one row
        await edit(app, pilot, "user: Say [INST] twice")  # what the Special view teaches: the name in a message is text
        assert "#0 user · content 6 · template 0 · special 2 · '[INST]' in it is plain text" in screen_text(app)


async def test_enter_animates_the_selected_messages_content_in_view_1() -> None:
    notes = Notes()
    app = make_app("Hi", "tekken")
    async with opened(app, "chat", notes=notes) as pilot:
        await pilot.press("down")  # from the start to #1 user
        assert view(app).query_one(ChatRequest).selected == 1
        assert "▶ #1 user · content 2 · template 0 · special 2" in screen_text(app)
        await pilot.press("enter")
        await settle(app, pilot)
        assert notes.sent(ViewRequested)[-1] == ViewRequested("encode", Animate("Hello there", "tekken"))
        await until(pilot, lambda: app.shown_view == "encode" and app.position is not None and app.position.trace.text == "Hello there")


async def test_play_steps_message_by_message() -> None:
    app = make_app("Hi", "tekken")
    async with opened(app, "chat") as pilot:
        screen, pane = view(app), view(app).query_one(ChatRequest)
        assert screen.play_steps() == 6
        walked = []
        while screen.play_step():
            await pilot.pause()
            walked.append(pane.blocks[pane.selected].title)
        assert walked == ["start", "#1 user", "#2 assistant", "#3 user", "#0 system", "#3 user"]


async def test_a_chat_error_is_one_sentence_in_the_view() -> None:
    """A conversation the format cannot render (here set behind the dialog's back, as a table switch can make it) is one sentence."""
    app = make_app("Hi", "tekken")
    async with opened(app, "chat") as pilot:
        screen = view(app)
        screen.messages = (Message("user", "Hi"), Message("developer", "x"))
        screen.reload()
        await settle(app, pilot)
        assert "Request · not rendered" in screen_text(app)
        said = " ".join(screen.query_one(ChatRequest).plain().split("\n"))  # wrapped at spaces
        assert said == "The chat format mistral-v3 renders the roles system, user, assistant; message 1 has the role 'developer'."


async def test_a_table_without_a_format_shows_the_text_alone_and_names_the_tables_with_one() -> None:
    app = make_app("Hi", "gpt2")
    async with opened(app, "chat") as pilot:
        shown = screen_text(app)
        assert "gpt2 has no chat format here (the tables with one are qwen3, qwen3.6, tekken," in shown
        assert "Each message's text alone · 9 ids: 9 content, 0 template, 0 special" in shown
        await pilot.press("f", "g", "down", "end")
        await settle(app, pilot)
        assert_alive(app)


async def test_f_on_o200k_base_switches_to_o200k_harmony_and_t_goes_on_from_there() -> None:
    """o200k_base has no chat format but o200k_harmony is its ranks with harmony's tokens (out of the t cycle): the
    view says f reaches it, f shows the example in harmony's 28 ids (openai-harmony's), t goes on to DeepSeek V4."""
    app = make_app("Hi", "o200k_base")
    async with opened(app, "chat", size=(100, 30)) as pilot:
        assert "o200k_base has no chat format here (f switches to o200k_harmony, its ranks with harmony's special" in screen_text(app)
        await pilot.press("f")
        await until(pilot, lambda: view(app).table.name == "o200k_harmony" and view(app).rendered is not None)
        await settle(app, pilot)
        assert ids(app) == harmony_ids(EXAMPLE) and "Request · 28 ids" in screen_text(app)
        assert app.position.trace.text == "Hi"  # the text is kept, only the table changed
        await pilot.press("t")
        await until(pilot, lambda: view(app).table.name == "deepseek-v4")


async def test_the_users_chat_template_comes_first_and_f_reaches_the_tables_own() -> None:
    """--chat-template with ChatML's template on Qwen 3: the view renders it first (Jinja, in a worker), 32 ids, the very
    ids of the built-in chatml format, which f shows next."""
    app = make_app("Hi", "qwen3")
    app.chat_template = template_format(CHATML_TEMPLATE, "chatml.jinja")
    async with opened(app, "chat", size=(100, 30)) as pilot:
        await until(pilot, lambda: view(app).rendered is not None)
        await settle(app, pilot)
        shown = screen_text(app)
        assert "template (1 of 2, f): the chat template chatml.jinja: Jinja, as transformers renders it" in shown
        assert "Request · 32 ids: 9 content, 14 template, 9 special" in shown
        from_template = ids(app)
        await pilot.press("f")
        await until(pilot, lambda: view(app).format().name == "chatml")  # type: ignore[union-attr]
        await settle(app, pilot)
        assert ids(app) == from_template and "chatml (2 of 2, f)" in screen_text(app)


HOSTILE = ESCAPES["osc title"] + "\u202e\u2066\x00\ufeff" + ESCAPES["osc 8 link"]


async def test_hostile_conversations_are_drawn_literally_and_bounded(tmp_path: Path) -> None:
    """Escapes, bidi controls and NUL in roles' content, 100,000 characters, then 1,000 messages opened from a file:
    nothing raw reaches the terminal, each block stays a few rows, the keys keep working."""
    app = make_app("Hi", "qwen3")
    async with opened(app, "chat", size=(60, 18), notifications=True) as pilot:
        talk = [{"role": "system", "content": HOSTILE}, {"role": "user", "content": HOSTILE + "x" * 100_000}]
        await edit(app, pilot, json.dumps(talk))
        await until(pilot, lambda: view(app).rendered is not None and view(app).messages[1].content.endswith("x" * 10))
        assert_screen_clean(app)
        pane = view(app).query_one(ChatRequest)
        assert pane.count < 20 and "characters more" in pane.plain() and "ids more" in pane.plain()
        many = [{"role": "user" if n % 2 == 0 else "assistant", "content": f"{HOSTILE} {n}"} for n in range(1_000)]
        (tmp_path / "talk.json").write_text(json.dumps(many), encoding="utf-8")
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one(Input).value = str(tmp_path / "talk.json")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ChatScreen) and len(view(app).messages) == 1_000)
        await until(pilot, lambda: view(app).rendered is not None)
        for key in ("end", "pageup", "up", "home", "pagedown", "g", "end"):
            await pilot.press(key)
            await settle(app, pilot)
            assert_alive(app)
            assert_screen_clean(app)
        assert len(cast(ChatRequest, view(app).query_one(ChatRequest)).blocks) == 1_000


@pytest.mark.parametrize("size", [(60, 18), (80, 24)])
async def test_the_smallest_size_keeps_the_views_footer_and_bar(size: tuple[int, int]) -> None:
    app = make_app("Hi", "tekken")
    async with opened(app, "chat", size=size) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert len(lines) == size[1] and "[9 Chat]" in lines[0]
        assert "? help" in lines[-1] and "q quit" in lines[-1] and "▏^p palette" in lines[-1]
        assert "Request · 15 ids" in screen_text(app) and "▶ start" in screen_text(app)


async def test_the_view_says_where_the_partner_format_parts_ways_and_s_and_slash_are_keys() -> None:
    """On mistral-v7, once the partner (v3, on its own table) is rendered in a worker, a line says where they part;
    s is f (the next format) and / is e (edit)."""
    app = make_app("Hi", "mistral-v7")
    async with opened(app, "chat") as pilot:
        theirs = mistral_ids(MISTRAL_FILES["mistral-v3", "mistral-v3"], EXAMPLE)
        assert theirs is not None
        await until(pilot, lambda: f"mistral-v3 ({len(theirs)} ids) apart at id 2: ⟦[SYSTEM_PROMPT]⟧ #0 here" in screen_text(app))
        await pilot.press("slash")
        await until(pilot, lambda: isinstance(app.screen, EditScreen))
