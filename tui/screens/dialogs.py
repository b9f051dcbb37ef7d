"""Modal screens: edit the text, pick an example, type a path, confirm, and the help page."""

from __future__ import annotations

import json
import textwrap
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static, TextArea
from textual.widgets.option_list import Option
from textual.widgets.text_area import Document

from ..engine.examples import LABELS
from ..messages import TextSubmitted
from ..safe import one_for_one, visible

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


class EditBox(TextArea):
    """A text area where enter applies the text, ctrl+j starts a new line, ctrl+a selects all, ctrl+l
    clears (undo brings it back), and every typed character counts. Home still goes to the line start."""

    BINDINGS = [
        Binding("ctrl+a", "select_all", "select all", show=False),
        Binding("ctrl+l", "clear_text", "clear", show=False),
    ]

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

    def get_line(self, line_index: int) -> Text:
        """The line as drawn: controls, bidi and invisible marks as one visible stand-in each, never raw."""
        return Text(one_for_one(self.document.get_line(line_index)), end="", no_wrap=True)


class EditScreen(ModalScreen[str | None]):
    """Edit the text to tokenize: enter applies, escape cancels, ctrl+j inserts a newline, ctrl+a selects all, ctrl+l clears."""

    DEFAULT_CSS = dialog_css("EditScreen") + "EditScreen EditBox { height: auto; min-height: 3; max-height: 12; }"
    # priority: the TextArea would otherwise take escape to move focus (tab_behavior="indent")
    BINDINGS = [Binding("escape", "cancel", "cancel", priority=True)]

    def __init__(self, text: str, limit: int) -> None:
        super().__init__()
        self.initial = text
        self.limit = limit

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Text to tokenize", classes="title")
            box = EditBox(self.initial, soft_wrap=True, show_line_numbers=False, tab_behavior="indent")
            box.indent_type = "tabs"  # tab types a real tab: the text is data, not code to indent
            yield box
            yield Label(
                f"enter: apply · ctrl+j: new line · escape: cancel\nctrl+a: select all · ctrl+l: clear · at most {self.limit:,} characters",
                classes="hint",
            )

    def on_text_submitted(self, message: TextSubmitted) -> None:
        message.stop()
        # The editor turns \r, \v, \f, \x1c-\x1e, \x85, \u2028 and \u2029 into line breaks of one kind:
        # a text applied unedited is given back exactly as it came, so its ids do not change.
        self.dismiss(self.initial if message.text == Document(self.initial).text else message.text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PathScreen(ModalScreen[str | None]):
    """Ask for a file path (open or save)."""

    DEFAULT_CSS = dialog_css("PathScreen")
    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, value: str = "", *, placeholder: str = "path/to/trace.json") -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text)
            yield Input(self.value, placeholder=self.placeholder)
            yield Label("enter: ok · escape: cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y confirms, n or escape declines."""

    DEFAULT_CSS = dialog_css("ConfirmScreen")
    BINDINGS = [Binding("y", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no")]

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
            data = json.loads(path.read_text(encoding="utf-8"))
            table, text = str(data["table"]["name"]), str(data["text"])
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            table, text = "?", f"{path.name} (unreadable)"
        examples.append(Example(path, table, text, LABELS.get(path.stem, "")))
    return examples


class PickerScreen(ModalScreen[Path | None]):
    """Choose one of the example traces; each line names its table."""

    DEFAULT_CSS = dialog_css("PickerScreen") + "PickerScreen OptionList { height: auto; max-height: 20; }"
    BINDINGS = [Binding("escape", "cancel", "cancel")]

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


def help_text() -> str:
    """The help page; every key in it comes from the command registry (tui/commands.py)."""
    from ..commands import keys_table, shared_keys, view_keys

    views = []
    for name, label, prose in VIEWS_PROSE:
        keys = view_keys(name) if name != "encode" else ""
        paragraph = prose + (f" {keys}." if keys else "")
        views.append(textwrap.fill(paragraph, 64, initial_indent=f"  {label:<11}", subsequent_indent=" " * 13))
    return HELP_INTRO + keys_table() + "\n" + HELP_PANES + "\n".join(views) + f"\n  In views 2–7, {shared_keys()}.\n"


HELP_INTRO = """\
bpe-tui shows GPT-2's tokenizer one frame at a time, from a
captured merge trace.

Keys (they work whatever has focus)
"""

HELP_PANES = """
Panes
  Header    the table in use, the text's figures (bytes →
            tokens, merges that fire), where you are, and one
            sentence on this frame.
  Chunks    the text cut by GPT-2's regex; BPE never merges
            across │. Space is ·, newline ↵, tab →; ↺ marks a
            chunk read from the cache, ¹ a single symbol.
  Bytes     the current chunk's UTF-8 bytes (decimal, hex)
            under their aliases; * marks the 68 bytes moved
            to 256+n (space → Ġ); this round's pair is
            reversed.
  Word      the chunk's symbols; this round's pair is reversed
            and marked ^, the new word is beneath. In scan
            detail (d), i is the read position and j where
            word.index(first, i) found the first symbol. N
            symbols allow at most N−1 rounds (each merges at
            least one pair); that bounds rounds, not time, as
            every round rescans the word.
  Pairs     every adjacent pair with its rank (— when it is
            no rule); ▶ marks the lowest, the one merged. A
            rank says which rule comes first; an id names the
            model's token (here id = 256 + rank). ↑/↓ select
            a pair, w (or a click) says why it was or was not
            chosen. At a chunk's end the rules that were
            candidates but never chosen are listed: present
            in the table, unusable on this input.
  Ids       each id after its alias string, │ between chunks.
  Code      (c; on from 160 columns) the loop as code: ▶ and
            reverse mark the line this frame is on, · the
            other lines it runs, ↳ the values of their
            variables (i, j, first, second, the new word).

Views: 1–7 (the step keys above work in view 1)
"""

#: (view, label, what it shows); its keys are added from the registry.
VIEWS_PROSE = (
    ("encode", "1 Encode", "this animator; g shows this round's rule in view 4."),
    (
        "decode",
        "2 Decode",
        "each id → alias string → bytes → one buffer → one UTF-8 decode. ✓/✗: a token's bytes are complete"
        " UTF-8 alone or not; released/held: what a stream lets out or keeps. Wrong way (decode each token,"
        " join) vs right way (join bytes, decode once). Unknown ids are named (KeyError).",
    ),
    (
        "aliases",
        "3 Aliases",
        "the 256 bytes in a 16 × 16 grid: 188 keep their code point, 68 (marked *) move to 256+n; arrows"
        " select. Alias Ġ is byte 32; the text Ġ is the bytes c4 a0.",
    ),
    (
        "tables",
        "4 Tables",
        "what initialisation builds, with sizes; the check encoder[left+right] == 256 + rank over all rules"
        " and what a rank and an id each mean; what GPT-2's split('\\n')[1:-1] would drop from this vocab.bpe;"
        " every rule by rank, • used by this text; p: the ids (ordinary, special, unused), the entries"
        " made only of spaces, the merge rule (both rules compared on this text), the regex.",
    ),
    ("special", "5 Special", "'<|endoftext|>' typed as text is 7 ordinary ids; id 50256 is inserted by the caller."),
    (
        "explore",
        "6 Explore",
        "the text edited in place, cut by GPT-2, cl100k_base and o200k_base, one row each, boundaries aligned"
        " (│ a chunk boundary, ¦ a token boundary, blank where that row does not cut); arrows select a chunk,"
        " whose regex branch and match are explained beneath.",
    ),
    (
        "train",
        "7 Train",
        "seed 004's training round by round, with regex chunks and without them side by side: ⟦ ⟧ marks this"
        " round's pair in the text, ▶ the chosen pair among the leading counts (= a tie), ▲ the round on the"
        " plots of bytes per token and of the chosen count.",
    ),
)


class HelpScreen(ModalScreen[None]):
    """The keys and what each pane means."""

    DEFAULT_CSS = (
        dialog_css("HelpScreen")
        + """
    HelpScreen > Vertical { width: 100%; max-width: 72; height: 90%; }
    HelpScreen VerticalScroll { height: 1fr; }
    """
    )
    BINDINGS = [Binding("escape,question_mark,q", "close", "close")]

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll():
                yield Static(Text(help_text()))
            yield Label("escape: close", classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)
