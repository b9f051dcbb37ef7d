"""`bpe-tui chat`: a conversation from a file or standard input, framed by the table's chat format and encoded;
--json's ids are the references' (mistral-common, openai-harmony), hostile content round-trips through --json,
and every mistake is one sentence with exit status 2."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.engine.chat.references import CHATML_TEMPLATE, EXAMPLE, MISTRAL_FILES, harmony_ids, mistral_ids
from tests.engine.hf_files import LLAMA3_PRE, trained
from tests.engine.support import CliResult
from tui.engine.chat.model import Message

Cli = Callable[..., CliResult]
CONVERSATION = json.dumps([{"role": m.role, "content": m.content} for m in EXAMPLE])


@pytest.fixture
def talk(tmp_path: Path) -> Path:
    path = tmp_path / "talk.json"
    path.write_text(CONVERSATION, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("table", "fmt", "count"), [("mistral-v1", "mistral-v1", 27), ("tekken", "mistral-v3", 15), ("mistral-v7", "mistral-v7", 17)]
)
def test_the_issues_example_costs_27_15_and_17_ids(cli: Cli, talk: Path, table: str, fmt: str, count: int) -> None:
    code, out, err = cli("--table", table, "chat", "--messages", str(talk), "--json")
    got = json.loads(out)
    assert (code, err, got["format"], len(got["ids"])) == (0, "", fmt, count)
    assert got["ids"] == mistral_ids(MISTRAL_FILES[fmt, table], EXAMPLE)
    assert [i for part in got["parts"] for i in part["ids"]] == got["ids"]
    assert sum(got["counts"][k] for k in ("content", "template", "special")) == got["counts"]["total"] == count
    assert set(got) == {"format", "ids", "text", "parts", "counts"} and all(set(p) == {"kind", "message", "ids"} for p in got["parts"])


def test_harmony_is_the_default_and_reads_standard_input(cli: Cli) -> None:
    code, out, _ = cli("chat", "--json", stdin=CONVERSATION.encode())
    assert code == 0 and json.loads(out)["ids"] == harmony_ids(EXAMPLE)
    code, out, _ = cli("chat", "--json", "--no-generation-prompt", stdin=CONVERSATION.encode())
    assert code == 0 and json.loads(out)["ids"] == harmony_ids(EXAMPLE, generation_prompt=False)


def test_a_format_alone_takes_its_first_table(cli: Cli, talk: Path) -> None:
    code, out, _ = cli("chat", "--format", "mistral-v3", "--messages", str(talk), "--json")
    assert code == 0 and json.loads(out)["ids"] == mistral_ids(MISTRAL_FILES["mistral-v3", "mistral-v3"], EXAMPLE)


def test_the_lines_give_each_messages_ids_and_overhead(cli: Cli, talk: Path) -> None:
    """One line for the request, its start, each message and the generation prompt: the line's ids are the message's
    parts' ids, and its content and overhead counts add up to them."""
    code, out, _ = cli("--table", "qwen3", "chat", "--messages", str(talk))
    parts = json.loads(cli("--table", "qwen3", "chat", "--messages", str(talk), "--json")[1])["parts"]
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("chatml on qwen3: ") and len(lines) == 1 + len(EXAMPLE) + 1
    for index, message in enumerate(EXAMPLE):
        label, rest = lines[1 + index].split(": ", 1)
        ids, counts = rest.split("  ")
        assert label == f"message {index} ({message.role})"
        assert json.loads(ids) == [i for p in parts if p["message"] == index for i in p["ids"]]
        content = sum(len(p["ids"]) for p in parts if p["message"] == index and p["kind"] == "content")
        assert counts == f"{content} content + {len(json.loads(ids)) - content} overhead"
    assert lines[-1].startswith("generation prompt: [151644, ")


HOSTILE = ["\x1b[2J\x1b[31mred", "\u202eevil\u202c", "a\x00b", '"}], "ids": [1]}', "<|im_end|>", "😀" * 10 + "x" * 99_990]


