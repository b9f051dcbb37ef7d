"""A local Hugging Face `tokenizer.json` whose model is BPE, as a table merged in tokenizers' own order (one
occurrence a step: the lowest merge rank, leftmost on ties): byte-level BPE on the rule HF, BPE with byte
fallback (Llama 2's, Mistral's, Gemma's files) on characters (`hf_characters`, rule HF_FALLBACK).

Accepted: model type BPE (vocab, merges as "a b" strings or [a, b] pairs, `ignore_merges`), byte_fallback false
with a ByteLevel pre-tokenizer, alone or last in a Sequence, and the normalizers `hf_steps` reads; or
byte_fallback true with what `hf_characters` reads. Added tokens are the table's specials (encoded as ordinary
text). Anything else, and every value of the wrong type, is refused in one sentence saying what it is instead.
"""

from __future__ import annotations

import hashlib
from itertools import repeat
from operator import itemgetter
from pathlib import Path
from typing import Any

from ..files import json_value, read_bytes, utf8_text
from ..texts import clip, quote
from .hf_steps import json_type, normalizer, pre_tokenizer
from .merge_rules import HF
from .table import Pair, Table, TableError
from .two_files import check_consistent

#: What a model that is not BPE is, for the sentence refusing it.
MODELS = {
    "Unigram": "Unigram (SentencePiece's unigram language model)",
    "WordPiece": "WordPiece (BERT's ## word pieces)",
    "WordLevel": "WordLevel (one id per whole word)",
}


def _merges(raw: Any, vocab: dict[str, int], path: str) -> tuple[Pair, ...]:
    """The merges, each two symbols of the vocabulary whose join is one too, none twice."""
    if not isinstance(raw, list):
        raise TableError(f"{path}: model.merges must be a list.")
    quick = _quick_merges(raw, vocab)
    return quick if quick is not None else _checked_merges(raw, vocab, path)


def _quick_merges(raw: list[Any], vocab: dict[str, int]) -> tuple[Pair, ...] | None:
    """The merges of a well-formed list, checked whole in a few passes at C speed (join, split, map, set);
    None when any check fails: `_checked_merges` then finds the first faulty merge and says which."""
    if not raw:
        return ()
    kinds = set(map(type, raw))
    if kinds == {str}:
        lines = "\n".join(raw)
        # each string holds exactly one space (N spaces in all, at least one in each) and no line break
        if lines.count("\n") != len(raw) - 1 or lines.count(" ") != len(raw) or not all(map(str.__contains__, raw, repeat(" "))):
            return None
        parts = lines.replace("\n", " ").split(" ")
        lefts, rights = parts[0::2], parts[1::2]
    elif kinds == {list} and set(map(len, raw)) == {2}:
        lefts, rights = list(map(itemgetter(0), raw)), list(map(itemgetter(1), raw))
    else:
        return None
    symbols = set(lefts) | set(rights) if kinds == {str} or {type(s) for s in (*lefts, *rights)} == {str} else {""}
    pairs = list(zip(lefts, rights, strict=True))
    if "" in symbols or len(set(pairs)) != len(pairs):
        return None
    made = list(map(str.__add__, lefts, rights))
    if not (vocab.keys() >= symbols and all(map(vocab.__contains__, made))):
        return None
    return tuple(pairs)


def _checked_merges(raw: list[Any], vocab: dict[str, int], path: str) -> tuple[Pair, ...]:
    """The merges one by one, refusing the first that is not two symbols of the vocabulary, or appears twice."""
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
    """Load a byte-level BPE tokenizer.json, fully validated; added tokens join the vocabulary.

    The collector is paused meanwhile: the file makes about a million small objects, and no cycle."""
    from ..paused import gc_paused

    with gc_paused():
        return _load(path, name)


def _load(path: str | Path, name: str) -> Table:
    where = str(path)
    data = read_bytes(path, TableError, kind="tokenizer.json file")
    doc = json_value(utf8_text(data, where, TableError), where, TableError)
    model = doc.get("model") if isinstance(doc, dict) else None
    if not isinstance(model, dict):
        raise TableError(f"{where} has no model object; it is not a tokenizer.json.")
    kind = model.get("type")
    if kind != "BPE":
        what = MODELS.get(str(kind), clip(str(kind))) if kind else "of no type"
        raise TableError(f"{where}: its model is {what}, not BPE; bpe-tui reads BPE only (byte-level, or with byte fallback).")
    for key in ("continuing_subword_prefix", "end_of_word_suffix"):
        if model.get(key):
            raise TableError(f"{where}: its BPE model sets {key} {quote(str(model[key]))}; only BPE without affixes is read.")
    fallback = model.get("byte_fallback", False)
    if type(fallback) is not bool:
        raise TableError(f"{where}: its BPE model's byte_fallback is {json_type(fallback)}, not true or false.")
    if model.get("dropout"):
        raise TableError(
            f"{where}: its BPE model drops merges at random (dropout {clip(str(model['dropout']))}), so its ids are not fixed."
        )
    ignore_merges = model.get("ignore_merges", False)
    if type(ignore_merges) is not bool:
        raise TableError(f"{where}: its BPE model's ignore_merges is {json_type(ignore_merges)}, not true or false.")
    if fallback:
        from .hf_characters import read_words

        words = read_words(doc, where)
    else:
        pattern, prefix_space = pre_tokenizer(doc.get("pre_tokenizer"), where)
        normalized = normalizer(doc.get("normalizer"), where, prefix_space)
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
    if fallback:
        from .hf_characters import character_table

        return character_table(
            name=name, where=where, sha256=hashlib.sha256(data).hexdigest(), doc=doc, merges=merges, encoder=encoder,
            vocab=vocab, added_tokens=added_tokens, ignore_merges=ignore_merges, words=words,
        )  # fmt: skip
    check_consistent(merges, encoder, where, where, results_known=True)  # _merges found each merge's result in the vocabulary
    return Table(
        name=name,
        merges=merges,
        encoder=encoder,
        sha256=hashlib.sha256(data).hexdigest(),
        source=where,
        pattern=pattern,
        specials={added["content"]: added["id"] for added in added_tokens},
        normalizer=normalized,
        ignore_merges=ignore_merges,
        rule=HF,  # tokenizers merges one occurrence at a time: GPT-2's rounds part from it where a merge uses a later one's result
    )
