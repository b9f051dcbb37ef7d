"""The training view's side pane: one training (with chunks, or as one piece) at one round.

The side pane, from top to bottom: the round's new rule `(a, b) -> id` with its bytes, its count and tie, the start
of the text as symbols with this round's pair marked ⟦ ⟧ (and reversed), the leading pair counts as
bars (▶ the chosen pair, = a pair tied with it), the compression so far, a plot of compression and
of the chosen counts over the rounds (▲ the current round), and the vocabulary learned so far.
Beside them the code pane: the training loop (`get_stats`, `merge`), the line the round stands on marked.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from ..engine.training import TrainRound
from ..explain.training_sides import Side, literal, occurrences
from ..explain.words import plural
from ..safe import visible
from .code import code_text
from .strips import Row, StripRows, changed_rows, retitle, rows_text, to_strips
from .text import clip

if TYPE_CHECKING:  # the listing's module is imported when the code pane is first drawn
    from ..explain.loop_code import Mark

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


def fill_lines(cells: Iterable[Cell], width: int, lines: int) -> list[Text]:
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


def piece_cells(side: Side, round: int) -> Iterator[Cell]:
    """The shown pieces before `round`'s merge, symbol by symbol, its pair's occurrences marked ⟦ ⟧
    (made as they are laid out: a pane shows a few lines of them)."""
    rounds = side.result.rounds
    if round > len(rounds):  # training stopped before this round: the pieces as it left them
        pieces, pair = side.states[len(rounds)], None
    else:
        pieces, pair = side.before(round), rounds[round - 1].pair
    chunked = side.result.pattern is not None
    for n, piece in enumerate(pieces):
        if n and chunked:
            yield ("│", "dim")
        marked = set(occurrences(piece, pair)) if pair is not None else set()
        k = 0
        while k < len(piece):
            gap = " " if k else ""
            if k in marked:
                yield (f"{gap}⟦{symbol(side, piece[k])} {symbol(side, piece[k + 1])}⟧", "bold reverse")
                k += 2
            else:
                yield (gap + symbol(side, piece[k]), "bold" if piece[k] >= 256 else "")
                k += 1
    if side.cut:
        yield (" …", "dim")


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


@lru_cache(maxsize=16)
def plot_cells(values: tuple[float, ...], width: int) -> tuple[str, tuple[int, ...]]:
    """`values` as one line of blocks at most `width` wide (the last value of each group of rounds),
    and which rounds (0-based) each cell ends on.

    >>> plot_cells((1.0, 2.0, 4.0, 8.0), 2)
    ('▂█', (1, 3))
    """
    if not values or width <= 0:
        return "", ()
    per = -(-len(values) // width)  # rounds per cell, rounded up
    ends = list(range(per - 1, len(values), per))
    if ends[-1] != len(values) - 1:
        ends.append(len(values) - 1)
    top = max(values) or 1.0
    return "".join(BLOCKS[min(7, max(0, round(values[i] / top * 8) - 1))] for i in ends), tuple(ends)


def plot_lines(side: Side, round: int, width: int) -> list[Text]:
    """Compression (bytes per token) and the chosen pair's count over the rounds; ▲ marks `round`."""
    label = 6
    out = []
    marker = 0
    for name, values in (("B/tok", side.compressions), ("count", side.counts)):
        blocks, ends = plot_cells(values, width - label)
        marker = bisect_left(ends, round - 1) if ends else 0
        line = Text(f"{name:<{label}}", style="dim", no_wrap=True)
        line.append(blocks[:marker])
        line.append(blocks[marker : marker + 1], style="reverse")
        line.append(blocks[marker + 1 :])
        out.append(line)
    out.append(Text(" " * (label + marker) + "▲" + f" round {round}", no_wrap=True, overflow="ellipsis"))
    return out


def vocab_lines(side: Side, round: int, width: int, lines: int) -> list[Text]:
    """The rules learned up to `round`, the newest last (reversed: this round's); earlier ones give way when room runs out."""
    learned = min(round, len(side.result.rounds))
    room = width * lines - 20
    kept: list[Cell] = []
    used = 0
    for r in reversed(side.result.rounds[:learned]):
        cell = (f"{r.id} '{symbol(side, r.id)}'  ", "bold reverse" if r.index == round else "")
        if used + cell_len(cell[0]) > room and kept:
            break
        kept.append(cell)
        used += cell_len(cell[0])
    kept.reverse()
    head = f"vocab 256+{learned}: " + (f"…{learned - len(kept)} " if len(kept) < learned else "")
    return fill_lines([(head, "dim"), *kept], width, lines)


def side_lines(side: Side, round: int, width: int, height: int) -> list[Text]:
    """Everything the pane shows for `round`, one Text a line, fitted to `width` × `height` cells."""
    rounds = side.result.rounds
    lines: list[Text] = []
    if round > len(rounds):
        done = len(rounds)
        lines.append(Text(f"no pair was left after {done} {plural(done, 'merge')}", style="italic"))
        lines.append(Text(f"(no round {round} on this side)", style="italic"))
        r = None
    else:
        r = rounds[round - 1]
        lines += [rule_line(side, r, width), count_line(r, width)]
    vocab = 2 if height >= 16 else 1
    lines += fill_lines(piece_cells(side, round), width, 3 if height >= 16 else 2)
    if r is not None:
        lines += leader_lines(side, r, width, max(1, height - len(lines) - 1 - (3 if rounds else 0) - vocab))
    shown = min(round, len(rounds))
    tokens = rounds[shown - 1].tokens if shown else side.result.byte_count
    figure, ratio = f"{side.result.byte_count:,} bytes → {tokens:,} {plural(tokens, 'token')}", f"= {side.compression(shown):.2f} B/token"
    # The figure is what the view is about (seed 004: 1,115,394 bytes → 911,120 tokens): never cut, two lines if need be.
    lines += [Text(f"{figure} {ratio}")] if cell_len(figure) + 1 + len(ratio) <= width else [Text(figure), Text(f"  {ratio}")]
    if rounds:
        lines += plot_lines(side, shown, width)
    lines += vocab_lines(side, round, width, vocab)
    for line in lines:
        line.no_wrap = True
        line.truncate(width, overflow="ellipsis")
    return lines[:height]


