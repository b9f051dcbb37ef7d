"""Issue 24 point 4: README's run command installs what the app needs and not the test and lint tools, while its
test command stays `uv run pytest` (pyproject's default groups `test` and `dev` hold the tools)."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

from tests.engine.test_packaging import INSTALLED, uv

ROOT = Path(__file__).parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
#: The app's dependencies and theirs, as a plain pip install of the wheel adds them (without bpe-tui itself).
APP = INSTALLED - {"bpe-tui"}


def readme_commands() -> tuple[str, str]:
    """README's two commands, as a shell gets them (the comments cut)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## The two commands", 1)[1].split("```\n", 2)[1]
    run, test = (line.split("#")[0].strip() for line in block.splitlines())
    return run, test


def exported(*options: str) -> set[str]:
    """The packages the lock file installs with `options` (`uv export`, without the project itself)."""
    listing = subprocess.run(
        [uv(), "export", "--frozen", "--no-hashes", "--no-emit-project", "--no-header", *options],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
        cwd=ROOT,
    )
    return {m.group(1).lower() for m in re.finditer(r"^([A-Za-z0-9_.-]+)==", listing.stdout, re.MULTILINE)}


def group_names(group: str) -> set[str]:
    return {re.split(r"[<>=\[;]", requirement)[0].strip().lower() for requirement in PYPROJECT["dependency-groups"][group]}


def test_readmes_run_command_leaves_out_the_default_groups_and_its_test_command_keeps_them() -> None:
    assert readme_commands() == ("uv run --no-default-groups bpe-tui", "uv run pytest")
    assert PYPROJECT["tool"]["uv"]["default-groups"] == ["test", "dev"]


def test_the_apps_install_holds_no_test_or_lint_tool() -> None:
    """`uv run --no-default-groups` installs exactly the app's dependencies (13 packages, plus bpe-tui itself)."""
    app = exported("--no-default-groups")
    tools = group_names("test") | group_names("dev")
    assert {"pytest", "mypy", "playwright", "hypothesis", "ruff", "import-linter"} <= tools
    assert (app, app & tools) == (APP, set())


def test_the_test_command_installs_the_tools() -> None:
    everything = exported()
    assert {"pytest", "mypy", "playwright", "hypothesis", "ruff", "import-linter"} <= everything
    assert everything > APP
