"""The texts the tokenizer is given: the longest one it takes (MAX_TEXT) and the one used when none is given (DEFAULT_TEXT).

Both the app and the command line read them from here, below both (see README, "Limits").
"""

from __future__ import annotations

#: Seed 000's example: nine rules of the teaching table make it three tokens.
DEFAULT_TEXT = "aaababcabxyz"
#: Characters: a longer text is refused, in the app and on the command line.
MAX_TEXT = 1_000_000
