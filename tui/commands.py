"""One registry of commands: each command's keys, footer label, palette title and help line, defined once.

A screen's BINDINGS, the footer (its labels, in registry order), the command palette and the keys
part of the help page are all made from these entries; nothing else names a key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.binding import Binding, BindingType

from .views import ALL_VIEWS as ALL_VIEWS
from .views import LATER_VIEWS as LATER_VIEWS
from .views import VIEW_RANGE as VIEW_RANGE
from .views import VIEWS, View


@dataclass(frozen=True)
class Command:
    """A key (or keys) bound to an action; `label` is the footer's word ("" keeps it out of the footer)."""

    action: str  # as bound on the screen; 'app.' runs it on the app
    keys: str  # Textual key names, comma-separated
    title: str  # the command palette's title
    help: str  # the help page's words for it
    label: str = ""
    help_keys: str = ""  # how the help page writes the keys, when not the key names
    key_display: str | None = None
    priority: bool = False

    @property
    def binding(self) -> Binding:
        return Binding(
            self.keys, self.action, self.label or self.help, show=bool(self.label), key_display=self.key_display, priority=self.priority
        )

    @property
    def shown_keys(self) -> str:
        """'right / l', 'pagedown', '?': the keys as the palette and help name them."""
        return self.help_keys or " / ".join(KEY_NAMES.get(k, k) for k in self.keys.split(","))


KEY_NAMES = {
    "question_mark": "?",
    "slash": "/",
    "plus": "+",
    "minus": "-",
    "equals_sign": "=",
    "right_square_bracket": "]",
    "left_square_bracket": "[",
}


def bindings(commands: Iterable[Command]) -> list[BindingType]:
    """A screen's BINDINGS, in the order of `commands` (the footer shows them in that order)."""
    return [c.binding for c in commands]


def _step(move: str, keys: str, title: str, help: str, label: str = "", help_keys: str = "") -> Command:
    return Command(f"move('{move}')", keys, title, help, label, help_keys, priority=True)


def _view(view: View, label: str = "") -> Command:
    return Command(
        f"app.view('{view.name}')", view.key, view.title, "views (below)", label, VIEW_RANGE, key_display=VIEW_RANGE if label else None
    )


HELP = Command("app.help", "question_mark", "Help: keys and panes", "help", "help")
#: For a projector and for slides (every view): the next theme, and the screen saved as SVG.
THEME = Command("app.cycle_theme", "T", "Next theme (dark and light)", "next theme")
SCREENSHOT = Command("app.save_screen", "S", "Save the screen as SVG (for slides)", "screen as SVG")
QUIT = Command("app.quit", "q", "Quit", "quit", "quit")
#: One key per view; the second view's key carries the footer's "views" label for all of them.
VIEW_COMMANDS = tuple(_view(view, "views" if n == 1 else "") for n, view in enumerate(VIEWS))
VIEW_1, VIEW_2 = VIEW_COMMANDS[:2]

#: The move keys are named where they move (the word and chunks panes' borders), which leaves the
#: footer room at 80 columns for the rest and the palette.
NEXT = _step("next", "right,l", "Next frame", "next frame")
PREVIOUS = _step("previous", "left,h", "Previous frame", "previous frame")
NEXT_ROUND = _step("next_round", "shift+right", "Next round", "next round")
PREVIOUS_ROUND = _step("previous_round", "shift+left", "Previous round", "previous round")
NEXT_CHUNK = _step("next_chunk", "pagedown", "Next chunk", "next chunk")
PREVIOUS_CHUNK = _step("previous_chunk", "pageup", "Previous chunk", "previous chunk")
FIRST = _step("first", "home", "First frame", "first / last", help_keys="home / end")
LAST = _step("last", "end", "Last frame", "first / last", help_keys="home / end")
PLAY = Command("play", "space", "Play / pause", "play / pause", "play", priority=True)
FASTER = Command("speed(1)", "plus,equals_sign", "Faster", "faster / slower", help_keys="+ / -")
SLOWER = Command("speed(-1)", "minus", "Slower", "faster / slower", help_keys="+ / -")
DETAIL = Command("detail", "d", "Scan detail on/off", "scan detail", "scan")
#: One rule in every view: the table is the app's, so `t` recaptures the text under the next one.
SWITCH_TABLE = Command("switch_table", "t", "Switch every view to the next table", "next table (every view)", "table")
EDIT = Command("edit", "e", "Edit the text", "edit the text", "edit")
EXAMPLES = Command("examples", "x", "Example traces", "examples", "examples")
OPEN = Command("open", "o", "Open a trace file", "open / save", help_keys="o / s")
SAVE = Command("save", "s", "Save this trace", "open / save", help_keys="o / s")
SORT = Command("sort", "r", "Sort pairs by position / rank", "sort pairs")
CANCEL = Command("cancel_capture", "escape", "Cancel the capture", "cancel capture")
RULE = Command("rule_in_table", "g", "This round's rule in the rule table", "rule in table")
WHY = Command("why", "w", "Why was this pair chosen, or not?", "why (not) chosen")
CODE = Command("code", "c", "Code pane on/off: the loop, this frame's line marked", "code pane")
#: b, which no view uses: the merge tree of the token a view points at (tui/screens/tree.py).
TREE = Command("tree", "b", "Merge tree of this token (how its rules build it)", "merge tree of this token", "tree")

