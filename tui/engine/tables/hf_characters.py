"""A tokenizer.json whose BPE model falls back to bytes (byte_fallback: Llama 2's, older Mistral's, Gemma's files),
read as a table on characters (`hf_pieces.HfPieces`, on the rule HF_FALLBACK).

Read: its normalizer (`hf_steps`); a pre-tokenizer that is missing, Metaspace (replacement '▁', every
prepend_scheme, split or not), or Gemma's Split on spaces its normalizer has already replaced (it never cuts);
the byte tokens <0x00>…<0xFF> in model.vocab (all of them but those of ASCII characters it holds: older
Gemma files hold '\t', not <0x09>); a decoder of the shapes `HfDecoder` models. Anything else is
refused in one sentence saying what it is.

tokenizers merges inside the words its pre-tokenizer cuts: a missing one cuts nothing, Metaspace with split cuts
before every '▁'. Inside a word the table cuts where no merge can cross, as SentencePiece's tables do
(`sentencepiece_bpe.chunk_pattern`): before a '▁' that follows another character, when no merge makes an entry
holding a '▁' after another character. Under ignore_merges it does not cut inside a word: tokenizers takes a
whole word that is an entry, so the table's words must be tokenizers' own.

With every byte token a character may need tokenizers never gives the unknown token (unk_token and fuse_unk
never matter). A file lacking one is refused: a character whose bytes lack a token would be <unk>, and
tokenizers writes a pending <unk> only when a known character follows, after the byte tokens of any character
that fell back in between ('a你éb' with no token for 你's bytes: a, <0xC3>, <0xA9>, <unk>, b).

>>> metaspace_normalizer({"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first", "split": False}, None, "t.json")
(Normalizer(steps=(Step(kind='Replace', args=(' ', '▁')), Step(kind='PrependMissing', args=('▁',)))), False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any

from ..normalize import Normalizer, Step
from ..texts import clip, quote
from .hf_pieces import SPACE, HfDecoder, HfPieces, byte_token
from .hf_steps import flat_steps, json_type, normalizer
from .merge_rules import HF_FALLBACK
from .ranks import ID_LIMIT, Pair
from .table import Table, TableError

#: Metaspace with split: each '▁' begins a word (its pieces merged with the next: tokenizers' MergedWithNext).
METASPACE_WORDS = f"{SPACE}[^{SPACE}]*|[^{SPACE}]+"
SCHEMES = ("always", "first", "never")


def read_words(doc: dict[str, Any], where: str) -> tuple[Normalizer | None, bool]:
    """The normaliser (the file's, then a Metaspace pre-tokenizer's '▁' for spaces and its '▁' before the text), and
    whether each '▁' begins a word (Metaspace's split)."""
    normalized = normalizer(doc.get("normalizer"), where)
    pre = doc.get("pre_tokenizer")
    steps = [] if pre is None else flat_steps(pre, "pretokenizers", "pre-tokenizer", where)
    kinds = [str(step.get("type")) if isinstance(step, dict) else json_type(step) for step in steps]
    if not steps:
        return normalized, False
    if kinds == ["Metaspace"]:
        return metaspace_normalizer(steps[0], normalized, where)
    if kinds == ["Split"] and _cuts_nothing(steps[0], normalized):
        return normalized, False
    if "ByteLevel" in kinds:
        raise TableError(
            f"{where}: its BPE model falls back to bytes (byte_fallback), as SentencePiece-style BPE does, but its pre-tokenizer "
            f"is {clip(', '.join(kinds))}; bpe-tui reads byte fallback on characters only (no pre-tokenizer, or Metaspace)."
        )
    raise TableError(f"{where}: its pre-tokenizer is {clip(', '.join(kinds))}; with byte fallback bpe-tui reads none, or Metaspace alone.")


def _cuts_nothing(split: dict[str, Any], normalized: Normalizer | None) -> bool:
    """Whether a Split never matches the normalised text: Gemma's Split on ' ' after its normalizer's last step
    replaced every ' ' (by a text without one)."""
    pattern = split.get("pattern")
    given = pattern.get("String") if isinstance(pattern, dict) and list(pattern) == ["String"] else None
    last = normalized.steps[-1] if normalized is not None else None
    return (
        isinstance(given, str)
        and split.get("invert", False) is False
        and last is not None
        and last.kind == "Replace"
        and len(last.args[0]) == 1
        and last.args[0] not in last.args[1]
        and last.args[0] in given
    )


def _scheme(step: dict[str, Any], what: str, where: str) -> str:
    """A Metaspace's prepend_scheme (an older file's add_prefix_space true is "always"), its replacement checked."""
    if step.get("replacement") != SPACE:
        raise TableError(f"{where}: its Metaspace {what} writes spaces as {json_type(step.get('replacement'))}; bpe-tui reads '▁' only.")
    scheme = step.get("prepend_scheme")
    if scheme is None:
        legacy = step.get("add_prefix_space", True)
        if legacy is not True:
            raise TableError(
                f"{where}: its Metaspace {what}'s add_prefix_space is {json_type(legacy)} with no prepend_scheme, which tokenizers refuses."
            )
        scheme = "always"
    if scheme not in SCHEMES:
        raise TableError(f'{where}: its Metaspace {what}\'s prepend_scheme is {json_type(scheme)}, not "always", "first" or "never".')
    return str(scheme)


def metaspace_normalizer(step: dict[str, Any], normalized: Normalizer | None, where: str) -> tuple[Normalizer, bool]:
    """A Metaspace pre-tokenizer as normaliser steps after the file's (' ' written '▁'; unless its prepend_scheme is
    "never", a '▁' before a text that does not start with one) and whether it splits before each '▁'.

    "first" puts the '▁' before the first piece of the text only, which (with no added token cutting the text) is
    the whole text: "always" but where the normalizer removed the text's first characters (tokenizers then
    prepends nothing), so a normalizer that may remove them (Strip, a Replace by nothing) is refused with it."""
    scheme = _scheme(step, "pre-tokenizer", where)
    split = step.get("split", True)
    if type(split) is not bool:
        raise TableError(f"{where}: its Metaspace pre-tokenizer's split is {json_type(split)}, not true or false.")
    steps = normalized.steps if normalized is not None else ()
    dropping = next(
        (s for s in steps if (s.kind == "Strip" and s.args[0]) or (s.kind in ("Replace", "ReplaceRegex") and not s.args[1])), None
    )
    if scheme == "first" and dropping is not None:
        raise TableError(
            f"{where}: its Metaspace puts '▁' before the text only where the text still starts (prepend_scheme \"first\"), "
            f"which its normalizer's {dropping.kind} may move; bpe-tui does not model it."
        )
    added = (Step("Replace", (" ", SPACE)), *((Step("PrependMissing", (SPACE,)),) if scheme != "never" else ()))
    return Normalizer((*steps, *added)), split


def read_decoder(raw: Any, where: str) -> HfDecoder:
    """The file's decoder: Replace (a string by a string), ByteFallback, Fuse and Strip (from the start) in that order,
    each but Fuse before Strip optional (Llama 2's, Gemma's), or Metaspace alone."""
    if raw is None:
        raise TableError(f"{where}: it has no decoder (tokenizers would join the tokens with spaces), which bpe-tui does not model.")
    steps = flat_steps(raw, "decoders", "decoder", where)
    kinds = [str(step.get("type")) if isinstance(step, dict) else json_type(step) for step in steps]
    if kinds == ["Metaspace"]:
        return HfDecoder(metaspace=True, drops_first=_scheme(steps[0], "decoder", where) != "never")
    k, replaces = 0, []
    while k < len(kinds) and kinds[k] == "Replace":
        replaces.append(_replace(steps[k], where))
        k += 1
    fallback = k < len(kinds) and kinds[k] == "ByteFallback"
    k += fallback
    fused = k < len(kinds) and kinds[k] == "Fuse"
    k += fused
    strip, char = 0, " "
    if fused and k < len(kinds) and kinds[k] == "Strip":
        strip, char = _strip(steps[k], where)
        k += 1
    if not steps or k != len(kinds):
        raise TableError(
            f"{where}: its decoder is {clip(', '.join(kinds)) or 'an empty Sequence'}, which bpe-tui does not model; it reads "
            "Replace, ByteFallback, Fuse and Strip in that order (Llama 2's, Gemma's), or Metaspace."
        )
    return HfDecoder(tuple(replaces), fallback, strip, char)


def _replace(step: dict[str, Any], where: str) -> tuple[str, str]:
    pattern, content = step.get("pattern"), step.get("content")
    given = pattern.get("String") if isinstance(pattern, dict) and list(pattern) == ["String"] else None
    if not (isinstance(given, str) and given and isinstance(content, str)):
        raise TableError(
            f'{where}: its decoder\'s Replace needs a non-empty {{"String": …}} pattern and a string content; bpe-tui reads no other.'
        )
    return given, content


def _strip(step: dict[str, Any], where: str) -> tuple[int, str]:
    content, start, stop = step.get("content"), step.get("start"), step.get("stop", 0)
    if not (isinstance(content, str) and len(content) == 1 and type(start) is int and start >= 0 and stop == 0 and type(stop) is int):
        raise TableError(f"{where}: its decoder's Strip must take one character from the start only (stop 0); bpe-tui reads no other.")
    return start, content


def character_table(
    *,
    name: str,
    where: str,
    sha256: str,
    doc: dict[str, Any],
    merges: Sequence[Pair],
    encoder: Mapping[str, int],
    vocab: Mapping[str, int],
    added_tokens: list[dict[str, Any]],
    ignore_merges: bool,
    words: tuple[Normalizer | None, bool],
) -> Table:
    """The table of a tokenizer.json with byte fallback, its vocabulary and merges already checked (`vocab`: model.vocab
    alone, `encoder`: with the added tokens); `words` is what `read_words` gave."""
    if encoder and not 0 <= min(encoder.values()) <= max(encoder.values()) < ID_LIMIT:
        symbol = next(s for s, i in encoder.items() if not 0 <= i < ID_LIMIT)
        raise TableError(f"{where}: the id of {quote(symbol)} is {encoder[symbol]:,}; ids go from 0 to {ID_LIMIT - 1:,}.")
    if "" in encoder:
        raise TableError(f"{where} gives the empty symbol the id {encoder['']}; a symbol has at least one character.")
    missing = [byte_token(b) for b in range(256) if byte_token(b) not in vocab and (b >= 0x80 or chr(b) not in vocab)]
    if missing:
        more = f" (nor {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise TableError(
            f"{where}: its BPE model falls back to bytes, but model.vocab has no {missing[0]} token{more}, so tokenizers would "
            "give a character needing it <unk>, which bpe-tui does not model."
        )
    byte_tokens = {byte_token(b) for b in range(256)}
    for n, pair in enumerate(merges if not byte_tokens.isdisjoint(chain.from_iterable(merges)) else ()):
        joined = next((part for part in pair if part in byte_tokens), None)
        if joined is not None:
            raise TableError(
                f"{where}: model.merges[{n}] ({quote(' '.join(pair))}) joins the byte token {joined}, which bpe-tui does not model "
                "(it falls back to bytes after merging)."
            )
    decoder = read_decoder(doc.get("decoder"), where)
    normalized, split = words
    if split:
        pattern = METASPACE_WORDS
    else:
        from ..sentencepiece_bpe import chunk_pattern  # not at import: it needs the merge kernel, which needs this package

        crossing = any(SPACE in (a + b).lstrip(SPACE) for a, b in merges)  # a merge makes a '▁' after another character
        pattern = chunk_pattern(set(), not (ignore_merges or crossing))
    specials = {added["content"]: added["id"] for added in added_tokens}
    skipped = frozenset(added["id"] for added in added_tokens if added.get("special") is True)
    pieces = HfPieces(merges, encoder, vocab, specials, skipped, pattern, normalized, decoder, ignore_merges)
    return Table(
        name=name,
        merges=merges,
        encoder=encoder,
        sha256=sha256,
        source=where,
        rule=HF_FALLBACK,
        pattern=pattern,
        specials=specials,
        normalizer=normalized,
        ignore_merges=ignore_merges,
        pieces=pieces,
    )
