"""Modal screens: edit the text, pick an example, type a path, confirm, and the help page."""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option
from textual.widgets.text_area import Document, DocumentNavigator, WrappedDocument

from ..commands import CANCEL_DIALOG, CANCEL_EDIT, COMPLETE_PATH, CONFIRM, EDIT_BOX, bindings
from ..engine.examples import LABELS
from ..engine.files import read_utf8
from ..messages import TextSubmitted
from ..safe import one_for_one, visible
from ..widgets.shown_document import ShownDocument

DIALOG_CSS = """
%s {
    align: center middle;
    background: $background 60%%;
}
%s > Vertical {
    width: 90%%;
    max-width: 100;
    height: auto;
    max-height: 90%%;
    border: round $accent;
    background: $surface;
    padding: 0 1;
}
%s Label.hint { color: $text-muted; }
"""


def dialog_css(name: str) -> str:
    return DIALOG_CSS % (name, name, name)


def typable(character: str | None) -> bool:
    """A key's character goes into the text unless it is a control (C0, DEL, C1) or a surrogate.

    Textual's TextArea takes only `str.isprintable()` characters, which drops ZWJ, ZWNJ, soft
    hyphen, bidi marks, NBSP and the other format and space characters people type.
    >>> [typable(c) for c in ("a", "\u200d", "\u00ad", "\u00a0", "\x01", "\x7f", "\x85", None)]
    [True, True, True, True, False, False, False, False]
    """
    return character is not None and len(character) == 1 and unicodedata.category(character) not in ("Cc", "Cs")


def stand_in_note(line: str, column: int) -> str:
    """What the editor's stand-in at `column` of `line` is, in the panes' spelling; "" where the character is drawn as itself.

    >>> stand_in_note("👍\U0001f3fd", 1)
    '◌ at the cursor is ⟨U+1F3FD⟩ EMOJI MODIFIER FITZPATRICK TYPE-4'
    >>> stand_in_note("a\x1b", 1), stand_in_note("ab", 1)
    ('␛ at the cursor is ⟨U+001B⟩ ESCAPE', '')
    """
    if not 0 <= column < len(line):
        return ""
    shown, ch = _shown(line)[column], line[column]
    if shown == ch:
        return ""
    name = unicodedata.name(ch, "") or _CONTROL_NAMES.get(ord(ch), "")
    return f"{shown} at the cursor is ⟨U+{ord(ch):04X}⟩" + (f" {name}" if name else "")


#: unicodedata names no control character: the editor names those it shows as a stand-in by their Unicode alias.
_CONTROL_NAMES = {
    0x00: "NULL",
    0x07: "BELL",
    0x08: "BACKSPACE",
    0x0B: "LINE TABULATION",
    0x0C: "FORM FEED",
    0x1B: "ESCAPE",
    0x7F: "DELETE",
    0x85: "NEXT LINE",
}


class EditBox(TextArea):
    """A text area where enter applies the text, ctrl+j starts a new line, ctrl+a selects all, ctrl+l
    clears (undo brings it back), and every typed character counts. Home still goes to the line start."""

    BINDINGS = bindings(EDIT_BOX)

    def action_clear_text(self) -> None:
        """Delete the whole text, as one edit that ctrl+z undoes."""
        if not self.read_only:
            self.clear()

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "enter":
            event.stop()
            event.prevent_default()
            self.post_message(TextSubmitted(self.text))
            return
        if event.key == "ctrl+j":
            event.stop()
            event.prevent_default()
            self.insert("\n")
            return
        if not event.is_printable and event.key not in ("tab", "enter") and typable(event.character) and not self.read_only:
            event.stop()
            event.prevent_default()
            assert event.character is not None
            self.replace(event.character, *self.selection, maintain_selection_offset=False)
            return
        await super()._on_key(event)

    @staticmethod
    def shown(line: str) -> str:
        """A line as drawn: controls, bidi and invisible marks as one visible stand-in each, never raw."""
        return _shown(line)

    def _set_document(self, text: str, language: str | None) -> None:
        """Textual's, then the document swapped for one that Textual measures as it is drawn (the one
        place a TextArea makes its document; the signature is pinned in tests/widgets/test_styles_cache.py)."""
        super()._set_document(text, language)
        self.document = ShownDocument(text, self.shown)
        self.wrapped_document = WrappedDocument(self.document, tab_width=self.indent_width)
        self.navigator = DocumentNavigator(self.wrapped_document)
        self.move_cursor((0, 0))
        self._rewrap_and_refresh_virtual_size()

    def get_line(self, line_index: int) -> Text:
        return Text(self.document.get_line(line_index), end="", no_wrap=True)


#: Lines as drawn, remembered: Textual reads a line for layout several times a key.
_shown = lru_cache(maxsize=64)(one_for_one)


