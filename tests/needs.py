"""What a test needs that a fresh machine may lack (Chromium, the gif extra's agg): without it the test is skipped
with one sentence naming what to install, unless the variable CI sets after installing it says it must be there, in
which case its absence fails the test, so CI can never pass by skipping it."""

from __future__ import annotations

import os

import pytest

BROWSER = "BPE_TUI_REQUIRE_BROWSER"  # .ci/run sets it to 1 after installing Debian's chromium
AGG = "BPE_TUI_REQUIRE_AGG"  # .ci/run sets it to 1 after installing the gif extra and a monospace font


def need(found: bool, what: str, variable: str) -> None:
    """Skip (or, with `variable`=1, fail) the calling test unless `found`; `what` says what is missing and how to get it."""
    if found:
        return
    if os.environ.get(variable) == "1":
        pytest.fail(f"{what} ({variable}=1 forbids skipping)", pytrace=False)
    pytest.skip(what)
