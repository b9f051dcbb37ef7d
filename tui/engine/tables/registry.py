"""The one registry of rule tables: each built-in table's name, label, loader and place in the `t` cycle.

The order of ENTRIES is the order `t` cycles through; a custom table (`--vocab` / `--encoder`)
comes last, under its own name. Loaders run only when a table is first asked for. A table whose
file comes in an optional extra's carrier package is listed (`names`, `t`) only when it is installed;
asked for without it, it says which extra to install.

>>> known()
('teaching', 'gpt2', 'cl100k_base', 'o200k_base', 'deepseek-v4', 'qwen3', 'qwen3.6', 'tekken', 'mistral-v1', 'mistral-v3', 'mistral-v7', 'o200k_harmony')
>>> label(get_table("teaching"))
'teaching · 9 rules'
>>> table_cycle()[:4]
['teaching', 'gpt2', 'cl100k_base', 'o200k_base']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..pretokenize import GPT2_PATTERN
from ..texts import count, quote
from .carriers import QWEN, QWEN3_6_PATTERN, QWEN3_PATTERN, Carrier, qwen3, qwen3_6
from .deepseek import DEEPSEEK, deepseek_v4
from .harmony import o200k_harmony
from .ranks import OFFSET
from .sentencepiece_files import mistral_v1, mistral_v3, mistral_v7
from .table import Table, TableError
from .teaching_rules import teaching
from .tekken import TEKKEN, tekken
from .tiktoken_files import CL100K_PATTERN, O200K_PATTERN, cl100k_base, o200k_base
from .two_files import gpt2

#: The chunking regexes by the name of the table that owns them (training chooses among them).
PATTERNS: dict[str, str] = {
    "gpt2": GPT2_PATTERN,
    "cl100k_base": CL100K_PATTERN,
    "o200k_base": O200K_PATTERN,
    "qwen3": QWEN3_PATTERN,
    "qwen3.6": QWEN3_6_PATTERN,
}


def rules_label(title: str) -> Callable[[Table], str]:
    """A label that counts rules: 'teaching · 9 rules' (for small tables, read rule by rule)."""
    return lambda table: f"{title} · {count(len(table.merges), 'rule')}"


def merges_label(title: str) -> Callable[[Table], str]:
    """A label with the merge count and the rule file's hash: 'GPT-2 · 50,000 merges · vocab.bpe 1ce16647…'."""
    return lambda table: f"{title} · {count(len(table.merges), 'merge')} · vocab.bpe {table.sha256[:8]}…"


def ranks_label(title: str) -> Callable[[Table], str]:
    """A tiktoken table's label: 'cl100k_base · tiktoken rule · 100,256 ranks' (the rule comes before the count, so a shortened label keeps it)."""
    return lambda table: f"{title} · tiktoken rule · {len(table.merges) + OFFSET:,} ranks"


def json_label(title: str) -> Callable[[Table], str]:
    """A tokenizer.json table's label: 'DeepSeek V4 · 127,741 merges · tokenizer.json 8f9f37ca…' (DeepSeek V4's, see deepseek.py)."""
    return lambda table: f"{title} · {count(len(table.merges), 'merge')} · tokenizer.json {table.sha256[:8]}…"


def pieces_label(title: str) -> Callable[[Table], str]:
    """A SentencePiece table's label: 'Mistral v1 · SentencePiece · 32,000 pieces' (the rule before the count)."""
    return lambda table: f"{title} · SentencePiece · {len(table.encoder):,} pieces"


@dataclass(frozen=True)
class Entry:
    """One built-in table: the name --table and trace files use, its label, how to load it."""

    name: str
    short: str  # the table's name in a sentence: 'GPT-2'
    label: Callable[[Table], str]
    load: Callable[[], Table]  # cached by the loader: the same Table each time
    about: str  # a few words for --help
    in_cycle: bool = True  # in the app's `t` cycle
    #: A table out of the cycle whose ranks are this one's with a chat format's special tokens added: it stands in
    #: this table's place (`t` goes on from there; the Chat view's `f` moves here from it).
    chat_of: str | None = None
    explored: bool = False  # one of the explorer's rows
    carrier: Carrier | None = None  # the optional extra's package its file comes in; None: always installed

    def installed(self) -> bool:
        return self.carrier is None or self.carrier.installed()


