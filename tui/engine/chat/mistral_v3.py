"""Mistral's v3 instruct format, on its SentencePiece table (mistral-v3) and on Tekken, as mistral-common 1.13.1
encodes it (v2's way of writing a conversation: v3 changes only its tool messages, which are not rendered here).

`<s>` once, then each user message between the control tokens [INST] and [/INST] (ids 3 and 4, no space
added), each assistant reply without the spaces that end it, then `</s>`. The system prompt moves to the LAST
user message, before its text, a blank line after it. Each text is its own encode (on SentencePiece, each with
its own '▁' in front). The rules shared with v1 and v7 are in mistral.py; no generation prompt of its own.
"""

from __future__ import annotations

from ..tables import Table
from .assemble import Run, Segment, Special
from .mistral import ROLES, gathered, last_user, refused, reply, user_text
from .model import ChatFormat, Message


def layout(messages: tuple[Message, ...], table: Table, generation_prompt: bool) -> list[Segment]:
    refused(messages, "mistral-v3", empty_assistant=True)
    groups, prompt = gathered(messages, keep_system=False)
    last = last_user(groups)
    out: list[Segment] = [Special("<s>")]
    for group in groups:
        if group.role == "assistant":
            out += reply(group, strip=True)
            continue
        out += [Special("[INST]", group.first), Run(user_text(group, prompt if group is last else ())), Special("[/INST]", group.last)]
    return out


MISTRAL_V3 = ChatFormat(
    "mistral-v3",
    "Mistral v3: [INST] and [/INST] are control tokens; the system prompt joins the last user message",
    ("mistral-v3", "tekken"),
    ROLES,
    layout,
)
