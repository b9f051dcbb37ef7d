"""The start-up peer: the smallest Textual app with a first screen (one Static and a Footer).

Run as `python tests/bench/minimal_app.py`; with BPE_TUI_EXIT_ON_READY=1 it exits on its first
Ready event (posted after the first screen is painted), like `python -m tui` under the same flag.
"""

from __future__ import annotations

import os

from textual.app import App, ComposeResult
from textual.widgets import Footer, Static


class MinimalApp(App[None]):
    BINDINGS = [("q", "quit", "quit"), ("right", "step", "step")]
    steps = 0

    def compose(self) -> ComposeResult:
        yield Static("aaababcabxyz")
        yield Footer()

    def action_step(self) -> None:
        """The peer of a step key: its one Static updated with a new line (the pty figure's bare app)."""
        self.steps += 1
        self.query_one(Static).update(f"aaababcabxyz · step {self.steps}")

    def on_ready(self) -> None:
        if os.environ.get("BPE_TUI_EXIT_ON_READY") == "1":
            self.exit()


if __name__ == "__main__":
    MinimalApp().run()