#: The animator (view 1), in footer order: what a newcomer needs first, so it survives 80 columns.
ENCODE = (
    NEXT, PREVIOUS, PLAY, DETAIL, SWITCH_TABLE, EDIT, EXAMPLES, HELP, QUIT, VIEW_2,
    NEXT_ROUND, PREVIOUS_ROUND, NEXT_CHUNK, PREVIOUS_CHUNK, FIRST, LAST, FASTER, SLOWER,
    OPEN, SAVE, SORT, CANCEL, VIEW_1, *VIEW_COMMANDS[2:], RULE, WHY, CODE, THEME, SCREENSHOT, TREE,
)  # fmt: skip

#: The order of the help page's keys table, two to a line.
ENCODE_HELP = (
    NEXT, PREVIOUS, NEXT_ROUND, PREVIOUS_ROUND, NEXT_CHUNK, PREVIOUS_CHUNK, FIRST, PLAY, FASTER, DETAIL,
    SWITCH_TABLE, EDIT, EXAMPLES, OPEN, SORT, CANCEL, VIEW_2, RULE, WHY, CODE, TREE, THEME, SCREENSHOT, HELP, QUIT,
)  # fmt: skip

LEAVE_INPUT = Command("leave_input", "escape", "Leave the input", "leaves an input")
#: What every view after the animator ends with: help, quit, the view keys, the theme and the screenshot.
VIEW_KEYS = (HELP, QUIT, VIEW_2, VIEW_1, *VIEW_COMMANDS[2:], THEME, SCREENSHOT)
SHARED = (SWITCH_TABLE, LEAVE_INPUT, *VIEW_KEYS)

DECODE = (
    SWITCH_TABLE,
    Command("policy", "p", "Decode: errors replace / strict", "errors replace/strict", "replace/strict"),
    Command("type_ids", "slash,i", "Decode: type ids", "type ids", "type ids", "/"),
    Command("trace_ids", "c", "Decode: the trace's ids", "the trace's ids", "trace"),
    Command("code", "v", "Decode: code pane on/off (the decoder, this token's line marked)", "code pane"),
    LEAVE_INPUT,
    *VIEW_KEYS,
    TREE,
)
ALIASES = (
    SWITCH_TABLE,
    Command("find", "slash,f", "Aliases: find a byte, an alias or a text", "a byte, an alias or any text", "find", "/"),
    LEAVE_INPUT,
    *VIEW_KEYS,
)
TABLES = (
    SWITCH_TABLE,
    Command("find", "slash,f", "Tables: find a rank, id, rule or symbol", "a rank, id N, 'left right' or a symbol", "find", "/"),
    Command("match(1)", "n", "Tables: next match", "next / previous match", "match", "n / N"),
    Command("match(-1)", "N", "Tables: previous match", "next / previous match", help_keys="n / N"),
    Command("used(1)", "u", "Tables: next rule this text used", "next / previous used rank", "used", "u / U"),
    Command("used(-1)", "U", "Tables: previous rule this text used", "next / previous used rank", help_keys="u / U"),
    Command("facts", "p", "Tables: what loading builds / id space, spaces, rule / regex", "built maps, facts, regex", "facts"),
    Command("compression", "L", "Tables: bytes per token of every table on 15 languages' samples", "compression by language"),
    LEAVE_INPUT,
    *VIEW_KEYS,
    TREE,
    Command("reach", "r", "Tables: rules / the tokens of each reach class", "rules, then each reach class's tokens", "reach"),
    Command("animate_token", "enter", "Tables: animate this token's text in view 1", "animate the token's text (view 1)"),
)
SPECIAL = (
    SWITCH_TABLE,
    Command("decode_special", "d", "Special: decode the special id", "decode it", "decode it"),
    *VIEW_KEYS,
)
EXPLORE = (
    Command("edit_text", "e,slash", "Explore: edit the text", "edit the text in place", "edit", "e / /"),
    Command("toggle_tokens", "v", "Explore: show chunks / tokens", "branches or token ids under the chunks", "tokens"),
    Command("animate", "enter", "Explore: animate this chunk", "animate the chunk under its table", "animate"),
    Command("choose_rows", "r", "Explore: choose the rows' tokenizers (up to six)", "choose the rows' tokenizers", "rows"),
    LEAVE_INPUT,
    *VIEW_KEYS,
)

