"""The Tables view's facts about a table (seed 004): its id space, its space-only entries, its merge rule,
whether the other rule gives the same ids, and its regex as spelled (cl100k_base's seed spelling as history).

`p` in the Tables view cycles what the top of the view shows: what loading builds, these facts, the regex.
"""

from __future__ import annotations

import textwrap
from typing import Literal

from rich.text import Text

from ..engine.pipeline import pipeline_of
from ..engine.tables import Table, rule_name, short_name
from ..engine.tables.facts import id_space_line, patterns, spaces_line
from ..explain.rule_agreement import agreement
from ..explain.special import specials_line
from ..safe import visible

Mode = Literal["built", "facts", "regex"]
MODES: tuple[Mode, ...] = ("built", "facts", "regex")


def default_mode(table: Table) -> Mode:
    """A tiktoken table builds none of GPT-2's get_encoder() maps, so its facts come first."""
    return "facts" if table.rule.by_bytes else "built"


def next_mode(mode: Mode) -> Mode:
    return MODES[(MODES.index(mode) + 1) % len(MODES)]


def facts_text(table: Table, text: str | None) -> Text:
    """The id space, space-only entries, merge rule and (for a table with a merge list) the two rules compared on `text`."""
    out = Text()
    kind = table.rule.holds
    regex = "pre-tokenizer" if pipeline_of(table.pattern) else "regex"
    out.append(f"{short_name(table)}: {kind} · p {regex}\n", style="bold")
    out.append(id_space_line(table) + "\n")
    if table.special:
        out.append(visible(specials_line(table)) + "\n")
    if table.normalizer is not None:
        out.append(f"normaliser: {visible(table.normalizer.describe())}, applied to the whole text before chunking\n")
    out.append(spaces_line(table) + "\n")
    out.append(rule_name(table), style="italic")
    compared = agreement(table, text) if not (table.rule.by_bytes or table.rule.on_characters) else ""
    if compared:
        out.append("\n" + compared)
    return out


def regex_text(table: Table, width: int) -> Text:
    """The table's regex as spelled, and for cl100k_base the seed's spelling beside it as history.

    A regex is cut every `width` characters, never at its spaces (a wrap there would hide the
    literal space of ` ?`).
    """
    out = Text(no_wrap=True, overflow="crop")
    out.append(f"{short_name(table)}'s chunks · p what loading builds", style="bold")
    if table.normalizer is not None:
        out.append(f"\nfirst the normaliser: {visible(table.normalizer.describe())}", style="italic")
    width = max(width, 20)
    for n, (label, pattern) in enumerate(patterns(table)):
        words, line = label.split(" "), ""
        for word in [*words[:-1], words[-1] + ":"]:
            if line and len(line) + 1 + len(word) > width:
                out.append("\n" + line, style="italic")
                line = word
            else:
                line = f"{line} {word}" if line else word
        out.append("\n" + line, style="italic")
        shown = visible(pattern)  # a tokenizer.json's own regex may hold controls
        for start in range(0, len(shown), width):
            out.append("\n" + shown[start : start + width], style="dim" if n else "bold")
    if any("\\p{" in pattern for _, pattern in patterns(table)):
        for line in textwrap.wrap(UNICODE_CLASSES, width):
            out.append("\n" + line, style="italic")
    return out


#: What seed 004 says of the classes these regexes use.
UNICODE_CLASSES = "\\p{L} is any letter (Hanzi too), \\p{N} any number: Python's re has neither, the regex module both."
