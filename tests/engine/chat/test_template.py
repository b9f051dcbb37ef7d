"""A user's chat template: rendered as transformers renders one (the same text as Jinja's sandbox set up as
transformers sets it up, here in the test) and encoded as Hugging Face's tokenizers encode the result (cut at the
added tokens); a template that raises, loops, recurses or grows without end is one sentence, within a bound."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jinja2.exceptions import TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment
from tokenizers import Tokenizer, pre_tokenizers, trainers

from tests.engine.chat.references import CHATML_TEMPLATE, conversations
from tests.engine.hf_files import LLAMA3_PRE, _shell
from tests.engine.test_tiktoken_diff import CORPUS
from tui.engine.chat.chatml import CHATML
from tui.engine.chat.model import ChatError, Message
from tui.engine.chat.template import read_template, template_beside, template_format
from tui.engine.tables import get_table
from tui.engine.tables.tokenizer_json import load_tokenizer_json

#: A Qwen 2.5-like template: a default system message, `+` joins, `trim`, the generation prompt.
QWENISH = (
    "{%- if messages and messages[0]['role'] == 'system' %}{{- '<|im_start|>system\\n' + messages[0]['content'] + '<|im_end|>\\n' }}"
    "{%- else %}{{- '<|im_start|>system\\nYou are helpful.<|im_end|>\\n' }}{%- endif %}\n"
    "{%- for message in messages %}{%- if not (message.role == 'system' and loop.first) %}"
    "{{- '<|im_start|>' + message.role + '\\n' + message.content | trim + '<|im_end|>\\n' }}{%- endif %}{%- endfor %}\n"
    "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}"
)
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]


def transformers_render(source: str, messages: tuple[Message, ...], prompt: bool, **tokens: str) -> str:
    """The text transformers' apply_chat_template(tokenize=False) makes: Jinja's immutable sandbox, trim_blocks,
    lstrip_blocks, loop controls, a json.dumps tojson and raise_exception (set up here, not by the code under test)."""
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.loopcontrols"])
    env.filters["tojson"] = lambda x, ensure_ascii=False, indent=None, separators=None, sort_keys=False: json.dumps(
        x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys
    )

    def raise_exception(message: str) -> None:
        raise TemplateError(message)

    env.globals["raise_exception"] = raise_exception
    chat = [{"role": m.role, "content": m.content} for m in messages]
    return env.from_string(source).render(messages=chat, add_generation_prompt=prompt, tools=None, documents=None, **tokens)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A byte-level tokenizer.json with ChatML's added tokens, and a tokenizer_config.json with QWENISH beside it."""
    where = tmp_path_factory.mktemp("chat-template")
    tok = Tokenizer.from_str(json.dumps(_shell(LLAMA3_PRE, False)))
    alphabet = pre_tokenizers.ByteLevel.alphabet()
    tok.train_from_iterator(
        CORPUS * 3, trainers.BpeTrainer(vocab_size=700, initial_alphabet=alphabet, special_tokens=SPECIALS, show_progress=False)
    )
    tok.save(str(where / "tokenizer.json"))
    config = {"chat_template": QWENISH, "eos_token": {"content": "<|im_end|>", "special": True}, "bos_token": None}
    (where / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    return where


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(messages=conversations(("system", "user", "assistant")), prompt=st.booleans())
def test_a_template_beside_a_tokenizer_json_renders_as_transformers_and_encodes_as_tokenizers(
    folder: Path, messages: tuple[Message, ...], prompt: bool
) -> None:
    fmt = template_beside(folder / "tokenizer.json")
    assert fmt is not None
    out = fmt.render(messages, load_tokenizer_json(folder / "tokenizer.json"), generation_prompt=prompt)
    text = transformers_render(QWENISH, messages, prompt, eos_token="<|im_end|>")
    assert out.text == text
    assert list(out.ids) == Tokenizer.from_file(str(folder / "tokenizer.json")).encode(text, add_special_tokens=False).ids
    assert sum(len(p.ids) for p in out.parts) == out.counts["total"] == len(out.ids)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages=conversations(CHATML.roles), prompt=st.booleans())
def test_chatml_as_a_template_is_the_chatml_format(messages: tuple[Message, ...], prompt: bool) -> None:
    """Written as a template, ChatML gives the built-in format's parts: each content found where it is."""
    table = get_table("qwen3")
    mine = template_format(CHATML_TEMPLATE, "chatml.jinja").render(messages, table, generation_prompt=prompt)
    assert mine.text == transformers_render(CHATML_TEMPLATE, messages, prompt)
    builtin = CHATML.render(messages, table, generation_prompt=prompt)
    assert mine.ids == builtin.ids and mine.counts["special"] == builtin.counts["special"]


