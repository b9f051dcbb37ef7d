"""The engine's and the explain layer's docstring examples run with the default suite: every module's `>>>` lines must hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tui.engine
import tui.explain

MODULES = sorted(m.name for package in (tui.engine, tui.explain) for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    """The module's examples pass (a module without any is fine: the next test counts them all)."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (run python -m doctest -v)"


def test_the_engine_has_examples() -> None:
    """The examples are really found and run: every module that documents with `>>>` is counted."""
    attempted = {name: doctest.testmod(importlib.import_module(name), report=False).attempted for name in MODULES}
    assert sum(attempted.values()) >= 25, attempted
    documented = ("engine.bpe", "engine.decoding", "explain.rules", "explain.special", "engine.tables.registry", "engine.utf8")
    assert all(attempted[f"tui.{m}"] > 0 for m in documented), attempted
