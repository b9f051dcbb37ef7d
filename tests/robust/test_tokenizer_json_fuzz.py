"""tokenizer.json fuzz: seeded mutations of small files shaped like DeepSeek V4's and Llama 3's. `load_tokenizer_json`
either returns a table, whose encode of a mixed text gives ids or one CaptureError sentence, or raises TableError with
one sentence; never any other exception, never a traceback."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.engine.hf_files import DEEPSEEK_PRE, LLAMA3_PRE, trained
from tui.engine.bpe import encode
from tui.engine.tables import TableError
from tui.engine.tables.tokenizer_json import load_tokenizer_json
from tui.engine.texts import CaptureError

TEXT = "Hello, world! It's 2024: naïve café 你好 🙂👍🏽\r\n  x  [INST] 1234567"
#: What a mutation puts in a value's place: wrong types, huge and negative numbers, controls, regex syntax.
HOSTILE: tuple[Any, ...] = (
    None,
    -1,
    2**70,
    1.5,
    True,
    "",
    "\x1b[31m\u202e",
    "(",
    "a{2,1}",
    "(?<=a+)b",
    "x" * 5000,
    [],
    {},
    [[]],
    {"Regex": "("},
    {"String": ""},
    "Split",
    "ByteLevel",
    "Sequence",
    "NFKC",
    "BPE",
)


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("fuzz")
    return {
        name: json.loads(trained(folder / f"{name}.json", pre, vocab_size=320).read_text(encoding="utf-8"))
        for name, pre in (("deepseek-like", DEEPSEEK_PRE), ("llama3-like", LLAMA3_PRE))
    }


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into `value` (its containers' keys and indices), the merges and vocab sampled, not all."""
    out = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            out += places(inner, (*path, key)) if key not in ("vocab",) else [(*path, key)]
    elif isinstance(value, list):
        for index in range(min(len(value), 3)):
            out += places(value[index], (*path, index))
    return out


def mutated(source: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A copy of `source` with one to three changes, and what they were (for a failure's message)."""
    data = copy.deepcopy(source)
    said = []
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(places(data)[1:])
        parent: Any = data
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        kind = rng.choice(("replace", "delete", "duplicate", "rename"))
        if kind == "delete" or (kind == "duplicate" and not isinstance(parent, list)):
            del parent[last]
        elif kind == "duplicate":
            parent.insert(last, copy.deepcopy(parent[last]))
        elif kind == "rename" and isinstance(parent, dict):
            parent[f"{last}_"] = parent.pop(last)
        else:
            parent[last] = rng.choice(HOSTILE)
        said.append(f"{kind} {'/'.join(map(str, path))}")
    return data, "; ".join(said)


def outcome(path: Path) -> str:
    """'table', or the one sentence a TableError or CaptureError said; anything else fails the test."""
    try:
        table = load_tokenizer_json(path)
    except TableError as exc:
        message = str(exc)
        assert message and "\n" not in message and "Traceback" not in message, message
        return "refused"
    try:
        assert isinstance(encode(TEXT, table), list)
    except CaptureError as exc:
        assert str(exc) and "\n" not in str(exc), str(exc)
        return "cannot encode"
    return "table"


def run(sources: dict[str, Any], tmp_path: Path, seed: int, count: int) -> dict[str, int]:
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    for n in range(count):
        name = rng.choice(sorted(sources))
        data, said = mutated(sources[name], rng)
        path = tmp_path / f"m{n}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        try:
            kind = outcome(path)
        except Exception as exc:  # any other exception is the failure this test looks for
            pytest.fail(f"{name}, seed {seed}, mutation {n} ({said}): {type(exc).__name__}: {exc}")
        seen[kind] = seen.get(kind, 0) + 1
    return seen


def test_150_mutations_give_a_table_or_one_sentence(sources: dict[str, Any], tmp_path: Path) -> None:
    seen = run(sources, tmp_path, 36, 150)
    assert seen.get("refused", 0) > 20 and seen.get("table", 0) > 20, seen  # both ways are exercised


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 5))
def test_many_more_mutations(sources: dict[str, Any], tmp_path: Path, seed: int) -> None:
    run(sources, tmp_path, seed, 500)