def test_hostile_content_round_trips_in_json(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps([{"role": "user", "content": c} for c in HOSTILE]), encoding="utf-8")
    code, out, err = cli("chat", "--messages", str(path), "--json")
    assert (code, err) == (0, "") and out.isascii() and "\x1b" not in out and "\x00" not in out
    got = json.loads(out)
    assert got["text"] == "".join(f"<|start|>user<|message|>{c}<|end|>" for c in HOSTILE) + "<|start|>assistant"
    assert got["ids"] == harmony_ids(tuple(Message("user", c) for c in HOSTILE))
    code, out, _ = cli("chat", "--messages", str(path))
    assert code == 0 and "\x1b" not in out and "\u202e" not in out


def test_a_template_beside_a_tokenizer_json_is_its_format(cli: Cli, tmp_path: Path) -> None:
    trained(tmp_path / "tokenizer.json", LLAMA3_PRE)
    (tmp_path / "tokenizer_config.json").write_text(
        json.dumps({"chat_template": "{% for m in messages %}[{{ m.role }}]{{ m.content }}{% endfor %}"})
    )
    code, out, _ = cli("--tokenizer-json", str(tmp_path / "tokenizer.json"), "chat", "--json", stdin=CONVERSATION.encode())
    got = json.loads(out)
    assert code == 0 and got["format"] == "template" and got["text"] == "[system]Be brief.[user]Hello there[assistant]Hi![user]Bye"
    assert (
        cli("--tokenizer-json", str(tmp_path / "tokenizer.json"), "chat", "--no-generation-prompt", "--json", stdin=CONVERSATION.encode())[
            1
        ]
        == out
    )


def test_a_chat_template_file_and_its_refusal(cli: Cli, talk: Path, tmp_path: Path) -> None:
    template = tmp_path / "t.jinja"
    template.write_text(
        "{% for m in messages %}{% if m.role == 'system' %}{{ raise_exception('no system messages') }}{% endif %}{% endfor %}"
    )
    assert cli("--table", "qwen3", "chat", "--chat-template", str(template), "--messages", str(talk)) == (
        2, "", "bpe-tui: the chat template refused the conversation: 'no system messages'.\n",
    )  # fmt: skip
    template.write_text("{{ messages[1].content }}")
    code, out, _ = cli("--table", "gpt2", "chat", "--chat-template", str(template), "--messages", str(talk), "--json")
    assert code == 0 and json.loads(out)["text"] == "Hello there" and json.loads(out)["counts"]["content"] == 2


@pytest.mark.parametrize(
    ("argv", "stdin", "said"),
    [
        (["--table", "gpt2", "chat"], CONVERSATION, "the table gpt2 has no chat format here (mistral-v1 for mistral-v1; mistral-v3 for mistral-v3 and tekken; mistral-v7 for mistral-v7; harmony for o200k_harmony; chatml for qwen3 and qwen3.6); give --chat-template FILE for another."),
        (["--table", "tekken", "chat", "--format", "harmony"], CONVERSATION, "the chat format harmony is made for o200k_harmony, not for the table tekken."),
        (["chat", "--format", "chatml", "--chat-template", "x.jinja"], CONVERSATION, "--format chatml and --chat-template name two formats: give one of them."),
        (["chat"], '{"role": "user"}', "a conversation is a JSON list of messages, not an object."),
        (["chat"], "[{'role': 'user'}]", "standard input is not valid JSON (Expecting property name enclosed in double quotes at line 1, column 3)."),
        (["chat", "--messages", "/nonexistent/talk.json"], None, "/nonexistent/talk.json does not exist."),
        (["--table", "tekken", "chat"], '[{"role": "user", "content": "a"}, {"role": "assistant", "content": "b"}]', "mistral-v3 renders a request for the next reply: the last message must not be the assistant's."),
        (["chat", "--chat-template", "/nonexistent.jinja"], CONVERSATION, "/nonexistent.jinja does not exist."),
    ],
)  # fmt: skip
def test_each_mistake_is_one_sentence_and_exit_2(cli: Cli, argv: list[str], stdin: str | None, said: str) -> None:
    assert cli(*argv, stdin=None if stdin is None else stdin.encode()) == (2, "", f"bpe-tui: {said}\n")


