"""The command-line reference page of the docs site (docs/cli.md), written from the parsers themselves: the
app's options, then each registered command's usage and options, as `bpe-tui --help` and `bpe-tui COMMAND --help`
print them at 100 columns. `python -m tui.cli.reference > docs/cli.md` writes it; a test fails when the page and
the parsers disagree.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from .commands import COMMANDS
from .main import command_parser

WIDTH = 100  # columns the help is wrapped at, whatever the terminal that runs the generator


@contextmanager
def _columns(width: int) -> Iterator[None]:
    """argparse (and the app's epilog) wrap at $COLUMNS: fixed here, so the page never depends on a terminal."""
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width + 2)
    try:
        yield
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def markdown() -> str:
    """The whole page: a heading and a fenced help text for the app and for each command, in the registry's order."""
    from .app_options import build_app_parser

    with _columns(WIDTH):
        parts = [
            "# Command-line reference",
            "",
            "Written by `python -m tui.cli.reference > docs/cli.md` from the parsers; [The command line](commands.md) shows them at work.",
            "",
            "## bpe-tui",
            "",
            "```text",
            build_app_parser().format_help().rstrip(),
            "```",
        ]
        for command in COMMANDS:
            parts += ["", f"## bpe-tui {command.name}", "", "```text", command_parser(command).format_help().rstrip(), "```"]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
