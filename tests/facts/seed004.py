"""Seed 004, 'Set the boundaries first: the regex before BPE': every number and example.

Its Shakespeare figures need the seed's input.txt (1,115,394 bytes), which bpe-tui does not ship.
With BPE_TUI_INPUT_TXT naming that file they are checked on it, exactly; without it each checks the
part that a shipped text can show: the same training on seed 004's own `the cat the hat`.
"""

from __future__ import annotations

from .checklist import (
    HAVE_INPUT_TXT,
    INPUT_TXT,
    Cli,
    Fact,
    Pick,
    View,
    chunk_texts,
    cli,
    dotted_chunks,
    fact,
    merged_pairs,
    round_line,
    tokens,
    train_json,
)

S = "004"
HELLO = "Hello've world123 how's are you!!!?"
SPACES = "    hello world!!!"
CODE = "x = self.append(y)\n\n\nreturn x"
CAT = ("train", "--text", "the cat the hat", "--merges", "3")
NEEDS = "input.txt (1,115,394 bytes), not shipped: set BPE_TUI_INPUT_TXT to check it; else checked on 'the cat the hat'"


def on_file(*options: str, pick: Pick | None = None) -> Cli:
    """`bpe-tui train --text-file input.txt OPTIONS` (run only when BPE_TUI_INPUT_TXT names the file)."""
    return cli("train", "--text-file", INPUT_TXT, *options, pick=pick)


def shakespeare(name: str, with_file: Fact, without: Fact) -> Fact:
    """A Shakespeare figure: checked as `with_file` on input.txt when it is there, else as `without`."""
    chosen = with_file if HAVE_INPUT_TXT else without
    return fact(name, S, chosen.where, *chosen.expected, needs=NEEDS)


