"""The explorer's model: one text cut by one tokenizer, as plain data (its chunks in order, the branch of
the pattern that matched each, each chunk's tokens and where they start).

>>> from tui.engine.tables import get_table
>>> row = build_row("HOW'S", get_table("gpt2"))
>>> [(c.text, c.branch) for c in row.chunks], row.tokens
([('HOW', 7), ("'", 9), ('S', 7)], 3)
>>> row.summary()
'3 chunks · 3 tokens · 1.67 bytes/token'
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import islice, repeat
from typing import NamedTuple

from ..engine.bpe import gc_paused, placed_ids
from ..engine.pipeline import Pipeline, pipeline_of
from ..engine.pretokenize import Piece as Cut
from ..engine.pretokenize import Split
from ..engine.sentencepiece_bpe import SPACE
from ..engine.tables import Table, short_name
from ..engine.tables.hf_characters import METASPACE_WORDS
from ..engine.utf8 import token_offsets
from .branches import Explanation, alternatives, branch_labeller, branch_number, explain_in_piece, explain_match, pipeline_spans
from .row_chunks import BATCH, UNLABELLED, PlacedAdded, RowChunks, origins
from .words import count, quoted

_FIRST = (0,)  # the token starts of a chunk that is one token
MAX_ROWS = 6  # tokenizers the explorer cuts the text with at most: six rows of three lines


def chosen_rows(asked: Sequence[str], available: Sequence[str]) -> tuple[str, ...]:
    """The rows asked for, in the order asked, each once; ValueError (one sentence) for a name that is not
    `available`, for none, or for more than MAX_ROWS.

    >>> chosen_rows(["o200k_base", "gpt2", "gpt2"], ["gpt2", "cl100k_base", "o200k_base"])
    ('o200k_base', 'gpt2')
    >>> chosen_rows(["gpt3"], ["gpt2"])
    Traceback (most recent call last):
    ValueError: no table 'gpt3' to explore; choose among: gpt2.
    """
    rows = tuple(dict.fromkeys(asked))
    for name in rows:
        if name not in available:
            raise ValueError(f"no table {quoted(name)} to explore; choose among: {', '.join(available)}.")
    if not rows:
        raise ValueError("choose at least one table to explore.")
    if len(rows) > MAX_ROWS:
        raise ValueError(f"the explorer shows {MAX_ROWS} tables at most; {len(rows)} were given.")
    return rows


@dataclass(frozen=True)
class TokenizerRow:
    """One tokenizer's cut of the text: its chunks in order and their totals."""

    name: str
    label: str
    pattern: str
    chunks: RowChunks
    tokens: int
    bytes: int
    #: Its chunks are the matches of a regex (a branch each); else (a rule on characters) words cut where no
    #: merge crosses, which `words` says in a sentence.
    by_regex: bool = True
    words: str = ""
    #: A pipeline's row: each chunk's piece, lo and hi one after the other (in the text it was cut from), the piece
    #: its step cut it from, where its branch is explained.
    pieces: Sequence[int] | None = None
    #: The text the chunks were cut from when the normaliser changed the text as typed (the chunks are placed on
    #: the text as typed; their regex matched this one).
    normalised: str | None = None

    def explained(self, k: int) -> Explanation | None:
        """Why chunk `k` is what it is: the branches its regex tried at its start (a pipeline's, in the piece its
        step cut it from alone), in the text the regex ran on (the normalised one, what the attempts take), at
        the chunk's start in the text as typed; None on a row whose chunks no regex made."""
        if not self.by_regex:
            return None
        text = self.chunks.text if self.normalised is None else self.normalised
        start, typed = self.chunks.cut_start(k), self.chunks.starts[k]
        if self.pieces is None:  # the regex runs once, here: the chunk's branch is what it finds
            why = explain_match(text, start, self.pattern)
        else:
            why = explain_in_piece(text, start, self.pattern, self.chunks.branch(k), self.pieces[2 * k], self.pieces[2 * k + 1])
        return why if start == typed else replace(why, start=typed)

    @property
    def starts(self) -> Sequence[int]:
        """Each chunk's start, ascending."""
        return self.chunks.starts

    @property
    def branches(self) -> tuple[str, ...]:
        return alternatives(self.pattern)

    def chunk_at(self, offset: int) -> int:
        """The index of the chunk that holds text offset `offset` (the last one past the end)."""
        return max(0, min(bisect_right(self.starts, offset) - 1, len(self.chunks) - 1))

    def summary(self) -> str:
        """'3 chunks · 3 tokens · 1.67 bytes/token'."""
        per = f"{self.bytes / self.tokens:.2f}" if self.tokens else "—"
        return f"{count(len(self.chunks), 'chunk')} · {count(self.tokens, 'token')} · {per} bytes/token"

    def stretch(self, lo: int, hi: int, tokens: bool) -> Stretch:
        """What the row shows of the text [lo, hi): its pieces (chunks, or tokens when `tokens`) and the
        boundaries inside, looking only at the chunks and tokens that overlap the stretch (bisected), so
        the work is bounded by hi - lo whatever the size of the chunk around it."""
        pieces: list[Piece] = []
        marks: list[Mark] = []
        examined = 0
        k = self.chunk_at(lo)
        while k < len(self.chunks) and self.chunks[k].start < hi:
            c = self.chunks[k]
            if not tokens:
                pieces.append(Piece(max(c.start, lo), min(c.end, hi), k, -1))
                if c.start >= lo:
                    marks.append(Mark(c.start, True, True, str(branch_number(c.branch)) if self.by_regex else ""))
                k += 1
                continue
            starts = c.token_starts
            t = max(bisect_right(starts, lo - c.start) - 1, 0)
            t = bisect_left(starts, starts[t], 0, t)  # the first of the tokens that start in that character
            while t < len(c.ids) and c.start + starts[t] < hi:
                u = bisect_right(starts, starts[t], t)  # the tokens that start in the same character
                examined += u - t
                end = c.start + (starts[u] if u < len(starts) else len(c.text))
                at = c.start + starts[t]
                pieces.append(Piece(max(at, lo), min(end, hi), k, c.ids[t]))
                if at >= lo:
                    exact = starts[t] == 0 or _holds(c.cuts, starts[t])
                    marks.append(Mark(at, starts[t] == 0, exact, " ".join(map(str, c.ids[t:u]))))
                t = u
            k += 1
        return Stretch(tuple(pieces), tuple(marks), examined)


