"""The two merge rules side by side: GPT-2's table merged by tiktoken's rule gives the same ids.

tiktoken's own GPT-2 encoding does exactly this (its ranks are encoder.json's ids), so the
`rules_agree` check is what lets the interface say that the rule matters for the animation, not
for the result, on GPT-2's table.

>>> from ..engine.tables import teaching
>>> rules_agree(teaching(), ["aaababcabxyz", "aaaaaaa"])
True
>>> agreement(teaching(), "aaababcabxyz")
"✓ tiktoken's rule gives the same 3 ids on this text: the rule changes the steps shown, not the ids"
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ..engine.aliases import from_aliases
from ..engine.bpe import encode
from ..engine.tables import TIKTOKEN, Table


@cache
def as_tiktoken(table: Table) -> Table:
    """`table` on tiktoken's rule: each ordinary symbol's bytes ranked by its id (specials left out)."""
    if table.rule.by_bytes:
        return table
    special = table.special
    byte_ranks = {from_aliases(s): i for s, i in table.encoder.items() if s not in special}
    return Table(
        name=f"{table.name}-tiktoken-rule",
        merges=(),
        encoder=table.encoder,
        sha256=table.sha256,
        source=table.source,
        rule=TIKTOKEN,
        pattern=table.pattern,
        byte_ranks=byte_ranks,
        specials=special,
    )


def rules_agree(table: Table, texts: Iterable[str]) -> bool:
    """True when GPT-2's rule and tiktoken's rule give the same ids for every text on `table`."""
    other = as_tiktoken(table)
    return all(encode(text, table) == encode(text, other) for text in texts)


#: Texts longer than this are not encoded a second time on the interface's thread.
AGREEMENT_LIMIT = 20_000


def agreement(table: Table, text: str | None) -> str:
    """One sentence for the Tables view: does tiktoken's rule give this table's ids on the current text?

    A tiktoken table has only its own rule (a rank file lists tokens, not merges); a table with a
    merge list is encoded again by tiktoken's rule, on texts up to AGREEMENT_LIMIT characters.
    """
    if table.rule.by_bytes:
        return "a rank file lists tokens, not merges: only tiktoken's rule applies to this table"
    corpus = " (and over the tests' multilingual corpus)" if table.name == "gpt2" else ""
    if not text or len(text) > AGREEMENT_LIMIT:
        said = "; on GPT-2's table they give the same ids over the tests' multilingual corpus" if corpus else ""
        return f"the two rules are compared on texts up to {AGREEMENT_LIMIT:,} characters{said}"
    ours, theirs = encode(text, table), encode(text, as_tiktoken(table))
    if ours == theirs:
        return f"✓ tiktoken's rule gives the same {len(ours):,} ids on this text{corpus}: the rule changes the steps shown, not the ids"
    first = next((n for n, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b), min(len(ours), len(theirs)))
    return f"✗ tiktoken's rule gives other ids on this text: from token {first + 1} on ({len(ours):,} ids here, {len(theirs):,} by tiktoken's rule)"
