"""Loader fuzz: seeded mutations of valid traces. `tracefile.loads` either returns a trace that equals
a fresh capture of its text, or raises TraceError with one sentence; never any other exception."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from tui.engine.bpe import capture
from tui.engine.tables import get_table
from tui.engine.tracefile import TraceError, dumps, loads

#: Valid traces to mutate: mostly the teaching table (capture is cheap), a few GPT-2.
SOURCES = [
    ("teaching", "aaababcabxyz"),
    ("teaching", "aaa"),
    ("teaching", "abc!abc abc"),
    ("teaching", "aaaaaaa xyz\nxy z"),
    ("teaching", "a"),
    ("teaching", " "),
    ("teaching", "ab ab ab cab"),
    ("gpt2", "Hi 你!"),
    ("gpt2", "café 127 + 677"),
]

NUMBER = re.compile(r"-?\d+")
ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    2**64,
    "",
    "x",
    "a a",
    [],
    {},
    ["a"],
    ["a", "b"],
    [1, 2],
    {"pair": []},
    "bpe-trace/1",
]


def _containers(node: Any, path: tuple = ()) -> list[tuple]:
    """Paths of every list and object in `node`."""
    out = [path] if isinstance(node, (list, dict)) else []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in items:
        out += _containers(child, (*path, key))
    return out


def _at(node: Any, path: tuple) -> Any:
    for key in path:
        node = node[key]
    return node


def mutate(rng: random.Random, text: str) -> tuple[str, str]:
    """One random mutation of a trace file's text; returns (operator, new text)."""
    op = rng.choice(["flip", "delete", "insert", "truncate", "number", "swap", "drop", "set", "duplicate", "splice"])
    n = len(text)
    if op == "flip":
        i = rng.randrange(n)
        return op, text[:i] + chr(ord(text[i]) ^ (1 << rng.randrange(7))) + text[i + 1 :]
    if op == "delete":
        i = rng.randrange(n)
        return op, text[:i] + text[i + rng.randint(1, 8) :]
    if op == "insert":
        i = rng.randrange(n + 1)
        return op, text[:i] + rng.choice(
            ['"', ",", "[", "]", "{", "}", ":", "0", "-", " ", "\\", "\\u", "\\ud800", "é", "\x00", "null", "1e999"]
        ) + text[i:]
    if op == "truncate":
        return op, text[: rng.randrange(n)]
    if op == "number":
        matches = list(NUMBER.finditer(text))
        m = rng.choice(matches)
        value = rng.choice([0, -1, 1, 255, 256, 50256, 50257, 10**20, int(m.group()) + rng.choice([-1, 1])])
        return op, text[: m.start()] + str(value) + text[m.end() :]
    data = json.loads(text)
    paths = _containers(data)
    path = rng.choice(paths)
    node = _at(data, path)
    keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
    if not keys:
        return "noop", text
    if op == "swap" and len(keys) >= 2:
        a, b = rng.sample(keys, 2)
        node[a], node[b] = node[b], node[a]
    elif op == "drop":
        del node[rng.choice(keys)]
    elif op == "set":
        node[rng.choice(keys)] = rng.choice(ODD_VALUES)
    elif op == "duplicate" and isinstance(node, list):
        k = rng.choice(keys)
        node.insert(k, json.loads(json.dumps(node[k])))
    else:  # splice a value from elsewhere in the file
        other = _at(data, rng.choice(paths))
        node[rng.choice(keys)] = json.loads(json.dumps(other))
    return op, json.dumps(data, ensure_ascii=rng.random() < 0.5)


def check_one(mutated: str) -> str:
    """'rejected' or 'accepted'; any exception other than TraceError fails the test."""
    try:
        trace = loads(mutated, source="fuzz.json")
    except TraceError as exc:
        message = str(exc)
        assert message.startswith("fuzz.json") and "\n" not in message and message.endswith("."), message
        return "rejected"
    fresh = capture(trace.text, trace.table)
    assert dumps(trace) == dumps(fresh) and trace.ids == fresh.ids
    assert json.loads(mutated)["text"] == trace.text
    return "accepted"


def run_fuzz(seed: int, count: int) -> Counter[str]:
    rng = random.Random(seed)
    files = [dumps(capture(text, get_table(table))) for table, text in SOURCES]
    outcomes: Counter[str] = Counter()
    for n in range(count):
        text = rng.choice(files)
        for _ in range(rng.choice([1, 1, 1, 2, 3])):  # sometimes several mutations on top of each other
            if not text:
                break
            try:
                _op, text = mutate(rng, text)
            except (ValueError, IndexError):  # the text no longer parses: keep to character mutations
                _op, text = "flip", text[:-1]
        try:
            outcomes[check_one(text)] += 1
        except Exception as exc:
            raise AssertionError(f"mutation {n} (seed {seed}) raised {type(exc).__name__}: {exc}\n{text[:3000]!r}") from exc
    return outcomes


def test_3000_mutations_give_a_trace_or_a_trace_error() -> None:
    outcomes = run_fuzz(seed=6, count=3000)
    assert sum(outcomes.values()) == 3000
    assert outcomes["rejected"] > 2000 and outcomes["accepted"] > 20, outcomes  # both outcomes occur


def test_unmutated_sources_load() -> None:
    for table, text in SOURCES:
        assert check_one(dumps(capture(text, get_table(table)))) == "accepted"


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10))
def test_many_more_mutations(seed: int) -> None:
    """The long run: 10 seeds x 10,000 mutations."""
    outcomes = run_fuzz(seed=1000 + seed, count=10_000)
    assert sum(outcomes.values()) == 10_000
