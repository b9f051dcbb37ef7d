"""Write the figures of the last benchmark run (`.benchmarks/figures.json`, which `uv run pytest -m bench tests/bench`
writes) into docs/performance.md, between its two markers: the page's table is never typed by hand.

    uv run python tests/bench/figures_page.py            # the page's table is the last run's
    uv run python tests/bench/figures_page.py --merge    # a run of some benchmarks: their rows replaced or added,
                                                         # the others kept from the page, each run's date said
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


def merged(page: str, run: dict) -> str:
    """`page` with the run's rows replacing those of the same figure and description (new ones added, in figure
    order), the other rows kept; the first line says when each set of rows was measured."""
    head, rest = page.split(START, 1)
    block, tail = rest.split(END, 1)
    lines = block.strip("\n").splitlines()
    earlier = lines[0].removeprefix("Measured ").split(" Other rows: ")[-1]
    kept = {tuple(line.split(" | ")[:2]): line for line in lines[4:]}
    ours = table(run).splitlines()
    for line in ours[4:]:
        kept[tuple(line.split(" | ")[:2])] = line
    numbers = sorted({f["number"] for f in run["figures"]}, key=_order)
    first = f"{ours[0]} (figures {', '.join(numbers)}.) Other rows: {earlier}"
    rows = sorted(kept.values(), key=lambda line: _order(line.split(" | ")[0].removeprefix("| ")))
    return f"{head}{START}\n" + "\n".join([first, *ours[1:4], *rows]) + f"\n{END}{tail}"


def _order(number: str) -> tuple[int, str]:
    return int(number.rstrip("abcdefghijklmnopqrstuvwxyz")), number


def main() -> None:
    if sys.argv[1:] not in ([], ["--merge"]):  # anything else (--help too) is a mistake: the page is left as it is
        sys.exit(__doc__)
    if not RUN.is_file():
        sys.exit(f"no {RUN.relative_to(ROOT)}: run `uv run pytest -m bench tests/bench` first")
    run = json.loads(RUN.read_text(encoding="utf-8"))
    page = PAGE.read_text(encoding="utf-8")
    PAGE.write_text(merged(page, run) if sys.argv[1:] == ["--merge"] else written(page, run), encoding="utf-8")


if __name__ == "__main__":
    main()
