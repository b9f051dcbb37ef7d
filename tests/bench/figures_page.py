"""Write the figures of the last benchmark run (`.benchmarks/figures.json`, which `uv run pytest -m bench tests/bench`
writes) into docs/performance.md, between its two markers: the page's table is never typed by hand.

    uv run python tests/bench/figures_page.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]
PAGE = ROOT / "docs" / "performance.md"
RUN = ROOT / ".benchmarks" / "figures.json"
START = "<!-- figures: written by tests/bench/figures_page.py from the last `uv run pytest -m bench tests/bench`; do not edit -->"
END = "<!-- end of figures -->"


def table(run: dict) -> str:
    """The run's figures as a Markdown table, after one line saying when, where and with what they were measured."""
    lines = [
        f"Measured {run['when']} on {run['cpus']} CPUs (load {run['load']}), CPython {run['python']}, Textual {run['textual']}, "
        f"tiktoken {run['tiktoken']}.",
        "",
        "| # | figure | measured | target | |",
        "|---|---|---|---|---|",
    ]
    for f in run["figures"]:
        verdict = "—" if f["ok"] is None else ("pass" if f["ok"] else "**misses**")
        lines.append(f"| {f['number']} | {f['what']} | {f['measured']} | {f['target']} | {verdict} |")
    return "\n".join(lines)


def written(page: str, run: dict) -> str:
    """`page` with the text between its markers replaced by the run's table."""
    head, rest = page.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{table(run)}\n{END}{tail}"


def main() -> None:
    if not RUN.is_file():
        sys.exit(f"no {RUN.relative_to(ROOT)}: run `uv run pytest -m bench tests/bench` first")
    PAGE.write_text(written(PAGE.read_text(encoding="utf-8"), json.loads(RUN.read_text(encoding="utf-8"))), encoding="utf-8")


if __name__ == "__main__":
    main()
