"""One stop of a tour (`Scene`) and where it starts (`At`); tours are read from files by tour/files.py.

Entering a scene is two requests the app understands (`requests`): its starting position, then its view
with what that view is to show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ..engine.bpe import Trace, capture
from ..engine.tables import Table
from ..explain.frames import Frames
from ..explain.position import Position
from ..messages import CompareTables, DecodeIds, ExploreRows, LookUp, PositionRequested, Then, TrainRounds, ViewRequested


@dataclass(frozen=True)
class At:
    """Where a scene starts: frame `frame` (from 1; 0 is the first frame, -1 the last), or, with `chunk`
    (from 1), that chunk after `round` rounds (round 0: its start), as the animator's header counts them."""

    frame: int = 0
    chunk: int = 0
    round: int = 0

    def index(self, frames: Frames) -> int:
        """The frame's index in `frames`; an IndexError says in a sentence what is past the end."""
        if self.chunk:
            chunks = frames.trace.chunks
            if self.chunk > len(chunks):
                raise IndexError(f"chunk {self.chunk} is past the end: the text has {count(len(chunks), 'chunk')}")
            rounds = len(chunks[self.chunk - 1].rounds)
            if self.round > rounds:
                raise IndexError(f"round {self.round} of chunk {self.chunk} is past the end: that chunk has {count(rounds, 'round')}")
            return frames.chunk_start(self.chunk - 1) + self.round
        if self.frame > len(frames):
            raise IndexError(f"frame {self.frame} is past the end: the trace has {count(len(frames), 'frame')}")
        return len(frames) - 1 if self.frame < 0 else max(self.frame - 1, 0)


def count(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


@cache
def table_file(path: Path) -> Table:
    """A table from files (a tokenizer.json, or a folder holding a trained table's vocab.bpe and encoder.json), read once."""
    if path.is_dir():
        from ..engine.tables.two_files import load_two_files

        return load_two_files(path / "vocab.bpe", path / "encoder.json", name=path.name)
    from ..engine.tables.tokenizer_json import load_tokenizer_json

    return load_tokenizer_json(path, name=path.stem)


@dataclass(frozen=True)
class Scene:
    """One stop of a tour: `text` captured under `table`, shown in `view` from `at`.

    `table` is a registered name, or (with `table_path`) the file or folder it was read from. `lookup` is
    what the aliases view looks up, `ids` what the decode view decodes, `merges` how many merges the
    training view learns (it shows the last round), `pair` the pair the animator explains, `rows` the
    explorer's rows (empty: its own), `tables` the comparison's two sides; `hold` the seconds the scene
    stays under --play (None: the tour's own).
    """

    title: str
    caption: str
    table: str
    text: str
    view: str
    at: At = At()
    detail: bool = False
    lookup: str = ""
    ids: tuple[int, ...] = ()
    merges: int = 0
    pair: tuple[str, str] | None = None
    hold: float | None = None
    table_path: Path | None = field(default=None, compare=False)
    book: bool = False  # the training view trains the bundled book, not the scene's text
    rows: tuple[str, ...] = ()
    tables: tuple[str, str] | None = None

    def trace(self, resolve: Callable[[str], Table]) -> Trace:
        return capture(self.text, table_file(self.table_path) if self.table_path else resolve(self.table))

    def position(self, trace: Trace) -> Position:
        """Where the scene starts on its trace (scan detail on when the scene is about the scan)."""
        at = Position.of(trace, detail=self.detail)
        return at.at(self.at.index(at.frames))

    def then(self) -> Then | None:
        """What the scene's view is to show once it is shown: a look-up, ids to decode, a number of merges,
        the explorer's rows, the comparison's two tables."""
        if self.view == "explore":
            return ExploreRows(self.rows)
        if self.tables is not None:
            return CompareTables(*self.tables)
        if self.lookup:
            return LookUp(self.lookup)
        if self.ids:
            return DecodeIds(self.ids, None if self.table_path else self.table)
        return TrainRounds(self.merges, self.book) if self.view == "train" else None

    def requests(self, trace: Trace) -> tuple[PositionRequested, ViewRequested]:
        """Entering the scene, on its captured `trace`: its starting position, then its view."""
        return PositionRequested(self.position(trace)), ViewRequested(self.view, self.then())
