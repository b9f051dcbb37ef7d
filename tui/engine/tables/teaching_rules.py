"""The teaching table: seed 000's nine artificial rules over the 256 byte symbols, built in.

>>> t = teaching()
>>> t.merges[0], t.ranks[("aa", "ab")], t.encoder["aaababc"]
(('a', 'a'), 6, 264)
"""

from __future__ import annotations

import hashlib
from functools import cache

from .table import Pair, Table, byte_symbol_order, vocab_bpe_text

TEACHING_RULES = "a a|a b|b c|c a|x y|xy z|aa ab|aaab ab|aaabab c"


@cache
def teaching() -> Table:
    """The nine-rule artificial table of seed 000; ids 0..255 are the byte symbols, rank r has id 256 + r."""
    merges: tuple[Pair, ...] = tuple((left, right) for left, right in (rule.split(" ") for rule in TEACHING_RULES.split("|")))
    encoder = {s: i for i, s in enumerate(byte_symbol_order())}
    for rank, (a, b) in enumerate(merges):
        encoder[a + b] = 256 + rank
    digest = hashlib.sha256(vocab_bpe_text(merges).encode("utf-8")).hexdigest()
    return Table("teaching", merges, encoder, digest, "built in")
