"""A conversation framed by a model's chat format, then encoded: what each id is, and whose.

A conversation is a tuple of `Message(role, content)` (OpenAI's shape; `conversation()` reads one from
a JSON value and refuses anything else in one sentence). A `ChatFormat` renders it for one table as a
request for the next assistant reply (the generation prompt added, unless `generation_prompt=False`)
and encodes it: the result, a `Rendered`, is a tuple of `Part`s in order, each one kind of ids:

- "special": a control token the format inserts (`<s>`, `[INST]`, `<|start|>`), one id, its name as text;
- "template": ordinary ids of text the format adds around the messages (v1's `[INST] ` spelled in
  pieces, harmony's role names, the `\\n\\n` that joins a system prompt to a user message);
- "content": ids of a message's own text.

When one call of the encoder spans template text and content (Mistral v1's `[INST] Hello`), each id is
credited by the bytes it covers; an id straddling a boundary counts as template. A part's `text` is the
text it stands for as the format wrote it, so the parts' texts joined are `Rendered.text` (the special
tokens spelled by name) and their ids joined are `Rendered.ids`, exactly; a part can hold text and no
id (a one-letter content whose id straddled into the template before it). `message` is the index of the
message a part belongs to (None: the start of the request, the generation prompt).

The formats are objects in one registry (`tui.engine.chat.registry`: `FORMATS`, `formats_for(table)`,
`default_format(table)`); a user's Jinja template becomes one with `tui.engine.chat.template`.
A toy format, on the teaching table, shows the API (`assemble`'s pieces: a `Special` by name, a `Run` of texts
encoded by one call):

>>> from ..tables import teaching
>>> from .assemble import Run, Text
>>> def frame(messages, table, prompt):
...     return [Run((Text("template", i, m.role + ": "), Text("content", i, m.content))) for i, m in enumerate(messages)]
>>> toy = ChatFormat("toy", "role: content, one line each", ("teaching",), ("user",), frame)
>>> out = toy.render(conversation([{"role": "user", "content": "aaab"}]), teaching())
>>> out.text, out.ids, out.counts
('user: aaab', (84, 82, 68, 81, 25, 220, 262), {'content': 1, 'template': 6, 'special': 0, 'total': 7})
>>> [(p.kind, p.message, p.text, p.ids) for p in out.parts]
[('template', 0, 'user: ', (84, 82, 68, 81, 25, 220)), ('content', 0, 'aaab', (262,))]
>>> out.per_message()[0]
{'content': 1, 'template': 6, 'special': 0, 'total': 7}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..texts import MAX_TEXT, quote
from .assemble import Segment, assemble
from .parts import KINDS, ChatError, Kind, Part

if TYPE_CHECKING:
    from ..tables import Table

__all__ = ["KINDS", "ChatError", "ChatFormat", "Kind", "Message", "Part", "Rendered", "conversation", "tally"]


@dataclass(frozen=True)
class Message:
    """One message of a conversation: who speaks ('system', 'user', 'assistant', …) and what it says."""

    role: str
    content: str


def tally(parts: Sequence[Part]) -> dict[str, int]:
    """{'content': …, 'template': …, 'special': …, 'total': …}: the ids of each kind among `parts`, and all."""
    counts: dict[str, int] = dict.fromkeys(KINDS, 0)
    for part in parts:
        counts[part.kind] += len(part.ids)
    counts["total"] = sum(counts[kind] for kind in KINDS)
    return counts


@dataclass(frozen=True)
class Rendered:
    """A conversation rendered by one format and encoded: its parts in order (see the module docstring)."""

    format: str
    parts: tuple[Part, ...]
    ids: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ids", tuple(i for part in self.parts for i in part.ids))

    @property
    def text(self) -> str:
        """The rendered request, special tokens spelled by name."""
        return "".join(part.text for part in self.parts)

    @property
    def counts(self) -> dict[str, int]:
        """How many ids are content, template and special, and the total (`len(ids)`)."""
        return tally(self.parts)

    def per_message(self) -> dict[int | None, dict[str, int]]:
        """The counts of each message's parts (None: the parts of no message), in the order they first appear."""
        grouped: dict[int | None, list[Part]] = {}
        for part in self.parts:
            grouped.setdefault(part.message, []).append(part)
        return {message: tally(parts) for message, parts in grouped.items()}


