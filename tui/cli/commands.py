"""The one registry of bpe-tui's commands, in the order `bpe-tui --help` lists them.

An entry names the command, says in one line what it does, and names the module of tui/cli that
holds its two functions: `add_NAME(parser)` adds the command's options to the parser made for it,
`run_NAME(args)` runs it. That module is imported only when the command is given, so the app's
start-up (which reads the names) pays for none of them.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType

AddParser = Callable[[argparse.ArgumentParser], None]
Run = Callable[[argparse.Namespace], None]


@dataclass(frozen=True)
class Command:
    """`bpe-tui NAME`: its one-line help and the module (in tui/cli) that holds add_NAME and run_NAME.

    With `app_options`, the options the command does not know are the app's: they reach run_NAME
    as `args.app_argv` (serve passes them on to each app it starts); any other command refuses them.
    """

    name: str
    help: str
    module: str
    app_options: bool = False

    def load(self) -> ModuleType:
        """The command's module, imported now."""
        return import_module(f"{__package__}.{self.module}")

    @property
    def add_parser(self) -> AddParser:
        adder: AddParser = getattr(self.load(), f"add_{self.name}")
        return adder

    @property
    def run(self) -> Run:
        runner: Run = getattr(self.load(), f"run_{self.name}")
        return runner


COMMANDS = (
    Command("capture", "write the merge trace of a text as JSON (format bpe-trace/2)", "encode"),
    Command("encode", "print the ids of a text as a JSON list", "encode"),
    Command("decode", "print the text of some ids", "decode"),
    Command("chunks", "print the regex chunks of a text as JSON: text, start, branch, pattern", "encode"),
    Command("tree", "print the merge tree of a token: the rules that build it from its bytes", "tree"),
    Command("compare", "encode a text with two tables: both ids and where the two first part ways, and why", "compare"),
    Command("chat", "frame a conversation in a table's chat format and encode it: its special, template and content ids", "chat"),
    Command("reach", "sort every token of a table: reachable, fragment, split_by_regex, taken_apart", "reach"),
    Command("compression", "bytes per token of every table on bundled samples of 12 languages, code, mathematics, numbers", "compression"),
    Command("check", "validate trace files without opening the app (exit 0 if all are valid, else 1)", "check"),
    Command("examples", "regenerate the example traces in traces/ (or --list them)", "examples"),
    Command("train", "learn BPE merges from a text and print each round", "train"),
    Command(
        "serve", "serve the app to a web browser (needs the extra bpe-tui[web]); other options go to the app", "serve", app_options=True
    ),
    Command("tour", "a guided tour through the examples, scene by scene (] next, [ back)", "tour"),
    Command("record", "play a text or the tour into an asciinema cast (and SVG frames), faster than it plays", "record"),
)

NAMES = tuple(command.name for command in COMMANDS)


def named(name: str) -> Command:
    """The registry's entry for `name` (one of NAMES)."""
    return COMMANDS[NAMES.index(name)]
