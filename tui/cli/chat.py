"""`bpe-tui chat`: one conversation framed by a table's chat format as a request for the next reply, and encoded.

bpe-tui --table tekken chat --messages talk.json --json

The conversation is a JSON list of {"role", "content"} objects (OpenAI's shape), from --messages FILE or standard
input. The format follows the table (tekken and mistral-vN: Mistral's, qwen3 and qwen3.6: ChatML, o200k_harmony:
harmony), else the chat template beside --tokenizer-json; --format or --chat-template chooses another.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from ..engine.files import LIMITS, json_value, read_utf8, utf8_text
from ..engine.tables import Table, get_table
from .inputs import Once, UsageError, custom_table, print_json, read_stdin, say, table_options

if TYPE_CHECKING:
    from ..engine.chat.model import ChatFormat, Message, Rendered

#: The table chat uses when neither a table nor a format names one: the one every install has a format for.
CHAT_TABLE = "o200k_harmony"


def add_chat(parser: argparse.ArgumentParser) -> None:
    from ..engine.chat.registry import FORMATS

    table_options(parser, default=CHAT_TABLE)
    formats = ", ".join(f"{f.name} ({', '.join(f.tables)})" for f in FORMATS)
    parser.add_argument(
        "--format",
        action=Once,
        choices=[f.name for f in FORMATS],
        help=f"the chat format: {formats} (default: the table's own; with --format alone, its first table)",
    )
    parser.add_argument(
        "--messages", action=Once, metavar="FILE", help='the conversation: a JSON list of {"role", "content"} objects (else standard input)'
    )
    parser.add_argument(
        "--chat-template",
        action=Once,
        metavar="FILE",
        help="a Hugging Face chat template instead: a Jinja file, or a tokenizer_config.json holding one (default with --tokenizer-json: the one beside it)",
    )
    parser.add_argument("--no-generation-prompt", action="store_true", help="leave out what asks for the assistant's reply")
    parser.add_argument(
        "--json",
        action="store_true",
        help='print {"format", "ids", "text", "parts": [{"kind", "message", "ids"}], "counts": {"content", "template", "special", "total"}}',
    )


def run_chat(args: argparse.Namespace) -> None:
    table, fmt = chosen(args)
    messages = read_messages(args.messages)
    out = fmt.render(messages, table, generation_prompt=not args.no_generation_prompt)
    if args.json:
        parts = [{"kind": p.kind, "message": p.message, "ids": list(p.ids)} for p in out.parts]
        print_json({"format": out.format, "ids": list(out.ids), "text": out.text, "parts": parts, "counts": out.counts})
        return
    for line in lines(out, table, messages, bool(fmt.generation_prompt) and not args.no_generation_prompt):
        say(line)


def chosen(args: argparse.Namespace) -> tuple[Table, ChatFormat]:
    """The table and the format: --table, a custom table, or --format's first table; --format, --chat-template, the
    template beside --tokenizer-json, or the table's own."""
    from ..engine.chat.registry import BY_NAME, default_format
    from ..engine.chat.template import read_template, template_beside

    if args.format and args.chat_template:
        raise UsageError(f"--format {args.format} and --chat-template name two formats: give one of them.")
    named = BY_NAME[args.format] if args.format else None
    table = custom_table(args) or get_table(args.table or (named.tables[0] if named else args.default_table))
    if args.chat_template:
        return table, read_template(args.chat_template)
    if named is not None:
        return table, named
    beside = template_beside(args.tokenizer_json) if args.tokenizer_json else None
    found = beside or default_format(table)
    if found is None:
        formats = "; ".join(f"{f.name} for {' and '.join(f.tables)}" for f in BY_NAME.values())
        raise UsageError(f"the table {table.name} has no chat format here ({formats}); give --chat-template FILE for another.")
    return table, found


def read_messages(path: str | None) -> tuple[Message, ...]:
    """The conversation of the JSON file `path`, else of standard input (not a terminal)."""
    from ..engine.chat.model import conversation

    if path is not None:
        return conversation(json_value(read_utf8(path, UsageError, kind="messages file", limit=LIMITS["text file"]), path, UsageError))
    if sys.stdin is None or sys.stdin.isatty():
        raise UsageError("give the conversation with --messages FILE, or pipe its JSON into standard input.")
    return conversation(json_value(utf8_text(read_stdin(), "standard input", UsageError), "standard input", UsageError))


def lines(out: Rendered, table: Table, messages: tuple[Message, ...], prompt: bool) -> list[str]:
    """A line for the request, then the ids of its start, of each message and of the generation prompt (`prompt`: the
    parts of no message after the last message's), each with how many are the message's content and how many the
    format's overhead (template text and special tokens)."""
    from ..explain.words import count

    counts = out.counts
    said = [
        f"{out.format} on {table.name}: {count(counts['total'], 'id')}: {counts['content']:,} content, "
        f"{counts['template']:,} template, {counts['special']:,} special"
    ]
    last = max((k for k, p in enumerate(out.parts) if p.message is not None), default=-1)
    cut = last + 1 if prompt else len(out.parts)  # the parts of no message from here on are the generation prompt
    tail = list(out.parts[cut:])
    rows = [("start", [p for p in out.parts[:cut] if p.message is None])]
    rows += [(f"message {i} ({m.role})", [p for p in out.parts if p.message == i]) for i, m in enumerate(messages)]
    rows.append(("generation prompt", tail))
    for label, parts in rows:
        if not parts and not label.startswith("message"):
            continue
        ids = [i for p in parts for i in p.ids]
        content = sum(len(p.ids) for p in parts if p.kind == "content")
        said.append(f"{label}: {ids}  {content:,} content + {len(ids) - content:,} overhead")
    return said
