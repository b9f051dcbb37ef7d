"""A user's chat template as a chat format: a Hugging Face `chat_template` (Jinja), rendered as transformers'
`apply_chat_template(messages, add_generation_prompt=…)` renders it (sandbox.py), then encoded as its
tokenizer encodes the result: cut at the table's special tokens (each a special part), the text between them
encoded piece by piece.

The template sees `messages` (a list of {"role", "content"} objects), `add_generation_prompt`, `tools` and
`documents` (None), and the special tokens a tokenizer_config.json names (`bos_token`, `eos_token`, …); without
one, a table that has `<s>` and `</s>` gives them as bos_token and eos_token.

Which message a piece of the output belongs to is found, not told: each message's content is looked for in the
output, in order (as it is, else stripped); the text between two contents is the later message's template, the
text after the last one the last message's, and what the generation prompt adds (the output's tail that the
render without it lacks) no message's. A content the template changed past recognition counts as template.

>>> from ..tables import get_table
>>> fmt = template_format("{% for m in messages %}<|im_start|>{{ m.role }}\\n{{ m.content }}<|im_end|>\\n{% endfor %}"
...                       "{% if add_generation_prompt %}<|im_start|>assistant\\n{% endif %}", "t.jinja")
>>> out = fmt.render([Message("user", "Hi")], get_table("qwen3"))
>>> [(p.kind, p.message, p.text) for p in out.parts]
[('special', 0, '<|im_start|>'), ('template', 0, 'user\\n'), ('content', 0, 'Hi'), ('special', 0, '<|im_end|>'), ('template', 0, '\\n'), ('special', None, '<|im_start|>'), ('template', None, 'assistant\\n')]
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..files import MiB, json_value, read_utf8
from ..tables import Table
from .assemble import Run, Segment, Text
from .model import ChatError, ChatFormat, Message
from .sandbox import SECONDS, compile_template, render

#: The special tokens a tokenizer_config.json may name, which the template sees as variables.
TOKEN_KEYS = ("bos_token", "eos_token", "unk_token", "pad_token", "sep_token", "cls_token", "mask_token")
TEMPLATE_FILE = "chat_template.jinja"  # where transformers writes a template beside the tokenizer (else in the config)
CONFIG_FILE = "tokenizer_config.json"
TEMPLATE_BYTES = MiB  # the largest template file read (Qwen 3's is 4 KB)


def template_format(source: str, where: str, tokens: dict[str, str] | None = None, *, seconds: float = SECONDS) -> ChatFormat:
    """A chat format of the Jinja template `source` (read from `where`, which sentences name), with the special-token
    variables `tokens`; ChatError if it is not Jinja. It fits any table."""
    template = compile_template(source, where)

    def layout(messages: tuple[Message, ...], table: Table, generation_prompt: bool) -> list[Segment]:
        variables: dict[str, Any] = {**default_tokens(table), **(tokens or {})}
        variables.update(messages=[{"role": m.role, "content": m.content} for m in messages], tools=None, documents=None)
        text = render(template, {**variables, "add_generation_prompt": generation_prompt}, seconds=seconds)
        base = render(template, {**variables, "add_generation_prompt": False}, seconds=seconds) if generation_prompt else text
        return [Run(credited(text, messages, base), matched=True)]

    return ChatFormat(
        "template",
        f"the chat template {where}: Jinja, as transformers renders it; special tokens from the table",
        (),
        (),  # any role: the template decides (and may raise_exception)
        layout,
        content_specials=True,
        generation_prompt="what the template adds when add_generation_prompt is true",
        fit=lambda table: True,
    )


#: What a served app's Chat view says of a template that could not be read: no name of the server's files.
UNREAD_SERVED = "the chat template this server was given could not be read; its terminal said why when it started."


def unread_template(why: str) -> ChatFormat:
    """The place of a chat template that could not be read (`why`, one sentence): a format that fits any table and
    says `why` instead of rendering, so the app opens a tokenizer.json whose template beside it is broken and its
    Chat view says what is wrong (`f` reaching the table's own formats)."""

    def layout(messages: tuple[Message, ...], table: Table, generation_prompt: bool) -> list[Segment]:
        raise ChatError(why)

    return ChatFormat("template", "the chat template, not read", (), (), layout, fit=lambda table: True)


def default_tokens(table: Table) -> dict[str, str]:
    """bos_token and eos_token from a table that has `<s>` and `</s>` (Mistral's, Llama's), else none."""
    specials = table.specials or {}
    return {"bos_token": "<s>", "eos_token": "</s>"} if "<s>" in specials and "</s>" in specials else {}


def credited(text: str, messages: tuple[Message, ...], base: str) -> tuple[Text, ...]:
    """The output cut into texts of the messages (see the module docstring)."""
    tail = text[len(base) :] if text.startswith(base) else ""
    body = text[: len(text) - len(tail)]
    out: list[Text] = []
    at, last = 0, None
    for index, message in enumerate(messages):
        found, size = -1, 0
        for wanted in dict.fromkeys((message.content, message.content.strip())):
            if wanted and (found := body.find(wanted, at)) >= 0:
                size = len(wanted)
                break
        if found < 0:
            continue
        out += [Text("template", index, body[at:found]), Text("content", index, body[found : found + size])]
        at, last = found + size, index
    out += [Text("template", last, body[at:]), Text("template", None, tail)]
    return tuple(t for t in out if t.text)


def token_text(value: object) -> str | None:
    """A tokenizer_config.json's token: a string, or an AddedToken object's content."""
    if isinstance(value, dict):
        value = value.get("content")
    return value if isinstance(value, str) else None


def config_tokens(config: dict[str, Any]) -> dict[str, str]:
    """The special tokens a tokenizer_config.json names, by their variable names."""
    return {key: text for key in TOKEN_KEYS if (text := token_text(config.get(key))) is not None}


def from_config(config: object, where: str) -> tuple[str, dict[str, str]]:
    """The chat template and the special tokens of a tokenizer_config.json's value (a list of named templates:
    the one named 'default'); ChatError if it has none."""
    if not isinstance(config, dict):
        raise ChatError(f"{where} is not a JSON object, so it is no tokenizer_config.json.")
    tokens = config_tokens(config)
    found = config.get("chat_template")
    if isinstance(found, list):
        named = {t.get("name"): t.get("template") for t in found if isinstance(t, dict)}
        found = named.get("default", next(iter(named.values()), None))
    if found is None:
        raise ChatError(f"{where} has no chat_template.")
    if not isinstance(found, str):
        raise ChatError(f"{where}'s chat_template is neither a template (a string) nor a list of named ones.")
    return found, tokens


def read_template(path: str | Path, shown: Callable[[Path], str] = str) -> ChatFormat:
    """The format of `--chat-template FILE`: a Jinja file, or a tokenizer_config.json (a .json file) holding one;
    `shown` names the file in the format's label and sentences (a served app: its name alone, no folder)."""
    where = shown(Path(path))
    text = read_utf8(path, ChatError, kind="chat template file", limit=TEMPLATE_BYTES)
    if where.endswith(".json"):
        source, tokens = from_config(json_value(text, where, ChatError), where)
        return template_format(source, where, tokens)
    return template_format(text, where)


def template_beside(tokenizer_json: str | Path, shown: Callable[[Path], str] = str) -> ChatFormat | None:
    """The chat template beside a tokenizer.json: chat_template.jinja (with the tokens of tokenizer_config.json),
    else tokenizer_config.json's chat_template; None when there is neither. `shown` names the files it reads."""
    folder = Path(tokenizer_json).expanduser().parent
    config_path, jinja_path = folder / CONFIG_FILE, folder / TEMPLATE_FILE
    config: object = {}
    if config_path.is_file():
        config = json_value(read_utf8(config_path, ChatError, kind="tokenizer_config.json file"), config_path, ChatError)
    tokens = config_tokens(config) if isinstance(config, dict) else {}
    if jinja_path.is_file():
        return template_format(read_utf8(jinja_path, ChatError, kind="chat template file", limit=TEMPLATE_BYTES), shown(jinja_path), tokens)
    if isinstance(config, dict) and config.get("chat_template") is not None:
        source, tokens = from_config(config, shown(config_path))
        return template_format(source, shown(config_path), tokens)
    return None
