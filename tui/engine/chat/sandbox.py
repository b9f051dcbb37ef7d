"""A Hugging Face chat template (Jinja) rendered the way transformers renders one, inside a time and a size bound.

The environment is transformers': Jinja's immutable sandbox with `trim_blocks` and `lstrip_blocks`, the loop
controls (break, continue) and the `{% generation %}` tag (its body rendered as it is), a `tojson` filter that
is `json.dumps` (non-ASCII kept; its indent, separators and sort_keys) instead of Jinja's HTML-safe one, and two
functions: `raise_exception(message)` and `strftime_now(format)`. Jinja's `lipsum` is left out (a loop of its own
that nothing here could stop); an undefined name renders as nothing, as in transformers.

The bounds, so that a template that loops for ever, recurses, or grows a value without end stops with one sentence:
- time: a deadline (`seconds`) checked on every call, attribute and item look-up, operator, `~` and item of every
  `for` loop (the template's loops and `~` are rewritten, in its syntax tree, to go through the checks);
- size: no value, no printed expression and no output over LIMIT characters. What a value weighs is counted
  through its items (a list of one long string repeated is as long as their text), and an operator, method or
  filter that would make something heavier is refused before it runs (`'a' * 10**9`, `s.ljust(10**9)`,
  `'%9999999s' % x`, `'{0}{0}'.format(long)`, `join` of a generator, `tojson(indent=…)`); the output is
  streamed and stopped past the limit.

>>> template = compile_template("{% for m in messages %}[{{ m.role }}] {{ m.content | tojson }}\\n{% endfor %}")
>>> render(template, {"messages": [{"role": "user", "content": "é"}]}, seconds=1.0)
'[user] "é"\\n'
>>> render(compile_template("{% for i in range(9) %}{% for j in range(99999) %}{% endfor %}{% endfor %}"), {}, seconds=0.01)
Traceback (most recent call last):
tui.engine.chat.parts.ChatError: the chat template ran past its 0.01-second limit and was stopped.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from functools import cache, wraps
from typing import Any

from jinja2 import nodes
from jinja2.exceptions import SecurityError, TemplateError, TemplateSyntaxError
from jinja2.ext import Extension, loopcontrols
from jinja2.parser import Parser
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer

from ..texts import MAX_TEXT, quote
from .model import ChatError

#: Characters: the longest output, and the heaviest value, a template may make.
LIMIT = 2 * MAX_TEXT
#: Seconds a template may take by default.
SECONDS = 2.0
CONCAT, EACH = "bpe_tui_concat", "bpe_tui_each"  # the names the rewritten syntax tree calls
WIDE = re.compile(r"\d{7,}")  # a width or a precision of a million or more, in a format string
FIELDS = re.compile(r"[{%]")  # where a format string puts a value


class Stopped(Exception):
    """The render went past a bound; the message is the sentence saying which."""


class Raised(TemplateError):
    """The template called raise_exception."""


def too_big(what: str) -> Stopped:
    return Stopped(f"the chat template made {what} over {LIMIT:,} characters and was stopped.")


def weight(value: object) -> int:
    """How many characters `value` prints as, at least: a string's length, a container's items' weights (each
    shared item counted each time it appears, each distinct one measured once), a number's digits; stops past LIMIT."""
    memo: dict[int, int] = {}

    def of(item: object) -> int:
        if isinstance(item, str | bytes):
            return len(item)
        if isinstance(item, bool) or not isinstance(item, int | list | tuple | dict):
            return 1
        if isinstance(item, int):
            return item.bit_length() // 3 + 1
        key = id(item)
        if key not in memo:
            memo[key] = LIMIT + 1  # a container inside itself is as heavy as can be
            total = len(item)
            for child in item.items() if isinstance(item, dict) else item:
                total += of(child)
                if total > LIMIT:
                    break
            memo[key] = total
        return memo[key]

    return of(value)


def heavy(value: object) -> bool:
    return weight(value) > LIMIT


def widths(args: Iterable[Any]) -> None:
    """Refuse a call given a number over LIMIT (a width, a count: `ljust`, `center`, `indent`, `batch`)."""
    if any(isinstance(a, int) and not isinstance(a, bool) and a > LIMIT for a in args):
        raise too_big("a value")


