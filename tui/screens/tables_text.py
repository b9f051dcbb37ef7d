"""The Tables view's texts: what initialisation builds, the rank/id check and what a rank and an id mean, the loader line."""

from __future__ import annotations

from rich.text import Text

from ..engine.tables import Table
from ..explain.loader_trap import loader_note, table_comparison
from ..explain.rules import Built, RankCheck
from ..safe import visible
from ..widgets.text import clip, pad


def built_lines(built: list[Built], width: int, holds: str = "") -> Text:
    """The mappings initialisation builds: seven rows on a wide screen, two columns on a narrow one; a rule's
    fewer maps (tiktoken's, SentencePiece's) two to a line, then what a table of it `holds`."""
    text = Text(no_wrap=True, overflow="ellipsis")
    if width >= 110:
        for n, b in enumerate(built):
            if n:
                text.append("\n")
            text.append(f"{b.name:<13}", style="bold")
            text.append(f"{b.size:>7,}  {b.maps:<18} {b.source}")
        return text
    half = (width - 3) // 2
    cells = [f"{b.name:<12} {b.size:>6,} {b.maps}" for b in built]
    if len(built) != 7:  # tiktoken's or SentencePiece's few maps: two to a line, and what the table holds
        order = [(n, n + 1 if n + 1 < len(cells) else None) for n in range(0, len(cells), 2)]
        lines = [" │ ".join(pad(cells[n], half) for n in pair if n is not None) for pair in order]
        return Text("\n".join([*lines, holds]), no_wrap=True, overflow="ellipsis")
    order = [(0, 2), (1, 3), (4, 5), (6, None)]
    for n, (left, right) in enumerate(order):
        if n:
            text.append("\n")
        text.append(pad(cells[left], half))
        if right is not None:
            text.append(" │ ", style="dim")
            text.append(pad(cells[right], half))
        else:
            text.append(" │ ", style="dim")
            text.append(clip("per-chunk cache ≠ the alias function's cache", half), style="italic")
    return text


def check_lines(table: Table, check: RankCheck) -> Text:
    """'✓ encoder[left+right] == 256 + rank holds for 50,000 of 50,000 rules', then what a rank and an id each mean."""
    text = Text()
    mark = "✓" if check.holds else "✗"
    text.append(f"{mark} encoder[left + right] == {check.offset} + rank", style="bold")
    text.append(f" holds for {check.passing:,} of {check.total:,} rules")
    if check.first_failure is not None:
        f = check.first_failure
        text.append(f" (first miss: rank {f.rank}, id {f.id})")
    text.append("\n" + rank_id_meaning(table, check))
    return text


def rank_id_meaning(table: Table, check: RankCheck) -> str:
    """Seed 000: the formula links the two numbers, but a rank orders the rules and an id names a token."""
    lead = "yet" if check.holds else "so ids need not follow ranks:"
    both = " (tiktoken's file rank is the id)" if table.rule.by_bytes else ""
    if check.first_id:
        both = f" (the file's rank plus {check.first_id:,} is the id)"
    specials = list(check.special.items())
    no_rank = f"ids {check.first_id:,}–{check.first_id + check.base - 1:,} (bytes)"
    if len(specials) == 1:
        no_rank += f" and {specials[0][1]} '{visible(specials[0][0])}' (special)"
    elif specials:
        no_rank += f" and the {len(specials):,} special tokens"
    return f"{lead} a rank says which rule comes first, an id names the model's token{both}: {no_rank} have no rank."


def pieces_lines(table: Table) -> Text:
    """A SentencePiece model's ranks and ids: no merge list, so a rank is a place in score order, not an id's offset."""
    text = Text()
    first = table.merges[0] if len(table.merges) else ("", "")
    made = first[0] + first[1]
    text.append("a SentencePiece model lists pieces with scores, no merges", style="bold")
    text.append(
        f": rank r is the r-th piece in score order (equal scores share a rank), and a piece's id is its place in the "
        f"file, so no id is 256 + rank (rank 0, {visible(made)!r}, is id {table.encoder.get(made)}); the "
        f"{len(table.special):,} control pieces and 256 byte pieces have no rank."
    )
    return text


def loader_line(table: Table) -> Text:
    """GPT-2's split('\\n')[1:-1] on this table's vocab.bpe: ✗ when it would drop rules this loader keeps."""
    comparison = table_comparison(table)
    dropped = comparison is not None and bool(comparison.dropped)
    text = Text("✗ " if dropped else "✓ ", style="bold")
    text.append(visible(loader_note(table)))
    return text
