"""The book in the box: the bundled Shakespeare is the file shipped (its SHA-256 checked when read), and the
figures docs/training.md states for it are the trainer's own on that file."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tui.engine.book import BOOK_BYTES, BOOK_PATH, BOOK_SHA256, BookError, read_book
from tui.engine.training import train

ROOT = Path(__file__).resolve().parents[2]


def test_the_book_is_seven_plays_of_plain_ascii_with_no_project_gutenberg_text():
    """1,078,434 bytes of ASCII with newline line ends, Coriolanus first and Julius Caesar last, no PG boilerplate."""
    data = BOOK_PATH.read_bytes()
    assert len(data) == BOOK_BYTES == 1_078_434 and hashlib.sha256(data).hexdigest() == BOOK_SHA256
    text = read_book()
    assert text.startswith("THE TRAGEDY OF CORIOLANUS\n") and "\r" not in text and text.isascii()
    assert "gutenberg" not in text.lower() and text.endswith("THE END\n")


def test_a_changed_book_is_refused_in_one_sentence(tmp_path):
    """A book whose bytes are not the shipped ones (or that is missing) is one sentence, never other figures."""
    changed = tmp_path / "shakespeare.txt"
    changed.write_bytes(BOOK_PATH.read_bytes()[:-1])
    with pytest.raises(BookError, match=r"^the bundled book .* is not the file shipped \(its SHA-256 differs\): reinstall bpe-tui\.$"):
        read_book(changed)
    with pytest.raises(BookError, match=r"cannot be read: reinstall bpe-tui\.$"):
        read_book(tmp_path / "gone.txt")


def book_figures() -> list[str]:
    """The trainer's figures on the book with 20 merges, written as docs/training.md writes them."""
    result = train(read_book(), 20)
    first, second = result.rounds[:2]
    the = next(r for r in result.rounds if result.vocab[r.id] == b" the")
    return [
        f"first pair ({first.pair[0]}, {first.pair[1]}) ' t' {first.count:,} times",
        f"the second ({second.pair[0]}, {second.pair[1]}) 'he' {second.count:,}",
        f"merge {the.index} joins them into ' the', {the.count:,} occurrences",
        f"{result.byte_count:,} bytes in {result.chunk_count:,} chunks → {result.tokens:,} tokens after 20 merges"
        f" ({result.compression:.2f} bytes per token)",
    ]


def test_readme_states_the_trainers_figures_on_the_book():
    """docs/training.md's figures for the book are the trainer's: (32, 116) 22,023, (104, 101) 17,348, ' the' at merge 11 (8,415), 1,078,434 → 885,618."""
    figures = book_figures()
    assert figures == [
        "first pair (32, 116) ' t' 22,023 times",
        "the second (104, 101) 'he' 17,348",
        "merge 11 joins them into ' the', 8,415 occurrences",
        "1,078,434 bytes in 294,735 chunks → 885,618 tokens after 20 merges (1.22 bytes per token)",
    ]
    readme = " ".join((ROOT / "docs" / "training.md").read_text(encoding="utf-8").split())
    assert [f for f in figures if f not in readme] == []
