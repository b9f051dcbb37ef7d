"""GPT-2's two-file format (vocab.bpe + encoder.json): the official table from the two original files this
package ships in `data/gpt2/` (with openai/gpt-2's licence), and custom tables from any two such files
(`--vocab` / `--encoder`).

>>> parse_vocab_bpe(b"#version: 0.2\\nh e\\nhe l\\n")
(('h', 'e'), ('he', 'l'))
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import chain
from pathlib import Path

from ..aliases import bytes_to_unicode
from ..files import json_value, read_bytes, sha256_hex, utf8_text
from ..texts import quote
from .ranks import ID_LIMIT
from .table import Pair, Table, TableError

GPT2_VOCAB_SHA256 = "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5"
GPT2_ENCODER_SHA256 = "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783"
GPT2_DATA = ("data", "gpt2")  # where, inside this package, the two original files and their LICENSE are


def parse_vocab_bpe(data: bytes, path: str = "vocab.bpe") -> tuple[Pair, ...]:
    """Parse GPT-2's rule file: an optional '#version' header, then one 'left right' rule per line.

    Unlike `split('\\n')[1:-1]`, this keeps the last rule when the file lacks a final newline.
    >>> parse_vocab_bpe(b"#version: 0.2\\na b\\nab c")
    (('a', 'b'), ('ab', 'c'))
    """
    lines = utf8_text(data, path, TableError).replace("\r\n", "\n").replace("\r", "\n").split("\n")  # any line ends
    if lines and lines[-1] == "":
        lines.pop()
    merges: list[Pair] = []
    seen: set[Pair] = set()
    for number, line in enumerate(lines, start=1):
        if number == 1 and line.startswith("#version"):
            continue
        parts = line.split(" ")
        if len(parts) != 2 or not parts[0] or not parts[1]:
            raise TableError(f"{path}, line {number}: expected two symbols separated by one space, got {quote(line)}.")
        pair = (parts[0], parts[1])
        if pair in seen:
            raise TableError(f"{path}, line {number}: the rule {quote(line)} appears twice.")
        seen.add(pair)
        merges.append(pair)
    return tuple(merges)


def parse_encoder_json(data: bytes, path: str = "encoder.json") -> dict[str, int]:
    """Parse the symbol -> id map; ids must be distinct non-negative integers."""
    encoder = json_value(utf8_text(data, path, TableError), path, TableError)
    if not isinstance(encoder, dict):
        raise TableError(f"{path} must hold a JSON object mapping symbols to ids.")
    bad = next((k for k, v in encoder.items() if type(v) is not int or v < 0), None)
    if bad is not None:
        raise TableError(f"{path}: the id of {quote(bad)} is not a non-negative integer.")
    if len(set(encoder.values())) != len(encoder):
        raise TableError(f"{path}: two symbols share the same id.")
    return encoder


def check_consistent(merges: tuple[Pair, ...], encoder: Mapping[str, int], vocab: str, enc: str, *, results_known: bool = False) -> None:
    """Every id must be below ID_LIMIT (decode's bound too), and every byte alias and every merge result
    must have one, or encoding could fail midway; no symbol is empty, and every rule is made of byte
    aliases (the views read each rule's bytes). `results_known`: the caller has checked every merge's result has an id.

    >>> check_consistent((("—", "a"),), {**{s: i for i, s in enumerate(bytes_to_unicode().values())}, "—": 256, "—a": 257}, "v", "e")
    Traceback (most recent call last):
    ...
    tui.engine.tables.table.TableError: v: rule 0 ('— a') holds '—', which is not one of GPT-2's 256 byte aliases, so no text could ever use it.
    """
    if encoder and not 0 <= min(encoder.values()) <= max(encoder.values()) < ID_LIMIT:
        symbol = next(s for s, i in encoder.items() if not 0 <= i < ID_LIMIT)
        raise TableError(f"{enc}: the id of {quote(symbol)} is {encoder[symbol]:,}; ids go from 0 to {ID_LIMIT - 1:,}.")
    missing = next((s for s in bytes_to_unicode().values() if s not in encoder), None)
    if missing is not None:
        raise TableError(f"{enc} has no id for the byte alias {quote(missing)}; the two files do not belong together.")
    if "" in encoder:
        raise TableError(f"{enc} gives the empty symbol the id {encoder['']}; a symbol has at least one character.")
    aliases = frozenset(bytes_to_unicode().values())
    if not aliases.issuperset("".join(chain.from_iterable(merges))):  # one pass over all rules; then find the first
        rank, char = next((r, c) for r, (a, b) in enumerate(merges) for c in a + b if c not in aliases)
        raise TableError(
            f"{vocab}: rule {rank} ({quote(' '.join(merges[rank]))}) holds {quote(char)}, which is not one of GPT-2's "
            "256 byte aliases, so no text could ever use it."
        )
    if results_known or all(map(encoder.__contains__, (a + b for a, b in merges))):
        return  # every rule's result has an id (one pass in C); else the first that has none is named
    for rank, (a, b) in enumerate(merges):
        if a + b not in encoder:
            raise TableError(f"{enc} has no id for {quote(a + b)}, made by rule {rank} of {vocab}; the files do not match.")


def load_two_files(vocab_path: str | Path, encoder_path: str | Path, *, name: str = "custom") -> Table:
    """Load any table in GPT-2's two-file format (vocab.bpe + encoder.json), fully validated."""
    vocab_data = read_bytes(vocab_path, TableError, kind="vocab.bpe file")
    encoder_data = read_bytes(encoder_path, TableError, kind="encoder.json file")
    merges = parse_vocab_bpe(vocab_data, str(vocab_path))
    encoder = parse_encoder_json(encoder_data, str(encoder_path))
    check_consistent(merges, encoder, str(vocab_path), str(encoder_path))
    digest = sha256_hex(vocab_data)
    return Table(name=name, merges=merges, encoder=encoder, sha256=digest, source=f"{vocab_path} + {encoder_path}", vocab=vocab_data)


def gpt2_files() -> tuple[Path, Path]:
    """Where this package holds the original vocab.bpe and encoder.json (source tree or installed wheel alike)."""
    from importlib.resources import files  # only when the official table is first asked for: start-up never pays

    folder = files(__name__.rpartition(".")[0]).joinpath(*GPT2_DATA)
    if not isinstance(folder, Path):  # e.g. a package imported from inside a zip archive
        raise TableError(f"the official GPT-2 files must be installed as files on disk; {folder} is not.")
    return folder / "vocab.bpe", folder / "encoder.json"


@cache
def gpt2() -> Table:
    """The official GPT-2 table (50,000 merges, 50,257 ids), loaded once and only when first asked for."""
    import json

    vocab_path, encoder_path = gpt2_files()
    vocab_data, encoder_data = read_bytes(vocab_path, TableError), read_bytes(encoder_path, TableError)
    for path, data, expected in ((vocab_path, vocab_data, GPT2_VOCAB_SHA256), (encoder_path, encoder_data, GPT2_ENCODER_SHA256)):
        actual = sha256_hex(data)
        if actual != expected:
            raise TableError(f"refusing the official table: {path} has SHA-256 {actual[:16]}…, expected {expected[:16]}….")
    merges = parse_vocab_bpe(vocab_data, str(vocab_path))
    encoder = json.loads(encoder_data)
    return Table(name="gpt2", merges=merges, encoder=encoder, sha256=GPT2_VOCAB_SHA256, source=str(vocab_path.parent), vocab=vocab_data)
