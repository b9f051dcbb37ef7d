"""Mistral's v7 instruct format (`mistral_instruct_tokenizer_241114.model.v7`), as mistral-common 1.13.1 encodes it.

v3's, except the system messages: each stays where it is, between its own control tokens [SYSTEM_PROMPT] and
[/SYSTEM_PROMPT], and no user message carries it; an empty user message is no longer put first. An assistant
message with no content is refused only when its whole run of replies has none. The rules shared with v1 and v3
are in mistral.py; no generation prompt of its own.
"""

from __future__ import annotations

from ..tables import Table
from .assemble import Run, Segment, Special
from .mistral import ROLES, gathered, refused, reply
from .model import ChatError, ChatFormat, Message


def layout(messages: tuple[Message, ...], table: Table, generation_prompt: bool) -> list[Segment]:
    refused(messages, "mistral-v7", empty_assistant=False)
    groups, _ = gathered(messages, keep_system=True)
    out: list[Segment] = [Special("<s>")]
    for group in groups:
        if group.role == "assistant":
            if not group.texts:
                raise ChatError(f"mistral-v7 refuses assistant replies with no content (message {group.first}).")
            out += reply(group, strip=True)
        elif group.role == "system":
            out += [Special("[SYSTEM_PROMPT]", group.first), Run(group.texts), Special("[/SYSTEM_PROMPT]", group.last)]
        else:
            out += [Special("[INST]", group.first), Run(group.texts), Special("[/INST]", group.last)]
    return out


MISTRAL_V7 = ChatFormat(
    "mistral-v7",
    "Mistral v7: [INST] and [/INST] control tokens; each system message between [SYSTEM_PROMPT] and [/SYSTEM_PROMPT]",
    ("mistral-v7",),
    ROLES,
    layout,
)
