"""The special-token scene: '<|endoftext|>' typed as text is ordinary tokens; its registered id is not.

What turns the literal into its id depends on the table: GPT-2's encoder.py never does (the caller
inserts 50256); tiktoken's `encode` does only when `allowed_special` names it, raises by default, and
`encode_ordinary` gives the ordinary ids; a table without the entry has nothing to give.

>>> from ..engine.tables import gpt2
>>> scene = special_scene(gpt2())
>>> scene.ids, scene.special_id, scene.decoded, scene.rank, scene.kind
((27, 91, 437, 1659, 5239, 91, 29), 50256, '<|endoftext|>', None, 'gpt2')
>>> scene.caller[0]
"GPT-2's encode() has no allowed_special branch: it never produces 50256."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..engine.bpe import encode
from ..engine.decoding import decode
from ..engine.pretokenize import chunker
from ..engine.tables import Table, short_name
from .aliasgrid import runs
from .rules import rank_of_id

ENDOFTEXT = "<|endoftext|>"

#: Who turns the literal into its id: GPT-2's encoder.py (never), tiktoken (when allowed), a tokenizer.json's
#: added tokens (read as ordinary text here, as `encode_ordinary`), nobody (no entry).
Kind = Literal["gpt2", "tiktoken", "json", "control", "none"]

#: A SentencePiece model's end of sequence: the scene's literal on a table on characters (no '<|endoftext|>' there).
END_OF_SEQUENCE = "</s>"

#: How many of a table's special tokens the Special view lists (the rest are counted).
LISTED = 12


@dataclass(frozen=True)
class SpecialScene:
    """'<|endoftext|>' typed as text is ordinary ids; the registered id decodes to it; what makes that id, per table."""

    literal: str
    table: str  # the table's short name
    kind: Kind
    chunks: tuple[str, ...]  # the literal cut by the table's regex
    ids: tuple[int, ...]
    pieces: tuple[tuple[int, str], ...]  # (id, alias string) for each id of the literal
    special_id: int | None
    decoded: str | None
    rank: int | None  # always None for a special entry: no rule made it
    last_merge_id: int  # first_id + OFFSET + len(merges) - 1: the highest id the formula can give
    vocab: int  # entries in the encoder
    specials: int  # of which special
    first_id: int = 0  # the id of the first byte symbol (Tekken's 1,000, after its special ids)
    listed: tuple[tuple[int, str], ...] = ()  # the first LISTED special tokens by id: (id, spelling)
    specials_line: str = ""  # where the special ids are (`specials_line`)

    @property
    def follows_formula(self) -> bool:
        return self.rank is not None

    @property
    def ordinary(self) -> str:
        """The call whose ids section 1 shows: tiktoken's `encode` would raise on this text."""
        return "encode" if self.kind in ("gpt2", "control") or not self.specials else "encode_ordinary"

    @property
    def caller_title(self) -> str:
        return {
            "gpt2": "The caller must insert the id itself",
            "tiktoken": "encode() gives the id only when it is allowed",
            "json": "encode() reads added tokens as ordinary text",
            "control": "A control piece is never made from text",
            "none": "There is no id to insert",
        }[self.kind]

    @property
    def caller(self) -> tuple[str, ...]:
        """Section 3: what this table's encoder does with the literal, one sentence a line."""
        lit, ident = self.literal, self.special_id  # the screen makes each line visible (a custom table's name)
        if self.kind == "gpt2":
            return (f"GPT-2's encode() has no allowed_special branch: it never produces {ident}.",)
        if self.kind == "tiktoken":
            ordinary = "[" + ", ".join(map(str, self.ids)) + "]"
            return (
                f"encode('{lit}') raises ValueError: disallowed special token '{lit}' (disallowed_special='all' by default).",
                f"encode('{lit}', allowed_special={{'{lit}'}}) = [{ident}]: one id.",
                f"encode_ordinary('{lit}') = {ordinary}, as does encode(…, disallowed_special=()): the ids above.",
            )
        if self.kind == "json":
            return (
                f"bpe-tui encodes a tokenizer.json's added tokens as ordinary text, as encode_ordinary does: never [{ident}].",
                f"Hugging Face tokenizers' encode('{lit}') matches the added token first: [{ident}].",
            )
        if self.kind == "control":
            ordinary = "[" + ", ".join(map(str, self.ids)) + "]"
            return (
                f"SentencePiece's encode('{lit}') = {ordinary}: a control piece is never matched in the text, so '{lit}' is ordinary characters.",
                f"The caller adds it: encode(text, add_eos=True) ends with [{ident}] (and add_bos=True starts with <s>).",
            )
        if self.specials:
            return (
                f"The {self.table} table has {self.specials:,} special tokens, but none is spelled '{lit}';",
                "bpe-tui encodes every spelling of them as ordinary text (as encode_ordinary): none is made from text.",
            )
        return (
            f"The {self.table} table's encode() gives only ordinary ids, {self.first_id:,} to {self.last_merge_id:,}: none is special.",
        )

    @property
    def recognised(self) -> str:
        """The 'recognising' row's answer: does encode() turn the spelling into the id?"""
        if self.kind == "tiktoken":
            return f"only if allowed_special names it ([{self.special_id}]); by default encode() raises"
        if self.kind == "json":
            return f"✗ not here (tokenizers' encode() does): {len(self.ids)} ordinary ids"
        if self.kind in ("gpt2", "control"):
            return f"✗ never: {len(self.ids)} ordinary ids"
        return "✗ no entry to recognise"


