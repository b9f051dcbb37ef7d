"""The registry of commands (tui/cli/commands.py) is complete: each entry has a name, a one-line help and both
functions, parses `--help`, is listed by the parsers, and is imported only when it runs."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import textwrap
from collections.abc import Callable

import pytest

from tests.engine.support import CliResult
from tui.cli.app_options import app_trace, build_app_parser
from tui.cli.commands import COMMANDS, NAMES, Command, named
from tui.engine.texts import DEFAULT_TEXT, MAX_TEXT

Cli = Callable[..., CliResult]

#: Where each command lives: the module of tui/cli that holds add_NAME and run_NAME.
MODULES = {
    "capture": "encode",
    "encode": "encode",
    "decode": "decode",
    "chunks": "encode",
    "tree": "tree",
    "compare": "compare",
    "chat": "chat",
    "reach": "reach",
    "compression": "compression",
    "check": "check",
    "examples": "examples",
    "train": "train",
    "serve": "serve",
    "tour": "tour",
    "record": "record",
}


def test_the_registry_lists_every_command_once_in_the_order_of_the_help() -> None:
    assert NAMES == (
        "capture",
        "encode",
        "decode",
        "chunks",
        "tree",
        "compare",
        "chat",
        "reach",
        "compression",
        "check",
        "examples",
        "train",
        "serve",
        "tour",
        "record",
    )
    assert {c.name: c.module for c in COMMANDS} == MODULES
    assert [named(name) for name in NAMES] == list(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS, ids=NAMES)
def test_each_command_has_a_one_line_help_and_both_functions(command: Command) -> None:
    """One line, lower-case first letter, no full stop; add_NAME(parser) and run_NAME(args) defined in the command's module."""
    module = f"tui.cli.{MODULES[command.name]}"
    assert (command.help.count("\n"), command.help == command.help.strip(), command.help[0].islower()) == (0, True, True)
    assert command.help[-1] != "." and 20 <= len(command.help) <= 100
    add, run = command.add_parser, command.run
    assert (inspect.isfunction(add), add.__module__, add.__name__) == (True, module, f"add_{command.name}")
    assert (inspect.isfunction(run), run.__module__, run.__name__) == (True, module, f"run_{command.name}")
    assert list(inspect.signature(add).parameters) == ["parser"]
    assert list(inspect.signature(run).parameters) == ["args"]


def test_only_serve_passes_the_options_it_does_not_know_to_the_app() -> None:
    assert [c.name for c in COMMANDS if c.app_options] == ["serve"]


@pytest.mark.parametrize("name", NAMES)
def test_every_command_parses_its_help(cli: Cli, name: str) -> None:
    code, out, err = cli(name, "--help")
    assert (code, err) == (0, "")
    assert out.startswith(f"usage: bpe-tui {name} [-h]")


def test_bpe_tui_help_lists_every_command_with_its_registry_help_after_the_apps_options(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """`bpe-tui --help` (and `bpe-tui help`) shows both usages, then the app's options, then each command with its one line."""
    monkeypatch.setenv("COLUMNS", "200")  # one line per command
    code, out, err = cli("--help")
    assert (code, err, cli("help")) == (0, "", (0, out, ""))
    lines = out.splitlines()
    assert lines[:4] == [
        "usage: bpe-tui [TRACE.json] [options]",
        "       bpe-tui [--table NAME] COMMAND [options]",
        "",
        "Watch BPE tokenizers (GPT-2, tiktoken, tokenizers, SentencePiece) merge, frame by frame, in the app; or script them with a command.",
    ]
    start = lines.index(
        "commands (bpe-tui COMMAND --help shows each one's options; the ones that take a table use gpt2 "
        "unless --table or a custom table says otherwise, while the app starts on teaching):"
    )
    assert lines[start + 1 :] == [f"  {c.name:<11}  {c.help}" for c in COMMANDS]  # the longest name: compression
    assert lines[start + 1 :][-3:] == [
        "  serve        serve the app to a web browser (needs the extra bpe-tui[web]); other options go to the app",
        "  tour         a guided tour through the examples, scene by scene (] next, [ back)",
        "  record       play a text or the tour into an asciinema cast (and SVG frames), faster than it plays",
    ]


def test_each_commands_help_names_its_table_default(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The headless commands use GPT-2's table unless told otherwise, and say so; the app keeps the teaching example."""
    monkeypatch.setenv("COLUMNS", "1000")
    last = "o200k_harmony (gpt-oss's: o200k_base with harmony's chat tokens)"
    for name in ("capture", "encode", "decode", "chunks", "tree", "reach"):
        assert f"{last} (default: gpt2)" in cli(name, "--help")[1]
    assert f"{last} (default: teaching)" in cli("--help")[1]
    assert f"{last} (default: o200k_harmony)" in cli("chat", "--help")[1]  # the table every install has a chat format for


def test_the_entry_point_imports_no_command_module_until_a_command_is_given() -> None:
    """Importing the entry point and building the app's parser loads no command's module; a command loads its own only."""
    modules = sorted({f"tui.cli.{c.module}" for c in COMMANDS})
    code = f"""
        import contextlib, io, sys
        from tui.cli.main import main
        from tui.cli.app_options import build_app_parser
        build_app_parser().parse_args([])
        before = [name for name in {modules!r} if name in sys.modules]
        with contextlib.redirect_stdout(io.StringIO()):
            main(["encode", "--text", "aaababcabxyz"])
        after = [name for name in {modules!r} if name in sys.modules]
        import json
        print(json.dumps([before, after]))
    """
    result = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(result.stdout) == [[], ["tui.cli.encode"]]


def test_the_app_opens_the_default_text_and_refuses_one_over_the_limit(cli: Cli) -> None:
    """The default text and the limit are the engine's (tui/engine/texts.py), read by the app's options."""
    assert (DEFAULT_TEXT, MAX_TEXT) == ("aaababcabxyz", 1_000_000)
    trace = app_trace(build_app_parser().parse_args([]), None)
    assert (trace.text, trace.ids) == ("aaababcabxyz", [264, 257, 261])
    assert cli("--text", "a" * (MAX_TEXT + 1)) == (2, "", "bpe-tui: the text has 1,000,001 characters; the limit is 1,000,000.\n")


@pytest.mark.parametrize(
    "argv",
    [
        ("--table", "gpt2", "--table", "cl100k_base", "encode", "--text", "hi"),
        ("encode", "--table", "gpt2", "--text", "hi", "--table", "cl100k_base"),
        ("--table", "gpt2", "encode", "--table", "cl100k_base", "--text", "hi"),
    ],
    ids=["both before", "both after", "one each side"],
)
def test_a_table_given_twice_is_refused_not_the_last_taken(cli: Cli, argv: tuple[str, ...]) -> None:
    """Issue 36, item 16: argparse kept the last --table silently; a table option names one table."""
    code, out, err = cli(*argv)
    assert (code, out) == (2, "") and err.endswith("bpe-tui encode: error: --table was given twice (gpt2 and cl100k_base): give it once.\n")
