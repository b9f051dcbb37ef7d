"""The training view's side pane: one training (with chunks, or as one piece) at one round.

From top to bottom: the round's new rule `(a, b) -> id` with its bytes, its count and tie, the start
of the text as symbols with this round's pair marked ⟦ ⟧ (and reversed), the leading pair counts as
bars (▶ the chosen pair, = a pair tied with it), the compression so far, a plot of compression and
of the chosen counts over the rounds (▲ the current round), and the vocabulary learned so far.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..engine.training import TrainRound
from ..engine.training_sides import Side, literal, occurrences
from ..safe import visible
from .text import clip

BLOCKS = "▁▂▃▄▅▆▇█"
Cell = tuple[str, str]  # (text, style); a line is laid out cell by cell, never split inside one


def symbol(side: Side, ident: int) -> str:
    """A symbol's bytes as the panes show text: spaces as ·, controls and invisibles made visible."""
    return visible(literal(side.result.vocab, ident), space="·")


def rule_line(side: Side, r: TrainRound, width: int) -> Text:
    """'round 3: (97, 116) -> 258 'at'', then its two parts when there is room: 'a' + 't'."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"round {r.index}: ")
    text.append(f"({r.pair[0]}, {r.pair[1]}) -> {r.id} '{symbol(side, r.id)}'", style="bold")
    parts = f" = '{symbol(side, r.pair[0])}' + '{symbol(side, r.pair[1])}'"
    if text.cell_len + cell_len(parts) <= width:
        text.append(parts)
    return text


def count_line(r: TrainRound, width: int) -> Text:
    """'count 2 · replaced 2 · 3-way tie', and when there is room how the tie is broken."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"count {r.count:,} · replaced {r.replaced:,}")
    if r.tied > 1:
        text.append(f" · {r.tied}-way tie", style="bold")
        if text.cell_len + 25 <= width:
            text.append(": the first inserted wins", style="italic")
    return text


def wrap(cells: Iterable[Cell], width: int, lines: int) -> list[Text]:
    """Lay `cells` out in at most `lines` lines of `width`; a line that is cut ends in …."""
    out: list[Text] = [Text(no_wrap=True)]
    used = 0
    for chunk, style in cells:
        w = cell_len(chunk)
        if used + w > width and used > 0:
            if len(out) == lines:
                out[-1].truncate(max(width - 1, 0))
                out[-1].append("…", style="dim")
                return out
            out.append(Text(no_wrap=True))
            used = 0
        out[-1].append(clip(chunk, width) if w > width else chunk, style=style)
        used += min(w, width)
    return out


def piece_cells(side: Side, round: int) -> list[Cell]:
    """The shown pieces before `round`'s merge, symbol by symbol, its pair's occurrences marked ⟦ ⟧."""
    rounds = side.result.rounds
    last = min(round, len(rounds))
    pieces = side.before(last) if last else side.states[0]
    pair = rounds[last - 1].pair if round <= len(rounds) and last else None
    chunked = side.result.pattern is not None
    cells: list[Cell] = []
    for n, piece in enumerate(pieces):
        if n and chunked:
            cells.append(("│", "dim"))
        marked = set(occurrences(piece, pair)) if pair is not None else set()
        k = 0
        while k < len(piece):
            gap = " " if k else ""
            if k in marked:
                cells.append((f"{gap}⟦{symbol(side, piece[k])} {symbol(side, piece[k + 1])}⟧", "bold reverse"))
                k += 2
            else:
                cells.append((gap + symbol(side, piece[k]), "bold" if piece[k] >= 256 else ""))
                k += 1
    if side.cut:
        cells.append((" …", "dim"))
    return cells


def leader_lines(side: Side, r: TrainRound, width: int, lines: int) -> list[Text]:
    """The leading pair counts as bars: ▶ the chosen pair, = the pairs tied with it."""
    leaders = r.leaders[:lines]
    top = max((n for _, n in leaders), default=1)
    out = []
    for pair, n in leaders:
        mark = "▶" if pair == r.pair else ("=" if n == r.count else " ")
        label = f"{mark} {f'({pair[0]}, {pair[1]})':<11}"
        shown = clip(f"'{symbol(side, pair[0])}{symbol(side, pair[1])}'", 9)
        head = f"{label}{shown:<9}{n:>5,} "
        room = max(width - cell_len(head), 1)
        bar = "█" * max(1, round(room * n / top))
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(head, style="bold" if pair == r.pair else "")
        line.append(bar, style="bold" if n == r.count else "dim")
        line.truncate(width)
        out.append(line)
    return out


