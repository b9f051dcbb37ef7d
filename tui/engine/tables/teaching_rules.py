"""The teaching table: seed 000's nine artificial rules over the 256 byte symbols, built in.

>>> t = teaching()
>>> t.merges[0], t.ranks[("aa", "ab")], t.encoder["aaababc"]
(('a', 'a'), 6, 264)
>>> from ..files import sha256_hex
>>> from .table import vocab_bpe_text
>>> sha256_hex(vocab_bpe_text(t.merges).encode("utf-8")) == TEACHING_SHA256 == t.sha256
True
"""

from __future__ import annotations

from functools import cache

from .ranks import OFFSET, Pair
from .table import Table, byte_symbol_order

TEACHING_RULES = "a a|a b|b c|c a|x y|xy z|aa ab|aaab ab|aaabab c"
#: The SHA-256 of the rules as a vocab.bpe (the docstring checks it), pinned so that start-up never loads hashlib.
TEACHING_SHA256 = "26c7b03192ecb498db9e7364d601765ef94dcef4fcaee8d125099e4ce1e0e4c3"


@cache
def teaching() -> Table:
    """The nine-rule artificial table of seed 000; ids 0..255 are the byte symbols, rank r has id 256 + r."""
    merges: tuple[Pair, ...] = tuple((left, right) for left, right in (rule.split(" ") for rule in TEACHING_RULES.split("|")))
    encoder = {s: i for i, s in enumerate(byte_symbol_order())}
    for rank, (a, b) in enumerate(merges):
        encoder[a + b] = OFFSET + rank
    return Table(name="teaching", merges=merges, encoder=encoder, sha256=TEACHING_SHA256, source="built in")
