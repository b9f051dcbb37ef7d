"""The Chat view's request pane: a rendered conversation block by block (explain/chat_rows.py's blocks), each
drawn literally with its kind told apart without colour, and its ids beside or beneath it, marked alike.

A block is a title row ('#1 user · content 2 · template 0 · special 2'), then its text and its ids: on one row
('⟦[INST]⟧Hello there⟦[/INST]⟧ = ⟦3⟧ 22177 2156 ⟦4⟧') where they fit, else the text's rows and then the ids'.
A block draws at most TEXT_ROWS rows of text and IDS_ROWS of ids and says how much more it holds, so a
100,000-character message costs a few rows; only the rows on screen are rendered (a line list).
Special tokens are bold in ⟦ ⟧, template text underlined, content plain; the cursor selects a block.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events

from ..explain.chat_rows import Block
from ..explain.words import count
from ..safe import visible, wrap
from .linelist import LineList
from .strips import Row, fold

#: Each kind's look (bold and underline survive NO_COLOR and 8 colours); a special token is also in brackets.
LOOK = {"special": "bold", "template": "underline", "content": ""}
OPEN, CLOSE = "⟦", "⟧"
TEXT_ROWS = 4
IDS_ROWS = 3
INDENT = "  "
#: Characters of a part looked at for its rows: TEXT_ROWS rows of the widest pane, and more.
LOOKED_AT = 2_000


def legend(width: int) -> Text:
    """The list's header: which look is which kind (each word drawn in its own look)."""
    text = Text()
    text.append(f"{OPEN}special{CLOSE}", style="bold")
    text.append(" bold · " if width >= 70 else " · ")
    text.append("template", style="underline")
    text.append(" underlined · content plain · ids after =" if width >= 70 else " · content · ids after =")
    return text


def text_runs(block: Block, room: int) -> tuple[list[tuple[str, str]], int]:
    """The block's text as runs in each part's look, up to about `room` cells, and how many characters are left out."""
    runs: list[tuple[str, str]] = []
    used = left = 0
    for part in block.parts:
        if used >= room:
            left += len(part.text)
            continue
        shown = part.text[:LOOKED_AT]
        glyphs = visible(shown)
        if part.kind == "special":
            glyphs = OPEN + glyphs + CLOSE
        if used + cell_len(glyphs) > room:  # cut within the part: by characters, then measured
            keep = max(room - used, 0)
            while keep and cell_len(visible(shown[:keep])) > room - used:
                keep = keep * 3 // 4
            glyphs, left = visible(shown[:keep]), left + len(part.text) - keep
        else:
            left += len(part.text) - len(shown)
        runs.append((glyphs, LOOK[part.kind]))
        used += cell_len(glyphs)
    return runs, left


def id_words(block: Block, most: int) -> list[tuple[str, str]]:
    """The block's first `most` ids as words in their parts' looks (a special id in brackets)."""
    words: list[tuple[str, str]] = []
    for part in block.parts:
        for ident in part.ids[: most - len(words)]:
            words.append((f"{OPEN}{ident}{CLOSE}" if part.kind == "special" else str(ident), LOOK[part.kind]))
        if len(words) >= most:
            break
    return words