def _holds(ordered: tuple[int, ...], value: int) -> bool:
    i = bisect_left(ordered, value)
    return i < len(ordered) and ordered[i] == value


class Piece(NamedTuple):
    """A stretch of text inside one chunk (and one token, with `token` its first id; -1 for a whole chunk)."""

    start: int
    end: int
    chunk: int
    token: int


class Mark(NamedTuple):
    """A boundary of a row at text offset `at`: a chunk's start (or a token's), whether it falls exactly
    between characters (a token may start inside one), and what the row says there (branch or ids)."""

    at: int
    chunk: bool
    exact: bool
    label: str


class Stretch(NamedTuple):
    """A row's pieces and marks over a stretch of text, and how many token ids were looked at for it."""

    pieces: tuple[Piece, ...]
    marks: tuple[Mark, ...]
    examined: int


def build_row(
    text: str, table: Table, cancelled: Callable[[], bool] = lambda: False, progress: Callable[[float], None] | None = None
) -> TokenizerRow | None:
    """The row of `table` for `text`; None if `cancelled()` became true on the way.

    Raises the engine's CaptureError (one sentence) for text that has no UTF-8 form.
    """
    with gc_paused():  # hundreds of thousands of small tuples, no cycles: the collector would only rescan them
        return _build_row(text, table, cancelled, progress)


def _build_row(text: str, table: Table, cancelled: Callable[[], bool], progress: Callable[[float], None] | None) -> TokenizerRow | None:
    cut = table.normalize(text)  # the chunks' offsets are in the normalised text
    steps = table.normalizer.steps if table.normalizer is not None else ()
    at = None if cut == text else origins(text, [step.apply for step in steps])  # where each offset of `cut` comes from
    pipeline = pipeline_of(table.pattern)
    pieces = array("i")
    out = RowChunks(text, None if pipeline else branch_labeller(cut, table.pattern), placed=at is not None)
    n = max(len(text), 1)
    offsets = _offsets(cut, _token_sizes(table))
    # A pipeline's branch depends on the step and the piece it cut: found for every chunk as the pipeline cuts
    # it, and the encode loop given those very chunks (one pass of the pipeline, not two); one regex's branch is
    # found when a chunk is shown.
    if pipeline is not None:
        labels: deque[int] = deque()
        # the loop takes a chunk (and its label) before it yields that chunk's ids; it ends first
        pairs = zip(placed_ids(text, table, _labelling(pipeline, labels, pieces)), iter(labels.popleft, None), strict=False)
    else:
        pairs = zip(placed_ids(text, table), repeat(UNLABELLED))
    while part := list(islice(pairs, BATCH)):
        if at is None:
            out.extend(
                [
                    (start, end, branch, ids, _FIRST, ()) if len(ids) == 1 else (start, end, branch, ids, *offsets(ids, start, end))
                    for (start, end, ids), branch in part
                ]
            )
        else:
            out.extend(
                [
                    (at[start], at[end], branch, ids, _FIRST, (), start) if len(ids) == 1 else _placed(at, offsets, start, end, branch, ids)
                    for (start, end, ids), branch in part
                ]
            )
        if cancelled():
            return None
        if progress is not None:
            progress(part[-1][0][0] / n)
    total_bytes = len(text.encode("utf-8"))
    by_regex = not table.rule.on_characters
    words = "" if by_regex else words_sentence(table.rule.owner, table.pattern, cut)
    kept = pieces if pipeline is not None else None
    normalised = None if at is None else cut
    return TokenizerRow(table.name, short_name(table), table.pattern, out, out.tokens, total_bytes, by_regex, words, kept, normalised)


