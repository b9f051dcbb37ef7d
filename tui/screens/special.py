"""The Special view: '<|endoftext|>' typed as text is seven ordinary tokens; id 50256 is inserted by the caller.

Registering an entry, recognising its spelling while encoding, and stopping on its id are three
different things; the scene says which of them GPT-2's tokenizer does.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..commands import SPECIAL
from ..engine.pretokenize import split
from ..engine.tables import Table, TableError, gpt2, label, short_name
from ..explain.special import ENDOFTEXT, SpecialScene, special_scene
from ..messages import DecodeIds, ViewRequested
from ..safe import visible
from ..widgets.footer import KeyFooter
from .base import ViewBar, ViewScreen


def scene_text(scene: SpecialScene, table: Table, width: int, borrowed_from: str | None = None) -> Text:
    """The whole scene as text, wrapped to `width`; `borrowed_from` names a table without special tokens."""
    lit = visible(scene.literal)
    ids = "[" + ", ".join(map(str, scene.ids)) + "]"
    label = short_name(table)
    t = Text()
    if borrowed_from is not None:
        t.append(f"(the {borrowed_from} table has no special token: this scene uses {label}'s)\n", style="italic")
    t.append(f"1 · Typed as text, '{lit}' is ordinary characters\n", style="bold")
    t.append(f"  encode('{lit}') = ")
    t.append(ids, style="bold")
    t.append(f"   {len(scene.ids)} ordinary ids\n")
    t.append("  chunks " + " │ ".join(f"'{visible(c)}'" for c in split(scene.literal)) + "\n")
    t.append("  tokens " + " · ".join(f"{visible(a)} {i}" for i, a in scene.pieces) + "\n\n")
    t.append("2 · The vocabulary registers it as one entry\n", style="bold")
    if scene.special_id is None:
        t.append(f"  the {label} table has no entry '{lit}': nothing to insert or decode\n\n")
    else:
        t.append(f"  encoder['{lit}'] = ")
        t.append(str(scene.special_id), style="bold")
        if scene.follows_formula:
            t.append(f"   made by rule {scene.rank}\n")
        else:
            t.append(f"   not 256 + a rank: merges end at id {scene.last_merge_id:,}\n")
        n = len(table.merges)
        special = len(table.special)
        t.append(f"  vocab {len(table.encoder):,} = 256 byte symbols + {n:,} merges + {special} special\n")
        t.append(f"  decode([{scene.special_id}]) = ")
        t.append(f"'{visible(scene.decoded or '')}'", style="bold")
        t.append("   (d: watch it in the Decode view)\n\n")
    t.append("3 · The caller must insert the id itself\n", style="bold")
    t.append("  GPT-2's encode() has no allowed_special branch: it never produces ")
    t.append(str(scene.special_id) if scene.special_id is not None else "a special id")
    t.append(".\n\n")
    t.append("Three different things\n", style="bold")
    registered = f"✓ id {scene.special_id}" if scene.special_id is not None else "✗ not in this table"
    rows = [
        ("registering", "the vocabulary has an entry for the string", registered),
        ("recognising", "encode() turns that spelling into the id", "✗ never: 7 ordinary ids" if len(scene.ids) == 7 else "✗ never"),
        ("stopping", "generation ends when the model emits the id", "the caller's rule, not the tokenizer's"),
    ]
    wide = width >= 100
    for name, what, answer in rows:
        t.append(f"  {name:<12}", style="bold")
        if wide:
            t.append(f"{what:<48}")
            t.append(answer, style="bold")
            t.append("\n")
        else:
            t.append(what + "\n")
            t.append(" " * 14)
            t.append(answer + "\n", style="bold")
    return t


class SpecialScreen(ViewScreen):
    """The '<|endoftext|>' scene, for the current table if it registers the token, else for GPT-2."""

    VIEW = "special"
    AUTO_FOCUS = "#special-body"
    CSS_PATH = "special.tcss"
    REGISTRY = SPECIAL

    def compose(self) -> ComposeResult:
        yield from self.bars()
        with VerticalScroll(id="special-body"):
            yield Static(id="special-scene")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#special-body").focus()

    def scene_table(self) -> Table:
        table = self.table
        if ENDOFTEXT in table.encoder:
            return table
        try:
            return gpt2()
        except TableError:
            return table

    def reload(self) -> None:
        table = self.scene_table()
        for bar in self.query(ViewBar):
            bar.note = label(table) + ("" if table is self.table else " (this table has no special token)")
        self.draw()

    def on_resize(self) -> None:
        self.draw()

    def draw(self) -> None:
        if not self.is_mounted:
            return
        table = self.scene_table()
        scene = special_scene(table)
        borrowed = None if table is self.table else self.table.name
        self.query_one("#special-scene", Static).update(scene_text(scene, table, self.size.width, borrowed))

    def action_decode_special(self) -> None:
        table = self.scene_table()
        ident = table.encoder.get(ENDOFTEXT)
        if ident is None:
            self.notify("This table has no special token to decode.", timeout=3)
            return
        self.post_message(ViewRequested("decode", DecodeIds((ident,), table.name)))
