"""What Mistral's instruct formats share, as mistral-common 1.13.1's `encode_chat_completion` does it: the
conversations it refuses, and how it gathers the messages before any format writes them.

Refused (mistral-common's validator, in its default 'test' mode): no message; one message that is not the
user's or the system's; a conversation of several that ends with the assistant's (the request is for the next
reply); a system message right after the assistant's; and, before v7, an assistant message with no content.

Gathered (its request normaliser): consecutive messages of one role become one, their non-empty contents joined
by a blank line ('\\n\\n'). Before v7 the system messages leave the conversation (each still ends a run of one
role) and become one system prompt, their non-empty contents joined by '\\n\\n', which the format places itself;
a conversation that does not then start with a user message gets an empty one first. From v7 on, each system
message stays where it is, alone.

>>> groups, prompt = gathered([Message("system", "S"), Message("user", "a"), Message("user", "b")], keep_system=False)
>>> [(g.role, g.indices, g.text) for g in groups], [t.text for t in prompt]
([('user', (1, 2), 'a\\n\\nb')], ['S'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .assemble import Run, Segment, Special, Text
from .model import ChatError, Message

#: The roles Mistral's formats render here (tool messages need call ids this conversation shape has no room for).
ROLES = ("system", "user", "assistant")
JOIN = "\n\n"  # what joins two messages' contents (and the system prompt to a user's)


@dataclass(frozen=True)
class Group:
    """Consecutive messages of one role, gathered: their indices, and their contents as texts to encode."""

    role: str
    indices: tuple[int, ...]
    texts: tuple[Text, ...]

    @property
    def first(self) -> int | None:
        return self.indices[0] if self.indices else None

    @property
    def last(self) -> int | None:
        return self.indices[-1] if self.indices else None

    @property
    def text(self) -> str:
        return "".join(t.text for t in self.texts)


def refused(messages: Sequence[Message], name: str, *, empty_assistant: bool) -> None:
    """Refuse in one sentence what mistral-common's validator refuses (`empty_assistant`: an assistant message
    with no content is refused, as before v7)."""
    if not messages:
        raise ChatError(f"{name} needs at least one message.")
    if len(messages) == 1 and messages[0].role not in ("user", "system"):
        raise ChatError(f"{name} needs a user's or a system message to begin a conversation of one message.")
    if len(messages) > 1 and messages[-1].role == "assistant":
        raise ChatError(f"{name} renders a request for the next reply: the last message must not be the assistant's.")
    for index in range(1, len(messages)):
        if messages[index].role == "system" and messages[index - 1].role == "assistant":
            raise ChatError(f"{name} takes no system message right after the assistant's (message {index}).")
    for index, message in enumerate(messages):
        if empty_assistant and message.role == "assistant" and not message.content:
            raise ChatError(f"{name} refuses an assistant message with no content (message {index}).")


def joined(indices: Sequence[int], messages: Sequence[Message], between: int | None = None) -> tuple[Text, ...]:
    """The non-empty contents of the messages at `indices`, a template '\\n\\n' between each two (that of the
    message after it, or of `between`)."""
    texts: list[Text] = []
    for index in indices:
        content = messages[index].content
        if not content:
            continue
        if texts:
            texts.append(Text("template", index if between is None else between, JOIN))
        texts.append(Text("content", index, content))
    return tuple(texts)


def gathered(messages: Sequence[Message], *, keep_system: bool) -> tuple[list[Group], tuple[Text, ...]]:
    """The groups the formats write, in order, and (`keep_system` False) the system prompt's texts."""
    runs: list[tuple[str, list[int]]] = []
    for index, message in enumerate(messages):
        if runs and runs[-1][0] == message.role:
            runs[-1][1].append(index)
        else:
            runs.append((message.role, [index]))
    groups: list[Group] = []
    for role, indices in runs:
        if role != "system":
            groups.append(Group(role, tuple(indices), joined(indices, messages)))
        elif keep_system:
            groups += [Group(role, (index,), joined([index], messages)) for index in indices]
    prompt: tuple[Text, ...] = ()
    if not keep_system:
        prompt = joined([i for i, m in enumerate(messages) if m.role == "system"], messages)
    if not groups or (not keep_system and groups[0].role != "user"):
        groups.insert(0, Group("user", (), ()))
    return groups, prompt


def stripped(texts: tuple[Text, ...]) -> tuple[Text, ...]:
    """The texts without the spaces (' ', only) that end their join, as an assistant's reply is encoded from v2 on."""
    out = list(texts)
    while out:
        last = out[-1]
        kept = last.text.rstrip(" ")
        if kept:
            out[-1] = Text(last.kind, last.message, kept)
            break
        out.pop()
    return tuple(out)


def reply(group: Group, *, strip: bool) -> list[Segment]:
    """An assistant's reply: its text (without the spaces that end it, `strip`), then the end of sequence `</s>`."""
    return [Run(stripped(group.texts) if strip else group.texts), Special("</s>", group.last)]


def user_text(group: Group, prompt: tuple[Text, ...]) -> tuple[Text, ...]:
    """A user's texts, after the system prompt and a blank line when `prompt` is given."""
    if not prompt:
        return group.texts
    return (*prompt, Text("template", group.first, JOIN), *group.texts)


def last_user(groups: Sequence[Group]) -> Group | None:
    """The last user group (the one v2 and v3 give the system prompt to)."""
    return next((g for g in reversed(groups) if g.role == "user"), None)