#: The built-in tables, in `t` cycling order; the first is the default.
ENTRIES: tuple[Entry, ...] = (
    Entry("teaching", "teaching", rules_label("teaching"), teaching, "nine artificial rules, for teaching"),
    Entry("gpt2", "GPT-2", merges_label("GPT-2"), gpt2, "the official GPT-2 table", explored=True),
    Entry("cl100k_base", "cl100k_base", ranks_label("cl100k_base"), cl100k_base, "GPT-4's tiktoken table", explored=True),
    Entry("o200k_base", "o200k_base", ranks_label("o200k_base"), o200k_base, "GPT-4o's tiktoken table", explored=True),
    Entry("deepseek-v4", "DeepSeek V4", json_label("DeepSeek V4"), deepseek_v4, "DeepSeek V4, extra 'models'", carrier=DEEPSEEK),
    Entry("qwen3", "Qwen 3", ranks_label("Qwen 3"), qwen3, "Qwen 2.5 and 3, extra 'models'", carrier=QWEN),
    Entry("qwen3.6", "Qwen 3.6", ranks_label("Qwen 3.6"), qwen3_6, "Qwen 3.5 and 3.6, extra 'models'", carrier=QWEN),
    Entry("tekken", "Tekken", ranks_label("Tekken"), tekken, "Mistral's Tekken v3, extra 'tekken'", carrier=TEKKEN),
    Entry(
        "mistral-v1", "Mistral v1", pieces_label("Mistral v1"), mistral_v1, "Mistral 7B's SentencePiece v1, extra 'tekken'", carrier=TEKKEN
    ),
    Entry("mistral-v3", "Mistral v3", pieces_label("Mistral v3"), mistral_v3, "Mistral's SentencePiece v3, extra 'tekken'", carrier=TEKKEN),
    Entry("mistral-v7", "Mistral v7", pieces_label("Mistral v7"), mistral_v7, "Mistral's SentencePiece v7, extra 'tekken'", carrier=TEKKEN),
    Entry(
        "o200k_harmony",
        "o200k_harmony",
        ranks_label("o200k_harmony"),
        o200k_harmony,
        "gpt-oss's: o200k_base with harmony's chat tokens",
        in_cycle=False,
        chat_of="o200k_base",
    ),
)
BY_NAME: dict[str, Entry] = {entry.name: entry for entry in ENTRIES}
DEFAULT = ENTRIES[0].name


def known() -> tuple[str, ...]:
    """Every built-in table's name, installed or not (what --table accepts), in cycling order."""
    return tuple(BY_NAME)


def names() -> tuple[str, ...]:
    """The installed built-in tables' names, in cycling order (a carrier's only with its extra)."""
    return tuple(entry.name for entry in ENTRIES if entry.installed())


def explored() -> tuple[str, ...]:
    """The tables the explorer cuts the text with, one row each, in registry order."""
    return tuple(entry.name for entry in ENTRIES if entry.explored)


def about() -> str:
    """The built-in tables for --help: 'teaching (nine artificial rules, for teaching), gpt2 (…)'."""
    return ", ".join(f"{entry.name} ({entry.about})" for entry in BY_NAME.values())


def get_table(name: str) -> Table:
    """A built-in table by name, loaded on first use; one not installed says which extra brings it."""
    entry = BY_NAME.get(name)
    if entry is None:
        raise TableError(f"unknown table {quote(name)}; choose one of: {', '.join(names())}.")
    if entry.carrier is not None and not entry.carrier.installed():
        raise TableError(entry.carrier.missing(name))
    return entry.load()


def resolver(custom: Table | None = None) -> Callable[[str], Table]:
    """Tables by name: the built-in ones, and `custom` under its own name."""

    def resolve(name: str) -> Table:
        return custom if custom is not None and name == custom.name else get_table(name)

    return resolve


def table_cycle(custom: Table | None = None) -> list[str]:
    """The names `t` cycles through: the built-in tables, then `custom` if one is loaded."""
    return [
        *(e.name for e in ENTRIES if e.in_cycle and e.installed()),
        *([custom.name] if custom is not None and custom.name not in BY_NAME else []),
    ]


def chat_twin(name: str) -> str | None:
    """The installed table with `name`'s ranks and a chat format's special tokens, if there is one.

    >>> chat_twin("o200k_base"), chat_twin("gpt2")
    ('o200k_harmony', None)
    """
    return next((e.name for e in ENTRIES if e.chat_of == name and e.installed()), None)


def stands_for(name: str) -> str:
    """The table of the `t` cycle whose place `name` takes: its own, or for a chat twin the table it adds tokens to."""
    entry = BY_NAME.get(name)
    return entry.chat_of if entry is not None and entry.chat_of is not None else name


def label(table: Table) -> str:
    """The label of `table`: its entry's, or for a custom table its name, merges and hash."""
    entry = BY_NAME.get(table.name)
    return (entry.label if entry is not None else merges_label(table.name))(table)


def short_name(table: Table) -> str:
    """The table's name in a sentence: 'GPT-2' for gpt2, a custom table's own name."""
    entry = BY_NAME.get(table.name)
    return entry.short if entry is not None else table.name
