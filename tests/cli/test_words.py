"""Issue 24 point 8: the user has never seen the seed documents, so no text the app or a --help shows names one
("seed 000", "seed 004", "the seeds' examples"); the examples are labelled by what they show."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import tui
from tests.engine.support import CliResult
from tui.cli.commands import NAMES
from tui.engine.examples import EXAMPLES, LABELS, TIKTOKEN_EXAMPLES

SEED = re.compile(r"\bseeds?\b", re.IGNORECASE)
PACKAGE = Path(tui.__file__).parent


def shown_strings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string literal of a module but its docstrings (comments are not literals): what it may show."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


def test_no_string_the_app_shows_names_a_seed() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {text}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in shown_strings(path)
        if SEED.search(text)
    ]
    assert found == []


@pytest.mark.parametrize("argv", [(), *((name,) for name in NAMES)], ids=["bpe-tui", *NAMES])
def test_no_help_names_a_seed(cli: Callable[..., CliResult], argv: tuple[str, ...]) -> None:
    code, out, err = cli(*argv, "--help")
    assert (code, err) == (0, "")
    assert SEED.findall(out) == []


def test_every_example_is_labelled_by_the_table_it_runs_on_and_what_it_shows() -> None:
    """Each label starts with its table's name (the teaching table, GPT-2, cl100k_base, o200k_base), never a seed."""
    starts = {"teaching": "teaching table: ", "gpt2": "GPT-2: ", "cl100k_base": "cl100k_base: ", "o200k_base": "o200k_base: "}
    examples = EXAMPLES + TIKTOKEN_EXAMPLES
    assert set(LABELS) == {stem for stem, _, _ in examples}
    assert [stem for stem, table, _ in examples if not LABELS[stem].startswith(starts[table])] == []
    assert LABELS["teaching-aaababcabxyz"] == "teaching table: nine rules make aaababcabxyz three tokens"
    assert LABELS["o200k-chinese-sentence"] == "o200k_base: the Chinese sentence in 14 tokens"
