"""The one registry of chat formats: each built-in format's object, and which one a table takes by default.

A view lists `formats_for(table)` (the formats that fit it, the default first) and renders with
`fmt.render(messages, table, generation_prompt=True)`; a user's Jinja template is a format made by
`template.template_format`, which fits any table.

>>> [f.name for f in FORMATS]
['mistral-v1', 'mistral-v3', 'mistral-v7', 'harmony', 'chatml']
>>> from ..tables.harmony import o200k_harmony
>>> table = o200k_harmony()
>>> fmt = default_format(table)
>>> out = fmt.render([Message("user", "Hello there")], table)
>>> out.text, out.ids
('<|start|>user<|message|>Hello there<|end|><|start|>assistant', (200006, 1428, 200008, 13225, 1354, 200007, 200006, 173781))
>>> out.counts
{'content': 2, 'template': 2, 'special': 4, 'total': 8}
"""

from __future__ import annotations

from ..tables import Table
from ..texts import quote
from .chatml import CHATML
from .harmony import HARMONY
from .mistral_v1 import MISTRAL_V1
from .mistral_v3 import MISTRAL_V3
from .mistral_v7 import MISTRAL_V7
from .model import ChatError, ChatFormat, Message

__all__ = ["BY_NAME", "DEFAULTS", "FORMATS", "ChatFormat", "Message", "by_name", "default_format", "formats_for"]

#: The built-in formats, in the order a view cycles through them.
FORMATS: tuple[ChatFormat, ...] = (MISTRAL_V1, MISTRAL_V3, MISTRAL_V7, HARMONY, CHATML)
BY_NAME: dict[str, ChatFormat] = {f.name: f for f in FORMATS}
#: The format each built-in table takes by default (Tekken: the v3 format it was made with).
DEFAULTS: dict[str, ChatFormat] = {name: f for f in FORMATS for name in f.tables}


def by_name(name: str) -> ChatFormat:
    """The built-in format `name`, or ChatError naming them all."""
    found = BY_NAME.get(name)
    if found is None:
        raise ChatError(f"there is no chat format {quote(name)}; the formats are {', '.join(BY_NAME)}.")
    return found


def formats_for(table: Table) -> tuple[ChatFormat, ...]:
    """The built-in formats that fit `table`, its default first (none: the table has no chat format here)."""
    fitting = [f for f in FORMATS if f.fits(table)]
    default = DEFAULTS.get(table.name)
    return tuple(sorted(fitting, key=lambda f: f is not default))


def default_format(table: Table) -> ChatFormat | None:
    """The format `table` takes by default: its own, else the first that fits it, else None."""
    found = formats_for(table)
    return found[0] if found else None
