"""What GPT-2's own loader would read from a vocab.bpe, beside what this project's loader keeps.

openai/gpt-2's get_encoder() reads the rules as `split('\\n')[1:-1]`: it skips the first line
(meant to be the '#version' header) and the last (meant to be the empty string after the final
newline), then splits each line on whitespace. On the official file both slices drop nothing real.
On a custom file without a final newline the last rule is lost; without a header the first is.

>>> compare(b"#version: 0.2\\na b\\nab c").dropped
(('ab', 'c'),)
>>> compare(b"#version: 0.2\\na b\\nab c\\n").dropped
()
>>> compare(b"a b\\nab c\\n").dropped
(('a', 'b'),)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..engine.tables import Pair, Table, parse_vocab_bpe, vocab_bpe_text


@dataclass(frozen=True, slots=True)
class LoaderComparison:
    """The rules each loader reads from one file, and the ones the official slice loses."""

    official: tuple[Pair, ...]
    ours: tuple[Pair, ...]
    dropped: tuple[Pair, ...]
    ends_with_newline: bool
    has_header: bool

    @property
    def sentence(self) -> str:
        if not self.dropped:
            return (
                f"split('\\n')[1:-1] drops nothing here: the file starts with its header and ends with a newline, "
                f"so both loaders read the same {len(self.ours):,} rules."
            )
        why = []
        if not self.has_header:
            why.append("it has no '#version' header, so [1:] skips the first rule")
        if not self.ends_with_newline:
            why.append("it does not end with a newline, so [:-1] cuts the last rule")
        shown = ", ".join(f"({a} {b})" for a, b in self.dropped[:3]) + (" …" if len(self.dropped) > 3 else "")
        return (
            f"GPT-2's loader would drop {len(self.dropped)} of these {len(self.ours):,} rules, {shown}: "  # each rule in its own ( )
            + "; ".join(why)
            + ". This loader keeps them all."
        )


def official_rules(text: str) -> tuple[Pair, ...]:
    """The rules as openai/gpt-2 reads them: `[tuple(line.split()) for line in text.split('\\n')[1:-1]]`."""
    return tuple((parts[0], parts[1]) for line in text.split("\n")[1:-1] if len(parts := line.split()) == 2)


def compare(data: bytes) -> LoaderComparison:
    """Both readings of a vocab.bpe's bytes (which must parse with this project's loader)."""
    ours = parse_vocab_bpe(data)
    text = data.decode("utf-8")
    official = official_rules(text)
    kept = set(official)
    dropped = tuple(rule for rule in ours if rule not in kept)
    return LoaderComparison(official, ours, dropped, text.endswith("\n"), text.startswith("#version"))


@lru_cache(maxsize=8)
def table_comparison(table: Table) -> LoaderComparison | None:
    """Both readings of the vocab.bpe `table` was read from (the built-in teaching rules as GPT-2's
    format writes them), or None for a table that was not read from a vocab.bpe."""
    if table.vocab is not None:
        return compare(table.vocab)
    if table.source == "built in":
        return compare(vocab_bpe_text(table.merges).encode("utf-8"))
    return None


def loader_note(table: Table) -> str:
    """The Tables view's sentence on GPT-2's `split('\\n')[1:-1]` for `table`.

    >>> from ..engine.tables import teaching
    >>> loader_note(teaching()).endswith("would lose none of the 9.")
    True
    """
    found = table_comparison(table)
    if found is not None and table.vocab is None:
        return (
            f"the {table.name} rules are built in; written as a vocab.bpe they have a header and end with a newline, "
            f"so split('\\n')[1:-1] would lose none of the {len(found.ours):,}."
        )
    if found is not None:
        return found.sentence
    if table.rule.by_bytes:
        return f"{table.name} comes from a tiktoken rank file, not a vocab.bpe: GPT-2's split('\\n')[1:-1] never reads it."
    return "these rules were not read from a vocab.bpe, so GPT-2's split('\\n')[1:-1] does not apply to them."
