"""The Chat view: one conversation framed by the current table's chat format and encoded, each id told apart as
special (a token the format inserts), template (text it writes around the messages) or content (the messages'
own text). The template and special ids are where an API's count and the text's part ways.

The conversation starts as issue 38's (a system prompt and three turns): 27 ids with Mistral v1's format, 15 with
Tekken's, 17 with v7's. `f` cycles the formats that fit the table, `g` the generation prompt, `e` edits the
conversation ('role: content' lines or JSON), `o` opens one from a JSON file, enter animates a message's content
in view 1. A conversation too large to render at once is rendered in a worker; a chat error is one sentence.
"""

from __future__ import annotations

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.message import Message as TextualMessage
from textual.worker import get_current_worker

from ..access import Refused, access_of
from ..commands import CHAT
from ..engine.chat.model import ChatError, ChatFormat, Message, Rendered, conversation
from ..engine.chat.registry import FORMATS, formats_for
from ..engine.files import json_value, read_utf8
from ..engine.tables import Table
from ..engine.tables.choice import TableChoice
from ..engine.tables.registry import chat_twin
from ..engine.tables.table import TableError
from ..engine.texts import MAX_TEXT, CaptureError
from ..explain.chat_parting import parting, partner
from ..explain.chat_rows import (
    EXAMPLE,
    added_line,
    blocks,
    conversation_text,
    no_format,
    parse_conversation,
    plain_render,
    prompt_tail,
    spellings,
    total_line,
)
from ..explain.position import Position
from ..explain.words import count
from ..messages import Animate, TableSwitchRequested, ViewRequested
from ..safe import sentence, visible
from ..widgets.chat_request import ChatRequest
from ..widgets.footer import KeyFooter
from ..widgets.text import clip
from ..widgets.text_panel import TextPanel
from .base import ViewScreen
from .dialogs import EditScreen, PathScreen

#: A conversation of more characters or messages than these is rendered in a worker (the keys keep working).
INLINE_CHARS = 4_000
INLINE_MESSAGES = 40
#: The largest conversation file `o` reads.
FILE_LIMIT = 16 * 2**20


class ChatRendered(TextualMessage):
    """The worker has rendered request number `asked`: its result, or the sentence saying why it could not be."""

    def __init__(self, asked: int, rendered: Rendered | None, error: str) -> None:
        super().__init__()
        self.asked, self.rendered, self.error = asked, rendered, error


def render(fmt: ChatFormat | None, messages: tuple[Message, ...], table: Table, prompt: bool) -> tuple[Rendered | None, str]:
    """The request (each message's text alone when the table has no format), or None and one sentence."""
    try:
        if fmt is None:
            return plain_render(messages, table), ""
        return fmt.render(messages, table, generation_prompt=prompt), ""
    except (CaptureError, TableError) as exc:  # a ChatError, or the table's own refusal of a text
        return None, sentence(str(exc))


class ChatParted(TextualMessage):
    """The worker has rendered request number `asked` in the partner format: where the two part ways ("" if it could not)."""

    def __init__(self, asked: int, said: str) -> None:
        super().__init__()
        self.asked, self.said = asked, said


