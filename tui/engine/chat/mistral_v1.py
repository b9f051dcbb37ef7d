"""Mistral's v1 instruct format (Mistral 7B v0.1's `tokenizer.model.v1`), as mistral-common 1.13.1 encodes it.

`<s>` once, then each user message as ordinary text `[INST] … [/INST]` (a space inside each bracket, the
pieces ▁[ INST ] spelled like any text, in one encode with the message), each assistant reply as its own
encode followed by `</s>`. The system prompt goes first in the FIRST user message, a blank line after it
('\\n\\n': two byte-fallback pieces <0x0A><0x0A>). The rules shared with v3 and v7 are in mistral.py. There is
no generation prompt of its own: the request ends with the last user message's [/INST], and the reply follows.
"""

from __future__ import annotations

from ..tables import Table
from .assemble import Run, Segment, Special, Text
from .mistral import ROLES, gathered, refused, reply, user_text
from .model import ChatFormat, Message


def layout(messages: tuple[Message, ...], table: Table, generation_prompt: bool) -> list[Segment]:
    refused(messages, "mistral-v1", empty_assistant=True)
    groups, prompt = gathered(messages, keep_system=False)
    first = next(g for g in groups if g.role == "user")
    out: list[Segment] = [Special("<s>")]
    for group in groups:
        if group.role == "assistant":
            out += reply(group, strip=False)
            continue
        texts = user_text(group, prompt if group is first else ())
        out.append(Run((Text("template", group.first, "[INST] "), *texts, Text("template", group.last, " [/INST]"))))
    return out


MISTRAL_V1 = ChatFormat(
    "mistral-v1",
    "Mistral v1: [INST] … [/INST] spelled in ordinary pieces; the system prompt opens the first user message",
    ("mistral-v1",),
    ROLES,
    layout,
)
