"""Seed 002, the 'Inside the model · Tokenizer' page: every number and example."""

from __future__ import annotations

from .checklist import Fact, View, chunk_count, cli, fact

S = "002"
CAT = "The cat sat on the"

FACTS: tuple[Fact, ...] = (
    fact(
        "why subwords: characters make sequences very long, whole words a huge vocabulary",
        S,
        View("help"),
        "Why subwords: single characters make sequences very long, and whole words need a huge vocabulary that still misses new words",
    ),
    fact("base symbols: 256 bytes", S, View("gpt2 special"), "256 byte symbols"),
    fact("merges: 50,000", S, View("gpt2 encode 'The cat sat on the'"), "GPT-2 · 50,000 merges"),
    fact(
        "vocab 50,257 = 256 + 50,000 + <|endoftext|>",
        S,
        View("gpt2 special"),
        "vocab 50,257 = 256 byte symbols + 50,000 merges + 1 special",
    ),
    fact("this text: 18 bytes → 5 tokens", S, View("gpt2 encode 'The cat sat on the'"), "18 bytes → 5 tokens"),
    fact("pre-tokenize: 5 pieces", S, cli("chunks", "--text", CAT, pick=chunk_count), "5 pieces"),
    fact("bytes: 18 bytes", S, View("gpt2 encode 'The cat sat on the'"), "18 bytes"),
    fact("BPE merges: 13 merges fire", S, View("gpt2 encode 'The cat sat on the'"), "13 merges fire"),
    fact("vocabulary ids [464, 3797, 3332, 319, 262]", S, cli("encode", "--text", CAT), "[464, 3797, 3332, 319, 262]"),
    fact("a merged token's id is 256 plus its merge rank", S, View("gpt2 tables facts"), "encoder[left + right] == 256 + rank"),
    fact("ids 0–255 are the byte symbols in GPT-2's own order", S, View("gpt2 aliases"), "ids 0–255 follow bytes_to_unicode's order"),
    fact("'.' is 13", S, cli("encode", "--text", "."), "[13]"),
    fact("Ġ is 220", S, View("gpt2 aliases"), "Ġ = 220"),
    fact("50256 is <|endoftext|>", S, cli("decode", "50256"), "<|endoftext|>"),
    fact(
        "a token can end inside a character (café 你好): streaming holds its bytes",
        S,
        cli("decode", "--explain", "66", "1878", "2634", "220", "19526", "254", "25001", "121"),
        "'' / [228,189] e4 bd",
        "= 'café 你好'",
    ),
    fact(
        "the code's regex (\\p{L} needs the regex package)",
        S,
        View("gpt2 tables regex"),
        r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""",
    ),
    fact("the code: ' ' → 'Ġ'", S, View("gpt2 aliases"), "byte 32 = 0x20 space", "alias Ġ U+0120"),
    fact(
        "decode: a lookup and a join, then UTF-8 with errors='replace'",
        S,
        cli("decode", "--explain", "19526", "254"),
        "errors='replace'",
        "bytes appended to one buffer",
    ),
)
