"""The Special view: '<|endoftext|>' typed as text is seven ordinary tokens; its id is made only on purpose.

Registering an entry, recognising its spelling while encoding, and stopping on its id are three
different things; the scene says which of them the current table's tokenizer does (GPT-2's, tiktoken's,
or none for a table without the entry). The scene is made in a worker: the view shows a working line
at once, and the keys keep working meanwhile.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static
from textual.worker import get_current_worker

from ..commands import SPECIAL
from ..engine.tables import Table, label, short_name
from ..explain.special import SpecialScene, special_scene
from ..messages import DecodeIds, ViewRequested
from ..safe import visible
from ..widgets.caption_bar import rows_for
from ..widgets.footer import KeyFooter
from ..widgets.view_bar import ViewBar
from .base import ViewScreen

WORKING = "working… encoding the special token's spelling with the {table} table (the keys keep working)"
#: Each table's scene, made once (a tiktoken table's first costs a second or more: its maps are built then).
SCENES: WeakKeyDictionary[Table, SpecialScene] = WeakKeyDictionary()


def scene_text(scene: SpecialScene, width: int, compact: bool = False, listing: bool = True) -> Text:
    """The whole scene as text, wrapped to `width`: what this table does with the literal and its id.
    `compact` (too few rows for all of it, as under the tour's caption at 80x24) leaves out the blank
    lines between the parts; a figure's note too long for its line is said shorter, never wrapped. Without
    `listing` (a tour scene, about the three things) the special tokens are not listed after them."""
    gap = "\n" if compact else "\n\n"
    lit = visible(scene.literal)
    ids = "[" + ", ".join(map(str, scene.ids)) + "]"
    label = visible(scene.table)
    t = Text()
    t.append(f"1 · Typed as text, '{lit}' is ordinary characters\n", style="bold")
    t.append(f"  {scene.ordinary}('{lit}') = ")
    t.append(ids, style="bold")
    t.append(shorter(f"  {scene.ordinary}('{lit}') = {ids}", f"   {len(scene.ids)} ordinary ids", " ids", width) + "\n")
    t.append("  chunks " + " │ ".join(f"'{visible(c)}'" for c in scene.chunks) + "\n")
    t.append("  tokens " + " · ".join(f"{visible(a)} {i}" for i, a in scene.pieces) + gap)
    if scene.special_id is None:
        t.append("2 · The vocabulary registers it as one entry\n", style="bold")
        t.append(f"  the {label} table has no entry '{lit}': nothing to insert or decode" + gap)
    else:
        # the table named here: at 80 columns the view bar has no room for it
        t.append(f"2 · {label}'s vocabulary registers it as one entry\n", style="bold")
        t.append(f"  encoder['{lit}'] = ")
        t.append(str(scene.special_id), style="bold")
        if scene.kind == "control":  # a SentencePiece model: control pieces, byte pieces, the rest
            t.append("   a control piece: no merge makes it\n")
            rest = scene.vocab - scene.specials - 256
            t.append(f"  vocab {scene.vocab:,} = {scene.specials:,} control + 256 byte pieces + {rest:,} pieces\n")
            t.append(f"  decode([{scene.special_id}]) = ")
            t.append(f"'{visible(scene.decoded or '')}'", style="bold")
            t.append("   (SentencePiece's decode drops control pieces)" + gap)
        elif scene.follows_formula:
            t.append(f"   made by rule {scene.rank}\n")
        else:
            said = f"   not {256 + scene.first_id:,} + a rank: merges end at id {scene.last_merge_id:,}"
            t.append(shorter(f"  encoder['{lit}'] = {scene.special_id}", said, " id", width) + "\n")
        if scene.kind != "control":
            merges = scene.last_merge_id + 1 - 256 - scene.first_id
            t.append(f"  vocab {scene.vocab:,} = 256 byte symbols + {merges:,} merges + {scene.specials} special\n")
            t.append(f"  decode([{scene.special_id}]) = ")
            t.append(f"'{visible(scene.decoded or '')}'", style="bold")
            t.append("   (d: watch it in the Decode view)" + gap)
    t.append(f"3 · {scene.caller_title}\n", style="bold")
    for sentence in scene.caller:
        t.append(f"  {visible(sentence)}\n")
    t.append("" if compact else "\n")
    t.append("Three different things\n", style="bold")
    registered = f"✓ id {scene.special_id}" if scene.special_id is not None else "✗ not in this table"
    rows = [
        ("registering", "the vocabulary has an entry for the string", registered),
        ("recognising", "encode() turns that spelling into the id", scene.recognised),
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
    if scene.specials and listing:
        t.append(f"\n4 · {visible(scene.specials_line)}\n", style="bold")
        for ident, spelling in scene.listed:
            t.append(f"  {ident:>7}  ", style="bold")
            t.append(f"'{visible(spelling)}'\n")
        if scene.specials > len(scene.listed):
            t.append(f"  … and {scene.specials - len(scene.listed):,} more (/ in the Decode view decodes any id)\n")
    return t


def shorter(line: str, said: str, word: str, width: int) -> str:
    """`said` to follow `line`, without its last `word` when only that keeps the two on one line of `width`."""
    short = said[::-1].replace(word[::-1], "", 1)[::-1]
    return short if cell_len(line + said) > width >= cell_len(line + short) else said


class SceneMade(Message):
    """This view's worker has made `table`'s scene."""

    def __init__(self, table: Table, scene: SpecialScene) -> None:
        super().__init__()
        self.table, self.scene = table, scene


class SpecialScreen(ViewScreen):
    """The '<|endoftext|>' scene for the current table: its ordinary ids, its entry if it has one, and what makes the id."""

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

    def reload(self) -> None:
        table = self.table
        if self.scene(table) is None:
            self.make_scene(table)
        self.draw()

    def scene(self, table: Table) -> SpecialScene | None:
        return SCENES.get(table)

    @work(thread=True, exclusive=True, group="special", exit_on_error=False)
    def make_scene(self, table: Table) -> None:
        """Encode the literal and look up its entry (a tiktoken table's maps are built on first use): never on the UI thread."""
        scene = special_scene(table)
        if not get_current_worker().is_cancelled:
            self.post_message(SceneMade(table, scene))

    def on_scene_made(self, message: SceneMade) -> None:
        SCENES[message.table] = message.scene
        if message.table is self.table:
            self.draw()

    def on_resize(self) -> None:
        self.draw()

    def watch_caption(self) -> None:
        self.draw()

    def draw(self) -> None:
        if not self.is_mounted:
            return
        table = self.table
        scene = self.scene(table)
        for bar in self.query(ViewBar):
            bar.note = label(table) + (" (this table has no special token)" if scene is not None and not scene.specials else "")
        if scene is None:
            shown = Text(WORKING.format(table=short_name(table)), style="italic")
        else:
            width = self.size.width - 2  # the body's padding
            rows = self.size.height - rows_for(self.caption, self.size.width) - 2  # the view bar and the footer
            listing = self.caption is None  # a tour scene is about the three things: no list after them
            shown = scene_text(scene, width, listing=listing)
            if len(shown.wrap(self.app.console, width)) > rows:
                shown = scene_text(scene, width, compact=True, listing=listing)
        self.query_one("#special-scene", Static).update(shown)

    def action_decode_special(self) -> None:
        table = self.table
        scene = self.scene(table)
        ident = None if scene is None else scene.special_id
        if ident is None:
            self.notify("This table has no special token to decode.", timeout=3)
            return
        self.post_message(ViewRequested("decode", DecodeIds((ident,), table.name)))
