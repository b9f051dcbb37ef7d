"""GPT-2's pre-tokenizer: the regex that cuts text into chunks BPE never merges across.

>>> split("Hello've world123 how's are you!!!?")
['Hello', "'ve", ' world', '123', ' how', "'s", ' are', ' you', '!!!?']
>>> split("    if")
['   ', ' if']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from itertools import islice
from time import process_time
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

from .texts import CaptureError, quote
from .unassigned import as_known, knows

if TYPE_CHECKING:
    import regex

#: The exact pattern of openai/gpt-2 src/encoder.py (needs the `regex` package for \p{L} and \p{N}).
GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""

#: What `regex` counts as \s among ASCII characters; the standard `re` also counts \x1c–\x1f.
_SPACE = r"\t\n\x0b\x0c\r "

#: GPT-2's pattern for ASCII text in the standard library's `re`: on ASCII every class matches the
#: same characters (\p{L} is A–Z and a–z, \p{N} 0–9, \s spelled out), so the chunks are the same
#: (tests/engine/test_pretokenize.py compares the two), and `regex`, 5 ms to import, waits for the
#: first text or table that needs it: the start-up's text does not.
GPT2_ASCII_PATTERN = rf"""'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^{_SPACE}A-Za-z0-9]+|[{_SPACE}]+(?![^{_SPACE}])|[{_SPACE}]+"""

_ASCII = re.compile(GPT2_ASCII_PATTERN)


class Chunk(Protocol):
    """A match of the pattern: one chunk (what `re` and `regex` matches both are)."""

    def start(self) -> int: ...

    def end(self) -> int: ...

    def group(self) -> str: ...


class Piece:
    """A piece of the text: where it starts and its text (a regex match's `start()`, `end()` and `group()`)."""

    __slots__ = ("_start", "_text")

    def __init__(self, start: int, text: str) -> None:
        self._start, self._text = start, text

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._start + len(self._text)

    def group(self) -> str:
        return self._text


#: A cut of a (normalised) text into its chunks, in order.
Split = Callable[[str], Iterable[Chunk]]


class Chunker(Protocol):
    """A compiled pattern, from `re` or from `regex`."""

    def finditer(self, string: str, /) -> Iterator[Chunk]: ...

    def findall(self, string: str, /) -> list[Any]: ...


@cache
def compiled(pattern: str) -> regex.Pattern[str]:
    """A pattern compiled once with `regex` (a table's, or tui.safe's), imported when first needed: 5 ms at start-up."""
    import regex

    return regex.compile(pattern)


#: A pre-tokenizer of several steps (`pipeline.Pipeline`) by its key, the `pattern` of its table.
PIPELINES: dict[str, Chunker] = {}


def chunker(pattern: str, text: str) -> Chunker:
    """The compiled `pattern` to cut `text` with: GPT-2's on an ASCII text is GPT2_ASCII_PATTERN; a
    tokenizer.json's Split (`split_regex`) is bounded (`Bounded`); a pipeline's key is the pipeline; on a
    text holding a character the references do not know yet, one that cuts as they do (`Known`)."""
    found = known_chunker(pattern, text)
    return found if knows(text) else Known(found)


def known_chunker(pattern: str, text: str) -> Chunker:
    """`chunker` for a text whose every character the references know (`unassigned.knows`): a pipeline
    cuts its pieces with it, once `chunker` has seen the whole text."""
    if pattern in _SPLITS:
        return Bounded(pattern)
    if pattern in PIPELINES:
        return PIPELINES[pattern]
    return _ASCII if pattern == GPT2_PATTERN and text.isascii() else compiled(pattern)


class Known:
    """A chunker that matches a text as the references see it (`unassigned.as_known`) and cuts the
    chunks from the text itself."""

    def __init__(self, inner: Chunker) -> None:
        self.inner = inner

    def finditer(self, string: str, /) -> Iterator[Chunk]:
        for match in self.inner.finditer(as_known(string)):
            start = match.start()
            yield Piece(start, string[start : start + len(match.group())])

    def findall(self, string: str, /) -> list[Any]:
        return [match.group() for match in self.finditer(string)]


#: Hugging Face's Split behaviours, as tokenizer.json names them.
BEHAVIORS = ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous")

#: Regex work a Split may cost: this much per text, and this much more per character of it (the
#: legitimate worst measured, one gap of 1,000,000 characters, takes 1.1 s; `(a|aa)+$` on 35
#: characters takes 9 s and doubles every 1.5 more).
REGEX_SECONDS = 2.0
REGEX_SECONDS_PER_CHARACTER = 10e-6
MATCHES_AT_ONCE = 4096  # a Split's matches are found this many at a time (`Bounded.finditer`)

#: Each regex `split_regex` built -> the Split's own regex (the one an error sentence names).
_SPLITS: dict[str, str] = {}


