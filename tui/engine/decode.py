"""GPT-2's decode(): look every id up, join the alias strings, restore bytes, read UTF-8 once.

>>> from .tables import gpt2
>>> decode([19526, 254], gpt2()), decode([19526], gpt2())
('你', '�')
"""

from __future__ import annotations

from typing import Literal

from .aliases import from_aliases
from .tables import Table

Errors = Literal["replace", "strict"]


class DecodeError(ValueError):
    """Ids that cannot be decoded; the message is one sentence for the user."""


def token_bytes(ids: list[int], table: Table) -> list[bytes]:
    """The raw bytes of each id, in order; an unknown id is an error naming it (GPT-2 raises KeyError)."""
    out = []
    for position, i in enumerate(ids):
        symbol = table.decoder.get(i)
        if symbol is None:
            raise DecodeError(f"id {i} (position {position + 1}) is not in the {table.name} vocabulary.")
        try:
            out.append(from_aliases(symbol))
        except KeyError:
            raise DecodeError(f"id {i} stands for {symbol[:40]!r}, which is not made of byte aliases.") from None
    return out


def decode(ids: list[int], table: Table, errors: Errors = "replace") -> str:
    """Join the bytes of all ids, then decode them as UTF-8 once, following `errors`."""
    data = b"".join(token_bytes(ids, table))
    try:
        return data.decode("utf-8", errors=errors)
    except UnicodeDecodeError as exc:
        raise DecodeError(
            f"the bytes are not valid UTF-8: {exc.reason} at byte {exc.start} (0x{data[exc.start]:02x}) under --errors strict."
        ) from None