FACTS: tuple[Fact, ...] = (
    shakespeare(
        "part 28: unchunked, the first merge joins e and a space",
        fact("", S, on_file("--merges", "20", "--no-chunks", "--json", pick=train_json("", rounds=1)), "round 1: (101, 32)"),
        fact("", S, cli(*CAT, "--no-chunks"), "round 3: (257, 32)", "count 2 -> 258"),
    ),
    shakespeare(
        "part 28: later rules join t and a comma to a space, a colon to a newline",
        fact("", S, on_file("--merges", "20", "--no-chunks", "--json", pick=merged_pairs), "[116, 32]", "[44, 32]", "[58, 10]"),
        fact("", S, cli(*CAT, "--no-chunks", "--json", pick=merged_pairs), "[116, 104] [256, 101] [257, 32]"),
    ),
    fact(
        "GPT-2's regex splits Hello've world123 …",
        S,
        cli("chunks", "--text", HELLO, pick=chunk_texts),
        """['Hello', "'ve", ' world', '123', ' how', "'s", ' are', ' you', '!!!?']""",
    ),
    fact("the standard re module has no \\p{L} or \\p{N}", S, View("gpt2 tables regex"), "Python's re has neither, the regex module both"),
    fact("\\p{L} means letters, Hanzi included", S, View("gpt2 tables regex"), "\\p{L} is any letter (Hanzi too), \\p{N} any number"),
    fact("····if chunks as ['···', '·if']", S, cli("chunks", "--text", "    if", pick=dotted_chunks), "['···', '·if']"),
    fact(
        "the alternatives are tried in order at the current position",
        S,
        View("explore '    if'"),
        "Tried in order at 0, the first match wins",
    ),
    fact(
        "' ?' is one literal space: a tab is not attached to a word", S, cli("chunks", "--text", "\tif", pick=chunk_texts), "['\\t', 'if']"
    ),
    fact(
        "at a line's end a whitespace run is consumed in full", S, cli("chunks", "--text", "if    ", pick=dotted_chunks), "['if', '····']"
    ),
    fact("GPT-2 gives each indentation space its own token", S, View("explore '    if'"), "3 tokens: 220 220 220"),
    fact(
        "(?!\\S) gives one space back to the next chunk",
        S,
        View("explore '    if'"),
        "\\s+ alone takes '····'; (?!\\S) fails before 'i', so 1 character is given back and the next chunk takes it",
    ),
    fact(
        "the Chinese sentence is two chunks",
        S,
        cli("chunks", "--text", "分词是大模型许多怪现象的根源。", pick=chunk_texts),
        "['分词是大模型许多怪现象的根源', '。']",
    ),
    fact(
        "the video's cl100k_base regex",
        S,
        View("cl100k tables regex"),
        r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+""",
    ),
    fact(
        "tiktoken 0.14.0's _pat_str, possessive quantifiers",
        S,
        View("cl100k tables regex"),
        "regex, as tiktoken 0.14.0 spells it:",
        r"\p{L}++",
    ),
    fact("GPT-2 splits HOW'S into HOW, ', S", S, cli("chunks", "--text", "HOW'S", pick=chunk_texts), "['HOW', \"'\", 'S']"),
    fact("cl100k_base: HOW, 'S", S, cli("chunks", "--table", "cl100k_base", "--text", "HOW'S", pick=chunk_texts), "['HOW', \"'S\"]"),
    fact(
        "cl100k_base: 1234567 becomes 123, 456, 7",
        S,
        cli("chunks", "--table", "cl100k_base", "--text", "1234567", pick=chunk_texts),
        "['123', '456', '7']",
    ),
    fact(
        "cl100k_base: .append and (y are chunks",
        S,
        cli("chunks", "--table", "cl100k_base", "--text", CODE, pick=chunk_texts),
        "'.append'",
        "'(y'",
    ),
    fact(
        "cl100k_base: )\\n\\n\\n stays together",
        S,
        cli("chunks", "--table", "cl100k_base", "--text", CODE, pick=chunk_texts),
        "')\\n\\n\\n'",
    ),
    fact("GPT-2: 1234567 is one chunk", S, View("explore '1234567'"), "GPT-2 1 chunk · 3 tokens"),
    fact("GPT-2: learned rules split it 123 | 45 | 67", S, View("gpt2 encode '1234567' end", "IdsPane", tokens), "123 | 45 | 67"),
    fact("cl100k_base: 123 | 456 | 7, each one token", S, View("explore '1234567'"), "cl100k_base 3 chunks · 3 tokens"),
    fact(
        "127 + 677 = 804 under GPT-2", S, View("gpt2 encode '127 + 677 = 804' end", "IdsPane", tokens), "127 | ·+ | ·6 | 77  | ·= | ·8 | 04"
    ),
    fact(
        "127 + 677 = 804 under cl100k_base",
        S,
        View("cl100k encode '127 + 677 = 804' end", "IdsPane", tokens),
        "127 | ·+ | ·  | 677 | ·= | ·  | 804",
    ),
    fact(
        "127 + 677 = 804: seven tokens in both", S, cli("encode", "--text", "127 + 677 = 804"), "[16799, 1343, 718, 3324, 796, 807, 3023]"
    ),
    fact(
        "both regexes split '    hello world!!!' alike (GPT-2)",
        S,
        cli("chunks", "--text", SPACES, pick=chunk_texts),
        "['   ', ' hello', ' world', '!!!']",
    ),
    fact(
        "both regexes split '    hello world!!!' alike (cl100k_base)",
        S,
        cli("chunks", "--table", "cl100k_base", "--text", SPACES, pick=chunk_texts),
        "['   ', ' hello', ' world', '!!!']",
    ),
    fact("85 cl100k_base entries of at least two spaces", S, View("cl100k tables facts"), "85 entries are only spaces (two or more)"),
    fact("GPT-2 emits three separate 220 ids", S, cli("encode", "--text", SPACES), "[220, 220, 220,"),
    fact("cl100k_base merges them into 262", S, cli("encode", "--table", "cl100k_base", "--text", SPACES), "[262,"),
    fact(
        "get_stats(ids, counts=None): None as the default, not a mutable {} shared across calls",
        S,
        View("train 'the cat the hat' 3 merges"),
        "def get_stats(ids, counts=None): # not a shared {}",
        "counts = {} if counts is None else counts",
    ),
    fact(
        "count inside chunks into one shared count, choose globally",
        S,
        View("train 'the cat the hat' 3 merges"),
        "with chunks (gpt2 regex, 4 chunks)",
        "without chunks (one piece)",
    ),
    fact("a tie goes to the first inserted key", S, cli(*CAT), "(tie: 3 pairs had 2; the first inserted wins)"),
    fact("the cat the hat: four chunks", S, cli(*CAT), "15 bytes in 4 chunks"),
    fact("fifteen bytes, three merges, nine tokens", S, cli(*CAT), "-> 9 tokens after 3 merges"),
    fact("compression 15 / 9 ≈ 1.67", S, cli(*CAT), "compression 15 / 9 = 1.67"),
    fact("without chunks, round three selects the + a space", S, cli(*CAT, "--no-chunks"), "round 3: (257, 32)", "count 2 -> 258"),
    fact(
        "the three merges on screen",
        S,
        View("train 'the cat the hat' 3 merges"),
        "15 bytes → 9 tokens = 1.67 B/token",
        "round 3: (257, 32) -> 258 'the·'",
    ),
    shakespeare(
        "Shakespeare's input.txt: 1,115,394 bytes",
        fact("", S, on_file("--merges", "20", "--json", pick=train_json("bytes")), "bytes 1,115,394"),
        fact("", S, cli(*CAT, "--json", pick=train_json("bytes")), "bytes 15"),
    ),
    shakespeare(
        "20 merges in both runs",
        fact("", S, on_file("--merges", "20", "--json", pick=lambda out: f"{out.count('pair')} merges"), "20 merges"),
        fact("", S, cli(*CAT, "--no-chunks", "--json", pick=lambda out: f"{out.count('pair')} merges"), "3 merges"),
    ),
    shakespeare(
        "chunked: the first pair (32, 116) occurs 23,837 times",
        fact("", S, on_file("--merges", "20", "--json", pick=train_json("", rounds=1)), "round 1: (32, 116) count 23,837"),
        fact("", S, cli(*CAT, "--json", pick=train_json("", rounds=1)), "round 1: (116, 104) count 2"),
    ),
    shakespeare(
        "chunked: the second pair (104, 101) occurs 18,203 times",
        fact("", S, on_file("--merges", "20", "--json", pick=train_json("", rounds=2)), "round 2: (104, 101) count 18,203"),
        fact("", S, cli(*CAT, "--json", pick=train_json("", rounds=2)), "round 2: (256, 101) count 2"),
    ),
    shakespeare(
        "merge twelve joins ' the', 8,684 occurrences",
        fact("", S, on_file("--merges", "20", pick=round_line(12)), "' the' count 8,684"),
        fact("", S, cli(*CAT, pick=round_line(2)), "'the' count 2 -> 257"),
    ),
    fact("trailing-space pairs disappear with chunks", S, cli(*CAT), "round 3: (97, 116) 'at' count 2 -> 258"),
    fact(
        "new input: fixed ranks, no counts",
        S,
        View("train 'the cat the hat' 3 merges"),
        "Training recounts every pair each round; new input is encoded with fixed ranks and no counts.",
    ),
    fact(
        "cl100k_base: 100,256 ordinary entries, 100,277 the id space",
        S,
        View("cl100k tables facts"),
        "ids: 100,256 ordinary + 5 special, highest 100,276: 16 unused (100,277 is the id space's size, not the number of entries)",
    ),
    fact(
        "HelloWorld getElementById: 4 tokens under cl100k_base",
        S,
        View("explore 'HelloWorld getElementById'"),
        "cl100k_base 2 chunks · 4 tokens",
    ),
    fact("… and 6 under o200k_base", S, View("explore 'HelloWorld getElementById'"), "o200k_base 6 chunks · 6 tokens"),
    fact("the Chinese sample: GPT-2 32 tokens", S, View("explore Chinese"), "GPT-2 2 chunks · 32 tokens"),
    fact("… cl100k_base 19", S, View("explore Chinese"), "cl100k_base 2 chunks · 19 tokens"),
    fact("… o200k_base 14", S, View("explore Chinese"), "o200k_base 2 chunks · 14 tokens"),
    fact("here base ids are the raw byte values", S, cli(*CAT, "--json", pick=train_json("", rounds=1)), "(116, 104)"),
)