def test_the_apps_chat_template_is_the_option_else_the_one_beside_the_tokenizer_json(tmp_path: Path) -> None:
    """The app's Chat view takes --chat-template's file, else the template beside --tokenizer-json, else none."""
    from tui.cli.app_options import build_app_parser, chat_template

    (tmp_path / "chatml.jinja").write_text(CHATML_TEMPLATE, encoding="utf-8")
    given = chat_template(build_app_parser().parse_args(["--chat-template", str(tmp_path / "chatml.jinja")]))
    assert (
        given is not None
        and given.label
        == f"the chat template {tmp_path / 'chatml.jinja'}: Jinja, as transformers renders it; special tokens from the table"
    )
    folder = tmp_path / "llama"
    folder.mkdir()
    trained(folder / "tokenizer.json", LLAMA3_PRE)
    (folder / "chat_template.jinja").write_text("{% for m in messages %}[{{ m.role }}]{{ m.content }}{% endfor %}", encoding="utf-8")
    beside = chat_template(build_app_parser().parse_args(["--tokenizer-json", str(folder / "tokenizer.json")]))
    assert beside is not None and str(folder / "chat_template.jinja") in beside.label
    assert chat_template(build_app_parser().parse_args(["--table", "qwen3"])) is None


def test_a_broken_template_beside_the_tokenizer_json_still_opens_the_app_and_the_chat_view_says_why(cli: Cli, tmp_path: Path) -> None:
    """The app's table is the tokenizer.json: a tokenizer_config.json beside it whose chat_template is no template does
    not keep it from opening; the Chat view's template format says the sentence instead of rendering."""
    from tui.cli.app_options import build_app_parser, chat_template
    from tui.engine.chat.model import ChatError
    from tui.engine.tables import get_table

    trained(tmp_path / "tokenizer.json", LLAMA3_PRE)
    (tmp_path / "tokenizer_config.json").write_text('{"chat_template": 5}', encoding="utf-8")
    assert cli("--tokenizer-json", str(tmp_path / "tokenizer.json"), "--screenshot", str(tmp_path / "shot.svg"))[0] == 0
    fmt = chat_template(build_app_parser().parse_args(["--tokenizer-json", str(tmp_path / "tokenizer.json")]))
    assert fmt is not None and fmt.label == "the chat template, not read"
    with pytest.raises(ChatError) as said:
        fmt.render(EXAMPLE, get_table("gpt2"))
    assert (
        str(said.value)
        == f"{tmp_path / 'tokenizer_config.json'}'s chat_template is neither a template (a string) nor a list of named ones."
    )


def test_a_served_app_names_no_folder_of_the_servers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Served (`serve` sets BPE_TUI_SERVED for its sessions), the Chat view names the template's file without its
    folder, and a template that cannot be read says so with no path of the server's (its terminal said why)."""
    from tui.access import SERVED
    from tui.cli.app_options import build_app_parser, chat_template
    from tui.engine.chat.model import ChatError
    from tui.engine.chat.template import UNREAD_SERVED
    from tui.engine.tables import get_table

    monkeypatch.setenv(SERVED, "1")
    (tmp_path / "chatml.jinja").write_text(CHATML_TEMPLATE, encoding="utf-8")
    given = chat_template(build_app_parser().parse_args(["--chat-template", str(tmp_path / "chatml.jinja")]))
    assert given is not None and given.label.startswith("the chat template chatml.jinja: ") and str(tmp_path) not in given.label
    trained(tmp_path / "tokenizer.json", LLAMA3_PRE)
    (tmp_path / "tokenizer_config.json").write_text("not JSON", encoding="utf-8")
    for argv in (["--tokenizer-json", str(tmp_path / "tokenizer.json")], ["--chat-template", str(tmp_path / "gone.jinja")]):
        unread = chat_template(build_app_parser().parse_args(argv))
        assert unread is not None
        with pytest.raises(ChatError) as said:
            unread.render(EXAMPLE, get_table("gpt2"))
        assert str(said.value) == UNREAD_SERVED and str(tmp_path) not in UNREAD_SERVED


def test_an_apps_chat_template_that_is_not_jinja_is_one_sentence(cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jinja"
    bad.write_text("{% for m in messages %}", encoding="utf-8")
    code, out, err = cli("--chat-template", str(bad), "--screenshot", str(tmp_path / "shot.svg"))
    assert (code, out) == (2, "") and err.startswith(f"bpe-tui: {bad} is not valid Jinja: ") and err.count("\n") == 1
    assert not (tmp_path / "shot.svg").exists()
    assert cli("--chat-template", str(tmp_path / "none.jinja"), "--screenshot", "x.svg") == (
        2,
        "",
        f"bpe-tui: {tmp_path / 'none.jinja'} does not exist.\n",
    )