def plot_cells(values: Sequence[float], width: int) -> tuple[str, list[int]]:
    """`values` as one line of blocks at most `width` wide (the last value of each group of rounds),
    and which rounds (0-based) each cell ends on."""
    if not values or width <= 0:
        return "", []
    per = -(-len(values) // width)  # rounds per cell, rounded up
    ends = list(range(per - 1, len(values), per))
    if ends[-1] != len(values) - 1:
        ends.append(len(values) - 1)
    top = max(values) or 1.0
    return "".join(BLOCKS[min(7, max(0, round(values[i] / top * 8) - 1))] for i in ends), ends


def plot_lines(side: Side, round: int, width: int) -> list[Text]:
    """Compression (bytes per token) and the chosen pair's count over the rounds; ▲ marks `round`."""
    rounds = side.result.rounds
    series = (("B/tok", [side.compression(r.index) for r in rounds]), ("count", [float(r.count) for r in rounds]))
    label = 6
    out = []
    marker = 0
    for name, values in series:
        blocks, ends = plot_cells(values, width - label)
        marker = next((n for n, end in enumerate(ends) if end >= round - 1), len(ends) - 1)
        line = Text(no_wrap=True)
        line.append(f"{name:<{label}}", style="dim")
        for n, block in enumerate(blocks):
            line.append(block, style="reverse" if n == marker else "")
        out.append(line)
    out.append(Text(" " * (label + max(marker, 0)) + "▲" + f" round {round}", no_wrap=True, overflow="ellipsis"))
    return out


def vocab_lines(side: Side, round: int, width: int, lines: int) -> list[Text]:
    """The rules learned up to `round`, the newest last (▶ this round's); earlier ones give way when room runs out."""
    rounds = side.result.rounds[: min(round, len(side.result.rounds))]
    cells = [(f"{r.id} '{symbol(side, r.id)}'  ", "bold reverse" if r.index == round else "") for r in rounds]
    room = width * lines - 20
    kept: list[Cell] = []
    used = 0
    for cell in reversed(cells):
        if used + cell_len(cell[0]) > room and kept:
            break
        kept.insert(0, cell)
        used += cell_len(cell[0])
    head = f"vocab 256+{len(rounds)}: " + (f"…{len(cells) - len(kept)} " if len(kept) < len(cells) else "")
    return wrap([(head, "dim"), *kept], width, lines)


def side_text(side: Side, round: int, width: int, height: int) -> Text:
    """Everything the pane shows for `round`, fitted to `width` × `height` cells."""
    rounds = side.result.rounds
    lines: list[Text] = []
    if round > len(rounds):
        done = len(rounds)
        lines.append(Text(f"no round {round}: no pair was left after {done} merge{'s' * (done != 1)}", style="italic"))
        lines.append(Text(""))
        r = rounds[-1] if rounds else None
    else:
        r = rounds[round - 1]
        lines += [rule_line(side, r, width), count_line(r, width)]
    vocab = 2 if height >= 16 else 1
    lines += wrap(piece_cells(side, round), width, 3 if height >= 16 else 2)
    if r is not None:
        lines += leader_lines(side, r, width, max(1, height - len(lines) - 1 - (3 if rounds else 0) - vocab))
    tokens = rounds[min(round, len(rounds)) - 1].tokens if rounds else side.result.byte_count
    lines.append(
        Text(
            f"{side.result.byte_count:,} bytes → {tokens:,} tokens = {side.compression(min(round, len(rounds))):.2f} B/token",
            no_wrap=True,
            overflow="ellipsis",
        )
    )
    if rounds:
        lines += plot_lines(side, min(round, len(rounds)), width)
    lines += vocab_lines(side, round, width, vocab)
    text = Text("\n", no_wrap=True, overflow="ellipsis").join(line for line in lines[:height])
    text.no_wrap, text.overflow = True, "ellipsis"
    return text


class SidePane(Widget):
    """One training at the screen's round; redrawn only when the training, the round or the size changes."""

    side: reactive[Side | None] = reactive(None, repaint=False)
    round: reactive[int] = reactive(1, repaint=False)

    def __init__(self, title: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = title
        self._shown: tuple[object, ...] = ()
        self._picture = Text("")

    def watch_side(self) -> None:
        self.refresh()

    def watch_round(self) -> None:
        self.refresh()

    def picture(self) -> Text:
        """What the pane shows now (the training view's tests read it)."""
        width, height = max(self.content_size.width, 1), max(self.content_size.height, 1)
        key = (id(self.side), self.round, width, height)
        if key != self._shown:
            self._shown = key
            side = self.side
            self._picture = Text("(training…)", style="italic") if side is None else side_text(side, self.round, width, height)
        return self._picture

    def render(self) -> Text:
        return self.picture()