COMPARE = (
    SWITCH_TABLE,
    Command("move('next')", "right,l", "Compare: next frame, both sides", "next / previous frame (both)", "next", "right / left"),
    Command("move('previous')", "left,h", "Compare: previous frame, both sides", "next / previous frame (both)", help_keys="right / left"),
    Command("move('next_chunk')", "pagedown", "Compare: next shared chunk", "next / previous chunk", help_keys="pgdn / pgup"),
    Command("move('previous_chunk')", "pageup", "Compare: previous shared chunk", "next / previous chunk", help_keys="pgdn / pgup"),
    Command("move('first')", "home", "Compare: first frame", "first / last frame", help_keys="home / end"),
    Command("move('last')", "end", "Compare: last frame", "first / last frame", help_keys="home / end"),
    Command("divergence", "n", "Compare: next divergence", "next divergence", "next diff"),
    Command("swap", "s", "Compare: swap the sides", "swap sides", "swap"),
    Command("pick('a')", "a", "Compare: next table on side A", "next table on side A / B", "A table", "a / b"),
    Command("pick('b')", "b", "Compare: next table on side B", "next table on side A / B", "B table", "a / b"),
    *VIEW_KEYS,
)

#: The Chat view: f and g change what is rendered; e and o change the conversation.
CHAT = (
    SWITCH_TABLE,
    Command("next_format", "f,s", "Chat: the next chat format that fits this table", "next chat format", "format"),
    Command("prompt", "g", "Chat: the generation prompt on / off", "generation prompt on/off", "prompt"),
    Command("edit", "e,slash", "Chat: edit the conversation (role: content lines, or JSON)", "edit the conversation", "edit"),
    Command("animate", "enter", "Chat: animate this message's content in view 1", "animate the message (view 1)", "animate"),
    Command("open", "o", "Chat: open a conversation file (JSON)", "open a conversation (JSON)"),
    *VIEW_KEYS,
)


def _train(action: str, keys: str, title: str, help: str, label: str = "", help_keys: str = "") -> Command:
    return Command(action, keys, f"Training: {title}", help, label, help_keys)