def test_the_config_may_name_several_templates_and_must_name_one(tmp_path: Path) -> None:
    config = tmp_path / "tokenizer_config.json"
    config.write_text(
        json.dumps(
            {
                "chat_template": [{"name": "tool_use", "template": "T"}, {"name": "default", "template": "D{{ eos_token }}"}],
                "eos_token": "</s>",
            }
        )
    )
    out = read_template(config).render((Message("user", "x"),), get_table("mistral-v3"))
    assert [(p.kind, p.text) for p in out.parts] == [("template", "D"), ("special", "</s>")] and out.ids[-1] == 2
    config.write_text("{}")
    with pytest.raises(ChatError, match=r"tokenizer_config\.json has no chat_template\.$"):
        read_template(config)
    assert template_beside(tmp_path / "tokenizer.json") is None
    config.write_text('{"chat_template": 5}')
    with pytest.raises(
        ChatError, match=r"tokenizer_config\.json's chat_template is neither a template \(a string\) nor a list of named ones\.$"
    ):
        read_template(config)


def test_bos_and_eos_come_from_a_table_that_has_them() -> None:
    out = template_format("{{ bos_token }}{{ messages[0].content }}{{ eos_token }}", "t").render(
        (Message("user", "hi"),), get_table("mistral-v7")
    )
    assert [(p.kind, p.text) for p in out.parts] == [("special", "<s>"), ("content", "hi"), ("special", "</s>")]


HOSTILE = {
    "raises": ("{{ raise_exception('Only user and assistant roles are supported!') }}", "the chat template refused the conversation: 'Only user and assistant roles are supported!'."),
    "loops": ("{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}", "the chat template ran past its 0.3-second limit and was stopped."),
    "loops over text": ("{% set s = 'x' * 99999 %}{% for a in s %}{% for b in s %}{% endfor %}{% endfor %}", "the chat template ran past its 0.3-second limit and was stopped."),
    "recurses": ("{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}", "the chat template recursed too deeply and was stopped."),
    "huge output": ("{% for a in range(100000) %}{{ messages[0].content * 10000 }}{% endfor %}", "the chat template's output passed 2,000,000 characters and was stopped."),
    "doubles": ("{% set ns = namespace(s='a') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s }}", "the chat template made a joined string over 2,000,000 characters and was stopped."),
    "repeats": ("{{ messages * 10**9 }}", "the chat template made a repeated value over 2,000,000 characters and was stopped."),
    "pads": ("{{ 'a'.ljust(10**12) }}", "the chat template made a value over 2,000,000 characters and was stopped."),
    "escapes": ("{{ ''.__class__.__mro__[1].__subclasses__() }}", "the chat template tried what the sandbox forbids: \"access to attribute '__class__' of 'str' object is unsafe.\"."),
    "fails": ("{{ messages[0].content + 1 }}", "the chat template failed: TypeError 'can only concatenate str (not \"int\") to str'."),
}  # fmt: skip


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_template_is_one_sentence_within_a_bound(name: str) -> None:
    source, said = HOSTILE[name]
    fmt = template_format(source, "evil.jinja", seconds=0.3 if "0.3-second" in said else 30)  # a size bound is met long before 30 s
    began = time.monotonic()
    with pytest.raises(ChatError) as info:
        fmt.render((Message("user", "hi"),), get_table("qwen3"))
    assert time.monotonic() - began < 5 and str(info.value) == said and "\n" not in said


def test_a_template_that_is_not_jinja_is_one_sentence() -> None:
    with pytest.raises(ChatError, match=r"^bad\.jinja is not valid Jinja: .* at line 2\.$"):
        template_format("x\n{% for %}", "bad.jinja")


def test_a_template_takes_any_role_and_decides() -> None:
    fmt = template_format("{% for m in messages %}{% if m.role not in ('user', 'tool') %}{{ raise_exception('role ' + m.role) }}{% endif %}"
                          "[{{ m.role }}]{{ m.content }}{% endfor %}", "roles.jinja")  # fmt: skip
    assert fmt.render((Message("tool", "42"),), get_table("qwen3")).text == "[tool]42"
    with pytest.raises(ChatError, match=r"^the chat template refused the conversation: 'role critic'\.$"):
        fmt.render((Message("critic", "x"),), get_table("qwen3"))
