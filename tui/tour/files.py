"""Tours written as files: TOML (read with `tomllib`), one [[scene]] table per scene, every mistake one line.

A scene's fields are `FIELDS`: its text (`text`, or `text_file` beside the tour file), `table` (a
registered name, a tokenizer.json, or the folder of a table trained and saved earlier), `view` (a view's
registry name), `at` ("start", "end", {chunk = 2, round = 1} or {frame = N}), `title`, `caption`,
`hold` (seconds under --play) and the view's own options (`OPTIONS`: the explorer's `rows`, up to six
table names, and the comparison's two `tables` among them). `read_tour` reads a tour; with
`deep` it also loads the tables from files and captures the texts a position needs, so that
`bpe-tui tour --check` finds a position past the end. tomllib gives no line numbers, so a mistake's line
is found in the text: the key's line inside its scene's [[scene]] header and the next.

>>> read_tour_text("t.toml", '[[scene]]\\ntext = "aaa"\\nview = "encode"\\n')[0].text
'aaa'
>>> print(problems('[[scene]]\\ntext = "aaa"\\ntable = "gtp2"\\n'))
t.toml:3: scene 1: table 'gtp2' is not a table; did you mean 'gpt2'?
"""

from __future__ import annotations

import math
import re
import tomllib
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from ..commands import VIEWS
from ..engine.bpe import CaptureError
from ..engine.files import read_utf8
from ..engine.tables import DEFAULT, TableError, get_table, names
from ..engine.tables.hf_steps import json_type
from ..engine.tables.registry import known
from ..engine.texts import echoed, quote, too_long
from ..explain.explorer import MAX_ROWS
from .scene import At, Scene, table_file

#: Ids are 32-bit in every tokenizer bpe-tui reads (the largest vocabulary has about 200,000).
LARGEST_ID = 2**31 - 1

#: The view's options: field -> the view it belongs to.
OPTIONS = {
    "detail": "encode",
    "pair": "encode",
    "lookup": "aliases",
    "ids": "decode",
    "merges": "train",
    "book": "train",
    "rows": "explore",
    "tables": "compare",
}
FIELDS = ("title", "text", "text_file", "table", "view", "at", "caption", "hold", *OPTIONS)
AT = 'at must be "start", "end", {chunk = N, round = R} or {frame = N}'


class TourFileError(Exception):
    """What is wrong with a tour file: one line per mistake ('lecture.toml:14: scene 3: …'), in `lines`."""

    def __init__(self, lines: list[str] | str) -> None:
        self.lines = [lines] if isinstance(lines, str) else lines
        super().__init__("\n".join(self.lines))


def read_tour(path: str | Path, *, deep: bool = False) -> tuple[Scene, ...]:
    """The scenes of the tour file at `path`; a TourFileError names every mistake (`deep`: see the module)."""
    text = read_utf8(path, TourFileError, kind="tour file")  # unreadable: one sentence naming the path
    return read_tour_text(str(path), text, Path(path).parent, deep=deep)


