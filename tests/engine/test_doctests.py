"""The engine's docstring examples run with the default suite: every module's `>>>` lines must hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tui.engine

MODULES = sorted(m.name for m in pkgutil.walk_packages(tui.engine.__path__, "tui.engine."))


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    """The module's examples pass (a module without any is fine: the next test counts them all)."""
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (run python -m doctest -v)"


def test_the_engine_has_examples() -> None:
    """The examples are really found and run: every module that documents with `>>>` is counted."""
    attempted = {name: doctest.testmod(importlib.import_module(name), report=False).attempted for name in MODULES}
    assert sum(attempted.values()) >= 25, attempted
    assert all(attempted[f"tui.engine.{m}"] > 0 for m in ("bpe", "decoding", "rules", "special", "tables.registry", "utf8")), attempted
