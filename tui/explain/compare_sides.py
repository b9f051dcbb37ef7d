"""How a comparison names and builds its sides: a registered table by name, the same tokens under another
merge rule ('NAME@gpt2', 'NAME@tiktoken', 'NAME@hf'), and a side's name in a sentence."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from ..engine.tables import GPT2, RULES, Table, TableError, get_table
from ..engine.tables.registry import BY_NAME
from .rule_agreement import as_tiktoken
from .words import quoted


@cache
def as_gpt2(table: Table) -> Table:
    """`table` on GPT-2's rule: a tiktoken table's recovered merges in rank order (a few seconds for 100,000 ranks)."""
    if table.rule is GPT2:
        return table
    if not table.rule.by_bytes:  # a merge list already, in another order
        return replace(table, name=f"{table.name}@gpt2", rule=GPT2)
    return Table(
        name=f"{table.name}@gpt2",
        merges=tuple(table.merges),
        encoder=dict(table.encoder),
        sha256=table.sha256,
        source=table.source,
        rule=GPT2,
        pattern=table.pattern,
        specials=table.special,
        normalizer=table.normalizer,
    )


def with_rule(table: Table, rule: str) -> Table:
    """The same tokens merged by `rule` ('gpt2', 'tiktoken' or 'hf'): the "both rules side by side" view."""
    chosen = RULES.get(rule)
    if chosen is None or chosen.on_characters:
        *first, last = (name for name, known in RULES.items() if not known.on_characters)
        raise TableError(f"a table's rule is {', '.join(first)} or {last}, not {quoted(rule)}.")
    if table.rule is chosen:
        return table
    if table.rule.on_characters:
        raise TableError(f"{table.name} merges characters by {table.rule.label} alone; a byte-level rule has no symbols to start from.")
    if chosen.by_bytes:
        return as_tiktoken(table)
    merges = as_gpt2(table)
    return merges if merges.rule is chosen else replace(merges, name=f"{base_name(table)}@{chosen.name}", rule=chosen)


def named_table(name: str) -> Table:
    """A registered table by name; 'NAME@gpt2' or 'NAME@tiktoken' is the same table under that merge rule."""
    return resolving(get_table)(name)


#: The rule views the comparison view's `a` / `b` cycle reaches after the tables: GPT-2-rule tables under tiktoken's rule.
RULE_VIEWS = ("teaching@tiktoken", "gpt2@tiktoken")


def resolving(resolve: Callable[[str], Table]) -> Callable[[str], Table]:
    """`resolve` (tables by name) that also knows 'NAME@gpt2' and 'NAME@tiktoken' (`named_table` for any resolver)."""

    def resolved(name: str) -> Table:
        base, at, rule = name.partition("@")
        return with_rule(resolve(base), rule) if at else resolve(name)

    return resolved


def base_name(table: Table) -> str:
    """The registered table a rule view shows: 'gpt2' for 'gpt2-tiktoken-rule' or 'cl100k_base@gpt2'."""
    return table.name.removesuffix("-tiktoken-rule").partition("@")[0]


def side_name(table: Table) -> str:
    """How a sentence names a side: 'GPT-2', or 'GPT-2 (tiktoken's rule)' for a rule view."""
    base = base_name(table)
    entry = BY_NAME.get(base)
    short = entry.short if entry is not None else base
    if base == table.name:
        return short
    return f"{short} ({table.rule.label})"
