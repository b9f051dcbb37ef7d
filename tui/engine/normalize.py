"""Normalisers: what a table does to the text before it cuts it into chunks (Qwen's NFC, a tokenizer.json's).

A normaliser is data: a tuple of steps, each a kind and its arguments, applied in order. A table
without one (GPT-2, cl100k_base, o200k_base) encodes the text as it is.

>>> NFC.apply("e\u0301") == "\u00e9"
True
>>> Normalizer((Step("Lowercase"), Step("Prepend", ("▁",)))).apply("Hi")
'▁hi'
>>> NFC.describe()
'NFC'

Each step does what Hugging Face `tokenizers` does: Lowercase maps each character alone (Σ is always σ,
never a final ς), Strip removes Rust's whitespace (the White_Space property, not \x1c–\x1f), a regex
Replace puts its text literally, PrefixSpace (ByteLevel's add_prefix_space) adds a space to a text that
does not start with one.
>>> Normalizer((Step("Lowercase"), Step("ReplaceRegex", ("[σ]+", "$0")), Step("PrefixSpace"))).apply("ΣΑΣ  x")
' $0α$0  x'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from .pretokenize import compiled
from .texts import MAX_TEXT, CaptureError, clip
from .unassigned import as_known, knows

if TYPE_CHECKING:
    import regex

#: The longest text a normaliser may make (characters): room for NFKD's expansions of a text at MAX_TEXT, and a
#: bound on a file's Replace steps, which could otherwise grow a short text without end.
GROWN_LIMIT = 4 * MAX_TEXT

#: Rust's `char::is_whitespace`: the characters with Unicode's White_Space property.
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"

#: Where Python's Unicode tables (14.0 in Python 3.11) and those `tokenizers` normalises with part (tests/engine/
#: test_normalize_tables.py compares every character): the characters it decomposes under none of NFD, NFKD,
#: NFKC (they are newer than its tables), and the lowercase it gives 55 characters newer than Python's.
TOKENIZERS_KEEPS = (
    "\u32ff\ua7f2-\ua7f4\uab69\U00010781-\U00010785\U00010787-\U000107b0\U000107b2-\U000107ba\U00011938\U0001f16c\U0001fbf0-\U0001fbf9"
)
_KEPT = re.compile(f"([{TOKENIZERS_KEEPS}])")
NEWER_LOWER = {
    **{c: c + 0x20 for c in range(0x10D50, 0x10D66)},
    **{c: c + 0x1B for c in range(0x16EA0, 0x16EB9)},
    **dict(
        zip(
            map(ord, "\u1c89\ua7cb\ua7cc\ua7ce\ua7d2\ua7d4\ua7da\ua7dc"),
            map(ord, "\u1c8a\u0264\ua7cd\ua7cf\ua7d3\ua7d5\ua7db\u019b"),
            strict=True,
        )
    ),
}


def _form(form: Literal["NFC", "NFD", "NFKC", "NFKD"], text: str) -> str:
    """`unicodedata.normalize`, but the characters `tokenizers` keeps are kept, each cutting the text
    (a starter that neither decomposes nor composes)."""
    if form == "NFC" or unicodedata.is_normalized(form, text) or not _KEPT.search(text):
        return unicodedata.normalize(form, text)
    parts = _KEPT.split(text)  # the kept characters at the odd places
    return "".join(part if k % 2 else unicodedata.normalize(form, part) for k, part in enumerate(parts))


def _replaced(pattern: regex.Pattern[str], new: str, text: str) -> str:
    """Each match of `pattern` in `text` replaced by `new` (^ and $ at each line, as Oniguruma's), the
    matches found as the references see the text (`unassigned.as_known`)."""
    if knows(text):
        return pattern.sub(lambda _: new, text)
    out: list[str] = []
    at = 0
    for m in pattern.finditer(as_known(text)):
        out += (text[at : m.start()], new)
        at = m.end()
    return "".join(out) + text[at:]


#: The Unicode forms a step may name, by name.
FORMS: dict[str, Literal["NFC", "NFD", "NFKC", "NFKD"]] = {"NFC": "NFC", "NFD": "NFD", "NFKC": "NFKC", "NFKD": "NFKD"}


@dataclass(frozen=True)
class Step:
    """One step: `kind` is one of FORMS, 'Lowercase', 'Replace' (old, new), 'ReplaceRegex' (regex, new),
    'Prepend' (prefix), 'Strip' (left, right), 'PrefixSpace', 'PrependMissing' (prefix, put before a text that
    does not start with it: a Metaspace pre-tokenizer's '▁'), 'SqueezeSpaces' (SentencePiece's
    remove_extra_whitespaces: runs of ' ' made one, none at either end)."""

    kind: str
    args: tuple = ()

    def apply(self, text: str) -> str:
        if self.kind in FORMS:
            return _form(FORMS[self.kind], text)
        if self.kind == "Lowercase":  # str.lower() alone would make a word's last Σ a ς
            return text.replace("Σ", "σ").lower().translate(NEWER_LOWER)
        if self.kind == "Replace":
            old, new = self.args
            return text.replace(old, new)
        if self.kind == "ReplaceRegex":
            pattern, new = self.args
            return _replaced(compiled(f"(?m){pattern}"), new, text)
        if self.kind == "Prepend":
            return self.args[0] + text if text else text
        if self.kind == "PrefixSpace":
            return text if not text or text[0] == " " else " " + text
        if self.kind == "PrependMissing":
            return text if not text or text.startswith(self.args[0]) else self.args[0] + text
        if self.kind == "SqueezeSpaces":
            return " ".join(part for part in text.split(" ") if part)
        if self.kind == "Strip":
            left, right = self.args
            text = text.lstrip(WHITE_SPACE) if left else text
            return text.rstrip(WHITE_SPACE) if right else text
        raise ValueError(f"unknown normaliser step {self.kind!r}")

    def describe(self) -> str:
        return self.kind if not self.args else f"{self.kind}({', '.join(map(repr, self.args))})"

    def grows_to(self, text: str) -> int:
        """The length `text` would have after a Replace or ReplaceRegex step, counted before it is built; for
        another step its length now (each of them adds at most a few characters, or a form's expansions)."""
        if self.kind == "Replace":
            old, new = self.args
            return len(text) + text.count(old) * (len(new) - len(old)) if old else len(text)
        if self.kind == "ReplaceRegex":
            pattern, new = self.args
            return len(text) + sum(len(new) - (m.end() - m.start()) for m in compiled(f"(?m){pattern}").finditer(as_known(text)))
        return len(text)


@dataclass(frozen=True)
class Normalizer:
    """Steps applied in order to the whole text before chunking."""

    steps: tuple[Step, ...]

    def apply(self, text: str) -> str:
        """`text` through every step; CaptureError (one sentence) before a step would make it longer than GROWN_LIMIT
        characters or four times the text given, whichever is more."""
        bound = max(GROWN_LIMIT, 4 * len(text))
        for step in self.steps:
            if step.grows_to(text) > bound:
                raise CaptureError(self._too_long(step, step.grows_to(text), bound))
            text = step.apply(text)
            if len(text) > bound:
                raise CaptureError(self._too_long(step, len(text), bound))
        return text

    @staticmethod
    def _too_long(step: Step, length: int, bound: int) -> str:
        return (
            f"the table's normaliser step {clip(step.describe())} would make the text {length:,} characters long; "
            f"bpe-tui normalises to {bound:,} at most."
        )

    def describe(self) -> str:
        """'NFC', 'NFC, Lowercase': the steps in a few words, for a table's facts."""
        return ", ".join(step.describe() for step in self.steps)


#: Qwen's normaliser: Unicode composition before anything else.
NFC = Normalizer((Step("NFC"),))