#: A chunk's token starts and exact cuts (`token_offsets`), asked with its ids, start and end.
Offsets = Callable[[tuple[int, ...], int, int], tuple[Sequence[int], Sequence[int]]]
OFFSETS_KEPT = 65_536  # distinct chunks whose token starts are remembered while a row is built


def _offsets(cut: str, sizes: Callable[[Iterable[int]], Iterator[int]]) -> Offsets:
    """`token_offsets` of the chunk cut[start:end] with those ids, remembered by its ids: they alone decide its text
    and its tokens' sizes, and a long text repeats its chunks (a 1 MB text has 270,000 chunks of 12,000 texts)."""
    kept: dict[tuple[int, ...], tuple[Sequence[int], Sequence[int]]] = {}

    def offsets(ids: tuple[int, ...], start: int, end: int) -> tuple[Sequence[int], Sequence[int]]:
        found = kept.get(ids)
        if found is None:
            found = token_offsets(cut[start:end], sizes(ids))
            if len(kept) < OFFSETS_KEPT:
                kept[ids] = found
        return found

    return offsets


def _labelling(pipeline: Pipeline, labels: deque[int], pieces: array[int]) -> Split:
    """A pipeline's cut of the normalised text into its chunks, each chunk's branch put on `labels` as it is cut and
    the piece its step cut it from on `pieces`."""

    def split(normalised: str) -> Iterator[Cut]:
        for start, end, branch, lo, hi in pipeline_spans(normalised, pipeline):
            labels.append(branch)
            pieces.append(lo)
            pieces.append(hi)
            yield Cut(start, normalised[start:end])

    return split


def _placed(at: Sequence[int], offsets: Offsets, start: int, end: int, branch: int, ids: tuple[int, ...]) -> PlacedAdded:
    """A chunk of the normalised text, placed on the text as typed (`at[i]`: where offset i of the normalised text
    comes from), so the rows of every table stay aligned; its start in the normalised text kept for its branch."""
    base = at[start]
    first, cuts = offsets(ids, start, end)
    return (base, at[end], branch, ids, [at[start + t] - base for t in first], [at[start + t] - base for t in cuts], start)


def words_sentence(owner: str, pattern: str, normalised: str) -> str:
    """What a row on characters says of its chunks, which no regex of the tokenizer's made.

    >>> from tui.engine.sentencepiece_bpe import chunk_pattern
    >>> print(words_sentence("SentencePiece", chunk_pattern(set(), True), "▁Hi▁there"))
    SentencePiece splits the text by no regex: its merges run over the whole normalised text, '▁Hi▁there'. No merge joins a '▁' to the character before it, so the chunks here are cut before each '▁' that follows a character: each word's pieces are those of the whole.
    """
    shown = quoted(normalised[:40]) + ("…" if len(normalised) > 40 else "")
    if pattern == METASPACE_WORDS:
        return f"The Metaspace pre-tokenizer splits the normalised text, {shown}, before each '▁'; each word is merged alone."
    head = f"{owner} splits the text by no regex: its merges run over the whole normalised text, {shown}."
    if pattern.endswith(f"|{SPACE}+"):
        return (
            f"{head} No merge joins a '▁' to the character before it, so the chunks here are cut before each '▁' that "
            "follows a character: each word's pieces are those of the whole."
        )
    return f"{head} Some merge joins a '▁' to the character before it, so each chunk here runs whole between symbols."


def _token_sizes(table: Table) -> Callable[[Iterable[int]], Iterator[int]]:
    """Tokens' sizes in UTF-8 bytes of the normalised text, from their ids: an alias string's length on a byte-level
    table (one alias a byte: looked up at C speed, a chunk may hold a million tokens); on a table on characters its
    text's ('▁' three bytes), a fallback byte piece one."""
    if table.pieces is None:
        aliases = table.decoder.__getitem__
        return lambda ids: map(len, map(aliases, ids))
    byte_pieces = frozenset(table.pieces.byte_ids) - {-1}

    def size(ident: int) -> int:
        return 1 if ident in byte_pieces else len(table.decoder[ident].encode("utf-8"))

    return lambda ids: map(size, ids)
