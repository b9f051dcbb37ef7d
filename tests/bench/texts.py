"""Deterministic benchmark texts, built from a seeded generator (no downloads, same text every run).

`multilingual(n)` mixes English prose, Python code, Chinese, Japanese, Arabic, emoji and numbers in
segments of a few hundred characters. Words recur as in real text (so GPT-2's chunk cache sees hits),
while Chinese and Japanese runs are random (so many chunks are long and new).
`letters(n)` is one chunk of n random lowercase letters.
"""

from __future__ import annotations

import random
import string

ENGLISH = [
    "the",
    "of",
    "and",
    "to",
    "in",
    "is",
    "that",
    "it",
    "was",
    "for",
    "on",
    "are",
    "as",
    "with",
    "his",
    "they",
    "at",
    "be",
    "this",
    "from",
    "have",
    "or",
    "by",
    "one",
    "had",
    "not",
    "but",
    "what",
    "all",
    "were",
    "when",
    "we",
    "there",
    "can",
    "an",
    "your",
    "which",
    "their",
    "said",
    "if",
    "do",
    "will",
    "each",
    "about",
    "how",
    "up",
    "out",
    "them",
    "then",
    "she",
    "many",
    "some",
    "so",
    "these",
    "would",
    "other",
    "into",
    "has",
    "more",
    "her",
    "two",
    "like",
    "him",
    "see",
    "time",
    "could",
    "no",
    "make",
    "than",
    "first",
    "been",
    "its",
    "who",
    "now",
    "people",
    "my",
    "made",
    "over",
    "did",
    "down",
    "only",
    "way",
    "find",
    "use",
    "may",
    "water",
    "long",
    "little",
    "very",
    "after",
    "words",
    "called",
    "just",
    "where",
    "most",
    "know",
    "get",
    "through",
    "back",
    "much",
    "before",
    "go",
    "good",
    "new",
    "write",
    "our",
    "used",
    "me",
    "man",
    "too",
    "any",
    "day",
    "same",
    "right",
    "look",
    "think",
    "also",
    "around",
    "another",
    "came",
    "come",
    "work",
    "three",
    "word",
    "must",
    "because",
    "does",
    "part",
    "even",
    "place",
    "well",
    "such",
    "here",
    "take",
    "why",
    "things",
    "help",
    "put",
    "years",
    "different",
    "away",
    "again",
    "off",
    "went",
    "old",
    "number",
    "great",
    "tell",
    "men",
    "say",
    "small",
    "every",
    "found",
    "still",
    "between",
    "name",
    "should",
    "home",
    "big",
    "give",
    "air",
    "line",
    "set",
    "own",
    "under",
    "read",
    "last",
    "never",
    "us",
    "left",
    "end",
    "along",
    "while",
    "might",
    "next",
    "sound",
    "below",
    "saw",
    "something",
    "thought",
    "both",
    "few",
    "those",
    "always",
    "looked",
    "show",
    "large",
    "often",
    "together",
    "asked",
    "house",
    "don't",
    "world",
    "going",
    "want",
    "school",
    "important",
    "until",
    "form",
    "food",
    "keep",
    "children",
    "feet",
    "land",
    "side",
    "without",
    "boy",
    "once",
    "animals",
    "life",
    "enough",
    "took",
    "sometimes",
    "four",
    "head",
    "above",
    "kind",
    "began",
    "almost",
    "live",
    "page",
    "got",
    "earth",
    "need",
    "far",
    "hand",
    "high",
    "year",
    "mother",
    "light",
    "parts",
    "country",
    "father",
    "let",
    "night",
    "following",
    "picture",
    "being",
    "study",
    "second",
    "eyes",
    "soon",
    "times",
    "story",
    "boys",
    "since",
    "white",
    "days",
    "ever",
    "paper",
    "hard",
    "near",
    "sentence",
    "better",
    "best",
    "across",
    "during",
    "today",
    "others",
    "sure",
    "means",
    "knew",
    "it's",
    "try",
    "told",
    "young",
    "miles",
    "sun",
    "ways",
    "thing",
    "whole",
    "hear",
    "example",
    "heard",
    "several",
    "change",
    "answer",
    "room",
    "sea",
    "against",
    "tokenizer",
    "merges",
    "bytes",
    "pairs",
    "vocabulary",
    "encoding",
    "internationalization",
    "unbelievable",
    "antidisestablishmentarianism",
]
ZIPF = [1 / (k + 1) for k in range(len(ENGLISH))]
NAMES = [
    "word",
    "pair",
    "first",
    "second",
    "rank",
    "ranks",
    "merges",
    "new_word",
    "token",
    "chunk",
    "index",
    "value",
    "result",
    "table",
    "encoder",
    "cache",
    "i",
    "j",
    "n",
]
HANZI = (
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然"
    "没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二"
    "理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信"
    "北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提"
    "感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让"
    "编码分词模型字节合并规则表"
)
KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんアイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンー"
KANJI = "日本語東京大阪学校先生時間電車会社仕事友達天気映画音楽料理旅行言葉文字"
ARABIC = [
    "في",
    "من",
    "على",
    "إلى",
    "أن",
    "هذا",
    "التي",
    "الذي",
    "كان",
    "مع",
    "عن",
    "بين",
    "كل",
    "بعد",
    "قبل",
    "ترميز",
    "زوج",
    "البايت",
    "شكل",
    "بسيط",
    "أشكال",
    "ضغط",
    "البيانات",
    "حيث",
    "يتم",
    "استبدال",
    "الأكثر",
    "شيوعا",
    "اللغة",
    "العربية",
    "نص",
]
EMOJI = ["🙂", "👍🏽", "🎉", "🇫🇷", "👨\u200d👩\u200d👧\u200d👦", "✨", "🔥", "💯", "🏳️\u200d🌈", "🚀", "😂", "❤️", "🤖", "🌍"]


