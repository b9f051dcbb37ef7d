"""What the explorer's panel says about the selected chunk (a Rich text): its place, how it was cut (the
regex's branches tried in order, or on a rule on characters the words' sentence), and its tokens."""

from __future__ import annotations

from rich.text import Text

from ..explain.branches import Explanation, branch_number
from ..explain.explorer import TokenizerRow
from ..explain.row_chunks import RowChunk
from ..explain.words import count
from ..safe import visible
from .text import quote_chunk

SHOWN_IDS = 100  # token ids the explanation lists: a chunk of thousands would be wrapped again on every key


def explanation_text(row: TokenizerRow, index: int, chunk: RowChunk, why: Explanation | None, *, tokens_first: bool = False) -> Text:
    """What the panel says about one chunk: where it is, its branch, the branches tried, any backtrack, its
    tokens; on a row whose chunks no regex made (`why` None), how they were cut instead. With `tokens_first`
    (the token ids are under the rows, where a long id is cut) its tokens come right after its place."""
    t = Text()
    t.append(f"{row.label} · chunk {index + 1:,}/{len(row.chunks):,} ", style="bold")
    t.append(quote_chunk(chunk.text, 40), style="bold reverse")
    if tokens_first:
        t.append(f" at {chunk.start:,}\n")
        _tokens(t, row, chunk)
        t.append("\n")
        if why is not None:
            t.append(f"branch {branch_number(chunk.branch)} ")
            t.append(visible(row.branches[chunk.branch]), style="bold")
            t.append("\n")
            _tried(t, row, chunk, why)
        else:
            t.append(visible(row.words))
        return t
    if why is None:
        t.append(f" at {chunk.start:,}\n")
        t.append(visible(row.words) + "\n")
        _tokens(t, row, chunk)
        return t
    t.append(f" at {chunk.start:,} · branch {branch_number(chunk.branch)} ")
    t.append(visible(row.branches[chunk.branch]), style="bold")
    t.append("\n")
    _tried(t, row, chunk, why)
    _tokens(t, row, chunk)
    return t


def _tried(t: Text, row: TokenizerRow, chunk: RowChunk, why: Explanation) -> None:
    """The branches tried at the chunk's start, in order, and the backtrack that gave characters back, if any."""
    t.append(f"Tried in order at {why.start:,}, the first match wins: ")
    for attempt in why.attempts[:-1]:
        t.append(f"✗{branch_number(attempt.branch)} {visible(attempt.pattern)}", style="dim")
        t.append("  ")
    won = why.winner
    t.append(f"✓{branch_number(won.branch)} {visible(won.pattern)}", style="bold underline")
    t.append(f" takes {quote_chunk(won.matched or '', 40)}.")
    rest = row.branches[won.branch + 1 :]
    if rest:  # with the branches tried, every branch of the regex: the key to the numbers under the rows
        t.append("  Not reached: ")
        t.append("  ".join(f"{branch_number(won.branch + 1 + n)} {visible(branch)}" for n, branch in enumerate(rest)), style="dim")
    t.append("\n")
    back = why.backtrack
    if back is not None:
        before = f"before {quote_chunk(back.before)}" if back.before is not None else "at the end"
        spaces = count(back.given_back, "character")
        head = visible(row.branches[chunk.branch][: -len(back.assertion)])
        t.append(
            f"Backtrack: {head} alone takes {quote_chunk(back.greedy, 40)}; {visible(back.assertion)} fails {before}, "
            f"so {spaces} {'are' if back.given_back != 1 else 'is'} given back and the next chunk takes "
            f"{'them' if back.given_back != 1 else 'it'}.\n",
            style="bold",
        )


def _tokens(t: Text, row: TokenizerRow, chunk: RowChunk) -> None:
    more = len(chunk.ids) - SHOWN_IDS
    t.append(
        f"{count(len(chunk.ids), 'token')}: " + " ".join(map(str, chunk.ids[:SHOWN_IDS])) + (f" … and {more:,} more" if more > 0 else "")
    )
    t.append("   enter: animate it under " + row.label, style="dim")
