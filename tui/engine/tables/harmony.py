"""o200k_harmony: gpt-oss's table, o200k_base's ranks and regex with the special tokens of OpenAI's harmony format.

Built from the o200k_base rank file the tiktoken carrier already brings (tiktoken_files.py), nothing
downloaded: the same 199,998 ordinary tokens (the dict is shared with o200k_base, not copied), and 1,091
special tokens from 199,998 to 201,088, as openai-harmony 0.0.8 names them: nine named ones, the others
`<|reserved_N|>` by their id (so o200k_base's `<|endofprompt|>` 200,018 is `<|reserved_200018|>` here).

>>> HARMONY_SPECIALS["<|start|>"], HARMONY_SPECIALS["<|message|>"], HARMONY_SPECIALS["<|end|>"], len(HARMONY_SPECIALS)
(200006, 200008, 200007, 1091)
"""

from __future__ import annotations

from functools import cache

from .table import Table
from .tiktoken_files import O200K, o200k_base, tiktoken_table

_NAMED = {
    199998: "<|startoftext|>",
    199999: "<|endoftext|>",
    200002: "<|return|>",
    200003: "<|constrain|>",
    200005: "<|channel|>",
    200006: "<|start|>",
    200007: "<|end|>",
    200008: "<|message|>",
    200012: "<|call|>",
}
FIRST_SPECIAL, LAST_SPECIAL = 199998, 201088
#: Every special token of the harmony encoding, by name.
HARMONY_SPECIALS: dict[str, int] = {_NAMED.get(i, f"<|reserved_{i}|>"): i for i in range(FIRST_SPECIAL, LAST_SPECIAL + 1)}


@cache
def o200k_harmony() -> Table:
    """o200k_harmony, loaded once and only when first asked for (o200k_base's ranks, read once for both)."""
    base = o200k_base()
    assert base.byte_ranks is not None
    return tiktoken_table("o200k_harmony", base.byte_ranks, HARMONY_SPECIALS, O200K.pattern, O200K.sha256, base.source)
