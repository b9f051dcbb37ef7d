"""What every table's ranks share: the pair a rank is keyed by, the offset from a rule's rank to its id, no rule.

Ids 0..255 are the byte symbols, so the merge of rank r has id OFFSET + r (GPT-2's encoder.json and a
trained table); tiktoken's rank of a token is its id, and the rule rank is that minus OFFSET.
NO_RULE is the rank a pair that is no rule gets in a list of ranks: larger than every rank, and an int
(fast to compare). Every table's ids are below ID_LIMIT: a loader refuses a larger one, and so does decode.

>>> OFFSET + 9, NO_RULE > 10**9, ID_LIMIT
(265, True, 2147483648)
"""

from __future__ import annotations

import sys

Pair = tuple[str, str]
OFFSET = 256
NO_RULE = sys.maxsize
ID_LIMIT = 2**31
