"""The one-line input row of views 2–7: a bold label, an input (/ focuses it), and anything beside them."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Input, Label


class FindRow(Horizontal):
    """`label` then an input with id `input_id`; enter submits it (Input.Submitted), escape leaves it (the screen's key)."""

    DEFAULT_CSS = """
    FindRow { height: 1; }
    FindRow > Label { width: auto; padding: 0 1; text-style: bold; }
    FindRow > Input { border: none; height: 1; width: 1fr; padding: 0 1; }
    FindRow > Input:focus { border: none; background: $boost; }
    """

    def __init__(self, label: str, placeholder: str, *beside: Widget, input_id: str, id: str | None = None) -> None:
        super().__init__(id=id)
        self.label = label
        self.placeholder = placeholder
        self.beside = beside
        self.input_id = input_id

    def compose(self) -> ComposeResult:
        yield Label(self.label)
        yield Input(placeholder=self.placeholder, id=self.input_id)
        yield from self.beside

    @property
    def input(self) -> Input:
        return self.query_one(f"#{self.input_id}", Input)

    @property
    def value(self) -> str:
        return self.input.value

    @value.setter
    def value(self, value: str) -> None:
        self.input.value = value

    def focus_input(self) -> None:
        self.input.focus()
