"""Pictures of the main states at 80x24 and 120x40 (pytest-textual-snapshot; update with --snapshot-update).

Each app is built here from a fresh capture. Cursors never blink (conftest) and toasts are
switched off (the 'scan detail on' note would cover the word pane), so every picture depends only on the keys pressed.
"""

from __future__ import annotations

import pytest

from tests.app_support import make_app

SIZES = pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])


@SIZES
def test_teaching_start(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    """The first frame of aaababcabxyz: teaching title, 12 bytes → 3 tokens, 11 pairs with a a (rank 0) marked, no ids yet."""
    assert snap_compare(make_app(quiet=True), terminal_size=size)


@SIZES
def test_teaching_mid_round(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    """Round 2 of 7: the three (a b) occurrences are reversed in the word and ▶-marked at rank 1; b c (2) and c a (3) listed, unmarked."""
    assert snap_compare(make_app(quiet=True), terminal_size=size, press=["right", "right"])


@SIZES
def test_scan_detail(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    """Scan detail, round 1 step 3/5: i at 3 and j at 4 under the old word, the new word 'aa a b a' written so far."""
    assert snap_compare(make_app(quiet=True), terminal_size=size, press=["d", "right", "right", "right", "right"])


@SIZES
def test_gpt2_hi_ni_aliases(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    """'Hi 你!' on GPT-2 at chunk ' 你': bytes 32 228 189 160 (20 e4 bd a0) under Ġ* ä ½ ł*, the space and 160 starred as moved."""
    assert snap_compare(make_app("Hi 你!", "gpt2", quiet=True), terminal_size=size, press=["pagedown"])


@SIZES
def test_gpt2_the_cat_end(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    """The last frame of 'The cat sat on the' on GPT-2: all five ids 464 3797 3332 319 262, ' the' ended as one symbol."""
    assert snap_compare(make_app("The cat sat on the", "gpt2", quiet=True), terminal_size=size, press=["end"])


@SIZES
def test_help_screen(snap_compare, size) -> None:  # type: ignore[no-untyped-def]
    """The help dialog over the panes: every key and what each pane means."""
    assert snap_compare(make_app(quiet=True), terminal_size=size, press=["question_mark"])