def grown(name: str, text: str, args: list[Any]) -> None:
    """Refuse a string method or filter that would make `text` grow past LIMIT."""
    if name in ("format", "format_map", "%"):
        if WIDE.search(text) or len(text) + len(FIELDS.findall(text)) * sum(map(weight, args)) > LIMIT:
            raise too_big("a formatted string")
    elif name == "replace" and len(args) >= 2 and isinstance(args[0], str) and isinstance(args[1], str):
        if len(text) + (text.count(args[0]) if args[0] else len(text) + 1) * max(len(args[1]) - len(args[0]), 0) > LIMIT:
            raise too_big("a replaced string")
    elif name in ("indent", "expandtabs"):
        width = next((a for a in args if isinstance(a, int) and not isinstance(a, bool)), 8)
        if len(text) + (text.count("\n" if name == "indent" else "\t") + 1) * width > LIMIT:
            raise too_big("a widened string")
    elif name == "join" and args and len(text) * len(args[0]) + weight(args[0]) > LIMIT:
        raise too_big("a joined string")


class GenerationTag(Extension):
    """`{% generation %}…{% endgeneration %}`: transformers marks the assistant's tokens with it; its body renders as it is."""

    tags = {"generation"}

    def parse(self, parser: Parser) -> nodes.Node:
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
        return nodes.CallBlock(self.call_method("_body"), [], [], body).set_lineno(lineno)

    def _body(self, caller: Callable[[], str]) -> str:
        return caller()


