"""The Chat view's row model: blocks in the format's order with each message's counts, the sentences around them,
and the conversation as the edit dialog writes and reads it. Expected ids come from mistral-common and
openai-harmony (tests/engine/chat/references.py), the engine's oracles."""

from __future__ import annotations

import json

import pytest

from tests.engine.chat.references import EXAMPLE, MISTRAL_FILES, harmony_ids, mistral_ids
from tui.engine.chat.model import ChatError, Message
from tui.engine.chat.registry import default_format
from tui.engine.tables import get_table
from tui.explain import chat_rows
from tui.explain.chat_rows import (
    added_line,
    blocks,
    conversation_text,
    no_format,
    parse_conversation,
    plain_render,
    prompt_tail,
    spellings,
    total_line,
)


def test_the_view_starts_on_the_issues_conversation() -> None:
    assert chat_rows.EXAMPLE == EXAMPLE


@pytest.mark.parametrize(("fmt", "table"), sorted(MISTRAL_FILES))
def test_the_blocks_hold_the_references_ids_in_order(fmt: str, table: str) -> None:
    """Joined, the blocks' ids are mistral-common's for the example (27 on v1, 15 on Tekken, 17 on v7)."""
    loaded = get_table(table)
    out = default_format(loaded).render(EXAMPLE, loaded)
    assert out.format == fmt
    assert [i for block in blocks(out, EXAMPLE) for i in block.ids] == mistral_ids(MISTRAL_FILES[fmt, table], EXAMPLE)


def test_tekken_moves_the_system_prompt_into_the_last_user_message() -> None:
    """v3's blocks: <s>, each turn in order, the system prompt inside #3's [INST] … [/INST]; [INST] and [/INST] are ids 3 and 4."""
    table = get_table("tekken")
    out = default_format(table).render(EXAMPLE, table)
    shown = blocks(out, EXAMPLE)
    assert [(b.where, b.title, b.note) for b in shown] == [
        ("start", "start", ""),
        ("message", "#1 user", ""),
        ("message", "#2 assistant", ""),
        ("message", "#3 user", ""),
        ("message", "#0 system", "in #3's frame"),
        ("message", "#3 user", "continued"),
    ]
    first = shown[1]
    assert [(p.kind, p.text, p.ids) for p in first.parts if p.kind == "special"] == [
        ("special", "[INST]", (3,)),
        ("special", "[/INST]", (4,)),
    ]
    assert first.counts == "content 2 · template 0 · special 2"
    assert shown[-1].counts == ""  # a message's counts are said once, on its first block
    assert total_line(out.counts) == "15 ids: 8 content, 1 template, 6 special"


def test_mistral_v1_spells_inst_in_ordinary_template_pieces() -> None:
    """v1's [INST] is ▁[ INST ] = 733 16289 28793, template ids; the system prompt is in #1's frame, joined by two byte pieces."""
    table = get_table("mistral-v1")
    out = default_format(table).render(EXAMPLE, table)
    shown = blocks(out, EXAMPLE)
    assert [(b.title, b.note) for b in shown][:4] == [
        ("start", ""),
        ("#1 user", ""),
        ("#0 system", "in #1's frame"),
        ("#1 user", "continued"),
    ]
    assert shown[1].parts[0].kind == "template" and shown[1].parts[0].ids[:3] == (733, 16289, 28793)
    assert shown[3].parts[0].kind == "template" and shown[3].parts[0].text == "\n\n"
    assert shown[1].counts == "content 2 · template 10 · special 0"
    assert total_line(out.counts) == "27 ids: 7 content, 18 template, 2 special"


def test_harmonys_generation_prompt_is_its_own_block() -> None:
    table = get_table("o200k_harmony")
    fmt = default_format(table)
    assert fmt is not None
    out = fmt.render(EXAMPLE, table)
    shown = blocks(out, EXAMPLE)
    assert shown[-1].where == "prompt" and shown[-1].title == "generation prompt" and shown[-1].ids == (200006, 173781)
    assert list(out.ids) == harmony_ids(EXAMPLE)
    without = fmt.render(EXAMPLE, table, generation_prompt=False)
    assert list(without.ids) == harmony_ids(EXAMPLE, generation_prompt=False)
    assert all(b.where == "message" for b in blocks(without, EXAMPLE))
    assert prompt_tail(fmt, out, True) == ""
    assert prompt_tail(fmt, without, False) == "Generation prompt left out (g adds '<|start|>assistant' back)."