#: The training view: the animator's step keys move through the rounds.
TRAIN = (
    _train("round('next')", "right,l", "next round", "next / previous round", "next", "right / left"),
    _train("round('previous')", "left,h", "previous round", "next / previous round", "prev", "right / left"),
    _train("round('first')", "home", "first round", "first / last round", help_keys="home / end"),
    _train("round('last')", "end", "last round", "first / last round", help_keys="home / end"),
    _train("use_table", "u", "use this table in the app (t reaches it)", "use this table in view 1", "use"),
    _train("merges(1)", "plus,equals_sign", "more merges", "more / fewer merges", "+merges", "+ / -"),
    _train("merges(-1)", "minus", "fewer merges", "more / fewer merges", help_keys="+ / -"),
    _train("ask_merges", "m", "type the number of merges", "type the number of merges"),
    _train("code", "c", "code pane on/off: get_stats, merge, this round's line marked", "code pane", "code"),
    _train("train_current", "r", "train on the current text", "train on the current text", "text"),
    _train("train_file", "f", "train on a file", "train on a file", "file"),
    _train("train_examples", "x", "train on the examples' texts", "train on the examples' texts"),
    _train("train_book", "k", "train on the bundled Shakespeare (seven plays, 1.1 MB)", "train on the bundled book"),
    _train("pattern", "p", "another chunking regex", "another chunking regex"),
    _train("side", "s", "show chunks / no chunks (one side shown, and the code's)", "chunks / no chunks (one side, code)"),
    _train("cancel_training", "escape", "cancel the training", "cancel the training"),
    _train("compression", "L", "bytes per token of this table and every table on 15 samples", "compression by language"),
    *VIEW_KEYS,
)

#: The guided tour (`bpe-tui tour`): over every view, before the view's own n and p.
#: The tour's keys: ] and [, which no view uses, so every view's own keys keep working inside a scene.
NEXT_SCENE = Command(
    "app.scene(1)", "right_square_bracket", "Tour: next scene", "next / previous scene", "next scene", "] / [", "]", priority=True
)
PREVIOUS_SCENE = Command(
    "app.scene(-1)", "left_square_bracket", "Tour: previous scene", "next / previous scene", "back", "] / [", "[", priority=True
)
#: The presenter's other keys, none a view's own (space is view 1's play key, which pauses a playing tour too).
GO_TO_SCENE = Command("app.go_to_scene", "G", "Tour: go to scene N", "go to scene N (type N, enter)")
RESTART_SCENE = Command("app.restart_scene", "R", "Tour: restart this scene", "restart the scene")
PAUSE_TOUR = Command("app.pause_tour", "space", "Tour: pause / resume", "pause / resume the tour")
TOUR = (NEXT_SCENE, PREVIOUS_SCENE, GO_TO_SCENE, RESTART_SCENE, PAUSE_TOUR)
#: Outside the tour, ] and [ say where the tour is instead of doing nothing.
NO_TOUR = Command("app.no_tour", "right_square_bracket,left_square_bracket", "Tour keys: where the tour is", "the tour's keys")
#: In every view, in the tour or not: the focused pane fills the screen, and is put back (escape too).
ZOOM = Command("app.zoom", "z", "Zoom the focused pane to the whole screen, and back", "zoom the focused pane, and back")

#: The Aliases view's byte grid: its own arrows select a byte (in a grid, not a step of the trace).
ALIAS_GRID = (
    Command("move(-16)", "up,k", "Byte grid: up", "up"),
    Command("move(16)", "down,j", "Byte grid: down", "down"),
    Command("move(-1)", "left,h", "Byte grid: left", "left"),
    Command("move(1)", "right,l", "Byte grid: right", "right"),
    Command("select(0)", "home", "Byte grid: byte 0", "byte 0"),
    Command("select(255)", "end", "Byte grid: byte 255", "byte 255"),
)

#: The dialogs (tui/screens/dialogs.py): the edit box's keys, cancel, yes / no, and the help page's close.
EDIT_BOX = (
    Command("select_all", "ctrl+a", "Select all the text", "select all"),
    Command("clear_text", "ctrl+l", "Clear the text (undo brings it back)", "clear"),
)
CANCEL_DIALOG = Command("cancel", "escape", "Cancel", "cancel", "cancel")
#: The path dialog's tab completes the path typed (instead of moving the focus).
COMPLETE_PATH = Command("complete", "tab", "Complete the path", "complete", "complete", priority=True)
#: The edit dialog's escape wins over its text area, which would otherwise take escape to move focus.
CANCEL_EDIT = Command("cancel", "escape", "Cancel the edit", "cancel", "cancel", priority=True)
CONFIRM = (Command("answer(True)", "y", "Yes", "yes", "yes"), Command("answer(False)", "n,escape", "No", "no", "no"))
#: The explorer's row chooser: space ticks a tokenizer, enter (before the list's own) shows the ticked ones.
CHOOSE_ROWS = (
    Command("tick", "space", "Tick or untick this tokenizer", "tick / untick", "tick"),
    Command("apply", "enter", "Show the ticked tokenizers", "show these rows", "show", priority=True),
    CANCEL_DIALOG,
)
CLOSE_HELP = Command("close", "escape,question_mark,q", "Close the help", "close", "close")
#: The compression chart (L, for languages, in the Tables and Training views) closes with escape, q or L again.
CLOSE_CHART = Command("close", "escape,q,L", "Close the chart", "close", "close")
CLOSE_TREE = Command("close", "escape,b", "Close the merge tree", "close", "close")

