"""Tables trained by engine/training.py as `Table`s, and saved in GPT-2's two-file format.

Seed 004's base ids are the byte values (byte 32 is id 32, unlike GPT-2's encoder.json where it is
220), and merge i has id 256 + i. The rules and ids are written with GPT-2's byte aliases, so the
two files reopen with `--vocab vocab.bpe --encoder encoder.json` like any other table.

Training can make the same bytes twice: after (a b) and (b c), both (ab c) and (a bc) make 'abc'.
encoder.json maps each string to one id, so the first id keeps the string and the later one is
left out of the files (an unused id); a later rule written with the same two strings as an earlier
one is the same line of vocab.bpe and is written once. Encoding gives the same tokens either way:
the later rule's result is the earlier rule's symbol.

>>> from ..training import train
>>> trained = from_training(train("the cat the hat", 3))
>>> trained.table.merges, trained.table.encoder["Ġ"], trained.table.encoder["the"]
((('t', 'h'), ('th', 'e'), ('a', 't')), 32, 257)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..aliases import to_aliases
from ..files import write_all
from .table import Pair, Table, TableError, vocab_bpe_text

if TYPE_CHECKING:
    from ..training import TrainResult

FILES = ("vocab.bpe", "encoder.json")


@dataclass(frozen=True)
class Trained:
    """A trained table, and the ids whose bytes an earlier id already had (left out of encoder.json)."""

    table: Table
    duplicates: tuple[int, ...]

    @property
    def note(self) -> str:
        """What saving did with duplicate bytes, in one sentence ('' when there were none)."""
        if not self.duplicates:
            return ""
        shown = ", ".join(map(str, self.duplicates[:5])) + (" …" if len(self.duplicates) > 5 else "")
        return (
            f"{len(self.duplicates)} merge{'s' * (len(self.duplicates) != 1)} made bytes an earlier id already has "
            f"(ids {shown}): encoder.json keeps the earlier id, so these ids are unused."
        )


def from_training(result: TrainResult, name: str = "trained") -> Trained:
    """The table `result` learned: base ids = byte values, merge i = id 256 + i."""
    encoder: dict[str, int] = {to_aliases(bytes([b])): b for b in range(256)}
    merges: list[Pair] = []
    written: set[Pair] = set()
    duplicates: list[int] = []
    vocab = result.vocab
    for r in result.rounds:
        left, right = (to_aliases(vocab[i]) for i in r.pair)
        if (left, right) not in written:
            written.add((left, right))
            merges.append((left, right))
        merged = left + right
        if merged in encoder:
            duplicates.append(r.id)
        else:
            encoder[merged] = r.id
    rules = tuple(merges)
    digest = hashlib.sha256(vocab_bpe_text(rules).encode("utf-8")).hexdigest()
    source = f"trained on {len(result.text):,} characters, {len(result.rounds)} merges"
    table = Table(name=name, merges=rules, encoder=encoder, sha256=digest, source=source)
    return Trained(table, tuple(duplicates))


def save(table: Table, directory: str | Path, *, force: bool = False) -> list[Path]:
    """Write vocab.bpe and encoder.json into `directory`; never over an existing table unless `force`.

    Each file is written through a temporary file and a rename, so a failure leaves old files intact.
    """
    folder = Path(directory)
    paths = [folder / name for name in FILES]
    if not folder.is_dir():
        raise TableError(f"{folder} is not a directory." if folder.exists() else f"{folder} does not exist.")
    existing = [p for p in paths if p.exists()]
    if existing and not force:
        raise TableError(f"{folder} already holds {existing[0].name}; use --force to replace the table there.")
    vocab = vocab_bpe_text(table.merges).encode("utf-8")
    encoder = json.dumps(dict(table.encoder), ensure_ascii=False).encode("utf-8")
    write_all([(paths[0], vocab), (paths[1], encoder)], TableError)
    return paths