def _english(rng: random.Random) -> str:
    words = []
    for _ in range(rng.randint(8, 40)):
        words.append(rng.choices(ENGLISH, ZIPF)[0])  # Zipf-like: the common words recur, as in prose
    sentence = " ".join(words)
    return sentence[0].upper() + sentence[1:] + rng.choice([". ", ", ", "? ", "! ", ".\n\n", "; "])


def _code(rng: random.Random) -> str:
    a, b, c = (rng.choice(NAMES) + ("_" + str(rng.randrange(10)) if rng.random() < 0.3 else "") for _ in range(3))
    lines = [
        f"def {a}({b}, {c}={rng.randrange(100)}):",
        f"    {b} = [{c} ** 2 for {c} in range({rng.randrange(1000)})]  # {rng.choice(ENGLISH)} {rng.choice(ENGLISH)}",
        f"    if {a} is not None and len({b}) >= {rng.randrange(50)}:",
        f"        return {{'{a}': {b}, \"{c}\": {rng.random():.4f}}}",
        f"\treturn {b}[{rng.randrange(9)}:]",
        "",
    ]
    return "\n".join(lines[: rng.randint(2, 6)]) + "\n"


def _run(rng: random.Random, alphabet: str, lo: int, hi: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(lo, hi)))


def _chinese(rng: random.Random) -> str:
    return "".join(_run(rng, HANZI, 2, 30) + rng.choice("，。、；！？") for _ in range(rng.randint(1, 4)))


def _japanese(rng: random.Random) -> str:
    return "".join(_run(rng, KANA + KANJI, 2, 25) + rng.choice("、。") for _ in range(rng.randint(1, 4)))


def _arabic(rng: random.Random) -> str:
    return " ".join(rng.choice(ARABIC) for _ in range(rng.randint(4, 20))) + rng.choice(["، ", ". ", "؟ "])


def _emoji(rng: random.Random) -> str:
    return "".join(rng.choice(EMOJI) + (" " if rng.random() < 0.5 else "") for _ in range(rng.randint(1, 8))) + " "


def _numbers(rng: random.Random) -> str:
    pieces = [
        str(rng.randrange(10 ** rng.randint(1, 9))),
        f"{rng.uniform(-1000, 1000):.{rng.randint(1, 6)}f}",
        f"{rng.randint(1900, 2100)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
        f"{rng.randrange(10**7):,}",
        f"0x{rng.randrange(16**6):x}",
        f"{rng.randrange(100)}%",
    ]
    return " ".join(rng.choice(pieces) for _ in range(rng.randint(2, 8))) + " "


KINDS = ((_english, 40), (_code, 15), (_chinese, 12), (_japanese, 10), (_arabic, 8), (_emoji, 5), (_numbers, 10))


def multilingual(size: int = 100_000, seed: int = 5) -> str:
    """`size` characters of mixed-script text, the same for the same seed."""
    rng = random.Random(seed)
    makers, weights = zip(*KINDS, strict=False)
    out: list[str] = []
    total = 0
    while total < size:
        piece = rng.choices(makers, weights)[0](rng)
        out.append(piece)
        total += len(piece)
    return "".join(out)[:size]


def letters(n: int = 5000, seed: int = 5) -> str:
    """One chunk of `n` random lowercase letters (GPT-2's worst case: one long word, few merges apply)."""
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(n))
