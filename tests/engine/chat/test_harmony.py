"""The harmony format and the o200k_harmony table against openai-harmony 0.0.8: every special token's id, the
ordinary text's ids, and any conversation of system, developer, user and assistant messages rendered for
completion (and without the generation prompt) exactly as `render_conversation_for_completion` renders it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.chat.references import CONTENT, EXAMPLE, conversations, harmony, harmony_ids
from tui.engine.bpe import encode
from tui.engine.chat.harmony import HARMONY
from tui.engine.chat.model import Message
from tui.engine.chat.registry import default_format, formats_for
from tui.engine.tables import get_table

ROLES = HARMONY.roles


def test_every_special_token_is_harmonys() -> None:
    table = get_table("o200k_harmony")
    reference = harmony()
    assert table.specials is not None and set(table.specials) == reference.special_tokens_set
    assert {name: reference.encode(name, allowed_special="all") for name in table.specials} == {n: [i] for n, i in table.specials.items()}
    assert [table.specials[n] for n in ("<|start|>", "<|end|>", "<|message|>", "<|channel|>", "<|return|>", "<|call|>", "<|constrain|>")] == [
        200006, 200007, 200008, 200005, 200002, 200012, 200003,
    ]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(text=CONTENT)
def test_ordinary_text_is_harmonys(text: str) -> None:
    assert encode(text, get_table("o200k_harmony")) == harmony().encode(text, disallowed_special=())


def test_the_issues_conversation() -> None:
    table = get_table("o200k_harmony")
    assert default_format(table) is HARMONY and formats_for(table) == (HARMONY,)
    out = HARMONY.render(EXAMPLE, table)
    assert list(out.ids) == harmony_ids(EXAMPLE)
    assert out.text == (
        "<|start|>system<|message|>Be brief.<|end|><|start|>user<|message|>Hello there<|end|>"
        "<|start|>assistant<|channel|>final<|message|>Hi!<|end|><|start|>user<|message|>Bye<|end|><|start|>assistant"
    )
    assert out.ids[:3] == (200006, 17360, 200008) and out.parts[-2:][0].message is None


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=conversations(ROLES), prompt=st.booleans())
def test_any_conversation_is_harmonys(messages: tuple[Message, ...], prompt: bool) -> None:
    out = HARMONY.render(messages, get_table("o200k_harmony"), generation_prompt=prompt)
    assert list(out.ids) == harmony_ids(messages, prompt)
    assert sum(out.counts[k] for k in ("content", "template", "special")) == out.counts["total"] == len(out.ids)


@pytest.mark.slow
@settings(max_examples=4_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=conversations(ROLES, max_size=12), prompt=st.booleans())
def test_many_conversations_are_harmonys(messages: tuple[Message, ...], prompt: bool) -> None:
    assert list(HARMONY.render(messages, get_table("o200k_harmony"), generation_prompt=prompt).ids) == harmony_ids(messages, prompt)
