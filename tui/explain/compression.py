"""Compression by language: how many tokens each table spends on the bundled samples (samples/index.toml).

Per sample and table: the tokens (the engine's plain `encode`), bytes per token (UTF-8 bytes over
tokens: the higher, the more text each token carries) and tokens per word, and the ratio of its
tokens to the fewest any of the measured tables spends on that sample (1.00 is the best).

A word is a run of characters between whitespace holding at least one letter or digit (so a lone
'=' or '—' is no word), except that each character of a script written without spaces (Han, kana,
Thai) is a word of its own: Chinese and Japanese are counted in characters, Korean (which spaces
its words) in words.

>>> english = sample("english")
>>> english.language, english.bytes, english.words
('English', 2788, 499)
>>> words("你好, world = 42 —")
4
>>> from ..engine.tables import teaching
>>> report = measure([teaching()], [english])
>>> report.tokens["english"]["teaching"], english.bytes  # nine rules on 'a' and 'b': nearly one token a byte
(2781, 2788)
"""

from __future__ import annotations

import tomllib
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files

import regex

from ..engine.bpe import encode
from ..engine.tables import Table

#: One character of a script written without spaces: a word of its own.
UNSPACED = r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Thai}]"
WORD = regex.compile(rf"{UNSPACED}|(?:(?!{UNSPACED})\S)+")
LETTER_OR_DIGIT = regex.compile(r"[\p{L}\p{N}]")


def words(text: str) -> int:
    """The words of `text` (see the module's note): whitespace-separated runs with a letter or digit, and each unspaced character."""
    return sum(1 for run in WORD.findall(text) if LETTER_OR_DIGIT.search(run))


@dataclass(frozen=True)
class Sample:
    """One bundled text: its file's stem, its language (or 'Python', 'Mathematics', 'Numbers'), a few words on it."""

    name: str
    language: str
    description: str
    text: str = field(repr=False)

    @property
    def bytes(self) -> int:
        return len(self.text.encode("utf-8"))

    @property
    def words(self) -> int:
        return words(self.text)


@cache
def samples() -> tuple[Sample, ...]:
    """Every bundled sample, in the index's order, read from the installed package (offline)."""
    folder = files(__package__).joinpath("samples")
    index = tomllib.loads(folder.joinpath("index.toml").read_text(encoding="utf-8"))
    return tuple(
        Sample(entry["name"], entry["language"], entry["description"], folder.joinpath(f"{entry['name']}.txt").read_text(encoding="utf-8"))
        for entry in index["sample"]
    )


def sample(name: str) -> Sample:
    """The bundled sample of that name."""
    return next(s for s in samples() if s.name == name)


#: Token counts already made, per table (a table is its own key: a trained one is forgotten with it) and sample name.
_COUNTS: weakref.WeakKeyDictionary[Table, dict[str, int]] = weakref.WeakKeyDictionary()


def token_count(table: Table, text: Sample) -> int:
    """How many tokens `table` encodes the sample into, counted once per table and sample in this process."""
    counts = _COUNTS.setdefault(table, {})
    if text.name not in counts:
        counts[text.name] = len(encode(text.text, table))
    return counts[text.name]


@dataclass(frozen=True)
class Bar:
    """One table on one sample: what the chart draws."""

    table: str
    tokens: int
    bytes_per_token: float
    tokens_per_word: float
    ratio: float  # its tokens over the fewest of any measured table on this sample: 1.0 for the best
    best: bool


@dataclass(frozen=True)
class Report:
    """The token counts of some tables on some samples: `tokens[sample][table]`, tables in the order given."""

    samples: tuple[Sample, ...]
    tables: tuple[str, ...]
    tokens: dict[str, dict[str, int]]

    def bars(self, text: Sample) -> list[Bar]:
        """One bar per table on `text`, in the tables' order; the best (fewest tokens) marked, ties all marked."""
        counts = self.tokens[text.name]
        fewest = max(min(counts.values(), default=1), 1)
        return [
            Bar(name, n, text.bytes / n, n / text.words, n / fewest, n == fewest)
            for name, n in ((name, max(counts[name], 1)) for name in self.tables)
        ]

    def widest(self) -> float:
        """The most bytes per token of any bar: the chart's full width."""
        return max((bar.bytes_per_token for text in self.samples for bar in self.bars(text)), default=1.0)

    def as_json(self) -> dict:
        """{"samples": [{"name", "language", "text", "bytes", "words", "tokens": {table: n}}]} (the CLI's --json)."""
        return {
            "samples": [
                {
                    "name": s.name,
                    "language": s.language,
                    "text": s.text,
                    "bytes": s.bytes,
                    "words": s.words,
                    "tokens": dict(self.tokens[s.name]),
                }
                for s in self.samples
            ]
        }