def split_regex(pattern: str, behavior: str, invert: bool = False) -> str:
    """One regex whose matches are exactly the pieces Hugging Face's Split(pattern, behavior, invert) keeps.

    A Split finds the pattern's matches left to right; between two of them is a gap, the longest run
    of characters at none of which the pattern matches. Isolated keeps both as pieces; Removed drops
    the matches (inverted: the gaps); MergedWithPrevious joins each match to the gap before it
    (inverted: each gap to the match before it); MergedWithNext joins each match to the gap after it
    (inverted: each gap to the match after it); Contiguous joins consecutive matches. ^ and $ match
    at each line, as Oniguruma's do. (tests/engine/test_split_behaviours.py compares every one with the `tokenizers` library.)

    >>> cut = lambda behavior, invert=False: compiled(split_regex("-", behavior, invert)).findall("the-final--countdown")
    >>> cut("Isolated"), cut("Removed"), cut("Removed", True)
    (['the', '-', 'final', '-', '-', 'countdown'], ['the', 'final', 'countdown'], ['-', '-', '-'])
    >>> cut("MergedWithPrevious"), cut("MergedWithNext"), cut("Contiguous")
    (['the-', 'final-', '-', 'countdown'], ['the', '-final', '-', '-countdown'], ['the', '-', 'final', '--', 'countdown'])
    """
    if behavior not in BEHAVIORS:
        raise ValueError(f"no Split behaviour {behavior!r}")
    match = f"(?:{pattern})"
    # The shortest run from a character where the pattern does not match to the next place where it does (or the
    # end): the same run as the longest one of characters at none of which it matches, without the regex module
    # keeping a backtracking entry per character (170 bytes each: 170 MB for a gap of 1,000,000 characters).
    gap = rf"(?:(?!{match})[\s\S]+?(?={match}|\z))"
    if behavior == "Removed":  # a gap: after the matches where the last piece ended (\G), skipped whole (\K)
        built = match if invert else rf"\G{match}*+\K{gap}"
    elif behavior == "Isolated":
        built = f"{match}|{gap}"
    elif behavior == "Contiguous":
        built = f"{match}+|{gap}"
    elif (behavior == "MergedWithPrevious") != invert:  # a match after its gap, or (inverted) a gap after its match
        built = f"{gap}?{match}|{gap}"
    else:
        built = f"{match}{gap}?|{gap}"
    built = f"(?m){built}"  # ^ and $ at every line, as in Oniguruma's Ruby syntax (what tokenizers runs)
    _SPLITS[built] = pattern
    return built


class Bounded:
    """A Split's regex, cutting a text within REGEX_SECONDS (+ per character) of regex work, its pieces
    never empty: past the time, or on an empty match, one sentence (a CaptureError) naming the regex."""

    def __init__(self, built: str) -> None:
        self.regex, self.pattern = compiled(built), _SPLITS[built]

    def finditer(self, string: str, /) -> Iterator[Chunk]:
        """The matches, found MATCHES_AT_ONCE at a time: `regex`'s timeout counts the process's CPU time from
        the first search on, so a caller's work between two matches (merging the chunks already found)
        would use up the regex's own budget; each batch's search is timed alone and charged to it."""
        seconds = REGEX_SECONDS + REGEX_SECONDS_PER_CHARACTER * len(string)
        used, at = 0.0, 0
        while True:
            began = process_time()
            try:
                found = list(islice(self.regex.finditer(string, at, timeout=max(seconds - used, 1e-6)), MATCHES_AT_ONCE))
            except TimeoutError:
                _refuse(
                    self.pattern,
                    f"took over {seconds:.3g} s of matching on this text of {len(string):,} characters; it backtracks too much",
                )
            used += process_time() - began
            for match in found:
                if match.start() == match.end():
                    if match.start() == len(string):  # after the last piece: Hugging Face keeps no empty piece
                        return
                    _refuse(self.pattern, f"matches an empty string at character {match.start():,} of the text, which splits nothing")
                yield match
            if len(found) < MATCHES_AT_ONCE:
                return
            at = found[-1].end()  # the next search starts where the last match ended, as one finditer's would

    def findall(self, string: str, /) -> list[Any]:
        return [match.group() for match in self.finditer(string)]

    def cut(self, string: str) -> list[tuple[int, str]]:
        """The pieces of `string` as (start, text), all at once: what `finditer` gives, without a generator's
        step per piece (a pipeline cuts hundreds of thousands of pieces)."""
        try:
            found = [
                (m.start(), m.group())
                for m in self.regex.finditer(string, timeout=REGEX_SECONDS + REGEX_SECONDS_PER_CHARACTER * len(string))
            ]
        except TimeoutError:
            return [(match.start(), match.group()) for match in self.finditer(string)]  # it says why, in one sentence
        if found and not all(text for _, text in found):
            return [(match.start(), match.group()) for match in self.finditer(string)]  # an empty piece: refused, or the last dropped
        return found


def bound(pattern: str, text: str) -> None:
    """For another regex built on a tokenizer.json's Split `pattern` (the explorer's labelled one):
    the CaptureError its Bounded cut of `text` would raise, if any."""
    if pattern in _SPLITS:
        for _ in Bounded(pattern).finditer(text):
            pass


def _refuse(pattern: str, why: str) -> NoReturn:
    raise CaptureError(f"the Split regex {quote(pattern)} {why}.")


def split(text: str) -> list[str]:
    """All chunks of `text`, in order; their concatenation is `text`."""
    return chunker(GPT2_PATTERN, text).findall(text)


def iter_spans(text: str) -> Iterator[tuple[int, str]]:
    """(start offset, chunk) for each chunk, produced lazily so long texts can be captured piecewise."""
    for match in chunker(GPT2_PATTERN, text).finditer(text):
        yield match.start(), match.group()