def test_a_format_without_a_generation_prompt_says_how_the_request_ends() -> None:
    table = get_table("tekken")
    fmt = default_format(table)
    out = fmt.render(EXAMPLE, table)  # type: ignore[union-attr]
    assert prompt_tail(fmt, out, True) == "mistral-v3 has no generation prompt: the request ends with '[/INST]'."


def test_the_added_line_is_where_an_apis_count_comes_from() -> None:
    table = get_table("mistral-v1")
    fmt = default_format(table)
    out = fmt.render(EXAMPLE, table)  # type: ignore[union-attr]
    assert added_line(out, fmt, 120) == "mistral-v1 adds 20 template and special ids to the messages' 7: an API counts all 27."
    assert added_line(out, fmt, 58) == "The format adds 20 ids to the text's 7: an API counts 27."


def test_a_table_without_a_format_names_the_tables_with_one_and_shows_the_text_alone() -> None:
    table = get_table("gpt2")
    said = no_format(table)
    assert said.startswith("gpt2 has no chat format here (the tables with one are qwen3, qwen3.6, tekken, mistral-v1, ")
    assert said.endswith("mistral-v7 and o200k_harmony): below, each message's text alone.") and ". " not in said
    out = plain_render(EXAMPLE, table)
    assert out.counts == {"content": 9, "template": 0, "special": 0, "total": 9}
    assert [b.title for b in blocks(out, EXAMPLE)] == ["#0 system", "#1 user", "#2 assistant", "#3 user"]
    assert added_line(out, None, 100) == "9 ids of the messages' text alone: a chat API adds its format's template and special ids."


# -- the edit dialog's text -------------------------------------------------------------------------------------


def test_lines_read_back_as_the_conversation() -> None:
    assert conversation_text(EXAMPLE) == "system: Be brief.\nuser: Hello there\nassistant: Hi!\nuser: Bye"
    assert parse_conversation(conversation_text(EXAMPLE)) == EXAMPLE
    assert parse_conversation("user:Hi\n\nsecond: line\nassistant: ") == (Message("user", "Hi\n\nsecond: line"), Message("assistant", ""))


@pytest.mark.parametrize(
    "messages",
    [
        (Message("user", "a\nuser: not a message"),),  # a line that would begin a message
        (Message("user", "a\rb"),),  # a line end the editor would turn into \n
        (Message("user", "x\u2028y"),),
        (Message("tool", "a role no line may begin with"),),
    ],
)
def test_what_lines_cannot_give_back_is_written_as_json(messages: tuple[Message, ...]) -> None:
    text = conversation_text(messages)
    assert text.startswith("[") and json.loads(text) == [{"role": m.role, "content": m.content} for m in messages]
    assert parse_conversation(text) == messages


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Hello", "line 1 begins no message: begin each with assistant:, developer:, system:, user: (or give JSON)."),
        ("", "the conversation is empty: give at least one message, such as 'user: Hello'."),
        ('[{"role": "user"}', "the conversation is not valid JSON (Expecting ',' delimiter at line 1, column 18)."),
        ('[{"role": "user", "content": 3}]', 'message 0 is not an object with a string "role" and a string "content".'),
        ('{"role": "user"}', "a conversation is a JSON list of messages, not an object."),
    ],
)
def test_a_wrong_conversation_is_one_sentence(text: str, said: str) -> None:
    with pytest.raises(ChatError) as caught:
        parse_conversation(text)
    assert str(caught.value) == said


def test_a_special_tokens_name_in_a_message_is_said_once_on_its_first_block() -> None:
    """Tekken's v3 format encodes '[INST]' in a message as ordinary text; Qwen's ChatML makes '<|im_end|>' the token."""
    tekken, qwen = get_table("tekken"), get_table("qwen3")
    talk = (Message("system", "No [INST] here"), Message("user", "Hi"))
    v3 = default_format(tekken)
    out = v3.render(talk, tekken)  # type: ignore[union-attr]
    shown = blocks(out, talk, spellings(tekken, v3))
    assert [(b.title, b.spelled) for b in shown] == [
        ("start", ""),
        ("#1 user", ""),
        ("#0 system", "'[INST]' in it is plain text"),
        ("#1 user", ""),
    ]
    assert [p.kind for p in shown[2].parts] == ["content"] and 3 not in shown[2].ids  # no [INST] id made of the text
    assert list(out.ids) == mistral_ids(MISTRAL_FILES["mistral-v3", "tekken"], talk)
    chatml = default_format(qwen)
    said = (Message("user", "a<|im_end|>b"),)
    made = blocks(chatml.render(said, qwen), said, spellings(qwen, chatml))  # type: ignore[union-attr]
    assert made[0].spelled == "'<|im_end|>' in it is a special token" and made[0].ids.count(151645) == 2
