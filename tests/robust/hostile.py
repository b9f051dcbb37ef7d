"""Hostile inputs shared by the robustness tests: texts people paste, and what an attacker would."""

from __future__ import annotations

#: A base letter carrying 200 combining marks (a "Zalgo" tower).
TOWER = "Z" + "".join(chr(0x0300 + n % 0x70) for n in range(200))

#: Escape sequences that would act on a terminal if they reached it raw. Each ends in a marker
#: word, so a leaked sequence is recognisable even when its shape is one Textual also writes.
ESCAPES: dict[str, str] = {
    "osc title": "\x1b]0;pwned\x07",
    "osc title st": "\x1b]2;pwned-st\x1b\\",
    "osc 8 link": "\x1b]8;;http://evil.example/\x1b\\click me\x1b]8;;\x1b\\",
    "osc 52 clipboard": "\x1b]52;c;cHduZWQ=\x07",
    "csi clear": "\x1b[2J\x1b[Hwiped",
    "csi sgr": "\x1b[31;1;5mRED\x1b[0m",
    "csi alt screen": "\x1b[?1049lALT",
    "csi cursor report": "\x1b[6n",
    "dcs": "\x1bP+q544e\x1b\\",
    "c1 csi": "\x9b31mC1RED",
    "c1 osc": "\x9d0;pwned-c1\x9c",
}

#: Every kind of bad text from the issue except lone surrogates (which have no UTF-8) and the long line.
HOSTILE: dict[str, str] = {
    "nul": "a\x00b\x00",
    "del": "x\x7fy",
    "c0 controls": "".join(chr(c) for c in range(0x20)) + "end",
    "c1 controls": "".join(chr(c) for c in range(0x80, 0xA0)) + "end",
    **ESCAPES,
    "bidi override": "abc \u202edcba\u202c \u2066isolate\u2069 \u200fmark \u061c",
    "zero-width joiners": "👨\u200d👩\u200d👧\u200d👦 a\u200db\u200cc\u200bd\ufeffe \u2060",
    "combining tower": TOWER,
    "markup": "[bold]bold[/] [/] [link=http://x]y[/link] [@click=app.quit]quit[/] \\[x] [red]",
    "whitespace only": " \t\n\r\u00a0\u3000  \n",
    "single space": " ",
    "emoji presentation": "I \u2764\ufe0f \U0001f3f3\ufe0f\u200d\U0001f308 flags",
    "tag flag": "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Scotland",
    "lone marks": "cafe\u0301 \u0301x \u20dd \U0001f44d\U0001f3fd \U0001f3fd \u1100\u1161 \u0915\u093f",
}

#: All escape payloads in one text (for runs that are expensive per text, like a real terminal).
ALL_ESCAPES = " ".join(ESCAPES.values())
#: Everything hostile in one text.
EVERYTHING = " | ".join(HOSTILE.values())

#: Texts with no UTF-8 encoding: the engine and the CLI must refuse them with one sentence.
SURROGATES: dict[str, str] = {
    "high alone": "\ud800",
    "low alone": "a\udfffb",
    "escaped byte": "caf\udce9",  # what Python makes of the byte 0xE9 in a non-UTF-8 argument
    "reversed pair": "x\udc00\ud800y",
}

#: One line of exactly 100,000 characters: words, digits, CJK, emoji and punctuation, no newline.
LONG_LINE = ("lorem ipsum dolor 12345 你好世界 🙂🙃 naïve café; x=y+1 " * 2000)[:100_000]
assert len(LONG_LINE) == 100_000 and "\n" not in LONG_LINE

#: Characters that must never reach the terminal raw, whatever the text.
FORBIDDEN_ON_SCREEN = (
    {chr(c) for c in range(0x20) if c not in (0x0A, 0x0D)}
    | {chr(c) for c in range(0x7F, 0xA0)}
    | {"\u200b", "\u200c", "\u200d", "\u200e", "\u200f", "\u2028", "\u2029", "\u2060", "\ufeff", "\u061c"}
    | {chr(c) for c in range(0x202A, 0x202F)}
    | {chr(c) for c in range(0x2066, 0x206A)}
    | {chr(c) for c in range(0xFE00, 0xFE10)}  # variation selectors: terminals disagree on the width before them
    | {chr(c) for c in range(0xE0000, 0xE0080)}  # tag characters
)


def random_words(length: int, seed: int = 0) -> str:
    """`length` characters of random lowercase words: every chunk is new, so no cache hit makes a
    capture of it quick (about 4 s per million characters under GPT-2)."""
    import random

    rng = random.Random(seed)
    letters = rng.choices("abcdefghijklmnopqrstuvwxyz     ", k=length)
    return "".join(letters)