#: What a format's layout is: the conversation, the table and whether to add the generation prompt, to segments.
Layout = Callable[[tuple[Message, ...], "Table", bool], Sequence[Segment]]


@dataclass(frozen=True)
class ChatFormat:
    """A chat format: its name, a one-line label a view can show, the built-in tables it is made for, the roles it
    renders (none named: any role, as a user's template decides), and its layout (what it inserts where). `content_specials`: whether a special token's text written in
    a message's content becomes that special token (the encoder matches it, as Hugging Face's tokenizers do) rather
    than ordinary text. `fit`, when given, says which other tables it fits (a table with the tokens it needs)."""

    name: str
    label: str
    tables: tuple[str, ...]
    roles: tuple[str, ...]
    layout: Layout = field(repr=False)
    content_specials: bool = False
    generation_prompt: str = ""  # what the generation prompt is, in words ("" : the format adds none of its own)
    fit: Callable[[Table], bool] | None = field(default=None, repr=False)

    def fits(self, table: Table) -> bool:
        """Whether the format renders for `table` (one of its tables, or one `fit` accepts)."""
        return table.name in self.tables or (self.fit is not None and self.fit(table))

    def render(self, messages: Sequence[Message], table: Table, generation_prompt: bool = True) -> Rendered:
        """The conversation as a request for the next assistant reply (without the generation prompt when
        `generation_prompt` is False), encoded with `table`; ChatError in one sentence when it cannot be."""
        messages = tuple(messages)
        if not self.fits(table):
            made_for = " and ".join(self.tables) if self.tables else "tables with its special tokens"
            raise ChatError(f"the chat format {self.name} is made for {made_for}, not for the table {table.name}.")
        checked(messages)
        for index, message in enumerate(messages):
            if self.roles and message.role not in self.roles:
                raise ChatError(
                    f"the chat format {self.name} renders the roles {', '.join(self.roles)}; message {index} has the role {quote(message.role)}."
                )
        return Rendered(self.name, assemble(self.layout(messages, table, generation_prompt), table))


def checked(messages: Sequence[Message]) -> None:
    """Refuse, before any work, a conversation over MAX_TEXT characters, or one whose text has no UTF-8."""
    size = sum(len(m.content) + len(m.role) for m in messages)
    if size > MAX_TEXT:
        raise ChatError(f"the conversation has {size:,} characters; the limit is {MAX_TEXT:,}.")
    for index, message in enumerate(messages):
        for what, text in (("role", message.role), ("content", message.content)):
            try:
                text.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise ChatError(
                    f"message {index}'s {what} holds a lone surrogate U+{ord(text[exc.start]):04X} at character {exc.start}, which has no UTF-8."
                ) from None


def conversation(value: object) -> tuple[Message, ...]:
    """The messages of a JSON value in OpenAI's shape (a list of {"role": …, "content": …} objects, both strings),
    or ChatError in one sentence saying what is wrong and where."""
    if not isinstance(value, list):
        raise ChatError(f"a conversation is a JSON list of messages, not {json_kind(value)}.")
    messages = []
    for index, item in enumerate(value):
        if not isinstance(item, dict) or not isinstance(item.get("role"), str) or not isinstance(item.get("content"), str):
            raise ChatError(f'message {index} is not an object with a string "role" and a string "content".')
        other = next((key for key in item if key not in ("role", "content")), None)
        if other is not None:
            raise ChatError(f"message {index} has the key {quote(other)}, which no chat format here renders; give role and content only.")
        messages.append(Message(item["role"], item["content"]))
    checked(messages)
    return tuple(messages)


def json_kind(value: object) -> str:
    """What a JSON value is, in a sentence: 'an object', 'a string', 'null'."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    kinds: dict[type, str] = {dict: "an object", str: "a string", list: "a list"}
    return kinds.get(type(value), type(value).__name__)