class EditScreen(ModalScreen[str | None]):
    """Edit the text to tokenize: enter applies, escape cancels, ctrl+j inserts a newline, ctrl+a selects all, ctrl+l clears."""

    DEFAULT_CSS = (
        dialog_css("EditScreen")
        + "EditScreen EditBox { height: auto; min-height: 3; max-height: 12; } #stand-in { display: none; color: $text-muted; }"
    )
    BINDINGS = bindings((CANCEL_EDIT,))  # priority: the TextArea would otherwise take escape (tab_behavior="indent")

    def __init__(self, text: str, limit: int, *, title: str = "Text to tokenize") -> None:
        super().__init__()
        self.initial = text
        self.limit = limit
        self.heading = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.heading, classes="title", markup=False)
            box = EditBox(self.initial, soft_wrap=True, show_line_numbers=False, tab_behavior="indent")
            box.indent_type = "tabs"  # tab types a real tab: the text is data, not code to indent
            yield box
            yield Label("", id="stand-in")
            yield Label(
                f"enter: apply · ctrl+j: new line · escape: cancel\nctrl+a: select all · ctrl+l: clear · at most {self.limit:,} characters",
                classes="hint",
            )

    def on_text_area_selection_changed(self, event: TextArea.SelectionChanged) -> None:
        """Under the box, what the stand-in at the cursor stands for, as the panes spell it."""
        row, column = event.selection.end
        line = event.text_area.document.get_text_range((row, 0), (row + 1, 0)).rstrip("\r\n")
        note = stand_in_note(line, column)
        label = self.query_one("#stand-in", Label)
        label.update(note)
        label.display = bool(note)  # the row is there only while it says something

    def on_text_submitted(self, message: TextSubmitted) -> None:
        message.stop()
        # The editor turns \r, \v, \f, \x1c-\x1e, \x85, \u2028 and \u2029 into line breaks of one kind:
        # a text applied unedited is given back exactly as it came, so its ids do not change.
        self.dismiss(self.initial if message.text == Document(self.initial).text else message.text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PathSuggester(Suggester):
    """Offers, greyed after the cursor, what tab would complete the path to (`complete`)."""

    def __init__(self, complete: Callable[[str], str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)  # the folder may change while the dialog is open
        self.complete = complete

    async def get_suggestion(self, value: str) -> str | None:
        done = self.complete(value)
        return done if done != value else None


class PathScreen(ModalScreen[str | None]):
    """Ask for a value, or a file path: tab completes a path with `complete`, the app's file policy's own
    (`FileAccess.complete`, tui/access.py), so a box never lists what that policy would not open."""

    DEFAULT_CSS = dialog_css("PathScreen")
    BINDINGS = bindings((CANCEL_DIALOG, COMPLETE_PATH))

    def __init__(
        self, title: str, value: str = "", *, placeholder: str = "path/to/trace.json", complete: Callable[[str], str] | None = None
    ) -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.placeholder = placeholder
        self.complete = complete  # None: no completion (a number, or a folder the user may not list)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text)
            yield Input(self.value, placeholder=self.placeholder, suggester=PathSuggester(self.complete) if self.complete else None)
            yield Label("enter: ok · tab: complete · escape: cancel" if self.complete else "enter: ok · escape: cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_complete(self) -> None:
        box = self.query_one(Input)
        if self.complete is not None:
            box.value = self.complete(box.value)
            box.cursor_position = len(box.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y confirms, n or escape declines."""

    DEFAULT_CSS = dialog_css("ConfirmScreen")
    BINDINGS = bindings(CONFIRM)

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question))
            yield Label("y: yes · n: no", classes="hint")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


@dataclass(frozen=True)
class Example:
    """A trace file offered by the picker, labelled with its table, its text and what it shows."""

    path: Path
    table: str
    text: str
    about: str = ""  # what the example shows (examples.LABELS), "" for a file the seeds do not name

    @property
    def label(self) -> str:
        return f"{self.table:<11} {visible(self.text, space='·')[:52]}"

    @property
    def prompt(self) -> Text:
        """The picker's entry: the label, and beneath it, dimmed, what the example shows."""
        text = Text(self.label)
        if self.about:
            text.append("\n  " + visible(self.about), style="dim italic")
        return text


def list_examples(directory: Path) -> list[Example]:
    """Every *.json in `directory` and its folders (traces/tiktoken/), read just enough to label it
    (opening validates it fully)."""
    examples = []
    for path in sorted(directory.glob("**/*.json")):
        try:
            data = json.loads(read_utf8(path, ValueError, kind="trace file"))  # a FIFO there is refused, not waited for
            table, text = str(data["table"]["name"]), str(data["text"])
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            table, text = "?", f"{path.name} (unreadable)"
        examples.append(Example(path, table, text, LABELS.get(path.stem, "")))
    return examples


class PickerScreen(ModalScreen[Path | None]):
    """Choose one of the example traces; each line names its table."""

    DEFAULT_CSS = dialog_css("PickerScreen") + "PickerScreen OptionList { height: auto; max-height: 20; }"
    BINDINGS = bindings((CANCEL_DIALOG,))

    def __init__(self, examples: list[Example]) -> None:
        super().__init__()
        self.examples = examples

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Examples ({len(self.examples)} traces)")
            yield OptionList(*[Option(e.prompt, id=str(n)) for n, e in enumerate(self.examples)])
            yield Label("enter: open · escape: cancel", classes="hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.examples[int(event.option.id or 0)].path)

    def action_cancel(self) -> None:
        self.dismiss(None)
