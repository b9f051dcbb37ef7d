"""The status header: which table, the text's figures, where we are, and what happens now."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from ..engine.bpe import Trace
from ..engine.tables import label, rule_name
from ..explain.figures import figures
from ..explain.position import Position
from ..safe import visible
from .strips import Row, StripRows, text_row

#: The narration always has this many lines, so the panes below never move while stepping.
NARRATION = 2


class Status(StripRows):
    """Lines that are always visible: table identity and figures, position, narration (NARRATION lines).

    All three reactives are bound from the encode screen: nothing writes to the header.
    """

    DEFAULT_CSS = """
    Status {
        height: 4;
        padding: 0 1;
        background: $boost;
    }
    """

    position: reactive[Position | None] = reactive(None, always_update=True, repaint=False)
    playing: reactive[str] = reactive("", repaint=False)  # '▶ 2 fps' while playing, else ""
    busy: reactive[str] = reactive("", repaint=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._fitted: tuple[int, int, bool, bool, str] | None = None
        self._said: tuple[Trace, str] | None = None  # the figures of the trace shown, said once per trace, not per step

    def watch_position(self) -> None:
        self._fit()
        self.redraw()

    def watch_busy(self) -> None:
        self._fit()
        self.redraw()

    def watch_playing(self) -> None:
        self._fit()
        self.redraw()

    def on_resize(self) -> None:
        self._fit()  # then StripRows draws at the new size

    def _fit(self) -> None:
        """A height that never changes while stepping or playing: the lines the title, figures and the
        widest position of this trace wrap to, plus NARRATION lines. Only a new trace, a resize, or
        switching scan detail, play or the speed can change it (a layout only when the number changes)."""
        width = self.content_size.width
        at = self.position
        if width <= 0 or at is None:
            return
        key = (id(at.trace), width, bool(self.busy), at.detail, self.playing)
        if key != self._fitted:
            self._fitted = key
            head = self._head(at, widest_where(at))
            rows = len(head.wrap(self.app.console, width)) + NARRATION
            if self.styles.height is None or self.styles.height.value != rows:
                self.styles.height = rows

    def _head(self, at: Position, where: str) -> Text:
        """The title and figures on the first line, then the position line.

        When both do not fit, the title drops its last parts ('· vocab.bpe 1ce16647…', then '· 50,000
        merges'), then the gap before the figures narrows to one space, then the figures' last parts
        move to the start of the second line; only when even the name does not fit do the figures move
        to the second line. Left
        room on a wide screen names the table's merge rule.
        """
        width = self.content_size.width
        if self._said is None or self._said[0] is not at.trace:
            self._said = (at.trace, figures(at.trace).said)
        table, said = at.trace.table, self._said[1]
        parts = label(table).split(" · ")
        titles = [" · ".join(parts[:n]) for n in range(len(parts), 0, -1)]
        fit = first_line(titles, said, where, width)
        text = Text()
        text.append(f" {fit[0] if fit else titles[0]} ", style="bold reverse")
        if fit is not None:
            title, gap, shown, rest = fit
            text.append(f"{gap}{shown}")
            rule = rule_name(table)
            if title == titles[0] and not rest and text.cell_len + 4 + cell_len(rule) <= width:
                text.append(f"  ·  {rule}", style="dim")
            text.append("\n" + (f"{rest} · " if rest else ""))
        else:
            text.append(f"\n{said} · ")
        text.append(where, style="bold")
        if at.detail:  # said in full when the line has room for it
            line = text.plain.rsplit("\n", 1)[-1]
            text.append("  [scan detail]" if cell_len(line) + 15 + len(self.playing) + len(self.busy) <= width else " [detail]")
        if self.playing:
            text.append(f"  {self.playing}", style="bold")
        if self.busy:
            text.append(f"  {self.busy}", style="italic")
        return text

    def render(self) -> Text:
        """What the header shows, before it is wrapped to its width."""
        at = self.position
        if at is None:
            return Text(self.busy or "no trace")
        text = self._head(at, at.where)
        text.append("\n")
        text.append(self._narration(at)[0])
        return text

    def rows(self, width: int, height: int) -> list[Text | Row]:
        at = self.position
        if at is None:
            return list(self.render().wrap(self.app.console, width))
        head: list[Text] = []
        for line in self._head(at, at.where).split("\n", allow_blank=True):  # a line that fits is not wrapped
            head.extend([line] if line.cell_len <= width else line.wrap(self.app.console, width))
        return [*map(text_row, head), *(((line.plain, ""),) for line in self._narration(at)[1])]

    def _narration(self, at: Position) -> tuple[str, list[Text]]:
        """The sentence and its lines: cut with '…' at the end of the last of NARRATION lines only in the
        rare case it needs more (wrapped once: a 5,000-letter chunk's ids make a sentence of pages)."""
        width = max(self.content_size.width, 10)
        room = NARRATION * width  # more characters than the lines have cells never fit
        sentence = visible(at.sentence[: room + 1])
        if cell_len(sentence) <= width:
            return sentence, [Text(sentence)]
        cut = len(sentence) > room
        lines = list(Text(sentence[:room]).wrap(self.app.console, width))
        if not cut and len(lines) <= NARRATION:
            return sentence, lines
        kept = [line.plain.rstrip() for line in lines[:NARRATION]]
        start = 0  # where the last kept line starts in the sentence
        for line in kept[:-1]:
            start = sentence.index(line.strip(), start) + len(line.strip())
        start = sentence.index(kept[-1].strip(), start) if kept[-1].strip() else start
        last = kept[-1]
        while last and cell_len(last) + 1 > width:
            last = last[:-1]
        kept[-1] = last.rstrip() + "…"
        return sentence[:start] + kept[-1].lstrip(), [Text(line) for line in kept]


def first_line(titles: list[str], said: str, where: str, width: int) -> tuple[str, str, str, str] | None:
    """The longest title, the gap, the figures on the first line and those moved before the position
    line (`where`), for a header of two lines at `width`; None when even the shortest title does not fit."""
    parts = said.split(" · ")
    for n in range(len(parts), 0, -1):
        shown, rest = " · ".join(parts[:n]), " · ".join(parts[n:])
        if rest and cell_len(rest) + 3 + cell_len(where) > width:
            continue
        for gap in ("  ", " "):
            for title in titles:
                if cell_len(title) + 2 + len(gap) + cell_len(shown) <= width:
                    return title, gap, shown, rest
    return None


def widest_where(at: Position) -> str:
    """A position line at least as wide as any this trace can show (the counts' largest digits, a scan step in detail)."""
    trace = at.trace
    chunks, rounds, widest, frames = len(trace.chunks), trace.most_rounds, trace.widest, len(at.frames)
    scan = f" · scan {widest}/{widest}" if at.detail else ""  # scan steps never exceed the symbols
    return f"chunk {chunks}/{chunks} · round {rounds}/{rounds} · frame {frames}/{frames}{scan}"
