"""What the Chat view shows, as plain data: a rendered request cut into blocks, the sentences around it, and the
conversation as the edit dialog writes and reads it.

A block is a run of parts in the order the format wrote them: the start of the request, each message's parts, the
generation prompt. A message whose text a format moves into another message's frame (Mistral's system prompt) is
its own block there, inside that frame:

>>> from ..engine.tables import get_table
>>> from ..engine.chat.registry import default_format
>>> table = get_table("tekken")
>>> out = default_format(table).render(EXAMPLE, table)
>>> [(b.title, b.note, len(b.ids)) for b in blocks(out, EXAMPLE)]  # doctest: +NORMALIZE_WHITESPACE
[('start', '', 1), ('#1 user', '', 4), ('#2 assistant', '', 3), ('#3 user', '', 1), ('#0 system', "in #3's frame", 2),
 ('#3 user', 'continued', 4)]
>>> total_line(out.counts), counts_words(out.per_message()[3])
('15 ids: 8 content, 1 template, 6 special', 'content 2 · template 1 · special 2')

The dialog's lines, one message to a line (a line that does not begin with a role continues the message above):

>>> print(conversation_text(EXAMPLE))
system: Be brief.
user: Hello there
assistant: Hi!
user: Bye
>>> parse_conversation("user: two\\nlines\\nassistant: ok") == (Message("user", "two\\nlines"), Message("assistant", "ok"))
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..engine.bpe import encode
from ..engine.chat.assemble import specials_pattern
from ..engine.chat.model import ChatError, ChatFormat, Message, Part, Rendered, conversation, tally
from ..engine.chat.registry import DEFAULTS, FORMATS
from ..engine.files import json_value
from ..engine.tables import Table
from ..engine.tables.registry import ENTRIES, chat_twin
from .words import count, plural, quoted

#: The conversation the view starts with (issue 38's: 27, 15 and 17 ids with Mistral's three formats).
EXAMPLE = (Message("system", "Be brief."), Message("user", "Hello there"), Message("assistant", "Hi!"), Message("user", "Bye"))
#: A part's text is drawn up to this many characters and its ids up to this many; the rest is counted, not drawn.
SHOWN_CHARS = 2_000
SHOWN_IDS = 500
#: The roles a line of the dialog may begin with: those the built-in formats render.
ROLES = tuple(sorted({role for f in FORMATS for role in f.roles}))
_ROLE_LINE = re.compile(rf"({'|'.join(ROLES)}): ?(.*)", re.S)
#: Line ends the edit dialog turns into '\n': a content holding one is written as JSON, which keeps it.
_BREAKS = re.compile("[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


@dataclass(frozen=True)
class Block:
    """A run of parts of one message (or of none: the start of the request, the generation prompt), in the
    format's order: its title ('#1 user', 'start', 'generation prompt'), a note on where it stands ('inside #3's
    frame', 'continued'), the counts of its message said once (on its first block), and its parts."""

    where: Literal["start", "message", "prompt"]
    message: int | None
    title: str
    note: str
    counts: str
    parts: tuple[Part, ...]
    spelled: str = ""  # what a special token's name written in the message's text became (said on its first block)

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(i for part in self.parts for i in part.ids)


def counts_words(counts: dict[str, int]) -> str:
    """'content 2 · template 0 · special 2': one message's ids of each kind."""
    return f"content {counts['content']:,} · template {counts['template']:,} · special {counts['special']:,}"


def total_line(counts: dict[str, int]) -> str:
    """'27 ids: 7 content, 18 template, 2 special'."""
    return f"{count(counts['total'], 'id')}: {counts['content']:,} content, {counts['template']:,} template, {counts['special']:,} special"


def blocks(rendered: Rendered, messages: Sequence[Message], spelled: Callable[[str], str] | None = None) -> tuple[Block, ...]:
    """The rendered request's parts grouped into blocks (see the module docstring); `spelled` says of a message's
    text what a special token's name in it became ('' when it holds none: see `spellings`)."""
    runs: list[list[Part]] = []
    for part in rendered.parts:
        if runs and runs[-1][0].message == part.message:
            runs[-1].append(part)
        else:
            runs.append([part])
    per_message = rendered.per_message()
    seen: set[int | None] = set()
    out: list[Block] = []
    for n, run in enumerate(runs):
        message = run[0].message
        before = runs[n - 1][0].message if n else None
        after = runs[n + 1][0].message if n + 1 < len(runs) else None
        if message is None:
            where: Literal["start", "message", "prompt"] = "prompt" if any(b.where == "message" for b in out) else "start"
            title, note = ("generation prompt", "") if where == "prompt" else ("start", "")
            said = counts_words(tally(run))
        else:
            where = "message"
            role = messages[message].role if 0 <= message < len(messages) else "?"
            title = f"#{message} {role}"
            if message in seen:
                note, said = "continued", ""
            else:
                note = f"in #{before}'s frame" if before is not None and before == after else ""
                said = counts_words(per_message[message])
        first = message is not None and message not in seen and 0 <= message < len(messages)
        seen.add(message)
        told = spelled(messages[message].content) if spelled is not None and first and message is not None else ""
        out.append(Block(where, message, title, note, said, tuple(run), told))
    return tuple(out)


