"""A local Hugging Face `tokenizer.json` whose model is byte-level BPE, as a table on GPT-2's rule.

Accepted: model type BPE (vocab, merges as "a b" strings or [a, b] pairs) with a ByteLevel
pre-tokenizer (its `use_regex` meaning GPT-2's regex), alone or after a Split whose regex then cuts
the chunks. Anything else is refused, saying what it is instead.

>>> pre_tokenizer_pattern({"type": "ByteLevel", "add_prefix_space": False, "use_regex": True}, "t.json") == GPT2_PATTERN
True
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from ..files import json_value, read_bytes, utf8_text
from ..pretokenize import GPT2_PATTERN
from ..texts import clip, quote
from .table import Pair, Table, TableError
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
        steps = pre.get("pretokenizers") or []
        kinds = [s.get("type") if isinstance(s, dict) else None for s in steps]
        if kinds == ["Split", "ByteLevel"]:
            split, level = steps
            regex = split.get("pattern", {}).get("Regex") if isinstance(split.get("pattern"), dict) else None
            if not isinstance(regex, str) or split.get("behavior") != "Isolated" or split.get("invert"):
                raise TableError(f"{path}: its Split pre-tokenizer is not an isolating regex split.")
            if level.get("add_prefix_space") or level.get("use_regex"):
                raise TableError(f"{path}: its ByteLevel step after the Split must neither add a prefix space nor split again.")
            return regex
        raise TableError(
            f"{path}: its pre-tokenizer is a Sequence of {clip(', '.join(map(str, kinds)))}, not byte-level (ByteLevel, or Split then ByteLevel)."
        )
    raise TableError(
        f"{path}: its pre-tokenizer is {clip(str(kind)) if kind else 'missing'}, not ByteLevel; this is not a byte-level BPE tokenizer."
    )


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
    for added in doc.get("added_tokens") or []:
        valid = isinstance(added, dict) and isinstance(added.get("content"), str) and type(added.get("id")) is int
        if valid and encoder.setdefault(added["content"], added["id"]) != added["id"]:
            raise TableError(f"{where}: added token {quote(added['content'])} has id {added['id']}, but model.vocab gives it another.")
    ids: dict[int, str] = {}
    for symbol, ident in encoder.items():
        other = ids.setdefault(ident, symbol)
        if other != symbol:
            raise TableError(f"{where}: {quote(other)} and {quote(symbol)} share the id {ident}.")
    merges = _merges(model.get("merges"), encoder, where)
    check_consistent(merges, encoder, where, where)
    return Table(name=name, merges=merges, encoder=encoder, sha256=hashlib.sha256(data).hexdigest(), source=where, pattern=pattern)
