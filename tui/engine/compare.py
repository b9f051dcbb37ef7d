"""The two merge rules side by side: GPT-2's table merged by tiktoken's rule gives the same ids.

tiktoken's own GPT-2 encoding does exactly this (its ranks are encoder.json's ids), so the
`rules_agree` check is what lets the interface say that the rule matters for the animation, not
for the result, on GPT-2's table.

>>> from .tables import teaching
>>> rules_agree(teaching(), ["aaababcabxyz", "aaaaaaa"])
True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from .aliases import from_aliases
from .bpe import encode
from .tables import Table


@cache
def as_tiktoken(table: Table) -> Table:
    """`table` on tiktoken's rule: each ordinary symbol's bytes ranked by its id (specials left out)."""
    if table.rule == "tiktoken":
        return table
    special = table.special
    byte_ranks = {from_aliases(s): i for s, i in table.encoder.items() if s not in special}
    return Table(
        f"{table.name}-tiktoken-rule", (), table.encoder, table.sha256, table.source, "tiktoken", table.pattern, byte_ranks, special
    )


def rules_agree(table: Table, texts: Iterable[str]) -> bool:
    """True when GPT-2's rule and tiktoken's rule give the same ids for every text on `table`."""
    other = as_tiktoken(table)
    return all(encode(text, table) == encode(text, other) for text in texts)
