"""Normalisers: what a table does to the text before it cuts it into chunks (Qwen's NFC, a tokenizer.json's).

A normaliser is data: a tuple of steps, each a kind and its arguments, applied in order. A table
without one (GPT-2, cl100k_base, o200k_base) encodes the text as it is.

>>> NFC.apply("e\u0301") == "\u00e9"
True
>>> Normalizer((Step("Lowercase"), Step("Prepend", ("▁",)))).apply("Hi")
'▁hi'
>>> NFC.describe()
'NFC'
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Literal

#: The Unicode forms a step may name, by name.
FORMS: dict[str, Literal["NFC", "NFD", "NFKC", "NFKD"]] = {"NFC": "NFC", "NFD": "NFD", "NFKC": "NFKC", "NFKD": "NFKD"}


@dataclass(frozen=True)
class Step:
    """One step: `kind` is one of FORMS, 'Lowercase', 'Replace' (old, new), 'Prepend' (prefix), 'Strip' (left, right)."""

    kind: str
    args: tuple = ()

    def apply(self, text: str) -> str:
        if self.kind in FORMS:
            return unicodedata.normalize(FORMS[self.kind], text)
        if self.kind == "Lowercase":
            return text.lower()
        if self.kind == "Replace":
            old, new = self.args
            return text.replace(old, new)
        if self.kind == "Prepend":
            return self.args[0] + text if text else text
        if self.kind == "Strip":
            left, right = self.args
            text = text.lstrip() if left else text
            return text.rstrip() if right else text
        raise ValueError(f"unknown normaliser step {self.kind!r}")

    def describe(self) -> str:
        return self.kind if not self.args else f"{self.kind}({', '.join(map(repr, self.args))})"


@dataclass(frozen=True)
class Normalizer:
    """Steps applied in order to the whole text before chunking."""

    steps: tuple[Step, ...]

    def apply(self, text: str) -> str:
        for step in self.steps:
            text = step.apply(text)
        return text

    def describe(self) -> str:
        """'NFC', 'NFC, Lowercase': the steps in a few words, for a table's facts."""
        return ", ".join(step.describe() for step in self.steps)


#: Qwen's normaliser: Unicode composition before anything else.
NFC = Normalizer((Step("NFC"),))
