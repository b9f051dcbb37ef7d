"""docs/cli.md is the parsers' own help: regenerate it (`python -m tui.cli.reference > docs/cli.md`) when an option changes."""

from __future__ import annotations

from pathlib import Path

from tui.cli.commands import COMMANDS
from tui.cli.reference import markdown

PAGE = Path(__file__).parents[2] / "docs" / "cli.md"


def test_the_cli_reference_page_is_what_the_parsers_print() -> None:
    written = PAGE.read_text(encoding="utf-8")
    assert written == markdown(), "docs/cli.md is stale: run `uv run python -m tui.cli.reference > docs/cli.md`"
    assert [line[len("## ") :] for line in written.splitlines() if line.startswith("## ")] == [
        "bpe-tui",
        *(f"bpe-tui {command.name}" for command in COMMANDS),
    ]
    assert "  --tokenizer-model FILE" in written and "usage: bpe-tui encode" in written
