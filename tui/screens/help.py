"""The help page (`?`): the keys, what each pane means, the views and the tour, laid out for the width it
is shown at: paragraphs wrapped with hanging indents, the keys two to a line where two fit and one
otherwise, so no description breaks under its own key (at 60x18 and 80x24 the page once did)."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ..commands import (
    ALL_VIEWS,
    CLOSE_HELP,
    GO_TO_SCENE,
    LATER_VIEWS,
    NEXT_SCENE,
    RESTART_SCENE,
    VIEW_RANGE,
    VIEWS,
    ZOOM,
    bindings,
    key_lines,
    shared_keys,
    view_keys,
)
from .dialogs import dialog_css

#: The width the page is laid out at before it is shown (and in tests): its width in the dialog at 80 columns.
WIDTH = 68

INTRO = (
    "bpe-tui shows GPT-2's tokenizer one frame at a time, from a captured merge trace.",
    "",
    "Why subwords: single characters make sequences very long, and whole words need a huge vocabulary that still "
    "misses new words; BPE sits in between, merging the most frequent pairs into tokens.",
    "",
    f"Keys (they work in view 1, whatever has focus; the other views' keys are under Views below; t, ?, q and {VIEW_RANGE} work in every view)",
)

PANES = (
    ("Header", "the table in use, the text's figures (bytes → tokens, merges that fire), where you are, and one sentence on this frame."),
    (
        "Chunks",
        "the text cut by GPT-2's regex; BPE never merges across │. Space is ·, newline ↵, tab →; ↺ marks a chunk read from the "
        "cache, ¹ a single symbol.",
    ),
    (
        "Bytes",
        "the current chunk's UTF-8 bytes (decimal, hex) under their aliases; * marks the 68 bytes moved to 256+n (space → Ġ); "
        "this round's pair is reversed.",
    ),
    (
        "Word",
        "the chunk's symbols; this round's pair is reversed and marked ^, the new word is beneath. In scan detail (d), i is the "
        "read position and j where word.index(first, i) found the first symbol. N symbols allow at most N−1 rounds (each merges "
        "at least one pair); that bounds rounds, not time, as every round rescans the word.",
    ),
    (
        "Pairs",
        "every adjacent pair with its rank (— when it is no rule); ▶ marks the lowest, the one merged. A rank says which rule "
        "comes first; an id names the model's token (here id = 256 + rank). ↑/↓ select a pair, w (or a click) says why it was "
        "or was not chosen. At a chunk's end the rules that were candidates but never chosen are listed: present in the table, "
        "unusable on this input.",
    ),
    ("Ids", "each id after its alias string, │ between chunks."),
    (
        "Code",
        "(c; on from 160 columns) the loop as code: ▶ and reverse mark the line this frame is on, · the other lines it runs, "
        "↳ the values of their variables (i, j, first, second, the new word).",
    ),
)


def _hanging(head: str, body: str, width: int, indent: int) -> str:
    """`body` wrapped to `width` after `head`, its later lines under the body's start (head on its own line
    when the page is too narrow for both)."""
    room = max(width - indent, 20)
    first = f"  {head}".ljust(indent)
    if len(first) > indent:  # a head longer than its column: the body starts on the next line
        return first.rstrip() + "\n" + textwrap.fill(body, indent + room, initial_indent=" " * indent, subsequent_indent=" " * indent)
    return textwrap.fill(body, indent + room, initial_indent=first, subsequent_indent=" " * indent)


def help_text(width: int = WIDTH) -> str:
    """The help page for a page `width` columns wide; every key in it comes from the command registry."""
    fill = "\n".join(textwrap.fill(p, width) if p else "" for p in INTRO)
    panes = "\n".join(_hanging(name, words, width, 12) for name, words in PANES)
    views = []
    for view in VIEWS:
        keys = view_keys(view.name) if view is not VIEWS[0] else ""
        views.append(_hanging(f"{view.key} {view.label}", view.help + (f" {keys}." if keys else ""), width, 13))
    later = textwrap.fill(f"In views {LATER_VIEWS}, {shared_keys()}.", width, initial_indent="  ", subsequent_indent="  ")
    tour = "\n".join(
        textwrap.fill(p, width, subsequent_indent="  ")
        for p in (
            f"In the guided tour (bpe-tui tour): {NEXT_SCENE.shown_keys} {NEXT_SCENE.help}; space pauses --play. "
            f"{GO_TO_SCENE.shown_keys} {GO_TO_SCENE.help}; {RESTART_SCENE.shown_keys} {RESTART_SCENE.help}; space in views "
            f"{LATER_VIEWS} plays or pauses the tour.",
            f"In every view: {ZOOM.shown_keys} {ZOOM.help} (tab moves the focus).",
        )
    )
    head = textwrap.fill(f"Views: {ALL_VIEWS} (the step keys above work in view 1)", width)
    return f"{fill}\n{key_lines(width)}\n\nPanes\n{panes}\n\n{head}\n" + "\n".join(views) + f"\n{later}\n\n{tour}\n"


class HelpText(Static):
    """The help page, laid out again for each width it is given."""

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width > 0:
            self.update(Text(help_text(event.size.width)))


class HelpScreen(ModalScreen[None]):
    """The keys and what each pane means."""

    DEFAULT_CSS = (
        dialog_css("HelpScreen")
        + """
    HelpScreen > Vertical { width: 100%; max-width: 74; height: 90%; }
    HelpScreen VerticalScroll { height: 1fr; }
    """
    )
    BINDINGS = bindings((CLOSE_HELP,))

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                yield HelpText(Text(help_text()))
            yield Label("escape: close", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
