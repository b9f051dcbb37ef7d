"""SentencePiece BPE tables: Mistral's three `.model` files (v1, v3, v7) and a user's own `.model` file.

Mistral's files come in `mistral-common==1.13.1` (the `tekken` extra, as Tekken's file does): found from the
package's metadata, none of its code imported, hash-checked, read on first use (`sentencepiece_model.py`
reads the protobuf without the protobuf package). A user's file (`--tokenizer-model`, Llama 2's, Gemma's:
each under its own licence, which bpe-tui ships none of) must be a BPE model with the identity normaliser;
a Unigram, Word or Char model is refused, naming what it is.

>>> MISTRAL_FILES["mistral-v1"][0]
'mistral_common/data/tokenizer.model.v1'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ..files import read_bytes, sha256_hex
from ..sentencepiece_model import ModelError, read_model
from .merge_rules import SENTENCEPIECE
from .table import Table, TableError
from .tekken import TEKKEN

#: Each Mistral SentencePiece table's file inside mistral-common and its SHA-256.
MISTRAL_FILES: dict[str, tuple[str, str]] = {
    "mistral-v1": ("mistral_common/data/tokenizer.model.v1", "dadfd56d766715c61d2ef780a525ab43b8e6da4de6865bda3d95fdef5e134055"),
    "mistral-v3": (
        "mistral_common/data/mistral_instruct_tokenizer_240323.model.v3",
        "9addc8bdce5988448ae81b729336f43a81262160ae8da760674badab9d4c7d33",
    ),
    "mistral-v7": (
        "mistral_common/data/mistral_instruct_tokenizer_241114.model.v7",
        "1b968b8dc352f42192367337c78ccc61e1eaddc6d641a579372d4f20694beb7a",
    ),
}


def sentencepiece_table(name: str, data: bytes, source: str, sha256: str = "") -> Table:
    """The table of a SentencePiece .model file's bytes, or TableError in one sentence naming `source`."""
    from ..sentencepiece_bpe import SentencePieceBpe  # not at import: it needs the merge kernel, which needs this package

    try:
        model = read_model(data)
    except ModelError as exc:
        raise TableError(f"{source} is not a SentencePiece model: {exc}.") from None
    if model.kind != "BPE":
        raise TableError(f"{source}: its model is {model.kind}, not BPE; bpe-tui animates BPE only.")
    if model.normalizer not in ("identity", "") and model.charsmap:
        raise TableError(
            f"{source}: its normaliser is {model.normalizer!r}, a character map bpe-tui does not apply; only models with the identity normaliser are read."
        )
    pieces = SentencePieceBpe(model)
    return Table(
        name=name,
        merges=(),
        encoder=pieces.ids,
        sha256=sha256 or sha256_hex(data),
        source=source,
        rule=SENTENCEPIECE,
        pattern=pieces.pattern,
        specials=pieces.specials,
        normalizer=pieces.normalizer,
        pieces=pieces,
    )


def load_tokenizer_model(path: str | Path, *, name: str = "custom") -> Table:
    """A user's SentencePiece BPE `.model` file (`--tokenizer-model`)."""
    return sentencepiece_table(name, read_bytes(path, TableError, kind="tokenizer.model file"), str(path))


def mistral(name: str) -> Table:
    """One of Mistral's SentencePiece tables, read and checked on first use."""
    inside, sha256 = MISTRAL_FILES[name]
    data, path = TEKKEN.read(name, inside, sha256)
    return sentencepiece_table(name, data, str(path), sha256)


@cache
def mistral_v1() -> Table:
    """Mistral 7B v0.1's SentencePiece model (32,000 pieces), as mistral-common ships it for its v1 tokenizer."""
    return mistral("mistral-v1")


@cache
def mistral_v3() -> Table:
    """Mistral's v3 SentencePiece model (32,768 pieces: 770 control or user-defined)."""
    return mistral("mistral-v3")


@cache
def mistral_v7() -> Table:
    """Mistral's v7 SentencePiece model (32,768 pieces)."""
    return mistral("mistral-v7")