def spellings(table: Table, fmt: ChatFormat | None) -> Callable[[str], str]:
    """What the Special view teaches, in a message: a special token's name written in its text is the token where
    the format cuts the text at the table's special tokens (as Hugging Face's tokenizers do), else ordinary text.

    >>> from ..engine.tables import get_table
    >>> from ..engine.chat.registry import default_format
    >>> tekken, qwen = get_table("tekken"), get_table("qwen3")
    >>> spellings(tekken, default_format(tekken))("Say [INST] twice"), spellings(qwen, default_format(qwen))("a<|im_end|>")
    ("'[INST]' in it is plain text", "'<|im_end|>' in it is a special token")
    >>> spellings(tekken, default_format(tekken))("plain")
    ''
    """
    pattern = specials_pattern(table)
    made = fmt is not None and fmt.content_specials

    def said(text: str) -> str:
        found = None if pattern is None else pattern.search(text)
        if found is None:
            return ""
        name = quoted(found.group())
        return f"{name} in it is a special token" if made else f"{name} in it is plain text"

    return said


def plain_render(messages: Sequence[Message], table: Table) -> Rendered:
    """Each message's content encoded alone, as a tokenizer given the text counts it: what a table with no chat
    format shows (no template, no special token)."""
    return Rendered("", tuple(Part("content", n, m.content, tuple(encode(m.content, table))) for n, m in enumerate(messages)))


def with_format() -> tuple[str, ...]:
    """The built-in tables that have a chat format, in registry order."""
    return tuple(entry.name for entry in ENTRIES if entry.name in DEFAULTS)


def no_format(table: Table) -> str:
    """The sentence a table without a chat format is shown with, naming the tables that have one (the one with its
    ranks and a format's tokens, which `f` moves to, if there is one).

    >>> from ..engine.tables import get_table
    >>> print(no_format(get_table("o200k_base")))
    o200k_base has no chat format here (f switches to o200k_harmony, its ranks with harmony's special tokens): below, each message's text alone.
    """
    twin = chat_twin(table.name)
    if twin is not None:
        fmt = DEFAULTS[twin].name
        return f"{table.name} has no chat format here (f switches to {twin}, its ranks with {fmt}'s special tokens): below, each message's text alone."
    names = with_format()
    listed = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    return f"{table.name} has no chat format here (the tables with one are {listed}): below, each message's text alone."


def added_line(rendered: Rendered, fmt: ChatFormat | None, width: int) -> str:
    """Where a count that differs from an API's comes from, in the longest wording that fits `width`.

    >>> request = Rendered("f", (Part("special", None, "<s>", (1,)), Part("content", 0, "Hi", (7, 8))))
    >>> added_line(request, FORMATS[0], 100), added_line(request, FORMATS[0], 60)
    ("mistral-v1 adds 1 template and special id to the messages' 2: an API counts all 3.", "The format adds 1 id to the text's 2: an API counts 3.")
    """
    counts = rendered.counts
    added, content, total = counts["template"] + counts["special"], counts["content"], counts["total"]
    said: tuple[str, ...]
    if fmt is None:
        said = (
            f"{count(content, 'id')} of the messages' text alone: a chat API adds its format's template and special ids.",
            f"{count(content, 'id')} of text alone: a chat API adds its format's.",
        )
    else:
        said = (
            f"{fmt.name} adds {added:,} template and special {plural(added, 'id')} to the messages' {content:,}: an API counts all {total:,}.",
            f"{fmt.name} adds {count(added, 'id')} (template + special) to the text's {content:,}: an API counts {total:,}.",
            f"The format adds {count(added, 'id')} to the text's {content:,}: an API counts {total:,}.",
            f"+{count(added, 'id')} of the format: an API counts {total:,}.",
        )
    return next((line for line in said if len(line) <= width), said[-1])


def prompt_tail(fmt: ChatFormat | None, rendered: Rendered, on: bool) -> str:
    """The row after the blocks when there is no generation prompt to show: that the format has none of its
    own (and how the request ends), or that g left it out; '' when the prompt is shown (or there is no format)."""
    if fmt is None:
        return ""
    if not fmt.generation_prompt:
        end = rendered.parts[-1].text if rendered.parts else ""
        return f"{fmt.name} has no generation prompt: the request ends with {quoted(end)}."
    if on:
        return ""
    return f"Generation prompt left out (g adds {quoted(fmt.generation_prompt)} back)."


# -- the conversation as the edit dialog shows it ----------------------------------------------------------------


def conversation_text(messages: Sequence[Message]) -> str:
    """The conversation as 'role: content' lines, or as JSON when the lines would not give it back exactly."""
    lines = "\n".join(f"{m.role}: {m.content}" for m in messages)
    if messages and not _BREAKS.search(lines):
        try:
            if parse_conversation(lines) == tuple(messages):
                return lines
        except ChatError:
            pass
    return json.dumps([{"role": m.role, "content": m.content} for m in messages], ensure_ascii=False, indent=1)


def parse_conversation(text: str) -> tuple[Message, ...]:
    """The messages of the dialog's text: JSON (a list of {"role", "content"}, as OpenAI takes them) when it
    begins with [ or {, else 'role: content' lines; ChatError in one sentence when it is neither."""
    if text.lstrip()[:1] in ("[", "{"):
        return conversation(json_value(text, "the conversation", ChatError))
    messages: list[list[str]] = []
    for number, line in enumerate(text.split("\n"), 1):
        found = _ROLE_LINE.fullmatch(line)
        if found is not None:
            messages.append([found.group(1), found.group(2)])
        elif messages:
            messages[-1][1] += "\n" + line
        elif line.strip():
            raise ChatError(f"line {number} begins no message: begin each with {', '.join(r + ':' for r in ROLES)} (or give JSON).")
    if not messages:
        raise ChatError("the conversation is empty: give at least one message, such as 'user: Hello'.")
    return conversation([{"role": role, "content": content} for role, content in messages])
