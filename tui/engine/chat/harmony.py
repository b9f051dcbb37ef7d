"""OpenAI's harmony format (gpt-oss) on the o200k_harmony table, as openai-harmony 0.0.8's
`render_conversation_for_completion(conversation, Role.ASSISTANT)` renders it.

Each message is `<|start|>` ROLE `<|message|>` CONTENT `<|end|>`: the role name and the content are ordinary text,
each its own encode (a special token's name written in the content stays ordinary text, as harmony's
`encode_ordinary` keeps it), and the generation prompt is `<|start|>assistant`.

How OpenAI-shaped messages map to harmony: each is what `Message.from_role_and_content(Role(role), content)`
makes, its content a plain text, so a system message is a harmony system message whose whole content is that
text (not harmony's structured SystemContent, whose model identity, knowledge cutoff, reasoning effort and
channels a user would set on purpose), and a developer message likewise (not DeveloperContent's
'# Instructions' section). An assistant message is a reply on the channel 'final' (`.with_channel("final")`):
`<|start|>assistant<|channel|>final<|message|>…<|end|>`. With no generation prompt the conversation is
`render_conversation`'s. No message is refused: any conversation of these four roles renders.
"""

from __future__ import annotations

from ..tables import Table
from .assemble import Run, Segment, Special, Text
from .model import ChatFormat, Message

NEEDED = ("<|start|>", "<|message|>", "<|end|>", "<|channel|>")


def layout(messages: tuple[Message, ...], table: Table, generation_prompt: bool) -> list[Segment]:
    out: list[Segment] = []
    for index, message in enumerate(messages):
        out += [Special("<|start|>", index), Run((Text("template", index, message.role),))]
        if message.role == "assistant":
            out += [Special("<|channel|>", index), Run((Text("template", index, "final"),))]
        out += [Special("<|message|>", index), Run((Text("content", index, message.content),)), Special("<|end|>", index)]
    if generation_prompt:
        out += [Special("<|start|>"), Run((Text("template", None, "assistant"),))]
    return out


def has_harmony_tokens(table: Table) -> bool:
    """Whether `table` has the special tokens harmony writes."""
    specials = table.specials or {}
    return all(name in specials for name in NEEDED)


HARMONY = ChatFormat(
    "harmony",
    "OpenAI's harmony (gpt-oss): <|start|>role<|message|>content<|end|>, replies on the channel final",
    ("o200k_harmony",),
    ("system", "developer", "user", "assistant"),
    layout,
    generation_prompt="<|start|>assistant",
    fit=has_harmony_tokens,
)