class SidePane(Widget):
    """One training at the screen's round, drawn line by line: a step repaints only the lines that changed,
    and the rounds either side are drawn ahead while the pane is idle, so a step mostly swaps strips."""

    side: reactive[Side | None] = reactive(None, repaint=False)
    round: reactive[int] = reactive(1, repaint=False)

    KEEP = 8  # pictures kept (the current round, its neighbours, the last few visited)
    AHEAD = 0.01  # seconds after a step before the neighbouring rounds are drawn

    def __init__(self, title: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = title
        self._lines: list[Text] = []
        self._strips: list[Strip] = []
        self._pictures: OrderedDict[tuple[object, ...], tuple[list[Text], list[Strip]]] = OrderedDict()
        self._drawn_for: tuple[object, ...] = ()

    def watch_side(self) -> None:
        self._pictures.clear()
        self.redraw()

    def watch_round(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def notify_style_update(self) -> None:
        """A new theme changes the colours under every line: the pictures drawn in the old one are dropped."""
        super().notify_style_update()
        self._pictures.clear()
        self.redraw()

    def _key(self, round: int) -> tuple[object, ...]:
        return (id(self.side), round, self.content_size.width, self.content_size.height)

    def _picture(self, round: int) -> tuple[list[Text], list[Strip]]:
        """The lines of `round` at the current size, and their strips (padded with the widget's style)."""
        key = self._key(round)
        picture = self._pictures.get(key)
        if picture is None:
            width, height = self.content_size.width, self.content_size.height
            side = self.side
            lines = [Text("(training…)", style="italic")] if side is None else side_lines(side, round, width, height)
            strips = to_strips(lines, width, height, self.visual_style.rich_style, self.app.console)
            picture = self._pictures[key] = (lines, strips)
            while len(self._pictures) > self.KEEP:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        return picture

    def redraw(self) -> None:
        """Show the current round at the current size; mark only the changed lines for repainting."""
        width, height = self.content_size.width, self.content_size.height
        if width < 1 or height < 1:
            return
        old = self._strips
        self._lines, self._strips = self._picture(self.round)
        size = (width, height)
        if size != self._drawn_for:
            self._drawn_for = size
            self.refresh()
        elif regions := [Region(0, y, width, 1) for y in changed_rows(old, self._strips)]:
            self.refresh(*regions)
        if self.side is not None:
            self.set_timer(self.AHEAD, self._draw_ahead)

    def _draw_ahead(self) -> None:
        """Draw the next and the previous round before they are asked for."""
        side = self.side
        if side is None or not self.is_mounted:
            return
        last = max(len(side.result.rounds), 1)
        for round in (self.round + 1, self.round - 1):
            if 1 <= round <= last + 1 and self._key(round) not in self._pictures:
                self._picture(round)

    def picture(self) -> Text:
        """What the pane shows now (the training view's tests read it)."""
        return Text("\n").join(self._lines)

    def render_line(self, y: int) -> Strip:
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.content_size.width, self.rich_style)


class StatusLines(StripRows):
    """A few lines of status, repainted without a layout (Static.update asks for one), only the lines that changed."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Text("")

    def show(self, text: Text) -> None:
        self._text = text
        self.redraw()

    def render(self) -> Text:
        return self._text

    def rows(self, width: int, height: int) -> list[Text]:
        return list(self._text.wrap(self.app.console, width))


class TrainingCode(StripRows, can_focus=True):
    """The code pane of the training view: the loop of one training (`side`) at the screen's round, the
    line the round stands on marked ▶ (reversed), the other lines it runs ·, their values under them (↳).

    The mark is made when the pane is drawn: while it is hidden a step costs it nothing."""

    side: reactive[Side | None] = reactive(None, repaint=False)
    round: reactive[int] = reactive(1, repaint=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_subtitle = "▶ this round · c hide"
        self._where: tuple[Side, int, Mark] | None = None

    def watch_side(self, side: Side | None) -> None:
        if side is not None:
            chunked = side.result.pattern is not None
            retitle(self, title=f"Code · training {'with chunks' if chunked else 'without chunks'}")
        self.shown_changed()

    def watch_round(self) -> None:
        self.shown_changed()

    def shown_changed(self) -> None:
        """Repaint the rows that changed; a hidden pane only forgets its picture (drawn again when shown)."""
        if not self.display:
            self._strips = None
        elif self.is_mounted:
            self.redraw()

    def mark(self) -> Mark | None:
        """The line the round stands on, made once per side and round."""
        side = self.side
        if side is None:
            return None
        if self._where is None or self._where[0] is not side or self._where[1] != self.round:
            from ..explain.training_code import mark

            self._where = (side, self.round, mark(side.result, self.round))
        return self._where[2]

    def rows(self, width: int, height: int) -> list[Row] | None:
        from ..explain.training_code import TRAINING

        where = self.mark()
        return None if where is None else code_text(TRAINING, where, width, height)

    def render(self) -> Text:
        """The listing as drawn, as one Text (what tests read; the screen draws it line by line)."""
        return rows_text(self.rows(max(self.content_size.width, 1), max(self.content_size.height, 1)) or [])
