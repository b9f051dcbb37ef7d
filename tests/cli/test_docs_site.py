"""The docs site's generated parts agree with their sources: the architecture page lists the import contract's layers,
the performance page's table is the figures page script's output (no row typed by hand, each figure one the
benchmarks record), and the site's navigation names every page of docs/."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).parents[2]
DOCS = ROOT / "docs"


def test_the_architecture_page_lists_the_contracts_layers_in_order() -> None:
    contract = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"][0]
    page = (DOCS / "architecture.md").read_text(encoding="utf-8")
    listed = page.split("## The layers", 1)[1].split("```text\n", 1)[1].split("```", 1)[0].splitlines()
    assert listed == contract["layers"]


def test_the_performance_table_is_the_scripts_and_holds_every_recorded_figure() -> None:
    """The block between the markers is a run's table as the script writes it, and it holds a row for every figure
    number the benchmarks record literally (a benchmark added since the last run leaves the page stale)."""
    from tests.bench.figures_page import END, START

    page = (DOCS / "performance.md").read_text(encoding="utf-8")
    block = page.split(START, 1)[1].split(END, 1)[0].strip("\n").splitlines()
    assert block[0].startswith("Measured ") and block[2:4] == ["| # | figure | measured | target | |", "|---|---|---|---|---|"]
    rows = [line.split(" | ") for line in block[4:]]
    assert rows and all(len(row) == 5 and re.fullmatch(r"\| \d+[a-z]?", row[0]) for row in rows)
    recorded: set[str] = set()
    for source in (ROOT / "tests" / "bench").glob("*.py"):
        recorded |= set(re.findall(r'figure\(\s*"(\d+[a-z]?)"', source.read_text(encoding="utf-8")))
    assert recorded - {row[0].removeprefix("| ") for row in rows} == set()


def test_the_site_navigation_names_every_page() -> None:
    nav = re.findall(r"^  - [^:]+: (\S+\.md)$", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.MULTILINE)
    assert sorted(nav) == sorted(p.name for p in DOCS.glob("*.md"))