#: Called before each table is measured: (its name, how many were measured before it, how many in all).
Progress = Callable[[str, int, int], None]


def measure(tables: Iterable[Table], texts: Sequence[Sample] | None = None) -> Report:
    """Count the tokens of every table on every sample (all bundled samples by default), taking the tables one by one."""
    chosen = tuple(texts if texts is not None else samples())
    names: list[str] = []
    tokens: dict[str, dict[str, int]] = {s.name: {} for s in chosen}
    for table in tables:
        names.append(table.name)
        for text in chosen:
            tokens[text.name][table.name] = token_count(table, text)
    return Report(chosen, tuple(names), tokens)


def measure_named(names: Sequence[str], resolve: Callable[[str], Table], progress: Progress | None = None) -> Report:
    """`measure` on tables given by name, each loaded (by `resolve`) only when its turn comes, after `progress` names it
    (a rank file's loading is most of the time)."""

    def loading() -> Iterator[Table]:
        for done, name in enumerate(names):
            if progress is not None:
                progress(name, done, len(names))
            yield resolve(name)

    return measure(loading())


#: The eighths of a block, for bars drawn to an eighth of a cell.
EIGHTHS = " ▏▎▍▌▋▊▉"
FULL = "█"
BEST = "★"  # the table with the fewest tokens on a sample: a symbol, not a colour


def bar_text(value: float, widest: float, cells: int) -> str:
    """A bar of `value` on a scale where `widest` fills `cells`, in block characters to an eighth of a cell.

    >>> bar_text(1.0, 2.0, 5), bar_text(2.0, 2.0, 3), bar_text(0.1, 2.0, 4)
    ('██▌  ', '███', '▎   ')
    """
    eighths = max(1, round(value / widest * cells * 8)) if widest > 0 and value > 0 else 0
    full, part = divmod(min(eighths, cells * 8), 8)
    return (FULL * full + (EIGHTHS[part] if part else "")).ljust(cells)


def fitted(text: str, width: int) -> str:
    """`text` cut to `width` characters, ending in … when cut (the chart's own text is all one cell a character)."""
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


@dataclass(frozen=True)
class Line:
    """One line of the chart: its text, and whether it is a sample's heading or the best table's bar (drawn bold)."""

    text: str
    heading: bool = False
    best: bool = False


def chart(report: Report, width: int) -> list[Line]:
    """The bar chart in `width` columns: per sample a heading, then one bar per table (bytes per token: longer is
    better) with its bytes per token, tokens per word and ratio to the fewest tokens at the end, the best marked BEST."""
    name_width = min(max((len(t) for t in report.tables), default=5), 12)
    numbers = f" {'B/tok':>5} {'tok/w':>6} {'ratio':>6}"
    cells = max(width - 2 - name_width - 1 - len(numbers), 4)
    widest = report.widest()
    lines = [
        Line(f"{BEST} fewest tokens · bar and B/tok: bytes per token"),
        Line("tok/w: tokens per word · ratio: tokens ÷ the fewest"),
        Line(f"  {'table':<{name_width}} {'':<{cells}}{numbers}"),
    ]
    for text in report.samples:
        lines.append(Line(f"{text.language} · {text.bytes:,} bytes · {text.words:,} words · {text.description}", heading=True))
        for bar in report.bars(text):
            mark = BEST if bar.best else " "
            figures = f" {bar.bytes_per_token:>5.2f} {bar.tokens_per_word:>6.2f} {'×' + format(bar.ratio, '.2f'):>6}"
            lines.append(
                Line(
                    f"{mark} {bar.table[:name_width]:<{name_width}} {bar_text(bar.bytes_per_token, widest, cells)}{figures}", best=bar.best
                )
            )
    return [Line(fitted(line.text, width), line.heading, line.best) for line in lines]
