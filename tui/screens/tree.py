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
    """One token's merge tree, scrollable (↑↓, page keys), folded to the width; escape (or the tree key) closes it.
    One is installed per app and shown again with each token (`show`): a screen composed anew costs a frame."""

    DEFAULT_CSS = (
        dialog_css("TreeScreen")
        + """
    TreeScreen { background: $background; }
    TreeScreen > Vertical { width: 100%; max-width: 120; height: auto; max-height: 100%; }
    TreeScreen #tree-body { height: auto; max-height: 100%; }
    TreeScreen MergeTreeList { width: 1fr; height: auto; max-height: 100%; scrollbar-gutter: stable; }
    TreeScreen #tree-got { width: 32; height: auto; border-left: vkey $accent; padding: 0 1; }
    TreeScreen.-stacked #tree-body { layout: vertical; }
    TreeScreen.-stacked #tree-got { width: 1fr; max-height: 5; border-left: none; padding: 0; }
    TreeScreen.-whole #tree-got, TreeScreen.-whole #tree-taken { display: none; }
    """
    )
    BINDINGS = bindings((CLOSE_TREE,))

    def __init__(self) -> None:
        super().__init__()
        self.shown: TokenTree | None = None
        self.table_label = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(id="tree-title")
            yield Static(id="tree-summary")
            yield Static(Text("✗ " + TAKEN_APART, style="italic"), id="tree-taken")
            with Horizontal(id="tree-body"):
                yield MergeTreeList(id="tree-rows")
                with Vertical(id="tree-got"):
                    yield Label(id="tree-got-title")
                    yield Static(id="tree-got-ids")
            yield Label("↑↓ pgup pgdn: scroll · escape: close", classes="hint")

    def show(self, shown: TokenTree, table_label: str) -> None:
        """Show the tree of `shown` (of the table labelled `table_label`)."""
        self.shown, self.table_label = shown, table_label
        if self.is_mounted:
            self.fill()

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        shown = self.shown
        if shown is None:
            return
        self.query_one("#tree-title", Label).update(Text(f"Merge tree · {visible(self.table_label)}", style="bold"))
        self.query_one("#tree-summary", Static).update(Text(visible(shown.summary), no_wrap=True, overflow="ellipsis"))
        self.set_class(not shown.taken_apart, "-whole")
        if shown.taken_apart:
            self.query_one("#tree-got-title", Label).update(Text(f"its text gets {len(shown.got)} ids:", style="bold"))
            self.query_one("#tree-got-ids", Static).update(got_text(shown.got))
        rows = self.query_one(MergeTreeList)
        rows.show(shown.node)
        rows.focus()

    def on_resize(self) -> None:
        self.set_class(self.size.width < BESIDE, "-stacked")

    def action_close(self) -> None:
        self.dismiss(None)


#: The name the tree dialog is installed under (one per app).
INSTALLED = "merge-tree"


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
    app = screen.app
    if not app.is_screen_installed(INSTALLED):
        app.install_screen(TreeScreen(), INSTALLED)
    dialog = app.get_screen(INSTALLED)
    assert isinstance(dialog, TreeScreen)
    dialog.show(shown, short_name(table))
    app.push_screen(dialog)