def scene_literal(table: Table) -> str:
    """The special token the scene is about: '<|endoftext|>', or a SentencePiece model's '</s>'."""
    return END_OF_SEQUENCE if table.rule.on_characters and END_OF_SEQUENCE in table.special else ENDOFTEXT


def special_scene(table: Table, literal: str | None = None) -> SpecialScene:
    """The scene for `literal` in `table`: its ordinary ids, the registered entry if there is one, and who makes it.

    A registered special entry has no rank (no rule made it): a tiktoken table says which entries are
    special, so its 100,000 rules are never recovered here.
    """
    literal = scene_literal(table) if literal is None else literal
    ids = tuple(encode(literal, table))
    pieces = tuple((i, table.decoder[i]) for i in ids)
    special_id = table.encoder.get(literal)
    if special_id is None:
        kind: Kind = "none"
        decoded = rank = None
    else:
        kind = "tiktoken" if table.rule.by_bytes else "control" if table.rule.on_characters else "json" if added(table) else "gpt2"
        decoded = decode([special_id], table)
        rank = None if table.special.get(literal) == special_id else rank_of_id(table, special_id)
    normalized = table.normalize(literal)
    chunks = tuple(chunker(table.pattern, normalized).findall(normalized))
    last = table.rank_offset + len(table.merges) - 1
    return SpecialScene(
        literal,
        short_name(table),
        kind,
        chunks,
        ids,
        pieces,
        special_id,
        decoded,
        rank,
        last,
        len(table.encoder),
        len(table.special),
        table.first_id,
        tuple(sorted((i, s) for s, i in table.special.items())[:LISTED]),
        specials_line(table),
    )


def added(table: Table) -> bool:
    """Whether the table comes from a tokenizer.json (a merges list with its own list of added tokens)."""
    return not table.rule.by_bytes and table.specials is not None


def specials_line(table: Table) -> str:
    """Where the special ids are: 'ids 0–999 are Tekken's 1,000 special tokens' (ranges when they are apart).

    >>> from ..engine.tables import gpt2
    >>> specials_line(gpt2())
    "id 50,256 is GPT-2's special token"
    """
    ids = sorted(table.special.values())
    if not ids:
        return f"{short_name(table)} has no special token"
    spans = ", ".join(f"{a:,}" if a == b else f"{a:,}–{b:,}" for a, b in runs(ids))
    if len(ids) == 1:
        return f"id {spans} is {short_name(table)}'s special token"
    return f"ids {spans} are {short_name(table)}'s {len(ids):,} special tokens"


def id_note(table: Table) -> str:
    """The Decode view's word on ids that are not merges: where the special tokens are and, when they come
    first (Tekken), where the bytes start; "" for a table without special tokens.

    >>> from ..engine.tables import gpt2, teaching
    >>> id_note(gpt2()), id_note(teaching())
    ("id 50,256 is GPT-2's special token", '')
    """
    if not table.special:
        return ""
    first = table.first_id
    return specials_line(table) + (f"; bytes are ids {first:,}–{first + 255:,}" if first else "")
