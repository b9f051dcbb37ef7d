"""Mistral's Tekken (v3, 2024-09-11): a tiktoken-rule table whose ids are its ranks plus 1,000.

The file is `mistral_common/data/tekken_240911.json` from `mistral-common==1.13.1` (the `tekken`
extra), found from the package's metadata, none of its code imported, hash-checked, parsed on first
use. Its `vocab` lists 150,000 tokens by rank (base64 bytes); its `config` says the default vocabulary
holds 131,072 ids of which the first 1,000 are special, so the first 130,072 ranks are used and a
token's id is its rank + 1,000. Adding 1,000 to every rank keeps their order, so `byte_ranks` holds
the ids and tiktoken's rule merges exactly as on the ranks (`Table.first_id` is 1,000).
The file names no special token: they are mistral-common's twenty named ones, then `<SPECIAL_20>`…

>>> TEKKEN_SPECIALS[:3], len(TEKKEN_SPECIALS), TEKKEN_SPECIALS[999]
(('<unk>', '<s>', '</s>'), 1000, '<SPECIAL_999>')
"""

from __future__ import annotations

import re
from binascii import a2b_base64
from functools import cache

from .carriers import Carrier
from .table import Table
from .tiktoken_files import tiktoken_table

TEKKEN = Carrier("mistral-common", "1.13.1", "mistral_common", "tekken", "Apache-2.0")
TEKKEN_FILE = "mistral_common/data/tekken_240911.json"
TEKKEN_SHA256 = "1948e2d48b0e7377f1bb5f1210f1ae5f984934e75713fc07e2452729b8365316"

_NAMED = (
    *("<unk>", "<s>", "</s>", "[INST]", "[/INST]", "[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]", "[TOOL_RESULTS]", "[/TOOL_RESULTS]"),
    *("[TOOL_CALLS]", "[IMG]", "<pad>", "[IMG_BREAK]", "[IMG_END]", "[PREFIX]", "[MIDDLE]", "[SUFFIX]", "[SYSTEM_PROMPT]"),
    *("[/SYSTEM_PROMPT]", "[TOOL_CONTENT]"),
)
#: The 1,000 special tokens by id, as mistral-common names them for a v3 file without a special_tokens list.
TEKKEN_SPECIALS = (*_NAMED, *(f"<SPECIAL_{n}>" for n in range(len(_NAMED), 1000)))


#: A vocabulary entry's base64 bytes. The pinned file (its hash checked first) lists the entries by rank, each with
#: its rank, token_bytes and token_str, so the n-th match is rank n's token (tests/engine/test_carriers.py checks
#: this against json.loads): four times faster than decoding the whole 19 MB document.
TOKEN_BYTES = re.compile(rb'"token_bytes": "([A-Za-z0-9+/=]*)"')


def tekken_config(data: bytes) -> dict:
    """The file's `config` object, the document's first member: decoded alone, without the vocabulary after it."""
    import json  # not at start-up: the app's first trace needs no JSON (tests/app/test_app_startup.py)

    head = data[: data.index(b'"vocab"')].decode("utf-8")
    return json.JSONDecoder().raw_decode(head, head.index("{", head.index('"config"')))[0]


@cache
def tekken() -> Table:
    """Tekken (130,072 ordinary tokens, ids 1,000 to 131,071), loaded once and only when first asked for."""
    data, path = TEKKEN.read("tekken", TEKKEN_FILE, TEKKEN_SHA256)
    config = tekken_config(data)
    first = config["default_num_special_tokens"]
    used = config["default_vocab_size"] - first
    tokens = list(map(a2b_base64, TOKEN_BYTES.findall(data, data.index(b'"vocab"'))[:used]))
    byte_ranks = dict(zip(tokens, range(first, first + used), strict=True))
    specials = {name: n for n, name in enumerate(TEKKEN_SPECIALS[:first])}
    return tiktoken_table("tekken", byte_ranks, specials, config["pattern"], TEKKEN_SHA256, str(path), first_id=first)