#: Each view's commands by view name (the palette offers a view's own).
BY_VIEW = {
    "encode": ENCODE, "decode": DECODE, "aliases": ALIASES, "tables": TABLES, "special": SPECIAL, "explore": EXPLORE, "train": TRAIN,
    "compare": COMPARE, "chat": CHAT,
}  # fmt: skip


def palette(commands: Iterable[Command], run_action: Callable[..., Any], *on: object) -> Iterator[SystemCommand]:
    """The command palette's entries for `commands` (quit is Textual's own), each run by `run_action(action, *on)`."""
    for command in commands:
        if command is not QUIT:
            yield SystemCommand(command.title, f"key: {command.keys.replace(',', ' / ')}", partial(run_action, command.action, *on))


def unique(commands: Iterable[Command]) -> Iterator[Command]:
    """Each action once (the footer's view key 2 and its hidden twin are one command)."""
    seen: set[str] = set()
    for c in commands:
        if c.action not in seen:
            seen.add(c.action)
            yield c


def help_cells(commands: Iterable[Command]) -> list[tuple[str, str]]:
    """(keys, words) cells for the help page; commands that share their words share one cell."""
    cells: list[tuple[str, str]] = []
    for c in commands:
        cell = (c.shown_keys, c.help)
        if cell not in cells:
            cells.append(cell)
    return cells


def keys_table() -> str:
    """The animator's keys, two to a line, then the palette."""
    cells = help_cells(ENCODE_HELP)
    lines = []
    left = max(len(words) for _, words in cells[::2]) + 1  # never two cells run together
    for n in range(0, len(cells), 2):
        (k1, h1), *rest = cells[n : n + 2]
        line = f"  {k1:<15}{h1:<{left}}"
        if rest:
            line += f"{rest[0][0]:<13}{rest[0][1]}"
        lines.append(line.rstrip())
    lines.append(f"  {'ctrl+p':<15}command palette: every action by name")
    return "\n".join(lines)


def key_lines(width: int) -> str:
    """The animator's keys for a page `width` columns wide: two to a line where both fit whole, one to a
    line otherwise (a description never breaks under its key), then the palette."""
    cells = help_cells(ENCODE_HELP)
    left_keys = max(len(keys) for keys, _ in cells[::2]) + 2
    left_words = max(len(words) for _, words in cells[::2]) + 2
    right_keys = max(len(keys) for keys, _ in cells[1::2]) + 2
    right_words = max(len(words) for _, words in cells[1::2])
    if 2 + left_keys + left_words + right_keys + right_words <= width:
        rows = [cells[n : n + 2] for n in range(0, len(cells), 2)]
        lines = [
            f"  {k1:<{left_keys}}{h1:<{left_words}}{rest[0][0]:<{right_keys}}{rest[0][1]}" if rest else f"  {k1:<{left_keys}}{h1}"
            for (k1, h1), *rest in rows
        ]
    else:
        column = max(len(keys) for keys, _ in cells) + 2
        lines = [f"  {keys:<{column}}{words}" for keys, words in cells]
    return "\n".join([*(line.rstrip() for line in lines), f"  {'ctrl+p':<{left_keys}}command palette: every action by name"])


def view_keys(view: str) -> str:
    """'p: errors replace/strict · /: type ids': the keys of one view after the animator beyond those they share."""
    return " · ".join(f"{keys}: {words}" for keys, words in help_cells(c for c in BY_VIEW[view] if c not in SHARED))


def shared_keys() -> str:
    """'t switches every view to the next table; escape leaves an input': the keys the views after the animator share."""
    return "; ".join(f"{c.shown_keys} {c.help}" for c in (SWITCH_TABLE, LEAVE_INPUT))