def ids_rows(block: Block, inner: int) -> list[list[tuple[str, str]]]:
    """The block's ids after '= ', broken between ids into at most IDS_ROWS rows of `inner` cells, the last
    ending with how many are left out."""
    total = len(block.ids)
    note = f" … {count(total, 'id')} more"  # the longest the last row's note can be
    rows: list[list[tuple[str, str]]] = [[("=", "dim")]]
    used = 1
    words = id_words(block, inner * IDS_ROWS // 2 + 1)  # no more can fit
    for shown, (word, look) in enumerate(words):
        last = len(rows) == IDS_ROWS
        gap = 1 if used else 0
        if used + gap + len(word) + (len(note) if last and shown + 1 < total else 0) > inner:
            if last:
                rows[-1].append((f" … {count(total - shown, 'id')} more", "italic"))
                return rows
            rows.append([])
            used = gap = 0
        if gap:
            rows[-1].append((" ", ""))
        rows[-1].append((word, look))
        used += gap + len(word)
    return rows


def block_rows(block: Block, width: int, selected: bool) -> list[Row]:
    """A block's rows at `width` cells: its title row, then its text and ids (see the module docstring)."""
    mark = "▶ " if selected else "  "
    said = " · ".join(word for word in (block.title, block.note, block.counts, block.spelled) if word)
    rows: list[Row] = [((mark + visible(said), ""),)]
    inner = max(width - len(INDENT), 12)
    longest = f" … {count(sum(len(p.text) for p in block.parts), 'character')} more"  # the note after a cut text
    text, left = text_runs(block, inner * TEXT_ROWS - TEXT_ROWS - len(longest))
    more = [(f" … {count(left, 'character')} more", "italic")] if left else []
    ids = ids_rows(block, inner)
    if len(ids) == 1 and sum(cell_len(t) for t, _ in [*text, *more]) + 1 + sum(len(t) for t, _ in ids[0]) <= inner:
        return [*rows, ((INDENT, ""), *text, *more, (" ", ""), *ids[0])]
    folded: list[list[tuple[str, str | Style]]] = [list(row) for row in fold(text, inner)] if text else []
    if more:
        if folded and sum(cell_len(t) for t, _ in folded[-1]) + cell_len(more[0][0]) <= inner:
            folded[-1] += more
        else:
            folded.append(list(more))
    rows += [((INDENT, ""), *row) for row in folded[:TEXT_ROWS]]
    rows += [((INDENT, ""), *row) for row in ids]
    return rows


class ChatRequest(LineList):
    """The rendered request: blocks of rows, the cursor on a block's title row (up/down move a block)."""

    header_style = Style(dim=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.blocks: tuple[Block, ...] = ()
        self.tail = ""  # a last row after the blocks (the generation prompt, when there is none to show)
        self.message = ""  # shown instead of blocks (a chat error), wrapped
        self._laid: tuple[int, int] | None = None  # (width, shown) the rows below are laid out for
        self._rows: list[tuple[int, Row]] = []  # (block, row): the block -1 for the tail or the message
        self._starts: list[int] = []  # each block's title row
        self._shown = 0

    # -- what is shown -----------------------------------------------------------------------------

    def show(self, blocks: tuple[Block, ...], tail: str = "", message: str = "", *, keep: bool = False) -> None:
        """Draw `blocks` (or `message`, a sentence, when there are none); `keep` keeps the selected block's place."""
        selected = self.selected if keep else 0
        self.blocks, self.tail, self.message = blocks, tail, message
        self._shown += 1
        self._laid = None
        self._lay_out()
        self.set_count(len(self._rows))
        self.select(min(selected, max(len(blocks) - 1, 0)))
        if not keep:
            self.scroll_to(y=0, animate=False, immediate=True)

    def _lay_out(self) -> None:
        width = max(self.scrollable_content_region.width, 20)
        if self._laid == (width, self._shown):
            return
        self._laid = (width, self._shown)
        rows: list[tuple[int, Row]] = []
        starts: list[int] = []
        for n, block in enumerate(self.blocks):
            starts.append(len(rows))
            rows += [(n, row) for row in block_rows(block, width, False)]
        for line in ([self.message] if self.message else []) + ([self.tail] if self.tail else []):
            rows += [(-1, ((piece, "italic"),)) for piece in wrap(visible(line), width) if piece]
        self._rows, self._starts = rows, starts

    @property
    def selected(self) -> int:
        """The selected block's index (0 when there is none)."""
        if not self._rows or self.cursor >= len(self._rows):
            return 0
        return max(self._rows[self.cursor][0], 0)

    def select(self, block: int) -> None:
        """Put the cursor on `block`'s title row, the block in view."""
        if not self._starts:
            self.cursor = 0
            return
        block = max(0, min(block, len(self._starts) - 1))
        end = self._starts[block + 1] - 1 if block + 1 < len(self._starts) else len(self._rows) - 1
        self.keep_visible(end)
        self.cursor = self._starts[block]

    # -- the line list's rows ----------------------------------------------------------------------------

    def header(self, width: int) -> Text:
        return legend(width)

    def row(self, index: int, width: int, selected: bool) -> Text:
        self._lay_out()
        if index >= len(self._rows):
            return Text("")
        block, row = self._rows[index]
        if selected and block >= 0 and index == self._starts[block]:
            row = block_rows(self.blocks[block], width, True)[0]
        text = Text()
        for piece, style in row:
            text.append(piece, style=style or None)
        return text

    def row_key(self, index: int, selected: bool) -> object:
        return (self._shown, index, selected)

    def row_style(self, index: int, selected: bool) -> Style:
        return Style(reverse=True, bold=True) if selected and self._starts else Style()

    # -- moves: a block at a time ------------------------------------------------------------------------

    def action_cursor(self, delta: int) -> None:
        self.select(self.selected + delta)

    def action_page(self, direction: int) -> None:
        """A page of rows on: the block under the row a page away (the next one, if that is still this block)."""
        if not self._rows:
            return
        row = max(0, min(self.cursor + direction * self.page_rows, len(self._rows) - 1))
        block = max(self._rows[row][0], 0) if self._rows[row][0] >= 0 else len(self._starts) - 1
        if block == self.selected:
            block += direction
        self.select(block)

    def action_jump(self, where: int) -> None:
        self.select(len(self._starts) - 1 if where < 0 else 0)

    def on_click(self, event: events.Click) -> None:
        event.prevent_default()  # the line list's own would put the cursor on the row clicked
        index = self.row_at(event)
        if index is not None and index < len(self._rows) and self._rows[index][0] >= 0:
            self.select(self._rows[index][0])

    def on_resize(self) -> None:  # then the line list's own (Textual runs both)
        selected = self.selected
        self._lay_out()
        self.set_count(len(self._rows))
        if self._starts:
            self.cursor = self._starts[min(selected, len(self._starts) - 1)]

    def plain(self) -> str:
        """Every row as plain text (what tests read)."""
        self._lay_out()
        return "\n".join("".join(piece for piece, _ in row) for _, row in self._rows)
