"""The merge tree dialog: how one token is built from its bytes, rule by rule (the tree key of the animator, the
Decode view and the Tables view). For a token its own text never encodes to (`taken_apart`), the tree is the path
the merges did not take, and the ids that text gets instead are drawn beside it."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, Static

from ..commands import CLOSE_TREE, bindings
from ..engine.tables import Table, short_name
from ..explain.merge_tree import TreeError
from ..explain.token_tree import TokenTree, token_tree
from ..safe import visible
from ..widgets.merge_tree import MergeTreeList, got_text
from .dialogs import dialog_css

#: From this width the ids a taken-apart token's text gets stand beside its tree, else above it.
BESIDE = 100

TAKEN_APART = "taken apart: its own text is one chunk, but the merges reach other tokens first; this tree is the path not taken"


class TreeScreen(ModalScreen[None]):
    """One token's merge tree, scrollable (↑↓, page keys), folded to the width; escape (or the tree key) closes it."""

    DEFAULT_CSS = (
        dialog_css("TreeScreen")
        + """
    TreeScreen > Vertical { width: 100%; max-width: 120; height: auto; max-height: 100%; }
    TreeScreen #tree-body { height: auto; max-height: 100%; }
    TreeScreen MergeTreeList { width: 1fr; height: auto; max-height: 100%; scrollbar-gutter: stable; }
    TreeScreen #tree-got { width: 32; height: auto; border-left: vkey $accent; padding: 0 1; }
    TreeScreen.-stacked #tree-body { layout: vertical; }
    TreeScreen.-stacked #tree-got { width: 1fr; max-height: 5; border-left: none; padding: 0; }
    TreeScreen #tree-got.-none { display: none; }
    """
    )
    BINDINGS = bindings((CLOSE_TREE,))

    def __init__(self, shown: TokenTree, table_label: str) -> None:
        super().__init__()
        self.shown = shown
        self.table_label = table_label

    def compose(self) -> ComposeResult:
        shown = self.shown
        with Vertical():
            yield Label(Text(f"Merge tree · {visible(self.table_label)}", style="bold"), id="tree-title")
            yield Static(Text(visible(shown.summary), no_wrap=True, overflow="ellipsis"), id="tree-summary")
            if shown.taken_apart:
                yield Static(Text("✗ " + TAKEN_APART, style="italic"), id="tree-taken")
            with Horizontal(id="tree-body"):
                yield MergeTreeList(shown.node, id="tree-rows")
                with Vertical(id="tree-got", classes="" if shown.taken_apart else "-none"):
                    yield Label(Text(f"its text gets {len(shown.got)} ids:", style="bold"))
                    yield Static(got_text(shown.got))
            yield Label("↑↓ pgup pgdn: scroll · escape: close", classes="hint")

    def on_mount(self) -> None:
        self.query_one(MergeTreeList).focus()

    def on_resize(self) -> None:
        self.set_class(self.size.width < BESIDE, "-stacked")

    def action_close(self) -> None:
        self.dismiss(None)


def open_tree(screen: Screen[Any], table: Table, ident: int | None, nothing: str) -> None:
    """Open the tree of id `ident` of `table` over `screen`; `nothing` (one sentence) when there is no token to
    show, and the reason in one sentence for an id with no tree (unknown, or a special token)."""
    if ident is None:
        screen.notify(nothing, title="No merge tree", timeout=3)
        return
    try:
        shown = token_tree(table, ident)
    except TreeError as exc:
        screen.notify(visible(str(exc)), title="No merge tree", timeout=4)
        return
    screen.app.push_screen(TreeScreen(shown, short_name(table)))
