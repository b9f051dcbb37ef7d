"""The seed-fact checklist's vocabulary: a fact, where bpe-tui shows it, and how its text is read there.

A `Fact` is one number or example of a seed (000: the Ġ article, 002: the 'Inside the model' page,
004: the regex article), its value written exactly as the seed writes it, and where the app or the
CLI shows it: `Cli(argv)` (the command's standard output and error, in-process) or `View(step)` (the
screen of one step of an app run, tests/facts/scenes.py). Spacing is compared collapsed (runs of
spaces and line breaks count as one space), so a sentence wrapped inside a pane is still found.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: Seed 004's Shakespeare figures need its 1,115,394-byte input.txt, which bpe-tui does not ship: with
#: BPE_TUI_INPUT_TXT naming that file, those facts are checked on it; without, on what can be checked.
INPUT_TXT = os.environ.get("BPE_TUI_INPUT_TXT", "")
HAVE_INPUT_TXT = bool(INPUT_TXT) and Path(INPUT_TXT).is_file()

Pick = Callable[[str], str]


def collapsed(text: str) -> str:
    """`text` with every run of whitespace made one space (a wrapped sentence reads as one line)."""
    return " ".join(text.split())


@dataclass(frozen=True)
class Cli:
    """`bpe-tui ARGV`: its standard output (then error), or what `pick` reads from the output."""

    argv: tuple[str, ...]
    pick: Pick | None = None

    def label(self) -> str:
        return "bpe-tui " + " ".join(self.argv)


@dataclass(frozen=True)
class View:
    """What the screen shows at a step of an app run (scenes.STEPS): any line or pane, or the one
    pane `pane` (a widget id or class name), or what `pick` reads from that pane."""

    step: str
    pane: str = ""
    pick: Pick | None = None

    def label(self) -> str:
        return f"screen at {self.step}" + (f", pane {self.pane}" if self.pane else "")


@dataclass(frozen=True)
class Fact:
    """One fact of a seed: its value as the seed writes it, each part of which must be shown `where`."""

    name: str
    seed: str
    expected: tuple[str, ...]
    where: Cli | View
    needs: str = field(default="")  # what the fact needs that the project does not ship, and what is checked instead


def fact(name: str, seed: str, where: Cli | View, *expected: str, needs: str = "") -> Fact:
    return Fact(name, seed, expected, where, needs)


def cli(*argv: str, pick: Pick | None = None) -> Cli:
    return Cli(argv, pick)


# -- picks: the seed's notation read from what bpe-tui prints -------------------------------------


def chunk_texts(out: str) -> str:
    """`bpe-tui chunks` output as the seed writes findall's result: ['Hello', "'ve", ' world', …]."""
    return repr([chunk["text"] for chunk in json.loads(out)])


def dotted_chunks(out: str) -> str:
    """The chunks with each space written `·`, as seed 004 writes them: ['···', '·if']."""
    return repr([chunk["text"].replace(" ", "·") for chunk in json.loads(out)])


def chunk_count(out: str) -> str:
    return f"{len(json.loads(out))} pieces"


def trace_field(name: str) -> Pick:
    """One field of every chunk of a `bpe-tui capture` trace, listed: bytes [72, 105] | [32, 228, 189, 160] | …"""

    def read(out: str) -> str:
        return " | ".join(f"{name} {json.dumps(chunk[name], ensure_ascii=False)}" for chunk in json.loads(out)["chunks"])

    return read


def ranks_used(out: str) -> str:
    """The rank of every round of a capture, in order: 3, 5, 7, …"""
    return ", ".join(str(r[2]) for chunk in json.loads(out)["chunks"] for r in chunk["rounds"])


def merged_at(out: str) -> str:
    """Each round's pair and the offsets where it merged: 'a a at 0' (the third a is not reused)."""
    rounds = [r for chunk in json.loads(out)["chunks"] for r in chunk["rounds"]]
    return "; ".join(f"{r[0]} {r[1]} at {' '.join(map(str, r[3:]))}" for r in rounds)


def tokens(pane: str) -> str:
    """The Output ids pane ('127 16799 │ Ġ+ 1343 │ Ġ6 718 77 3324 …') as the seed writes tokens:
    '127 | ·+ | ·6 | 77', a space as ·, the ids left out."""
    words = [w for w in pane.split() if w != "│"]
    return " | ".join(alias.replace("Ġ", "·") for alias in words[0::2])


def train_json(field_name: str, *, rounds: int = 0) -> Pick:
    """From `train --json`: the totals ('bytes 1115394'), or the first `rounds` merges as
    'round k: (a, b) count c'."""

    def read(out: str) -> str:
        data = json.loads(out)
        if rounds:
            merges = data["merges"][:rounds]
            return " · ".join(f"round {k}: ({m['pair'][0]}, {m['pair'][1]}) count {m['count']:,}" for k, m in enumerate(merges, 1))
        return f"{field_name} {data[field_name]:,}"

    return read


def merged_pairs(out: str) -> str:
    """`train --json`'s pairs in order: '[116, 104] [256, 101] [257, 32]'."""
    return " ".join(str(m["pair"]) for m in json.loads(out)["merges"])


def round_line(k: int) -> Pick:
    """`bpe-tui train`'s line for round `k`, its count written as the seed writes numbers (8,684)."""

    def read(out: str) -> str:
        line = next((line for line in out.splitlines() if line.startswith(f"round {k}:")), "")
        return re.sub(r"count (\d+)", lambda m: f"count {int(m[1]):,}", line)

    return read


def found(expected: str, shown: str) -> bool:
    return collapsed(expected) in collapsed(shown)