class Checked(NodeTransformer):
    """Every `for` loop's items and every `~` go through the environment's checks."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = nodes.Call(nodes.Name(EACH, "load"), [node.iter], [], None, None, lineno=node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return nodes.Call(nodes.Name(CONCAT, "load"), list(node.nodes), [], None, None, lineno=node.lineno)


class Bounded(ImmutableSandboxedEnvironment):
    """transformers' chat-template environment, with the bounds of the module docstring."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self) -> None:
        super().__init__(trim_blocks=True, lstrip_blocks=True, extensions=[loopcontrols, GenerationTag], finalize=self.printed)
        self.local = threading.local()
        self.globals.pop("lipsum", None)
        self.globals.update(raise_exception=raise_exception, strftime_now=strftime_now, **{CONCAT: self.joined, EACH: self.each})
        self.filters["tojson"] = tojson
        self.filters = {name: self.bounded(name, f) for name, f in self.filters.items()}

    def tick(self) -> None:
        if time.monotonic() > getattr(self.local, "deadline", float("inf")):
            raise Stopped(f"the chat template ran past its {self.local.seconds:g}-second limit and was stopped.")

    def printed(self, value: Any) -> Any:
        """What `{{ … }}` prints, refused before it is made into a string when it weighs too much."""
        self.tick()
        if heavy(value):
            raise too_big("a printed value")
        return value

    def listed(self, args: tuple[Any, ...]) -> list[Any]:
        """The arguments, an iterator among them read into a list (checked item by item), none too heavy."""
        out = list(args)
        for k, value in enumerate(out):
            if isinstance(value, Iterator):
                items, total = [], 0
                for item in value:
                    self.tick()
                    total += weight(item) + 1
                    if total > LIMIT:
                        raise too_big("a list")
                    items.append(item)
                out[k] = items
            elif heavy(value):
                raise too_big("a value")
        return out

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.tick()
        widths((*args, *kwargs.values()))
        values = self.listed(args)
        method = getattr(obj, "__wrapped__", obj)  # the sandbox hands str.format out wrapped
        owner = getattr(method, "__self__", None)
        if isinstance(owner, str):
            grown(getattr(method, "__name__", ""), owner, [*values, *kwargs.values()])
        return super().call(context, obj, *values, **kwargs)

    def getattr(self, obj: Any, attribute: str) -> Any:
        self.tick()
        return super().getattr(obj, attribute)

    def getitem(self, obj: Any, argument: Any) -> Any:
        self.tick()
        return super().getitem(obj, argument)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        self.tick()
        numbers = isinstance(left, int) and isinstance(right, int)
        if operator == "*" and not numbers and (isinstance(left, int) or isinstance(right, int)):
            count, seq = (left, right) if isinstance(left, int) else (right, left)
            if weight(seq) * max(count, 0) > LIMIT:
                raise too_big("a repeated value")
        elif operator == "**" and numbers and abs(left) > 1 and right * left.bit_length() > 3 * LIMIT:
            raise too_big("a number")
        elif operator == "+" and weight(left) + weight(right) > LIMIT:
            raise too_big("a joined value")
        elif operator == "%" and isinstance(left, str):
            grown("%", left, [right])
        out = super().call_binop(context, operator, left, right)
        if heavy(out):
            raise too_big("a value")
        return out

    def joined(self, *items: Any) -> str:
        self.tick()
        if sum(map(weight, items)) > LIMIT:
            raise too_big("a joined string")
        return "".join(map(str, items))

    def each(self, items: Iterable[Any]) -> Iterator[Any]:
        for item in items:
            self.tick()
            yield item

    def bounded(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """A filter that checks the deadline, reads an iterator it is given into a list, and refuses a huge
        width, argument or result (join, replace, indent, format and tojson: before it makes it)."""
        skip = 1 if hasattr(function, "jinja_pass_arg") else 0  # the context Jinja passes first

        @wraps(function)
        def checked(*args: Any, **kwargs: Any) -> Any:
            self.tick()
            widths((*args[skip:], *kwargs.values()))
            values = [*args[:skip], *self.listed(args[skip:])]
            if name in ("join", "replace", "indent", "format") and len(values) > skip:
                text, rest = values[skip], values[skip + 1 :]
                if name == "join":
                    grown("join", str(rest[0]) if rest else "", [text])
                elif isinstance(text, str):
                    grown(name, text, [*rest, *kwargs.values()])
            if name == "tojson":
                indent = kwargs.get("indent", values[skip + 2] if len(values) > skip + 2 else None)
                extra = len(indent) if isinstance(indent, str) else indent if isinstance(indent, int) else 0
                if weight(values[skip]) * (6 + 2 * extra) > LIMIT:
                    raise too_big("a JSON value")
            out = function(*values, **kwargs)
            if heavy(out):
                raise too_big("a value")
            return out

        return checked


def raise_exception(message: object) -> None:
    raise Raised(str(message))


def strftime_now(format: str) -> str:
    if WIDE.search(format) or len(format) > LIMIT // 64:
        raise too_big("a date")
    return datetime.now().strftime(format)


def tojson(value: Any, ensure_ascii: bool = False, indent: int | str | None = None, separators: Any = None, sort_keys: bool = False) -> str:
    """transformers' tojson: json.dumps as it is (no HTML escapes), non-ASCII kept unless asked."""
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


@cache
def environment() -> Bounded:
    """The one environment every template is compiled in (made on first use)."""
    return Bounded()


def compile_template(source: str, where: str = "the chat template") -> Any:
    """`source` compiled, its loops and `~` rewritten to be checked; ChatError naming `where` if it is not Jinja."""
    env = environment()
    try:
        tree = Checked().visit(env.parse(source))
        tree.set_environment(env)
        return env.from_string(tree)
    except TemplateSyntaxError as exc:
        raise ChatError(f"{where} is not valid Jinja: {quote(exc.message or 'a syntax error')} at line {exc.lineno}.") from None
    except RecursionError:
        raise ChatError(f"{where} is nested too deeply to be read.") from None


def render(template: Any, variables: dict[str, Any], *, seconds: float = SECONDS) -> str:
    """The template's output for `variables`, or ChatError in one sentence when it fails or goes past a bound."""
    env = environment()
    env.local.deadline, env.local.seconds = time.monotonic() + seconds, seconds
    out: list[str] = []
    made = 0
    try:
        for piece in template.generate(**variables):
            made += len(piece)
            if made > LIMIT:
                raise Stopped(f"the chat template's output passed {LIMIT:,} characters and was stopped.")
            out.append(piece)
            env.tick()
    except Stopped as exc:
        raise ChatError(str(exc)) from None
    except Raised as exc:
        raise ChatError(f"the chat template refused the conversation: {quote(exc.message or '')}.") from None
    except SecurityError as exc:
        raise ChatError(f"the chat template tried what the sandbox forbids: {quote(str(exc))}.") from None
    except RecursionError:
        raise ChatError("the chat template recursed too deeply and was stopped.") from None
    except MemoryError:
        raise ChatError("the chat template ran out of memory and was stopped.") from None
    except Exception as exc:  # a template's own error: one sentence, never a traceback
        raise ChatError(f"the chat template failed: {type(exc).__name__} {quote(str(exc))}.") from None
    finally:
        env.local.deadline = float("inf")
    return "".join(out)
