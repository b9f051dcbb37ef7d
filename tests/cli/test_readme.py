"""README is one page whose lists come from the registries: the keys table is the animator's help keys, the tables
table is the table registry, the views line is the view registry. A key, a table or a view added without README
fails here."""

from __future__ import annotations

from pathlib import Path

from tui.commands import ENCODE_HELP
from tui.engine.tables.registry import ENTRIES
from tui.views import VIEWS

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def keys_table() -> str:
    return "\n".join(["| key | does |", "|---|---|", *(f"| `{c.shown_keys}` | {c.help} |" for c in ENCODE_HELP)])


def tables_table() -> str:
    return "\n".join(["| `--table` | what it is |", "|---|---|", *(f"| `{e.name}` | {e.about} |" for e in ENTRIES)])


def views_line() -> str:
    return "The views: " + " · ".join(f"`{v.key}` {v.title.split(': ', 1)[1]}" for v in VIEWS) + "."


def test_readme_is_one_page_of_at_most_200_lines() -> None:
    assert len(README.splitlines()) <= 200


def test_readmes_keys_tables_and_views_are_the_registries() -> None:
    assert keys_table() in README
    assert tables_table() in README
    assert views_line() in README


def test_every_link_of_readme_reaches_a_file() -> None:
    """Each relative link names a file of the checkout (the docs pages, CONTRIBUTING, the picture)."""
    import re

    targets = [t for t in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README) if "://" not in t]
    assert targets and all((ROOT / t).is_file() for t in targets), [t for t in targets if not (ROOT / t).is_file()]