class ChatScreen(ViewScreen):
    """The conversation in the table's chat format, block by block, with the counts of each kind of id."""

    VIEW = "chat"
    AUTO_FOCUS = "#chat-request"
    CSS_PATH = "chat.tcss"
    REGISTRY = CHAT

    def __init__(self, tables: TableChoice, position: Position | None = None) -> None:
        super().__init__(tables, position)
        self.messages: tuple[Message, ...] = EXAMPLE
        self.format_name: str | None = None  # None: the table's own format (formats_for's first)
        self.generation_prompt = True
        self.draft: str | None = None  # an edit that was refused: e offers it again
        self.rendered: Rendered | None = None
        self.error = ""
        self._asked = 0  # the number of the latest request to render (a worker's older answer is dropped)
        self.parted = ""  # where the partner format's request parts ways with this one ("" until it is known)

    def compose(self) -> ComposeResult:
        yield from self.bars()
        yield TextPanel(id="chat-about")
        yield ChatRequest(id="chat-request")
        yield KeyFooter(compact=True)

    # -- what is shown -----------------------------------------------------------------------------------

    def formats(self) -> tuple[ChatFormat, ...]:
        """The formats f cycles: the user's chat template first (--chat-template, or the one beside --tokenizer-json:
        it fits any table), then the built-in ones that fit the table."""
        own: ChatFormat | None = getattr(self.app, "chat_template", None)  # BpeApp's (--chat-template); another app has none
        return (own, *formats_for(self.table)) if own is not None else formats_for(self.table)

    def format(self) -> ChatFormat | None:
        """The chosen format if it fits the table, else the table's own; None for a table with no format."""
        found = self.formats()
        return next((f for f in found if f.name == self.format_name), found[0] if found else None)

    def reload(self) -> None:
        """Render the conversation for the current table and format (in a worker when it is large)."""
        self.set_bar_note()
        self._asked += 1
        table, fmt, messages = self.table, self.format(), self.messages
        small = sum(len(m.content) for m in messages) <= INLINE_CHARS and len(messages) <= INLINE_MESSAGES
        if small and (fmt is None or fmt in FORMATS):  # a user's template runs Jinja (bounded in time): in a worker
            self.shown(*render(fmt, messages, table, self.generation_prompt))
            return
        self.rendered, self.error = None, ""
        self.draw(
            working=f"working… rendering {count(len(messages), 'message')} with {fmt.name if fmt else table.name} (the keys keep working)"
        )
        self.render_later(self._asked, fmt, messages, table, self.generation_prompt)

    @work(thread=True, exclusive=True, group="chat", exit_on_error=False)
    def render_later(self, asked: int, fmt: ChatFormat | None, messages: tuple[Message, ...], table: Table, prompt: bool) -> None:
        result = render(fmt, messages, table, prompt)
        if not get_current_worker().is_cancelled:
            self.post_message(ChatRendered(asked, *result))

    def on_chat_rendered(self, message: ChatRendered) -> None:
        if message.asked == self._asked:
            self.shown(message.rendered, message.error)

    def shown(self, rendered: Rendered | None, error: str, *, keep: bool = False) -> None:
        self.rendered, self.error, self.parted = rendered, error, ""
        self.draw(keep=keep)
        fmt = self.format()
        other = partner(fmt) if fmt is not None and rendered is not None else None
        if other is not None and rendered is not None:
            self.part_later(self._asked, rendered, other, self.messages, self.generation_prompt)

    @work(thread=True, exclusive=True, group="chat-parting", exit_on_error=False)
    def part_later(self, asked: int, ours: Rendered, other: ChatFormat, messages: tuple[Message, ...], prompt: bool) -> None:
        """The same conversation in the partner format, on its own table (loaded here: a first load takes a second)."""
        try:
            theirs, _ = render(other, messages, self.tables.resolve(other.tables[0]), prompt)
        except TableError:  # its table's extra is not installed: no comparison
            theirs = None
        if not get_current_worker().is_cancelled:
            self.post_message(ChatParted(asked, parting(ours, theirs) if theirs is not None else ""))

    def on_chat_parted(self, message: ChatParted) -> None:
        if message.asked == self._asked and message.said:
            self.parted = message.said
            self.draw(keep=True)

    def on_resize(self) -> None:
        self.draw(keep=True)

    def draw(self, *, keep: bool = False, working: str = "") -> None:
        """The format and its label, where the added ids come from, and the request block by block."""
        if not self.is_mounted:
            return
        table, fmt, rendered = self.table, self.format(), self.rendered
        width = max(self.size.width - 2, 20)
        about = Text()
        if fmt is None:
            about.append(visible(no_format(table)))
        else:
            found = self.formats()
            about.append(fmt.name, style="bold")
            place = f" ({found.index(fmt) + 1} of {len(found)}, f)" if len(found) > 1 else ""
            label = f"{place}: {visible(fmt.label)}"
            about.append(label if self.size.height >= 22 else clip(label, width - len(fmt.name)))
        if rendered is not None:
            about.append("\n" + visible(added_line(rendered, fmt, width)), style="italic")
        if self.parted and rendered is not None:
            about.append("\n" + clip(visible(self.parted), width))
        self.query_one(TextPanel).show(about)
        pane = self.query_one(ChatRequest)
        if rendered is None:
            pane.border_title = "Request · not rendered" if not working else "Request · working…"
            pane.show((), message=working or self.error or "")
            return
        alone = "Each message's text alone" if width >= 78 else "Text alone"
        pane.border_title = f"{'Request' if fmt else alone} · {total_line(rendered.counts)}"
        pane.border_subtitle = "↑↓ message · enter animates it" if width >= 60 else "↑↓ message"
        shown = blocks(rendered, self.messages, spellings(table, fmt))
        pane.show(shown, prompt_tail(fmt, rendered, self.generation_prompt), keep=keep)

    # -- keys ----------------------------------------------------------------------------------------------

    def action_next_format(self) -> None:
        found = self.formats()
        twin = chat_twin(self.table.name) if not found else None
        if twin is not None:  # o200k_base: its ranks with harmony's tokens are o200k_harmony, out of the t cycle
            self.post_message(TableSwitchRequested(twin))
            return
        if len(found) < 2:
            fmt = self.format()
            said = f"{self.table.name} has one chat format here, {fmt.name}." if fmt else sentence(no_format(self.table))
            self.app.notify(said, timeout=3)
            return
        fmt = self.format()
        self.format_name = found[(found.index(fmt) + 1) % len(found) if fmt in found else 0].name
        self.reload()

    def action_prompt(self) -> None:
        fmt = self.format()
        if fmt is not None and not fmt.generation_prompt:
            self.app.notify(f"{fmt.name} adds no generation prompt of its own: the request is the same either way.", timeout=3)
        self.generation_prompt = not self.generation_prompt
        self.reload()

    def action_edit(self) -> None:
        text = self.draft if self.draft is not None else conversation_text(self.messages)
        title = "Conversation ('role: content' lines, or JSON)"
        self.app.push_screen(EditScreen(text, MAX_TEXT, title=title), self.edited)

    def edited(self, text: str | None) -> None:
        """The dialog's answer: a conversation the format renders replaces the shown one; anything else is one
        sentence, the conversation stays as it was, and e offers the text again."""
        if text is None:
            return
        try:
            messages = parse_conversation(text)
        except ChatError as exc:
            self.refused(text, str(exc))
            return
        self.set_messages(messages, text)

    def refused(self, text: str, why: str) -> None:
        self.draft = text
        self.app.notify(sentence(why), title="Conversation not changed (e: your text again)", severity="error")

    def set_messages(self, messages: tuple[Message, ...], text: str) -> None:
        """Show `messages` if the format renders them (the render kept); else refuse them, keeping the conversation."""
        rendered, error = render(self.format(), messages, self.table, self.generation_prompt)
        if rendered is None:
            self.refused(text, error)
            return
        self.draft = None
        self.messages = messages
        self._asked += 1
        self.shown(rendered, "")

    def action_animate(self) -> None:
        """The selected message's content (or, on the start or the generation prompt, the whole request as text) in view 1."""
        rendered = self.rendered
        if rendered is None:
            self.app.notify("Nothing rendered to animate.", timeout=3)
            return
        pane = self.query_one(ChatRequest)
        block = pane.blocks[pane.selected] if pane.blocks else None
        if block is not None and block.message is not None and block.message < len(self.messages):
            text = self.messages[block.message].content
        else:
            text = rendered.text
            self.app.notify("The whole request, as text: its special tokens' names are ordinary text there (view 5).", timeout=4)
        if not text:
            self.app.notify("This message is empty: nothing to animate.", timeout=3)
            return
        self.post_message(ViewRequested("encode", Animate(text, self.table.name)))

    def action_open(self) -> None:
        self.app.push_screen(
            PathScreen("Open a conversation (a JSON list of role and content)", complete=access_of(self.app).complete), self.opened
        )

    def opened(self, path: str | None) -> None:
        if path is None:
            return
        try:
            readable = access_of(self.app).readable(path)
            messages = conversation(json_value(read_utf8(readable, ChatError, kind="conversation file", limit=FILE_LIMIT), path, ChatError))
        except (Refused, ChatError) as exc:
            self.app.notify(sentence(str(exc), path), title="Not opened", severity="error")
            return
        self.set_messages(messages, conversation_text(messages))

    # -- hands-free play: message by message -----------------------------------------------------------------

    def play_steps(self) -> int:
        return len(self.query_one(ChatRequest).blocks)

    def play_show(self, step: int) -> None:
        self.query_one(ChatRequest).select(step)
