"""Which program a command line asks for: a command, or the app and the trace file it opens.

`bpe-tui [TABLE OPTIONS] COMMAND [OPTIONS]` runs a command: only the table options (TABLE_OPTIONS, each
with its value) may come before its name, and are read as if they came after it. Anything else is the
app's command line, `bpe-tui [TRACE.json] [OPTIONS]`, whose first word must name a trace file: it exists,
ends in .json or holds a path separator (`bpe-tui ./encode` opens a file named encode). Any other word
is a mistyped command, said in one sentence with the closest name.
"""

from __future__ import annotations

import os

from .commands import NAMES
from .inputs import TABLE_OPTIONS


def command_at(argv: list[str]) -> int | None:
    """The index of the command's name in `argv`, if the line runs a command (after table options only)."""
    index = 0
    while index < len(argv):
        word = argv[index]
        if word in TABLE_OPTIONS:
            index += 2
        elif word.startswith("-") and not word.startswith(tuple(f"{option}=" for option in TABLE_OPTIONS)):
            return None  # an option of the app's (or a mistake its parser reports)
        elif word.startswith("-"):
            index += 1
        else:
            return index if word in NAMES else None
    return None


def names_a_trace(word: str) -> bool:
    """Whether the app's first word is a trace file rather than a command: it exists, ends in .json or holds a
    path separator; '-' is left to the app's parser."""
    return word == "-" or word.lower().endswith(".json") or os.sep in word or os.path.lexists(word)


def not_a_trace(word: str) -> str:
    """The sentence for a first word that names no trace file: a command out of place, or a mistyped one
    ("unknown command 'encdoe'; did you mean 'encode'?"), or the commands there are."""
    from difflib import get_close_matches

    from ..engine.texts import quote

    if word in NAMES:
        return f"{quote(word)} is a command: give its name first (only {', '.join(TABLE_OPTIONS)} may come before it)."
    close = get_close_matches(word, (*NAMES, "help"), n=1)
    if close:
        return f"unknown command {quote(word)}; did you mean {quote(close[0])}?"
    return f"unknown command {quote(word)}; the commands are {', '.join(NAMES)} (bpe-tui --help), and a trace file must exist."
