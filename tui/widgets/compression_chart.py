"""The compression chart: per bundled sample one bar per table (bytes per token), the figures at the end, the best ★.

It draws the lines tui/explain/compression.py lays out for its width: headings and the best bar bold, nothing
told by colour alone (the bar's length, the numbers and ★ carry it all), so it reads the same under NO_COLOR.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from ..explain.compression import Report, chart


class CompressionChart(Widget):
    """The bar chart of a Report, as tall as its lines, cut to its width; before a report, a line that says what comes."""

    DEFAULT_CSS = "CompressionChart { height: auto; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.report: Report | None = None

    def show(self, report: Report) -> None:
        self.report = report
        self.refresh(layout=True)

    def lines(self, width: int) -> Text:
        if self.report is None:
            return Text("measuring…", style="italic")
        text = Text(no_wrap=True, overflow="ellipsis")
        for n, line in enumerate(chart(self.report, max(width, 20))):
            if n:
                text.append("\n")
            text.append(line.text, style="bold" if line.heading or line.best else "")
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 if self.report is None else len(chart(self.report, max(width, 20)))

    def render(self) -> Text:
        return self.lines(self.content_size.width)
