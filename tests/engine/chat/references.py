"""The chat formats' references, used as oracles only: mistral-common's `encode_chat_completion` for each Mistral
format and table, openai-harmony's renderer (reading o200k_base from a local folder, offline), and the
conversations hypothesis draws."""

from __future__ import annotations

import gzip
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import strategies as st

from tui.engine.chat.model import Message
from tui.engine.tables.tiktoken_files import O200K, carrier_file

mistral_common = pytest.importorskip("mistral_common", reason="mistral-common is the Mistral formats' reference (the test group)")
openai_harmony = pytest.importorskip("openai_harmony", reason="openai-harmony is the harmony format's reference (the test group)")

from mistral_common.protocol.instruct.messages import AssistantMessage, SystemMessage, UserMessage  # noqa: E402
from mistral_common.protocol.instruct.request import ChatCompletionRequest  # noqa: E402
from mistral_common.tokens.tokenizers.mistral import MistralTokenizer  # noqa: E402

DATA = Path(mistral_common.__file__).parent / "data"
#: Each (format, table) pair and the file mistral-common reads for it.
MISTRAL_FILES = {
    ("mistral-v1", "mistral-v1"): "tokenizer.model.v1",
    ("mistral-v3", "mistral-v3"): "mistral_instruct_tokenizer_240323.model.v3",
    ("mistral-v3", "tekken"): "tekken_240911.json",
    ("mistral-v7", "mistral-v7"): "mistral_instruct_tokenizer_241114.model.v7",
}
#: The issue's conversation.
#: ChatML as a template: the same text as the built-in format.
CHATML_TEMPLATE = (
    "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
EXAMPLE = (Message("system", "Be brief."), Message("user", "Hello there"), Message("assistant", "Hi!"), Message("user", "Bye"))
MISTRAL_CLASSES = {"system": SystemMessage, "user": UserMessage, "assistant": AssistantMessage}


@cache
def mistral(file: str) -> Any:
    return MistralTokenizer.from_file(str(DATA / file))


def mistral_ids(file: str, messages: tuple[Message, ...]) -> list[int] | None:
    """mistral-common's ids of the conversation as a chat completion request; None where it refuses it."""
    try:
        request = ChatCompletionRequest(messages=[MISTRAL_CLASSES[m.role](content=m.content) for m in messages])
        return list(mistral(file).encode_chat_completion(request).tokens)
    except Exception:  # any refusal: a validation error, a tokenizer exception, an assertion
        return None


@cache
def harmony() -> Any:
    """openai-harmony's gpt-oss encoding, its o200k_base read from a folder holding the carrier's file (offline)."""
    with tempfile.TemporaryDirectory(prefix="harmony-") as folder, pytest.MonkeyPatch.context() as mp:
        (Path(folder) / "o200k_base.tiktoken").write_bytes(gzip.decompress(carrier_file(O200K.file).read_bytes()))
        mp.setenv("TIKTOKEN_ENCODINGS_BASE", folder)
        return openai_harmony.load_harmony_encoding(openai_harmony.HarmonyEncodingName.HARMONY_GPT_OSS)


def harmony_ids(messages: tuple[Message, ...], generation_prompt: bool = True) -> list[int]:
    """openai-harmony's render: each message from_role_and_content, an assistant's on the channel 'final'."""
    h = openai_harmony
    made = []
    for m in messages:
        message = h.Message.from_role_and_content(h.Role(m.role), m.content)
        made.append(message.with_channel("final") if m.role == "assistant" else message)
    conversation = h.Conversation.from_messages(made)
    if generation_prompt:
        return list(harmony().render_conversation_for_completion(conversation, h.Role.ASSISTANT))
    return list(harmony().render_conversation(conversation))


#: Message texts that find the formats' edges: spaces at either end, blank lines, the formats' own token names,
#: text that is no piece (byte fallback), control characters, and plain words.
CONTENT = st.one_of(
    st.text(st.characters(exclude_categories=("Cs",)), max_size=12),
    st.text(st.sampled_from("ab cd\n\t  ▁é東🙂.,!'"), max_size=14),
    st.sampled_from(
        [
            "",
            " ",
            "  x  ",
            "\n\n",
            "Hi!",
            "Be brief.",
            "[INST]",
            "[/INST]",
            "<s>",
            "</s>",
            "<|start|>",
            "<|im_end|>",
            "<|endoftext|>",
            "[SYSTEM_PROMPT]",
            "𝔘𝔫",
            "a\x00b",
            "\u202eabc",
            "the cat sat",
        ]
    ),
)


def conversations(roles: tuple[str, ...], max_size: int = 6) -> st.SearchStrategy[tuple[Message, ...]]:
    """Conversations of `roles` (any order, including those a reference refuses) with CONTENT texts."""
    message = st.builds(Message, st.sampled_from(roles), CONTENT)
    return st.lists(message, max_size=max_size).map(tuple)
