"""Hostile custom tables in every view: what the loaders refuse, and what they accept drawn literally.

A rule whose symbols are not made of GPT-2's byte aliases could never apply to any text (a text is
always cut into aliases) and has no bytes for the views to show: both loaders refuse it in one
sentence. Special entries (neither an alias nor a rule's result) may be any non-empty string: escape
sequences, bidi controls, a character that is not an alias, 20,000 characters. Every view shows them
without crashing and without writing anything raw to the terminal.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.app_support import every_view
from tui.app import BpeApp
from tui.commands import VIEWS
from tui.engine import pretokenize
from tui.engine.bpe import capture, encode
from tui.engine.tables import Table, TableError, byte_symbol_order, load_two_files, teaching, vocab_bpe_text
from tui.engine.tables.tokenizer_json import load_tokenizer_json

from .apphelp import Notes, assert_alive, assert_screen_clean, opened, settle, type_text, until
from .hostile import ESCAPES, HOSTILE

#: Special entries an attacker would put in encoder.json (or a tokenizer.json's added tokens).
HOSTILE_SPECIALS = [
    *ESCAPES.values(),
    HOSTILE["bidi override"],
    HOSTILE["zero-width joiners"],
    "—",  # not a byte alias
    "<|" + "\u202e" * 5 + "|>",
    "x" * 20_000,  # a huge token
]


def encoder_with(specials: list[str], merges: tuple[tuple[str, str], ...]) -> dict[str, int]:
    """The 256 aliases, each rule's parts and result, then `specials`, ids in that order."""
    symbols = [*byte_symbol_order(), *(s for a, b in merges for s in (a, b, a + b)), *specials]
    return {s: i for i, s in enumerate(dict.fromkeys(symbols))}


def two_files(tmp_path: Path, merges: tuple[tuple[str, str], ...], encoder: dict[str, int]) -> tuple[Path, Path]:
    vocab, enc = tmp_path / "vocab.bpe", tmp_path / "encoder.json"
    vocab.write_text(vocab_bpe_text(merges), encoding="utf-8")
    enc.write_text(json.dumps(encoder), encoding="utf-8")
    return vocab, enc


def tokenizer_json(tmp_path: Path, merges: tuple[tuple[str, str], ...], encoder: dict[str, int]) -> Path:
    path = tmp_path / "tokenizer.json"
    pre = {"type": "ByteLevel", "add_prefix_space": False, "use_regex": True}
    model = {"type": "BPE", "vocab": encoder, "merges": [" ".join(m) for m in merges]}
    path.write_text(json.dumps({"model": model, "pre_tokenizer": pre}), encoding="utf-8")
    return path


#: The same table written for and read by each loader (vocab.bpe + encoder.json, and tokenizer.json).
LOADERS = (
    lambda tmp_path, merges, encoder: load_two_files(*two_files(tmp_path, merges, encoder)),
    lambda tmp_path, merges, encoder: load_tokenizer_json(tokenizer_json(tmp_path, merges, encoder)),
)


RULES = tuple(teaching().merges)


@pytest.mark.parametrize(
    ("merges", "specials", "words"),
    [
        ((*RULES, ("—", "a")), [], ("rule 9 ('— a') holds '—', which is not one of GPT-2's 256 byte aliases",)),
        ((*RULES, ("\x1b[2J", "a")), [], ("rule 9 ('\\x1b[2J a') holds '\\x1b'",)),
        ((*RULES, ("a", "\u202e")), [], ("holds '\\u202e'",)),
        (RULES, [""], ("gives the empty symbol the id 265; a symbol has at least one character.",)),
    ],
    ids=["em dash", "escape", "bidi", "empty symbol"],
)
def test_both_loaders_refuse_rules_not_made_of_aliases_and_empty_symbols(tmp_path, merges, specials, words) -> None:  # type: ignore[no-untyped-def]
    encoder = encoder_with(specials, merges)
    for load in LOADERS:
        with pytest.raises(TableError) as caught:
            load(tmp_path, merges, encoder)
        said = str(caught.value)
        assert all(w in said for w in words), said
        assert "\x1b" not in said and "\u202e" not in said and said.count("\n") == 0, said


def hostile_table(tmp_path: Path) -> Table:
    table = load_two_files(*two_files(tmp_path, RULES, encoder_with(HOSTILE_SPECIALS, RULES)))
    assert set(table.special) == set(HOSTILE_SPECIALS)
    return table


def test_hostile_specials_leave_the_ids_of_a_text_alone(tmp_path) -> None:  # type: ignore[no-untyped-def]
    for load in LOADERS:
        table = load(tmp_path, RULES, encoder_with(HOSTILE_SPECIALS, RULES))
        assert encode("aaababcabxyz", table) == encode("aaababcabxyz", teaching()) == [264, 257, 261]


