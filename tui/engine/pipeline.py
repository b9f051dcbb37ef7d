"""A pre-tokenizer of several steps (a tokenizer.json's Sequence): each step cuts every piece the step
before it left, as Hugging Face `tokenizers` does, and the pieces of the last step are the chunks.

A table whose chunks come from one regex keeps that regex as its `pattern` (and the engine's one-regex
path). A table with a pipeline has the pipeline's `key` as its `pattern`: `pretokenize.chunker` finds
the pipeline by it, so every caller that cuts with `chunker(table.pattern, text)` cuts with the pipeline.

>>> from .pretokenize import split_regex
>>> digits = Cut("Digits", r"\\p{N}", split_regex(r"\\p{N}", "Contiguous"))
>>> words = Cut("Whitespace", WORDS, split_regex(WORDS, "Removed", invert=True))
>>> p = register(Pipeline((digits, words)))
>>> chunker(p.key, "").findall("ab cd12!")
['ab', 'cd', '12', '!']
>>> p.origin("ab cd12!", 0, 2), p.origin("ab cd12!", 5, 7)
((1, 0, 'ab cd'), (0, 0, 'ab cd12!'))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .pretokenize import PIPELINES, Chunk, chunker

#: Hugging Face's Whitespace pre-tokenizer keeps the matches of this regex (a Split, Removed, inverted).
WORDS = r"\w+|[^\w\s]+"
#: Rust's `char::is_whitespace` (the White_Space property): WhitespaceSplit and Strip cut at these.
WHITE_SPACE = r"\p{White_Space}"
#: Rust's `is_ascii_punctuation` or a Unicode punctuation category: what the Punctuation pre-tokenizer isolates.
PUNCTUATION = r"[\p{P}!-/:-@\[-`{-~]"


@dataclass(frozen=True)
class Cut:
    """One step: its kind, its own regex (its matches are what the step looks for; branches are named
    from it) and the regex whose matches are the pieces it keeps (`pretokenize.split_regex`)."""

    name: str
    own: str
    built: str
    how: str = ""  # its behaviour, when it has a choice: 'Removed, inverted', 'individual digits'

    def describe(self) -> str:
        return f"{self.name}[{self.how}]({self.own})" if self.how else f"{self.name}({self.own})"


class Piece:
    """A piece of the text: where it starts and its text (a regex match's `start()` and `group()`)."""

    __slots__ = ("_start", "_text")

    def __init__(self, start: int, text: str) -> None:
        self._start, self._text = start, text

    def start(self) -> int:
        return self._start

    def group(self) -> str:
        return self._text


def _cut(cut: Cut, pieces: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    built = cut.built
    for start, piece in pieces:
        for match in chunker(built, piece).finditer(piece):
            yield start + match.start(), match.group()


@dataclass(frozen=True)
class Pipeline:
    """Steps applied in order, each to every piece of the step before (the regexes see one piece at a time,
    so a lookahead stops at the piece's end)."""

    cuts: tuple[Cut, ...]

    @property
    def key(self) -> str:
        """The table's `pattern` for this pipeline: its steps, in words."""
        return " → ".join(cut.describe() for cut in self.cuts)

    def pieces(self, text: str) -> Iterator[tuple[int, str]]:
        out: Iterable[tuple[int, str]] = ((0, text),) if text else ()
        for cut in self.cuts:
            out = _cut(cut, out)
        return iter(out)

    def finditer(self, string: str, /) -> Iterator[Chunk]:
        return (Piece(start, piece) for start, piece in self.pieces(string))

    def findall(self, string: str, /) -> list[str]:
        return [piece for _, piece in self.pieces(string)]

    def origin(self, text: str, start: int, end: int) -> tuple[int, int, str]:
        """Which step made the chunk text[start:end] (the first after which it is a piece), and the piece
        that step cut it from (its start and text). Computed on demand: one chunk's steps only."""
        lo, piece = 0, text
        for k, cut in enumerate(self.cuts):
            inner = next(
                ((lo + m.start(), m.group()) for m in chunker(cut.built, piece).finditer(piece) if lo + m.start() + len(m.group()) > start),
                None,
            )
            if inner is None or inner[0] > start:
                break
            if inner == (start, text[start:end]):
                return k, lo, piece
            lo, piece = inner
        raise ValueError(f"text[{start}:{end}] is not a chunk of this pipeline")


def register(pipeline: Pipeline) -> Pipeline:
    """Make `chunker(pipeline.key, text)` cut with `pipeline`."""
    PIPELINES[pipeline.key] = pipeline
    return pipeline
