"""Seed 000, 'What is Ġ in the vocabulary? One round trip through GPT-2's tokenizer': every number and example."""

from __future__ import annotations

from .checklist import Fact, View, chunk_texts, cli, fact, merged_at, ranks_used, trace_field

S = "000"
HI = ("capture", "--text", "Hi 你!")
INTL = ("capture", "--text", "internationalization")

FACTS: tuple[Fact, ...] = (
    # -- one round trip of "Hi 你!"
    fact("Hi 你! regex chunks", S, cli("chunks", "--text", "Hi 你!", pick=chunk_texts), "['Hi', ' 你', '!']"),
    fact(
        "Hi 你! UTF-8 bytes per chunk", S, cli(*HI, pick=trace_field("bytes")), "bytes [72, 105] | bytes [32, 228, 189, 160] | bytes [33]"
    ),
    fact("Hi 你! byte aliases per chunk", S, cli(*HI, pick=trace_field("aliases")), 'aliases "Hi" | aliases "Ġä½ł" | aliases "!"'),
    fact("Hi 你! final ids", S, cli("encode", "--text", "Hi 你!"), "[17250, 220, 19526, 254, 0]"),
    fact("Hi 你! ids on screen", S, View("gpt2 encode 'Hi 你!' end", "IdsPane"), "Hi 17250", "Ġ 220", "ä½ 19526", "ł 254", "! 0"),
    fact("你 takes two ids, its space a third", S, cli("encode", "--text", " 你"), "[220, 19526, 254]"),
    fact("Ġthe is a vocabulary entry, an alias of ' the'", S, View("gpt2 tables 'internationalization'"), "6 Ġt he Ġthe 262 ✓ ' the'"),
    # -- the loader and the tables get_encoder() builds
    fact(
        "get_encoder()'s resources are trained tokenizer artifacts, separate from Transformer weights",
        S,
        View("gpt2 tables 'internationalization'"),
        "(trained tokenizer files, separate from the model's weights)",
    ),
    fact(
        "the condensed control flow follows openai/gpt-2, src/encoder.py (MIT license)",
        S,
        View("gpt2 encode 'Hi 你!' end", "CodePane"),
        "# openai/gpt-2 src/encoder.py (MIT), condensed",
    ),
    fact(
        "the historical source uses a bare except; the excerpt uses except ValueError for 'first not found' only",
        S,
        View("gpt2 encode 'Hi 你!' end", "CodePane"),
        "bare except is except ValueError here",
        "except ValueError: # first not found",
    ),
    fact(
        "get_encoder() builds its maps from vocab.bpe + encoder.json",
        S,
        View("gpt2 tables 'internationalization'"),
        "built by get_encoder() from vocab.bpe + encoder.json",
        "byte_encoder 256 byte → alias",
        "encoder 50,257 symbol → id",
    ),
    fact(
        "the loader's split('\\n')[1:-1] on the official file",
        S,
        View("gpt2 tables 'internationalization'"),
        "split('\\n')[1:-1] drops nothing here: the file starts with its header and ends with a newline",
    ),
    fact(
        "a custom file without the final newline loses its last rule",
        S,
        View("custom table without final newline"),
        "GPT-2's loader would drop 1 of these 2 rules, (ab c): it does not end with a newline, so [:-1] cuts the last rule.",
    ),
    fact("byte 97 has alias a, encoder['a'] is 64", S, View("gpt2 aliases"), "byte 97 → a → id 64"),
    fact("byte 33 has alias !, model id 0", S, View("gpt2 aliases"), "! = 0"),
    fact("rank and id differ by 256", S, View("gpt2 tables 'internationalization'"), "rank left right merged id id=256+rank"),
    fact(
        "all 50,000 rules: encoder[left + right] == 256 + rank",
        S,
        View("gpt2 tables 'internationalization'"),
        "✓ encoder[left + right] == 256 + rank holds for 50,000 of 50,000 rules",
    ),
    fact(
        "base entries have no rank; special ids do not follow the formula",
        S,
        View("gpt2 tables 'internationalization'"),
        "a rank says which rule comes first, an id names the model's token: ids 0–255 (bytes) and 50256 '<|endoftext|>' (special) have no rank",
    ),
    # -- bytes_to_unicode
    fact("a 256-entry bijection", S, View("gpt2 aliases"), "256 bytes → aliases"),
    fact("33–126 keep their code point: 94", S, View("gpt2 aliases", "aliases-side"), "33–126 (94)"),
    fact("161–172 keep their code point: 12", S, View("gpt2 aliases", "aliases-side"), "161–172 (12)"),
    fact("174–255 keep their code point: 82", S, View("gpt2 aliases", "aliases-side"), "174–255 (82)"),
    fact("94 + 12 + 82 = 188 kept bytes", S, View("gpt2 aliases", "aliases-side"), "33–126 (94) + 161–172 (12) + 174–255 (82) = 188"),
    fact(
        "the remaining 68: 0–32, 127–160 and 173",
        S,
        View("gpt2 aliases", "aliases-side"),
        "188 kept · 68 moved*",
        "moved: 0–32 127–160 173",
    ),
    fact("the moved bytes map in order to 256 + n", S, View("gpt2 aliases", "aliases-side"), "→ 256, 257, … 323", "moved: 256+32 = 288"),
    fact(
        "lru_cache on bytes_to_unicode, apart from the per-chunk cache",
        S,
        View("gpt2 tables 'internationalization'"),
        "lru_cache 1 () → byte_encoder on bytes_to_unicode, not per chunk",
        "cache 1 chunk → symbols per Encoder",
    ),
    # -- the alias Ġ and a literal Ġ
    fact("input space: UTF-8 [32] → alias Ġ", S, cli("capture", "--text", " ", pick=trace_field("bytes")), "bytes [32]"),
    fact("the alias of byte 32 is Ġ", S, View("gpt2 aliases", "aliases-side"), "alias Ġ = byte 32"),
    fact(
        "input Ġ: UTF-8 [196, 160], two separately mapped bytes",
        S,
        cli("capture", "--text", "Ġ", pick=trace_field("bytes")),
        "bytes [196, 160]",
    ),
    fact("input 你: UTF-8 [228, 189, 160] → ä½ł", S, cli("capture", "--text", "你", pick=trace_field("aliases")), 'aliases "ä½ł"'),
    fact("input 你's bytes", S, cli("capture", "--text", "你", pick=trace_field("bytes")), "bytes [228, 189, 160]"),
    # -- the two loops
    fact(
        "a single symbol returns without loop or cache write",
        S,
        cli("capture", "--table", "teaching", "--text", "a", pick=trace_field("cache")),
        'cache "single"',
    ),
    fact(
        "a new rule waits for the scan: aaa under a+a gives aa | a",
        S,
        cli("capture", "--table", "teaching", "--text", "aaa", pick=merged_at),
        "a a at 0",
    ),
    fact(
        "N symbols allow at most N−1 rounds",
        S,
        View("teaching encode 'aaababcabxyz' end", "WordPane"),
        "7 rounds; 12 symbols allow at most 11.",
    ),
    fact(
        "that bounds rounds, not time: every round rescans",
        S,
        View("teaching encode 'aaababcabxyz' start", "WordPane"),
        "At most 11 rounds, as each merges a pair; not a time bound: each rescans the word.",
    ),
    fact("the teaching example has nine rules", S, View("teaching encode 'aaababcabxyz' start"), "teaching · 9 rules"),
    fact("aaababcabxyz takes seven rounds", S, cli("check", "traces/teaching-aaababcabxyz.json"), "1 chunk, 7 rounds, 3 ids"),
    fact("aaababcabxyz ends as aaababc | ab | xyz", S, View("teaching encode 'aaababcabxyz' end", "IdsPane"), "aaababc", "ab", "xyz"),
    fact(
        "b+c and c+a exist yet are never selected",
        S,
        View("teaching encode 'aaababcabxyz' end", "PairsPane"),
        "never chosen",
        "✗ b c rank 2: by a b, round 2",
        "✗ c a rank 3: by a b, round 2",
    ),
    fact("internationalization: 50,000 rules", S, View("gpt2 encode 'internationalization' end"), "GPT-2 · 50,000 merges"),
    fact(
        "internationalization uses ranks 3 … 45353",
        S,
        cli(*INTL, pick=ranks_used),
        "3, 5, 7, 9, 26, 39, 85, 97, 272, 503, 608, 1378, 22868, 45353",
    ),
    fact(
        "those ranks are found by lookup, not by scanning from rank zero",
        S,
        View("gpt2 tables 'internationalization'"),
        "this text used 14 rules: 3, 5, 7, 9, 26, 39, 85, 97, 272, 503, 608, 1378, 22868, 45353 — found by pair lookup, not by scanning from row 0",
    ),
    fact("internationalization: fourteen rounds", S, cli("check", "traces/gpt2-internationalization.json"), "1 chunk, 14 rounds, 2 ids"),
    fact(
        "internationalization ends as international | ization",
        S,
        View("gpt2 encode 'internationalization' end", "IdsPane"),
        "international 45609",
        "ization 1634",
    ),
    fact("internationalization ids [45609, 1634]", S, cli("encode", "--text", "internationalization"), "[45609, 1634]"),
    fact(
        "aaaaaaa: overlapping candidates merge only non-overlapping positions",
        S,
        cli("capture", "--table", "teaching", "--text", "aaaaaaa", pick=merged_at),
        "a a at 0 2 4",
    ),
    fact(
        "a repeated chunk is read from the cache",
        S,
        cli("capture", "--table", "teaching", "--text", "abc!abc", pick=trace_field("cache")),
        'cache "miss" | cache "single" | cache "hit"',
    ),
    # -- separator spaces, encode and decode
    fact(
        "bpe('Ġä½ł') finishes as Ġ, ä½, ł and returns 'Ġ ä½ ł'",
        S,
        View("gpt2 encode 'Hi 你!' chunk 2's last frame", "CodePane"),
        "↳ joined='Ġ ä½ ł'",
    ),
    fact("the separator spaces add no ids: [220, 19526, 254]", S, View("gpt2 encode 'Hi 你!' end", "IdsPane"), "│ Ġ 220 ä½ 19526 ł 254 │"),
    fact("id 19526 stores ä½, raw bytes [228, 189]", S, cli("decode", "--explain", "19526", "254"), "19526 'ä½' [228,189]"),
    fact("id 254 stores ł, raw byte [160]", S, cli("decode", "--explain", "19526", "254"), "254 'ł' [160]"),
    fact("each alone becomes �", S, cli("decode", "--explain", "19526", "254"), "'�' + '�' = '��'"),
    fact("joined as [228, 189, 160] they decode to 你", S, cli("decode", "--explain", "19526", "254"), "[228,189,160] e4 bd a0 -> '你'"),
    fact(
        "decoding each token alone then joining loses the character",
        S,
        View("gpt2 decode 'Hi 你!'"),
        "wrong way",
        "right way",
    ),
    fact("an id absent from decoder fails with KeyError", S, cli("decode", "99999"), "decoder[99999] raises KeyError"),
    fact(
        "invalid UTF-8 under errors='strict' raises UnicodeDecodeError",
        S,
        cli("decode", "--explain", "--errors", "strict", "19526"),
        "raise UnicodeDecodeError: unexpected end of data",
    ),
    # -- special markers
    fact("encoder['<|endoftext|>'] is 50256", S, View("gpt2 special"), "encoder['<|endoftext|>'] = 50256"),
    fact("encode has no allowed_special branch", S, View("gpt2 special"), "GPT-2's encode() has no allowed_special branch"),
    fact(
        "literal <|endoftext|> is seven ordinary tokens", S, cli("encode", "--text", "<|endoftext|>"), "[27, 91, 437, 1659, 5239, 91, 29]"
    ),
    fact(
        "seven ordinary tokens, on screen",
        S,
        View("gpt2 special"),
        "encode('<|endoftext|>') = [27, 91, 437, 1659, 5239, 91, 29] 7 ordinary ids",
    ),
    fact("decode([50256]) retrieves its registered text", S, cli("decode", "50256"), "<|endoftext|>"),
    fact(
        "registering, recognising and stopping are separate",
        S,
        View("gpt2 special"),
        "registering the vocabulary has an entry",
        "recognising encode() turns that spelling into the id",
        "stopping generation ends when the model emits the id",
    ),
)