#: Keys pressed in each view (after its number key): everything that reads the table.
KEYS = {
    "encode": ["end", "w", "g", "c", "home"],
    "decode": ["p", "c", "v", "end", "p"],
    "aliases": ["end", "home"],
    "tables": ["p", "p", "p", "p", "end", "u", "U"],
    "special": ["d", "right", "d", "end"],
    "explore": ["v", "right", "right", "v"],
    "train": ["c", "end", "u"],
    "compare": ["n", "right", "end", "s", "b"],
    "chat": ["f", "g", "down", "end", "g", "enter"],
}


#: A Split regex with escape sequences, bidi controls and 80,000 characters (the Tables view shows it).
HOSTILE_SPLIT = "\x1b]0;pwned\x07|\u202e+|[a-z]+|" + "|".join("y" * k for k in range(1, 400))


def hostile_split_table(tmp_path: Path, regex: str = HOSTILE_SPLIT) -> Table:
    """A tokenizer.json whose Split regex is `regex`, its added tokens the hostile specials."""
    encoder = encoder_with([], RULES)
    path = tokenizer_json(tmp_path, RULES, encoder)
    doc = json.loads(path.read_text(encoding="utf-8"))
    split = {"type": "Split", "pattern": {"Regex": regex}, "behavior": "MergedWithNext", "invert": False}
    doc["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [split, {"type": "ByteLevel", "use_regex": False}]}
    doc["added_tokens"] = [{"id": len(encoder) + n, "content": s} for n, s in enumerate(HOSTILE_SPECIALS)]
    path.write_text(json.dumps(doc), encoding="utf-8")
    return load_tokenizer_json(path)


async def walk(table: Table, size: tuple[int, int], views: tuple[str, ...] | None = None) -> None:
    """Show every view (or `views`) of `table` at `size`, one app for them all, and press each view's keys: after each,
    the app is alive and nothing raw is drawn."""
    app = BpeApp(capture("aaababcabxyz " + HOSTILE["bidi override"], table), custom=table)
    async with opened(app, size=size, notifications=True) as pilot:
        async for view, case in every_view(app, pilot, (size,), views):
            assert_screen_clean(app, case)
            for key in KEYS[view]:
                await pilot.press(key)
                await settle(app, pilot)
                assert_alive(app, f"{case}, after {key}")
                assert_screen_clean(app, f"{case}, after {key}")


VIEW_NAMES = tuple(v.name for v in VIEWS)
SIZES = [(80, 24), pytest.param((60, 18), marks=pytest.mark.slow)]


@pytest.mark.parametrize("size", SIZES)
async def test_every_view_draws_hostile_special_entries_literally(tmp_path, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    """Special entries with escapes, bidi, a non-alias character and 20,000 characters: no crash, nothing raw."""
    await walk(hostile_table(tmp_path), size)


@pytest.mark.parametrize(
    "views",
    [
        pytest.param(("tables",), id="tables"),
        pytest.param(tuple(v for v in VIEW_NAMES if v != "tables"), id="other views", marks=pytest.mark.slow),
    ],
)
@pytest.mark.parametrize("size", SIZES)
async def test_every_view_draws_a_hostile_split_regex_literally(tmp_path, size: tuple[int, int], views: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    """A tokenizer.json's Split regex with escapes, bidi and 80,000 characters, its added tokens the
    hostile specials (the Tables view's `p` drew the regex raw)."""
    await walk(hostile_split_table(tmp_path), size, views)


async def test_the_app_refuses_a_text_the_split_regex_backtracks_on(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """With 50 ms of regex work allowed, (a|aa)+$ on 32 a's and a b (about 2 s of backtracking)
    is stopped: one error naming the regex, the app alive, its trace and table unchanged."""
    table = hostile_split_table(tmp_path, "(a|aa)+$")
    monkeypatch.setattr(pretokenize, "REGEX_SECONDS", 0.05)
    monkeypatch.setattr(pretokenize, "REGEX_SECONDS_PER_CHARACTER", 0.0)
    app = BpeApp(capture("abc", table), custom=table)
    notes = Notes()
    async with opened(app, notes=notes, notifications=True) as pilot:
        await type_text(app, pilot, "a" * 32 + "b")
        await until(pilot, lambda: bool(notes.errors))
        assert_alive(app)
        assert [n.message for n in notes.errors] == [
            "The Split regex '(a|aa)+$' took over 0.05 s of matching on this text of 33 characters; it backtracks too much."
        ]
        assert app.position.trace.text == "abc" and app.position.trace.table is table
