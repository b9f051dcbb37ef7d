"""The traces/ library (tui/engine/examples.py): one trace per seed example, each equal to a fresh capture."""

from __future__ import annotations

import pytest

from tui.engine.bpe import capture
from tui.engine.examples import EXAMPLES, TIKTOKEN_EXAMPLES, TRACES_DIR, example_path, regenerate, render
from tui.engine.tables import get_table
from tui.engine.tracefile import load

SEED_CASES = {
    ("teaching", "aaababcabxyz"),
    ("teaching", "aaa"),
    ("teaching", "aaaaaaa"),
    ("teaching", "a"),
    ("gpt2", "internationalization"),
    ("gpt2", "Hi 你!"),
    ("gpt2", "The cat sat on the"),
    ("gpt2", "<|endoftext|>"),
    ("gpt2", "    if"),
    ("gpt2", "Hello've world123 how's are you!!!?"),
    ("gpt2", "1234567"),
    ("gpt2", "127 + 677 = 804"),
    ("gpt2", "café 你好"),
    ("gpt2", "分词是大模型许多怪现象的根源。"),
}


def test_examples_cover_every_seed_case():
    """traces/ has an example for each case the seeds walk through, plus a repeated chunk read from the cache."""
    cases = {(table, text) for _, table, text in EXAMPLES}
    assert cases >= SEED_CASES
    hits = [text for _, table, text in EXAMPLES if any(c.cache == "hit" for c in capture(text, get_table(table)).chunks)]
    assert hits, "one example must show a cache hit"
    assert len({stem for stem, _, _ in EXAMPLES}) == len(EXAMPLES)


def test_traces_directory_holds_exactly_the_examples():
    """No stale or missing files: traces/*.json are exactly the EXAMPLES' stems."""
    on_disk = sorted(p.relative_to(TRACES_DIR) for p in TRACES_DIR.rglob("*.json"))
    expected = sorted(example_path(TRACES_DIR, stem, table).relative_to(TRACES_DIR) for stem, table, _ in EXAMPLES + TIKTOKEN_EXAMPLES)
    assert on_disk == expected, "run `uv run bpe-tui examples` to regenerate traces/"


ALL = EXAMPLES + TIKTOKEN_EXAMPLES


@pytest.mark.parametrize(("stem", "table", "text"), ALL, ids=[stem for stem, _, _ in ALL])
def test_trace_file_equals_fresh_capture(stem, table, text):
    """Each file in traces/ is byte for byte what capturing its text now produces."""
    path = example_path(TRACES_DIR, stem, table)
    assert path.exists(), f"{path} is missing; run `uv run bpe-tui examples` to regenerate traces/"
    fresh = render(table, text)
    assert path.read_text(encoding="utf-8") == fresh, (
        f"{path.name} differs from a fresh capture; run `uv run bpe-tui examples` to regenerate traces/"
    )


SEED_IDS = {
    "gpt2-hi-ni": [17250, 220, 19526, 254, 0],
    "gpt2-internationalization": [45609, 1634],
    "gpt2-the-cat-sat-on-the": [464, 3797, 3332, 319, 262],
    "gpt2-endoftext": [27, 91, 437, 1659, 5239, 91, 29],
    "teaching-aaababcabxyz": [264, 257, 261],
    "teaching-aaa": [256, 64],
    "teaching-aaaaaaa": [256, 256, 256, 64],
    "teaching-a": [64],
}


@pytest.mark.parametrize(("stem", "ids"), SEED_IDS.items())
def test_trace_files_load_with_the_seed_ids(stem, ids):
    """Loading a library file validates it and yields the ids the seeds state."""
    assert load(TRACES_DIR / f"{stem}.json").ids == ids


def test_regenerate_writes_the_same_files(tmp_path):
    """regenerate() into another directory writes exactly the committed files."""
    written = regenerate(tmp_path)
    assert written == [example_path(tmp_path, stem, table) for stem, table, _ in ALL]
    for path in written:
        assert path.read_bytes() == (TRACES_DIR / path.relative_to(tmp_path)).read_bytes()


def test_every_example_is_labelled():
    """Each EXAMPLES entry says what it shows."""
    from tui.engine.examples import LABELS

    assert set(LABELS) == {stem for stem, _, _ in ALL} and all(LABELS.values())


SEED_004_IDS = {
    "cl100k-indent-if": [262, 422],
    "cl100k-hello-world-four-spaces": [262, 24748, 1917, 12340],
    "gpt2-hello-world-four-spaces": [220, 220, 220, 23748, 995, 10185],
    "cl100k-1234567": [4513, 10961, 22],
    "cl100k-127-plus-677": [6804, 489, 220, 24375, 284, 220, 20417],
}


@pytest.mark.parametrize(("stem", "ids"), SEED_004_IDS.items())
def test_seed_004_trace_files_load(stem, ids):
    table = next(table for s, table, _ in ALL if s == stem)
    assert load(example_path(TRACES_DIR, stem, table)).ids == ids
