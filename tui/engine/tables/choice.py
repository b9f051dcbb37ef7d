"""The tables a view may show, as one value the app holds and hands to every view: a resolver by name and the
names `t` cycles through (the registry's built-in tables, and any custom or trained table added under its own name)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .registry import resolver, stands_for, table_cycle
from .table import Table


@dataclass(frozen=True)
class TableChoice:
    """The tables a view may show: a resolver by name, and the names `t` cycles through."""

    resolve: Callable[[str], Table]
    names: tuple[str, ...]

    def after(self, name: str) -> str:
        """The name `t` moves to from `name`: the next one; from a chat twin out of the cycle (o200k_harmony), the
        one after the table it stands for; the first when `name` is none of them."""
        names, name = self.names, name if name in self.names else stands_for(name)
        return names[(names.index(name) + 1) % len(names)] if name in names else names[0]

    @classmethod
    def of(cls, custom: Table | None) -> TableChoice:
        """The built-in tables, and `custom` (if any) under its own name."""
        return cls(resolver(custom), tuple(table_cycle(custom)))

    def adding(self, table: Table) -> TableChoice:
        """This choice with `table` under its own name (replacing one of that name), last in the `t` cycle."""
        resolve = self.resolve

        def resolved(name: str) -> Table:
            return table if name == table.name else resolve(name)

        return TableChoice(resolved, self.names if table.name in self.names else (*self.names, table.name))
