"""A local Hugging Face `tokenizer.json` whose model is byte-level BPE, as a table on GPT-2's rule.

Accepted: model type BPE (vocab, merges as "a b" strings or [a, b] pairs) with a ByteLevel
pre-tokenizer (its `use_regex` meaning GPT-2's regex), alone or after a Split, whose regex (or
string) and behaviour (all five, inverted or not, as `tokenizers` does them: `pretokenize.split_regex`)
then cut the chunks. Anything else, and every value of the wrong type, is refused in one sentence
saying what it is instead.

>>> pre_tokenizer_pattern({"type": "ByteLevel", "add_prefix_space": False, "use_regex": True}, "t.json") == GPT2_PATTERN
True
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ..bpe import CaptureError
from ..files import json_value, read_bytes, utf8_text
from ..pretokenize import BEHAVIORS, GPT2_PATTERN, chunker, split_regex
from ..texts import clip, quote
from .table import Pair, Table, TableError
from .tiktoken_files import O200K_PATTERN
from .two_files import check_consistent


def pre_tokenizer_pattern(pre: Any, path: str) -> str:
    """The regex that cuts chunks, from a ByteLevel pre-tokenizer alone or [Split, ByteLevel]."""
    kind = pre.get("type") if isinstance(pre, dict) else None
    if kind == "ByteLevel":
        if pre.get("add_prefix_space"):
            raise TableError(f"{path}: its ByteLevel pre-tokenizer adds a prefix space, which bpe-tui does not model.")
        if not pre.get("use_regex", True):
            raise TableError(f"{path}: its ByteLevel pre-tokenizer has no regex and no Split before it.")
        return GPT2_PATTERN
    if kind == "Sequence":
        steps = pre.get("pretokenizers")
        if not isinstance(steps, list):
            raise TableError(f"{path}: its Sequence pre-tokenizer's pretokenizers is {json_type(steps)}, not a list.")
        kinds = [s.get("type") if isinstance(s, dict) else None for s in steps]
        if kinds == ["Split", "ByteLevel"]:
            split, level = steps
            if level.get("add_prefix_space") or level.get("use_regex", True):  # tokenizers' default: it splits again
                raise TableError(f"{path}: its ByteLevel step after the Split must neither add a prefix space nor split again.")
            return split_pattern(split, path)
        raise TableError(
            f"{path}: its pre-tokenizer is a Sequence of {clip(', '.join(map(str, kinds)))}, not byte-level (ByteLevel, or Split then ByteLevel)."
        )
    what = json_type(pre) if kind is None else clip(str(kind))
    raise TableError(f"{path}: its pre-tokenizer is {what}, not ByteLevel; this is not a byte-level BPE tokenizer.")


#: Patterns that match every character (a Split of them that isolates is the pattern itself).
COVERING = (GPT2_PATTERN, O200K_PATTERN)
#: Texts a Split's regex is tried on when the file is read, to refuse early one that matches an empty string.
PROBES = ("", "Hello, world! It's 2024:\tnaïve café 你好 🙂\r\n  x  ", " \u00a0\u3000x.y-z_1")


#: A {n,m} count followed by +, not escaped: tiktoken's patterns spell a possessive count so.
ONIGURUMA_REPEAT = r"(?<!\\)\{\d+(?:,\d*)?\}\+"


def split_pattern(split: dict[str, Any], path: str) -> str:
    """The regex whose matches are the pieces of a Split step (`pretokenize.split_regex`), checked."""
    pattern, behavior, invert = split.get("pattern"), split.get("behavior"), split.get("invert", False)
    kinds = list(pattern) if isinstance(pattern, dict) else []
    given = pattern[kinds[0]] if isinstance(pattern, dict) and kinds in (["Regex"], ["String"]) else None
    if not isinstance(given, str):
        raise TableError(f'{path}: its Split\'s pattern is {json_type(pattern)}, not {{"Regex": …}} or {{"String": …}} with a string.')
    if behavior not in BEHAVIORS:
        raise TableError(f"{path}: its Split's behavior is {quote(str(behavior))}, not one of {', '.join(BEHAVIORS)}.")
    if type(invert) is not bool:
        raise TableError(f"{path}: its Split's invert is {json_type(invert)}, not true or false.")
    import regex  # a tokenizer.json's Split is the first thing that needs it

    regex_text = given if kinds == ["Regex"] else regex.escape(given)
    try:
        regex.compile(regex_text)
    except (regex.error, ValueError, OverflowError, RecursionError) as exc:
        raise TableError(f"{path}: its Split regex {quote(regex_text)} is not a valid regex ({exc}).") from None
    if regex.search(ONIGURUMA_REPEAT, regex_text):
        raise TableError(
            f"{path}: its Split regex {quote(regex_text)} puts + after a {{n,m}} count, a second repetition for "
            "Oniguruma (which tokenizers runs) but possessive for Python's regex module, so the chunks would differ."
        )
    if behavior == "Isolated" and regex_text in COVERING:
        return regex_text  # every character is in a match: the pieces are the matches
    built = split_regex(regex_text, behavior, invert)
    try:
        for probe in PROBES:
            chunker(built, probe).findall(probe)
    except CaptureError as exc:
        raise TableError(f"{path}, tried on a sample text: {exc}") from None
    return built


def json_type(value: Any) -> str:
    """What a JSON value is, for a sentence: 'the number 5', 'a list', 'missing'.

    >>> json_type(5), json_type("x"), json_type([]), json_type(None), json_type(True)
    ('the number 5', "the string 'x'", 'a list', 'missing', 'the value true')
    """
    if value is None:
        return "missing"
    if isinstance(value, bool):
        return f"the value {str(value).lower()}"
    if isinstance(value, int | float):
        return f"the number {clip(str(value))}"
    if isinstance(value, str):
        return f"the string {quote(value)}"
    return "a list" if isinstance(value, list) else "an object"


def _merges(raw: Any, vocab: dict[str, int], path: str) -> tuple[Pair, ...]:
    if not isinstance(raw, list):
        raise TableError(f"{path}: model.merges must be a list.")
    out: list[Pair] = []
    seen: set[Pair] = set()
    for n, item in enumerate(raw):
        parts = item.split(" ") if isinstance(item, str) else item
        if not (isinstance(parts, list) and len(parts) == 2 and all(isinstance(p, str) and p for p in parts)):
            raise TableError(f"{path}: model.merges[{n}] is not two symbols ({quote(str(item))}).")
        pair = (parts[0], parts[1])
        unknown = next((s for s in (*pair, pair[0] + pair[1]) if s not in vocab), None)
        if unknown is not None:
            raise TableError(
                f"{path}: model.merges[{n}] ({quote(' '.join(pair))}) names {quote(unknown)}, which model.vocab does not have."
            )
        if pair in seen:
            raise TableError(f"{path}: model.merges[{n}] ({quote(' '.join(pair))}) appears twice.")
        seen.add(pair)
        out.append(pair)
    return tuple(out)


def load_tokenizer_json(path: str | Path, *, name: str = "custom") -> Table:
    """Load a byte-level BPE tokenizer.json, fully validated; added tokens join the vocabulary."""
    where = str(path)
    data = read_bytes(path, TableError, kind="tokenizer.json file")
    doc = json_value(utf8_text(data, where, TableError), where, TableError)
    model = doc.get("model") if isinstance(doc, dict) else None
    if not isinstance(model, dict):
        raise TableError(f"{where} has no model object; it is not a tokenizer.json.")
    if model.get("type") != "BPE":
        raise TableError(f"{where}: its model is {clip(str(model['type'])) if model.get('type') else 'of no type'}, not BPE.")
    for key in ("continuing_subword_prefix", "end_of_word_suffix"):
        if model.get(key):
            raise TableError(f"{where}: its BPE model sets {key} {quote(str(model[key]))}; only byte-level BPE without affixes is read.")
    if model.get("byte_fallback") or model.get("ignore_merges") or model.get("dropout"):
        raise TableError(f"{where}: its BPE model uses byte_fallback, ignore_merges or dropout, which GPT-2's rule does not have.")
    pattern = pre_tokenizer_pattern(doc.get("pre_tokenizer"), where)
    vocab = model.get("vocab")
    if not isinstance(vocab, dict) or any(type(v) is not int or v < 0 for v in vocab.values()):
        raise TableError(f"{where}: model.vocab must map symbols to non-negative integer ids.")
    encoder = dict(vocab)
    added_tokens = doc.get("added_tokens", [])
    added_tokens = [] if added_tokens is None else added_tokens
    if not isinstance(added_tokens, list):
        raise TableError(f"{where}: its added_tokens is {json_type(added_tokens)}, not a list.")
    for n, added in enumerate(added_tokens):
        if not (isinstance(added, dict) and isinstance(added.get("content"), str) and type(added.get("id")) is int):
            raise TableError(f"{where}: added_tokens[{n}] is not an object with a string content and an integer id.")
        if encoder.setdefault(added["content"], added["id"]) != added["id"]:
            raise TableError(f"{where}: added token {quote(added['content'])} has id {added['id']}, but model.vocab gives it another.")
    ids: dict[int, str] = {}
    for symbol, ident in encoder.items():
        other = ids.setdefault(ident, symbol)
        if other != symbol:
            raise TableError(f"{where}: {quote(other)} and {quote(symbol)} share the id {ident}.")
    merges = _merges(model.get("merges"), encoder, where)
    check_consistent(merges, encoder, where, where)
    return Table(name=name, merges=merges, encoder=encoder, sha256=hashlib.sha256(data).hexdigest(), source=where, pattern=pattern)
