"""Mistral's three instruct formats against mistral-common 1.13.1's `encode_chat_completion`: the issue's
conversation (27, 15 and 17 ids), then any conversation hypothesis draws, on each table the reference pairs
with each format; where the reference refuses a conversation, the format refuses it in one sentence."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.engine.chat.references import EXAMPLE, MISTRAL_FILES, conversations, mistral_ids
from tui.engine.chat.mistral import ROLES
from tui.engine.chat.model import ChatError, Message
from tui.engine.chat.registry import by_name
from tui.engine.tables import get_table

PAIRS = list(MISTRAL_FILES)


@pytest.mark.parametrize(
    ("fmt", "table", "count"), [("mistral-v1", "mistral-v1", 27), ("mistral-v3", "tekken", 15), ("mistral-v7", "mistral-v7", 17)]
)
def test_the_issues_conversation_costs_27_15_and_17_ids(fmt: str, table: str, count: int) -> None:
    out = by_name(fmt).render(EXAMPLE, get_table(table))
    assert len(out.ids) == count and list(out.ids) == mistral_ids(MISTRAL_FILES[fmt, table], EXAMPLE)


def test_the_issues_facts() -> None:
    """v1 spells [INST] in ordinary pieces and glues the system prompt to the first user message with two byte
    pieces <0x0A>; Tekken's [INST] and [/INST] are control ids 3 and 4 and the prompt goes to the last user
    message; v7's own [SYSTEM_PROMPT] and [/SYSTEM_PROMPT] (16, 17) open the request."""
    v1 = by_name("mistral-v1").render(EXAMPLE, get_table("mistral-v1"))
    assert v1.ids[1:4] == (733, 16289, 28793) and [p.kind for p in v1.parts[1:3]] == ["template", "content"]
    glue = next(p for p in v1.parts if p.text == "\n\n")
    assert (glue.kind, glue.ids, v1.parts[v1.parts.index(glue) - 1].message) == ("template", (13, 13), 0)
    tekken = by_name("mistral-v3").render(EXAMPLE, get_table("tekken"))
    assert [p.ids for p in tekken.parts if p.text in ("[INST]", "[/INST]")] == [(3,), (4,), (3,), (4,)]
    assert [p.message for p in tekken.parts if p.kind == "content"] == [1, 2, 0, 3]  # the system prompt, in the last [INST]
    v7 = by_name("mistral-v7").render(EXAMPLE, get_table("mistral-v7"))
    assert v7.ids[:2] == (1, 16) and v7.ids[4:6] == (29491, 17) and v7.parts[1].text == "[SYSTEM_PROMPT]"


def check(fmt: str, table: str, messages: tuple[Message, ...]) -> None:
    expected = mistral_ids(MISTRAL_FILES[fmt, table], messages)
    try:
        out = by_name(fmt).render(messages, get_table(table))
    except ChatError as exc:
        assert expected is None, f"{fmt} refused what mistral-common encodes: {exc}"
        assert str(exc).count(". ") == 0 and str(exc).endswith(".")
        return
    assert list(out.ids) == expected
    assert sum(len(p.ids) for p in out.parts) == out.counts["total"] == len(out.ids)


@pytest.mark.parametrize(("fmt", "table"), PAIRS)
@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=conversations(ROLES))
def test_any_conversation_is_mistral_commons(fmt: str, table: str, messages: tuple[Message, ...]) -> None:
    check(fmt, table, messages)


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "table"), PAIRS)
@settings(max_examples=3_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=conversations(ROLES, max_size=10))
def test_many_conversations_are_mistral_commons(fmt: str, table: str, messages: tuple[Message, ...]) -> None:
    check(fmt, table, messages)


@pytest.mark.parametrize(
    ("messages", "said"),
    [
        ((), "mistral-v3 needs at least one message."),
        ((Message("assistant", "x"),), "mistral-v3 needs a user's or a system message to begin a conversation of one message."),
        ((Message("user", "x"), Message("assistant", "y")), "mistral-v3 renders a request for the next reply: the last message must not be the assistant's."),
        ((Message("user", "x"), Message("assistant", "y"), Message("system", "z"), Message("user", "w")), "mistral-v3 takes no system message right after the assistant's (message 2)."),
        ((Message("user", "x"), Message("assistant", ""), Message("user", "w")), "mistral-v3 refuses an assistant message with no content (message 1)."),
        ((Message("tool", "x"),), "the chat format mistral-v3 renders the roles system, user, assistant; message 0 has the role 'tool'."),
    ],
)  # fmt: skip
def test_what_mistral_common_refuses_is_one_sentence(messages: tuple[Message, ...], said: str) -> None:
    assert mistral_ids(MISTRAL_FILES["mistral-v3", "tekken"], messages) is None
    with pytest.raises(ChatError) as info:
        by_name("mistral-v3").render(messages, get_table("tekken"))
    assert str(info.value) == said


def test_a_format_on_a_table_it_is_not_made_for_says_so() -> None:
    with pytest.raises(ChatError, match=r"^the chat format mistral-v7 is made for mistral-v7, not for the table tekken\.$"):
        by_name("mistral-v7").render(EXAMPLE, get_table("tekken"))
