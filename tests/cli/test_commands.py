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
from engine.support import CliResult

from tui.cli.app_options import app_trace, build_app_parser
from tui.cli.commands import COMMANDS, NAMES, Command, named
from tui.cli.main import build_parser
from tui.engine.texts import DEFAULT_TEXT, MAX_TEXT

Cli = Callable[..., CliResult]

#: Where each command lives: the module of tui/cli that holds add_NAME and run_NAME.
MODULES = {
    "capture": "encode",
    "encode": "encode",
    "decode": "decode",
    "chunks": "encode",
    "check": "check",
    "examples": "examples",
    "train": "train",
    "serve": "serve",
    "tour": "tour",
}


def test_the_registry_lists_every_command_once_in_the_order_of_the_help() -> None:
    assert NAMES == ("capture", "encode", "decode", "chunks", "check", "examples", "train", "serve", "tour")
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


def test_the_command_parser_lists_each_command_with_its_registry_help(monkeypatch: pytest.MonkeyPatch) -> None:
    """`bpe-tui COMMAND`'s parser has one subparser per entry, in order, each described by the registry's help."""
    monkeypatch.setenv("COLUMNS", "300")  # one line per command
    lines = build_parser().format_help().splitlines()
    start = lines.index("positional arguments:") + 2  # after the "COMMAND" line
    listed = [line.split(maxsplit=1) for line in lines[start : start + len(COMMANDS)]]
    assert listed == [[c.name, c.help] for c in COMMANDS]


def test_the_apps_help_names_every_command() -> None:
    assert build_app_parser().description == (
        "Watch GPT-2's byte-level BPE tokenizer, frame by frame. "
        "Headless commands: capture, encode, decode, chunks, check, examples, train, serve, tour (bpe-tui COMMAND --help)."
    )


def test_the_entry_point_imports_no_command_module_until_a_command_is_given() -> None:
    """Importing the entry point and building the app's parser loads no command's module; a command loads them all (its parser
    has every command's options)."""
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
    assert json.loads(result.stdout) == [
        [],
        ["tui.cli.check", "tui.cli.decode", "tui.cli.encode", "tui.cli.examples", "tui.cli.serve", "tui.cli.tour", "tui.cli.train"],
    ]


def test_the_app_opens_the_default_text_and_refuses_one_over_the_limit(cli: Cli) -> None:
    """The default text and the limit are the engine's (tui/engine/texts.py), read by the app's options."""
    assert (DEFAULT_TEXT, MAX_TEXT) == ("aaababcabxyz", 1_000_000)
    trace = app_trace(build_app_parser().parse_args([]), None)
    assert (trace.text, trace.ids) == ("aaababcabxyz", [264, 257, 261])
    assert cli("--text", "a" * (MAX_TEXT + 1)) == (2, "", "bpe-tui: the text has 1,000,001 characters; the limit is 1,000,000.\n")