def read_tour_text(name: str, text: str, base: Path = Path("."), *, deep: bool = False) -> tuple[Scene, ...]:
    """The scenes of tour `text` (read from `name`, whose files are in `base`)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        said = str(exc)
        line = re.search(r"at line (\d+)", said)
        raise TourFileError([f"{name}:{line.group(1) if line else 1}: not TOML: {said[:1].lower()}{said[1:]}"]) from None
    except RecursionError:  # tomllib reads nested arrays and inline tables recursively
        deep_at = next((n for n, row in enumerate(text.splitlines(), 1) if re.search(r"[\[{](\s*[\[{]){99}", row)), 1)
        raise TourFileError([f"{name}:{deep_at}: arrays or inline tables nested too deeply to read"]) from None
    reader = _Reader(name, text, base, deep)
    scenes = reader.tour(data)
    if reader.errors:
        raise TourFileError(reader.errors)
    return scenes


def problems(text: str, name: str = "t.toml") -> str:
    """The mistakes in tour `text`, one line each ("" when it has none): for the doctests and tests."""
    try:
        read_tour_text(name, text, deep=True)
    except TourFileError as exc:
        return str(exc)
    return ""


def _suggest(value: str, among: tuple[str, ...], kind: str) -> str:
    """'; did you mean 'gpt2'?' for a near miss, else the choices."""
    near = get_close_matches(value, among, n=1)
    return f"; did you mean {quote(near[0])}?" if near else f"; the {kind}s: {', '.join(among)}."


class _Reader:
    """Reads the scenes of one tour, collecting a line per mistake in `errors`."""

    def __init__(self, name: str, text: str, base: Path, deep: bool) -> None:
        self.name, self.base, self.deep = name, base, deep
        self.lines = text.splitlines()
        self.headers = [n for n, line in enumerate(self.lines, 1) if re.match(r"\s*\[\[\s*scene\s*\]\]", line)]
        self.errors: list[str] = []

    def line(self, scene: int | None, key: str | None) -> int:
        """The line of `key` in scene `scene` (from 0), else of the scene's header; of `key` at the top when `scene` is None."""
        if scene is None:
            first, last = 1, (self.headers[0] if self.headers else len(self.lines) + 1)
        else:
            first = self.headers[scene] if scene < len(self.headers) else 1
            last = self.headers[scene + 1] if scene + 1 < len(self.headers) else len(self.lines) + 1
        keyed = re.compile(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=") if key else None
        for n in range(first, last):
            if keyed is not None and keyed.match(self.lines[n - 1]):
                return n
        return first

    def error(self, scene: int | None, key: str | None, said: str) -> None:
        where = "" if scene is None else f" scene {scene + 1}:"
        self.errors.append(f"{self.name}:{self.line(scene, key)}:{where} {said}")

    def tour(self, data: dict[str, Any]) -> tuple[Scene, ...]:
        for key in data:
            if key != "scene":
                self.error(None, key, f"unknown field {quote(key)}: a tour is one [[scene]] table per scene.")
        tables = data.get("scene")
        if not isinstance(tables, list) or not tables or not all(isinstance(t, dict) for t in tables):
            self.error(None, "scene", "no scenes: a tour is one [[scene]] table per scene, each with its text.")
            return ()
        scenes = [self.scene(n, fields) for n, fields in enumerate(tables)]
        return tuple(s for s in scenes if s is not None)

    def scene(self, n: int, fields: dict[str, Any]) -> Scene | None:
        """Scene `n` from its `fields`, or None (its mistakes said)."""
        before = len(self.errors)
        for key in fields:
            if key not in FIELDS:
                self.error(n, key, f"unknown field {quote(key)}{_suggest(key, FIELDS, 'field')}")
        get = _Fields(self, n, fields)
        text = self.text(n, fields)
        table, path = self.table(n, get.string("table", DEFAULT))
        view = get.string("view", "encode")
        views = tuple(v.name for v in VIEWS)
        if view not in views:
            self.error(n, "view", f"view {quote(view)} is not a view{_suggest(view, views, 'view')}")
        for option, owner in OPTIONS.items():
            if option in fields and view != owner:
                self.error(n, option, f"{option} is an option of the {owner} view, not of {view}.")
        at = self.at(n, fields.get("at", "start"))
        hold = fields.get("hold")
        if hold is not None and (isinstance(hold, bool) or not isinstance(hold, int | float) or not math.isfinite(hold) or hold < 0):
            self.error(n, "hold", f"hold must be a number of seconds, 0 or more, not {json_type(hold).removeprefix('the number ')}.")
            hold = None
        ids = get.ints("ids", 0)
        merges = fields.get("merges", 0)
        if "merges" in fields and (isinstance(merges, bool) or not isinstance(merges, int) or merges < 1):
            self.error(n, "merges", f"merges must be a number of merges, 1 or more, not {json_type(merges)}.")
        sides = self.names(n, "tables", fields, range(2, 3), "two")
        pair = get.string("pair", "").split()
        if len(pair) not in (0, 2):
            self.error(n, "pair", f"pair must be two symbols with a space between them ('a b'), not {quote(' '.join(pair))}.")
        scene = Scene(
            get.string("title", text.splitlines()[0][:40] if text.strip() else f"scene {n + 1}"),
            get.string("caption", ""),
            table,
            text,
            view,
            at,
            get.flag("detail"),
            get.string("lookup", ""),
            ids,
            merges if isinstance(merges, int) else 0,
            (pair[0], pair[1]) if len(pair) == 2 else None,
            float(hold) if hold is not None else None,
            path,
            book=get.flag("book"),
            rows=self.names(n, "rows", fields, range(1, MAX_ROWS + 1), f"1 to {MAX_ROWS}"),
            tables=(sides[0], sides[1]) if len(sides) == 2 else None,
        )
        if len(self.errors) > before:
            return None
        if self.deep and at.chunk + at.frame > 0:
            self.reach(n, scene)
        return scene

    def text(self, n: int, fields: dict[str, Any]) -> str:
        get = _Fields(self, n, fields)
        if ("text" in fields) == ("text_file" in fields):
            said = "give text or text_file, not both." if "text" in fields else "no text: give text or text_file."
            self.error(n, "text_file" if "text" in fields else None, said)
            return ""
        if "text" in fields:
            text = get.string("text", "")
        else:
            given = get.string("text_file", "")
            where = self.base / given
            try:
                text = read_utf8(where, TourFileError, kind="text file")
            except TourFileError as exc:
                self.error(n, "text_file", f"text_file {str(exc).replace(str(where), given)}")
                return ""
        refused = "the text is empty: there is nothing to show." if not text else too_long(text)
        if refused:
            self.error(n, "text" if "text" in fields else "text_file", refused)
        return text

    def table(self, n: int, value: str) -> tuple[str, Path | None]:
        """The table's name, and the file or folder it is read from (None for a registered one)."""
        if value in known():
            if value not in names():
                try:
                    get_table(value)
                except TableError as exc:
                    self.error(n, "table", f"table {quote(value)}: {exc}")
            return value, None
        path = self.base / value
        try:
            there = path.exists()
        except (OSError, ValueError):  # a name too long for the file system, or holding a NUL
            there = False
        if not there:
            if "/" in value or "\\" in value or value.endswith(".json"):
                self.error(n, "table", f"table {quote(value)} does not exist (a path is read beside the tour file).")
            else:
                self.error(n, "table", f"table {quote(value)} is not a table{_suggest(value, names(), 'table')}")
            return value, None
        if self.deep:
            try:
                table_file(path)
            except TableError as exc:
                self.error(n, "table", f"table {quote(value)}: {exc}")
        return value, path

    def names(self, n: int, key: str, fields: dict[str, Any], counts: range, said: str) -> tuple[str, ...]:
        """Option `key`'s list of table names (registered ones; the comparison's also 'NAME@gpt2' or 'NAME@tiktoken',
        the tokens under the other merge rule), of a length in `counts`; () when it is missing or wrong."""
        value = fields.get(key)
        if value is None:
            return ()
        strings = isinstance(value, list) and all(isinstance(v, str) for v in value)
        if not strings or len(value) not in counts:
            shown = str(len(value)) if strings else json_type(value).replace("an object", "a table").replace("an array", "a list")
            self.error(n, key, f"{key} must be a list of {said} table names, not {shown}.")
            return ()
        for name in value:
            base, at, rule = name.partition("@")
            if (key == "rows" and at) or rule not in ("", "gpt2", "tiktoken") or base not in known():
                self.error(n, key, f"{key}: {quote(name)} is not a table{_suggest(name, known(), 'table')}")
                return ()
            if base not in names():
                self.table(n, base)  # not installed: the table check says why
        return tuple(value)

    def at(self, n: int, value: Any) -> At:
        if value == "start":
            return At()
        if value == "end":
            return At(frame=-1)
        keys = set(value) if isinstance(value, dict) else set()
        if keys in ({"frame"}, {"chunk"}, {"chunk", "round"}):
            numbers = {k: value[k] for k in keys}
            whole = all(isinstance(v, int) and not isinstance(v, bool) for v in numbers.values())
            if whole and min(numbers.values()) >= 0 and numbers.get("chunk", 1) >= 1 and numbers.get("frame", 1) >= 1:
                return At(numbers.get("frame", 0), numbers.get("chunk", 0), numbers.get("round", 0))
        shown = json_type(value).replace("an object", "a table")
        self.error(n, "at", f"{AT}, not {shown}{' with ' + ', '.join(sorted(keys)) if keys else ''}.")
        return At()

    def reach(self, n: int, scene: Scene) -> None:
        """A position inside the text: captured to see (`deep` only)."""
        try:
            trace = scene.trace(get_table)
        except (CaptureError, TableError) as exc:
            self.error(n, "text", f"the text cannot be captured: {exc}")
            return
        try:
            scene.position(trace)
        except IndexError as exc:
            self.error(n, "at", f"at: {exc}.")


class _Fields:
    """Scene `n`'s fields by type: a field of the wrong type is a mistake, and its default is used."""

    def __init__(self, reader: _Reader, n: int, fields: dict[str, Any]) -> None:
        self.reader, self.n, self.fields = reader, n, fields

    def _typed(self, key: str, default: Any, ok: bool, what: str) -> Any:
        if key not in self.fields:
            return default
        if ok:
            return self.fields[key]
        self.reader.error(self.n, key, f"{key} must be {what}, not {json_type(self.fields[key]).replace('an object', 'a table')}.")
        return default

    def string(self, key: str, default: str) -> str:
        value: str = self._typed(key, default, isinstance(self.fields.get(key), str), "a string")
        return value

    def flag(self, key: str) -> bool:
        value: bool = self._typed(key, False, isinstance(self.fields.get(key), bool), "true or false")
        return value

    def ints(self, key: str, least: int) -> tuple[int, ...]:
        """A list of ids, each a whole number from `least` to LARGEST_ID; each one that is not named by its place."""
        value = self.fields.get(key)
        if not isinstance(value, list):
            return tuple(self._typed(key, (), False, "a list of ids (whole numbers, 0 or more)"))
        for n, v in enumerate(value):
            if not isinstance(v, int) or isinstance(v, bool):
                said = f"{key}[{n}] must be a whole number, not {json_type(v).replace('an object', 'a table')}."
            elif v < least:
                said = f"{key}[{n}] is {echoed(v)}: an id is {least} or more."
            elif v > LARGEST_ID:
                said = f"{key}[{n}] is {echoed(v)}: no table has an id above {LARGEST_ID:,}."
            else:
                continue
            self.reader.error(self.n, key, said)
            return ()
        return tuple(value)
