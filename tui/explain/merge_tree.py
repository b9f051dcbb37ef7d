"""The merge tree of a token: the binary tree of rules that builds it from its bytes, as plain data and as text.

Each node is a symbol of the table: its id, its text (GPT-2's byte aliases), the rank of the rule
that made it and that rule's two parts; a leaf is one byte (no rank, no parts). Under GPT-2's rule
the parts are the rule's left and right from vocab.bpe; a rank file has no rules, so a tiktoken
table's parts are the ones recovered from its ranks (`tiktoken_parts.parts`), and its rank is the
rule rank (id - 256), as `Table.merges` numbers them. A special token was made by no rule: it has no
tree (`TreeError`).

>>> from ..engine.tables import teaching
>>> node = tree(teaching(), 263)
>>> node.text, node.rank, [part.text for part in node.parts], node.height, node.merges
('aaabab', 7, ['aaab', 'ab'], 3, 5)
>>> print("\\n".join(drawing(tree(teaching(), 261))))
xyz · id 261 · rank 5
├─ xy · id 260 · rank 4
│  ├─ x · id 87 · byte 0x78
│  └─ y · id 88 · byte 0x79
└─ z · id 89 · byte 0x7a
>>> print("\\n".join(drawing(node, depth=1)))
aaabab · id 263 · rank 7
├─ aaab · id 262 · rank 6
│  └─ … 2 more levels, 2 merges
└─ ab · id 257 · rank 1
   └─ … 1 more level
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..engine.aliases import from_aliases, unicode_to_bytes
from ..engine.tables import OFFSET, Table, parts
from .rules import rank_of_id
from .words import count, quoted

#: The longest token a tree is made for (o200k_base's longest is 128 bytes): each level is a nested call,
#: a few for JSON, within Python's limit of 1,000.
LONGEST = 256


class TreeError(Exception):
    """No tree for this id (not in the vocabulary, or a special token): one sentence for the user."""


@dataclass(frozen=True)
class Node:
    """One symbol of the tree: a byte (rank None, no parts) or the join of its two parts by rule `rank`."""

    id: int
    text: str  # the byte aliases, 'Ġthe' (on a rule on characters, the piece: '▁the')
    rank: int | None
    parts: tuple[Node, Node] | tuple[()] = ()
    data: bytes = b""  # what the text stands for, when it is not byte aliases (a piece's text: ' the')
    height: int = field(init=False, compare=False, repr=False)  # levels below this node: 0 for a byte
    merges: int = field(init=False, compare=False, repr=False)  # rules applied to build it (its inner nodes, itself included)

    def __post_init__(self) -> None:
        parts = self.parts
        object.__setattr__(self, "height", 1 + max(parts[0].height, parts[1].height) if parts else 0)
        object.__setattr__(self, "merges", 1 + parts[0].merges + parts[1].merges if parts else 0)

    def leaves(self) -> Iterator[Node]:
        """The bytes, left to right."""
        stack = [self]
        while stack:
            node = stack.pop()
            if node.parts:
                stack += reversed(node.parts)
            else:
                yield node

    def as_json(self) -> dict[str, object]:
        """`{"id": int, "text": str, "rank": int | null, "parts": [left, right] | []}`."""
        return {"id": self.id, "text": self.text, "rank": self.rank, "parts": [part.as_json() for part in self.parts]}


def tree(table: Table, ident: int) -> Node:
    """The merge tree of id `ident` in `table`; TreeError for an id it does not have or a special token."""
    text = table.decoder.get(ident)
    if text is None:
        raise TreeError(f"id {ident} is not in the {table.name} vocabulary.")
    if ident in table.special.values():
        raise TreeError(f"id {ident} is the special token {quoted(text)} of {table.name}: no rule made it, so it has no merge tree.")
    if len(text) > LONGEST:
        raise TreeError(f"id {ident} is {len(text):,} bytes long; merge trees are drawn for tokens of up to {LONGEST} bytes.")
    if table.byte_ranks is not None:
        return _ranked(table, ident, text)
    return _ruled(table, ident, text)


def _ruled(table: Table, ident: int, text: str) -> Node:
    """A node under GPT-2's rule: the rule that made `text`, from vocab.bpe, split again down to bytes (on a
    rule on characters, down to characters, each node knowing the bytes it stands for)."""
    data = table.symbol_bytes(text) if table.rule.on_characters else b""
    if len(text) == 1:
        return Node(ident, text, None, (), data)
    rank = rank_of_id(table, ident)
    if rank is None:  # neither a byte nor made by a rule: a special entry (refused by tree()), or a rule's part in a custom table
        raise TreeError(f"no rule of {table.name} makes {quoted(text)} (id {ident}), so it has no merge tree.")
    left, right = table.merges[rank]
    encoder = table.encoder
    for part in (left, right):
        if part not in encoder:
            raise TreeError(f"rule {rank} of {table.name} joins {quoted(part)}, which has no id, so {quoted(text)} has no merge tree.")
    return Node(ident, text, rank, (_ruled(table, encoder[left], left), _ruled(table, encoder[right], right)), data)


def _ranked(table: Table, ident: int, text: str) -> Node:
    """A node of a rank file: its parts recovered from the ranks below its own."""
    if len(text) == 1:
        return Node(ident, text, None)
    found = parts(table, ident)
    if found is None:  # its bytes never end as two parts (no such token in cl100k_base or o200k_base)
        return Node(ident, text, ident - OFFSET)
    ranks = table.byte_ranks
    assert ranks is not None
    left, right = (_ranked(table, ranks[from_aliases(part)], part) for part in found)
    return Node(ident, text, ident - OFFSET, (left, right))


# ------------------------------------------------------------------ the drawing

#: Columns the deepest level drawn keeps for its label (the text clipped to fit) or its folded line
#: ('… 22 more levels, 21 merges' under it): 16 levels at 80 columns, 10 at 60 (o200k_base's deepest tree).
LABEL = 30
BRANCH, LAST, STEM, GAP = "├─ ", "└─ ", "│  ", "   "


def label(node: Node) -> str:
    """'Ġthe · id 262 · rank 6', or for a byte 'Ġ · id 220 · byte 0x20'."""
    if node.rank is not None:
        what = f"rank {node.rank}"
    elif node.data:  # a character of a piece
        what = f"character U+{ord(node.text):04X}"
    else:
        what = f"byte 0x{unicode_to_bytes()[node.text]:02x}"
    return f"{node.text} · id {node.id} · {what}"


def _fitted(node: Node, room: int) -> str:
    """The label in `room` columns: the text clipped (with …) before the id and rank are."""
    full = label(node)
    if len(full) <= room:
        return full
    tail = full[len(node.text) :]
    keep = max(room - len(tail) - 1, 1)
    return (node.text[:keep] + "…" + tail)[:room]


def _folded(node: Node) -> str:
    return f"… {count(node.height, 'more level')}, {count(node.merges - 1, 'merge')}" if node.merges > 1 else "… 1 more level"


@dataclass(frozen=True)
class Row:
    """One line of the drawing: the tree's lines before it (`lead`), then a node's label, or (`folded`) the line
    standing for the levels hidden below that node. A view styles `text` and draws `lead` as it is."""

    lead: str
    node: Node
    text: str
    folded: bool = False

    @property
    def line(self) -> str:
        return self.lead + self.text


def _rows(node: Node, width: int, depth: int, lead: str, branch: str, level: int) -> Iterator[Row]:
    yield Row(lead + branch, node, _fitted(node, width - len(lead) - len(branch)))
    if not node.parts:
        return
    inner = lead + (STEM if branch == BRANCH else GAP if branch else "")
    if level >= depth:
        yield Row(inner + LAST, node, _folded(node)[: max(width - len(inner) - len(LAST), 0)], folded=True)
        return
    left, right = node.parts
    yield from _rows(left, width, depth, inner, BRANCH, level + 1)
    yield from _rows(right, width, depth, inner, LAST, level + 1)


def widest_depth(width: int) -> int:
    """The most levels below the root a drawing `width` columns wide shows (each level indents 3 columns)."""
    return max((width - LABEL) // len(BRANCH), 0)


def rows(node: Node, width: int = 80, depth: int | None = None, height: int | None = None) -> list[Row]:
    """The tree as an indented outline at most `width` columns wide: the root, then each node's left and
    right part under it (├─ and └─). Levels deeper than `depth` (by default as many as `width` leaves
    room for) fold into one line '… N more levels, M merges'; with `height`, the deepest drawing
    of at most that many lines (folding from the bottom up, down to the root and one folded line)."""
    most = widest_depth(width) if depth is None else min(depth, widest_depth(width))
    shown = list(_rows(node, width, most, "", "", 0))
    while height is not None and len(shown) > height and most > 0:
        most -= 1
        shown = list(_rows(node, width, most, "", "", 0))
    return shown


def drawing(node: Node, width: int = 80, depth: int | None = None, height: int | None = None) -> list[str]:
    """`rows` as plain lines (the CLI's drawing)."""
    return [row.line for row in rows(node, width, depth, height)]


#: Characters of the token's text the summary quotes (a longer one is cut, with …), so that the line fits 60 columns.
SHOWN = 16


def summary(node: Node) -> str:
    """The line above the drawing: "id 262 ' the': 4 bytes, 3 merges, 2 levels" (a byte: "id 220 ' ': 1 byte,
    no merge"; a piece of a character: 'id 447, not UTF-8 alone: …')."""
    data = node.data or from_aliases(node.text)
    try:
        text = data.decode("utf-8")
        head = f"id {node.id} {quoted(text if len(text) <= SHOWN else text[: SHOWN - 1] + '…')}"
    except UnicodeDecodeError:
        head = f"id {node.id}, not UTF-8 alone"
    if not node.parts:
        return f"{head}: {count(len(data), 'byte')}, no merge"
    return f"{head}: {count(len(data), 'byte')}, {count(node.merges, 'merge')}, {count(node.height, 'level')}"
