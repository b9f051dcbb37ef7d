"""Small tokenizer.json files shaped like the real ones, trained here with `tokenizers` (no download):
DeepSeek V4's pre-tokenizer (three Splits, then ByteLevel without its regex) and Llama 3's (its Split,
then ByteLevel without its regex, ignore_merges true), and a file with any normalizer or pre-tokenizer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tokenizers import Tokenizer, decoders, pre_tokenizers, trainers

from .test_tiktoken_diff import CORPUS

#: DeepSeek V4's three Split regexes, as its tokenizer.json spells them.
DEEPSEEK_SPLITS = (
    r"\p{N}{1,3}",
    "[一-龥\u3040-ゟ゠-ヿ]+",
    "[!\"#$%&'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\r\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+"
    "| ?[\\p{P}\\p{S}]+[\r\n]*|\\s*[\r\n]+|\\s+(?!\\S)|\\s+",
)
#: Llama 3's Split regex.
LLAMA3_SPLIT = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"

#: ByteLevel as the last step after Splits: no regex, no prefix space.
LAST_BYTE_LEVEL = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}


def split(pattern: str, behavior: str = "Isolated", invert: bool = False) -> dict[str, Any]:
    return {"type": "Split", "pattern": {"Regex": pattern}, "behavior": behavior, "invert": invert}


DEEPSEEK_PRE = {"type": "Sequence", "pretokenizers": [*map(split, DEEPSEEK_SPLITS), LAST_BYTE_LEVEL]}
LLAMA3_PRE = {"type": "Sequence", "pretokenizers": [split(LLAMA3_SPLIT), LAST_BYTE_LEVEL]}


def trained(path: Path, pre: dict[str, Any], *, ignore_merges: bool = False, vocab_size: int = 900) -> Path:
    """A byte-level BPE tokenizer.json with the pre-tokenizer `pre` (JSON), trained on the corpus."""
    fit(Tokenizer.from_str(json.dumps(_shell(pre, ignore_merges))), path, vocab_size)
    return path


def fit(tok: Tokenizer, path: Path, vocab_size: int) -> Tokenizer:
    """`tok` trained on the corpus with every byte alias (and <|endoftext|>), saved at `path`."""
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), special_tokens=["<|endoftext|>"], show_progress=False
    )
    tok.train_from_iterator(CORPUS * 3, trainer)
    tok.save(str(path))
    return tok


def _shell(pre: dict[str, Any], ignore_merges: bool) -> dict[str, Any]:
    model = {"type": "BPE", "vocab": {}, "merges": [], "ignore_merges": ignore_merges, "byte_fallback": False, "dropout": None}
    return {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [], "normalizer": None, "pre_tokenizer": pre,
            "post_processor": None, "decoder": None, "model": model}  # fmt: skip


def rewritten(path: Path, out: Path, **fields: Any) -> Path:
    """`path`'s tokenizer.json with top-level `fields` replaced (a normalizer, a pre-tokenizer), saved at `out`."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc.update(fields)
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out
