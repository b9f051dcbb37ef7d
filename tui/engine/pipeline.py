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
>>> [(chunk, step) for _, chunk, step, *_ in p.labelled("ab cd12!")]
[('ab', 1), ('cd', 1), ('12', 0), ('!', 1)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import starmap

from .pretokenize import PIPELINES, Bounded, Chunk, Piece, chunker, compiled, known_chunker
from .unassigned import as_known

#: Hugging Face's Whitespace pre-tokenizer keeps the matches of this regex (a Split, Removed, inverted).
WORDS = r"\w+|[^\w\s]+"
#: Rust's `char::is_whitespace` (the White_Space property): WhitespaceSplit and Strip cut at these.
WHITE_SPACE = r"\p{White_Space}"
#: Rust's `is_ascii_punctuation` or a Unicode punctuation category: what the Punctuation pre-tokenizer isolates.
PUNCTUATION = r"[\p{P}!-/:-@\[-`{-~]"


#: A piece up to this many characters is cut at once (a list of its pieces); a longer one lazily, so a
#: 1,000,000-character text of one piece never holds all its pieces at once.
AT_ONCE = 65_536


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


def _cut(cut: Cut, pieces: Iterable[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    built = cut.built  # `chunker` saw the whole text (or the references' view of it) first
    cutter = known_chunker(built, "")
    if isinstance(cutter, Bounded):  # a Split: a short piece's pieces at once, a long one's as they are found
        for start, piece in pieces:
            if len(piece) <= AT_ONCE:
                for at, text in cutter.cut(piece):
                    yield start + at, text
            else:
                for match in cutter.finditer(piece):
                    yield start + match.start(), match.group()
        return
    for start, piece in pieces:
        for match in known_chunker(built, piece).finditer(piece):
            yield start + match.start(), match.group()


def _matched(cut: Cut, known: str, at: int) -> bool:
    """Whether the step's own regex matches at `at` in a piece (else the piece there is text between matches);
    `known` is the piece as the references see it (`as_known`), made once for all its chunks."""
    m = compiled(f"(?m)(?:{cut.own})").match(known, at)
    return m is not None and m.end() > at


Labelled = tuple[int, str, int, int, str, bool]


def _cut_labelled(k: int, cut: Cut, pieces: Iterable[Labelled]) -> Iterator[Labelled]:
    for start, piece, step, lo, parent, matched in pieces:
        cutter = chunker(cut.built, piece)
        if isinstance(cutter, Bounded) and len(piece) <= AT_ONCE:  # as `_cut` does: a short piece's pieces at once
            inner = cutter.cut(piece)
        else:
            inner = [(m.start(), m.group()) for m in cutter.finditer(piece)]
        known = as_known(piece)
        if inner == [(0, piece)] and step >= 0 and (matched or not _matched(cut, known, 0)):
            yield start, piece, step, lo, parent, matched  # left whole: still made by the earlier step
            continue
        for at, part in inner:
            yield start + at, part, k, start, piece, _matched(cut, known, at)


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
        """(start, text) of every chunk, in order: each step cuts the pieces of the step before."""
        out: Iterable[tuple[int, str]] = ((0, text),) if text else ()
        for cut in self.cuts:
            out = _cut(cut, out)
        return iter(out)

    def finditer(self, string: str, /) -> Iterator[Chunk]:
        return starmap(Piece, self.pieces(string))

    def findall(self, string: str, /) -> list[str]:
        return [piece for _, piece in self.pieces(string)]

    def labelled(self, text: str) -> Iterator[Labelled]:
        """Every chunk as (start, text, the step that made it, the piece that step cut it from: its start and
        text, and whether the step's regex matched it). A step made a chunk when it cut the chunk out, or,
        for a chunk an earlier step left as text between its matches, when its own regex matches it whole."""
        out: Iterable[Labelled] = ((0, text, -1, 0, text, False),) if text else ()
        for k, cut in enumerate(self.cuts):
            out = _cut_labelled(k, cut, out)
        return iter(out)

    def origin(self, text: str, start: int, end: int) -> tuple[int, int, str]:
        """Which step made the chunk text[start:end] (as `labelled` says), and the piece that step cut it
        from (its start and text). Computed on demand, for this chunk's pieces only."""
        lo, piece, found = 0, text, None
        for k, cut in enumerate(self.cuts):
            inner = next(
                ((lo + m.start(), m.group()) for m in chunker(cut.built, piece).finditer(piece) if lo + m.start() + len(m.group()) > start),
                None,
            )
            if inner is None or inner[0] > start:
                break
            if inner == (start, text[start:end]):
                matched = _matched(cut, as_known(piece), start - lo)
                if found is None or (not found[3] and matched):
                    found = (k, lo, piece, matched)
                if found[3]:
                    return found[:3]
            lo, piece = inner
        if found is None:
            raise ValueError(f"text[{start}:{end}] is not a chunk of this pipeline")
        return found[:3]


def pipeline_of(pattern: str) -> Pipeline | None:
    """The pipeline a table's `pattern` names, or None for one regex."""
    found = PIPELINES.get(pattern)
    return found if isinstance(found, Pipeline) else None


def register(pipeline: Pipeline) -> Pipeline:
    """Make `chunker(pipeline.key, text)` cut with `pipeline`."""
    PIPELINES[pipeline.key] = pipeline
    return pipeline
