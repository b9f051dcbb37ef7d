"""The book in the box: seven of Shakespeare's plays in Project Gutenberg's public-domain transcription
(data/shakespeare.txt; which plays and how it was made: data/NOTICE, tools/make_book.py), a text of seed 004's
size to train on. Seed 004's own figures (23,837, 18,203, 8,684) need its 1,115,394-byte input.txt; this book
gives its own (README, "Training view").

>>> len(read_book().encode("utf-8")) == BOOK_BYTES
True
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

BOOK_PATH = Path(__file__).with_name("data") / "shakespeare.txt"
BOOK_BYTES = 1_078_434
BOOK_SHA256 = "b88e1a1a2b5b97381a8cf7ecc53b9931bbab177b6a3bd5e14cf2c2f53abf3b5e"
#: How the views and the command line name it.
BOOK_LABEL = "the bundled Shakespeare"


class BookError(ValueError):
    """The bundled book is missing or not the file shipped; the message is one sentence."""


@cache
def read_book(path: Path = BOOK_PATH, sha256: str = BOOK_SHA256) -> str:
    """The book's text, once its SHA-256 is checked (a changed or missing file is one sentence, never a wrong figure)."""
    try:
        data = path.read_bytes()
    except OSError:
        raise BookError(f"the bundled book {path} cannot be read: reinstall bpe-tui.") from None
    if hashlib.sha256(data).hexdigest() != sha256:
        raise BookError(f"the bundled book {path} is not the file shipped (its SHA-256 differs): reinstall bpe-tui.")
    return data.decode("ascii")
