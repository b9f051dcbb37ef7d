"""Every view without colour and with 8 colours (colour_checks.py), each palette in a fresh interpreter."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CHECKS = Path(__file__).with_name("colour_checks.py")
#: What picks a palette's checks by their parameter id with -k (an id with a space is no -k expression).
KEYWORD = {"NO_COLOR": "NO_COLOR", "8 colours": "colours"}


@pytest.mark.parametrize("palette", ["NO_COLOR", "8 colours"])
def test_the_colour_checks_pass_in_a_fresh_interpreter(palette: str) -> None:
    """Both checks of colour_checks.py (every view, the training view) pass under `palette`, nothing skipped."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLORTERM")}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(CHECKS),
            "-q",
            "-p",
            "no:randomly",
            "-p",
            "no:xdist",
            "-k",
            KEYWORD[palette],
            "-o",
            "addopts=",
        ],
        cwd=CHECKS.parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "2 passed" in result.stdout.splitlines()[-1], result.stdout[-500:]
