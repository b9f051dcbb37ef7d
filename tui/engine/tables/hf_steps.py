"""A tokenizer.json's normalizer and pre-tokenizer, read as bpe-tui's (a `Normalizer`, and one regex or a
`Pipeline` of cuts), exactly as Hugging Face `tokenizers` runs them; anything else refused in one sentence.

Pre-tokenizers: ByteLevel (with or without its regex; add_prefix_space as its first step), Split (every
behaviour, inverted or not, a Regex or a String), Digits, Punctuation, Whitespace, WhitespaceSplit, and
Sequences of them ending in ByteLevel. Normalizers: NFC, NFD, NFKC, NFKD, Lowercase, Replace, Prepend,
Strip, and Sequences of them.

>>> pre_tokenizer({"type": "ByteLevel", "add_prefix_space": False, "use_regex": True}, "t.json") == (GPT2_PATTERN, False)
True
>>> normalizer({"type": "Sequence", "normalizers": [{"type": "NFC"}, {"type": "Lowercase"}]}, "t.json").describe()
'NFC, Lowercase'
"""

from __future__ import annotations

from typing import Any

from ..normalize import FORMS, Normalizer, Step
from ..pipeline import PUNCTUATION, WHITE_SPACE, WORDS, Cut, Pipeline, register
from ..pretokenize import BEHAVIORS, GPT2_PATTERN, chunker, split_regex
from ..texts import CaptureError, clip, quote
from .table import TableError
from .tiktoken_files import O200K_PATTERN

#: The pattern of a pre-tokenizer that cuts nothing (ByteLevel without its regex, alone): the whole text.
WHOLE = r"[\s\S]+"
#: Patterns that match every character (a Split of them that isolates is the pattern itself).
COVERING = (GPT2_PATTERN, O200K_PATTERN)
#: Texts a Split's regex is tried on when the file is read, to refuse early one that matches an empty string.
PROBES = ("", "Hello, world! It's 2024:\tnaïve café 你好 🙂\r\n  x  ", " \u00a0\u3000x.y-z_1")
#: A {n,m} count followed by +, not escaped: tiktoken's patterns spell a possessive count so.
ONIGURUMA_REPEAT = r"(?<!\\)\{\d+(?:,\d*)?\}\+"

#: An unescaped backslash: the odd one of a run (`\\h` is a backslash and an h, `\\\h` a backslash and `\h`).
_ESCAPE = r"(?<!\\)(?:\\\\)*\\"
#: Constructs that Python's regex module and Oniguruma (what tokenizers runs) read differently, or that bpe-tui's
#: branch-by-branch explanation cannot keep: each refused by name (a test per row shows tokenizers' pieces differ).
DIALECT: tuple[tuple[str, str, str], ...] = (
    (_ESCAPE + "h", "\\h", "a hexadecimal digit for Oniguruma but horizontal space for Python's regex module"),
    (_ESCAPE + "N(?!\\{)", "\\N", "any character but a newline for Oniguruma, not that for Python's regex module"),
    (r"&&", "&& (a class intersection)", "an intersection inside [...] for Python's regex module, two plain & for Oniguruma"),
    (_ESCAPE + "(?:[1-9]|k<)|\\(\\?P=", "a back-reference", "a group number that bpe-tui's branch explanation renumbers"),
)

#: What a few pre-tokenizers and normalizers that are not byte-level are, for the sentence refusing them.
NOT_BYTE_LEVEL = {
    "Metaspace": "SentencePiece's ▁ for spaces, so this is SentencePiece-style BPE, which bpe-tui reads only with byte_fallback",
    "Precompiled": "SentencePiece's compiled character map, which bpe-tui does not apply",
    "BertPreTokenizer": "BERT's word splitter, which bpe-tui does not model",
    "BertNormalizer": "BERT's cleaning, which bpe-tui does not model",
}


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


def flat_steps(step: Any, key: str, what: str, path: str) -> list[Any]:
    """The steps of a (possibly nested) Sequence, in order; a single step alone."""
    if not (isinstance(step, dict) and step.get("type") == "Sequence"):
        return [step]
    inner = step.get(key)
    if not isinstance(inner, list):
        raise TableError(f"{path}: its Sequence {what}'s {key} is {json_type(inner)}, not a list.")
    return [s for one in inner for s in flat_steps(one, key, what, path)]


def _kind(step: Any, what: str, path: str) -> str:
    kind = step.get("type") if isinstance(step, dict) else None
    if not isinstance(kind, str):
        raise TableError(f"{path}: its {what} is {json_type(step)}, not a {what} object with a type.")
    if kind in NOT_BYTE_LEVEL:
        raise TableError(f"{path}: its {what} {kind} is {NOT_BYTE_LEVEL[kind]}.")
    return kind


def pre_tokenizer(pre: Any, path: str) -> tuple[str, bool]:
    """The table's pattern (one regex, or a registered pipeline's key) and whether ByteLevel adds a prefix space."""
    if pre is None:
        raise TableError(f"{path}: its pre-tokenizer is missing, not ByteLevel; this is not a byte-level BPE tokenizer.")
    steps = flat_steps(pre, "pretokenizers", "pre-tokenizer", path)
    kinds = [_kind(step, "pre-tokenizer", path) for step in steps]
    if "ByteLevel" not in kinds:
        named = clip(", ".join(kinds)) or "an empty Sequence"
        raise TableError(f"{path}: its pre-tokenizer is {named}, with no ByteLevel step; this is not a byte-level BPE tokenizer.")
    last = kinds.index("ByteLevel")
    if last != len(kinds) - 1:
        raise TableError(
            f"{path}: its pre-tokenizer has {kinds[last + 1]} after ByteLevel, which would cut byte aliases; bpe-tui does not model it."
        )
    level = steps[last]
    prefix = level.get("add_prefix_space", False)  # tokenizers requires it; bpe-tui reads it missing as false
    if type(prefix) is not bool or type(level.get("use_regex", True)) is not bool:
        raise TableError(f"{path}: its ByteLevel's add_prefix_space and use_regex must be true or false.")
    cuts = [_cut(kind, step, path) for kind, step in zip(kinds[:last], steps[:last], strict=True)]
    if prefix and last:
        raise TableError(f"{path}: its ByteLevel adds a prefix space to every piece of the steps before it, which bpe-tui does not model.")
    if level.get("use_regex", True):
        cuts.append(Cut("ByteLevel", GPT2_PATTERN, GPT2_PATTERN))
    if not cuts:
        return WHOLE, prefix
    if len(cuts) == 1:
        return cuts[0].built, prefix
    return register(Pipeline(tuple(cuts))).key, prefix


def _cut(kind: str, step: dict[str, Any], path: str) -> Cut:
    if kind == "Split":
        return split_cut(step, path)
    if kind == "Digits":
        alone = step.get("individual_digits", False)
        if type(alone) is not bool:
            raise TableError(f"{path}: its Digits' individual_digits is {json_type(alone)}, not true or false.")
        return Cut("Digits", r"\p{N}", split_regex(r"\p{N}", "Isolated" if alone else "Contiguous"), "individual digits" if alone else "")
    if kind == "Punctuation":
        behavior = _behavior(step.get("behavior", "Isolated"), "Punctuation", path)
        return Cut("Punctuation", PUNCTUATION, split_regex(PUNCTUATION, behavior), behavior)
    if kind == "Whitespace":
        return Cut("Whitespace", WORDS, split_regex(WORDS, "Removed", invert=True))
    if kind == "WhitespaceSplit":
        return Cut("WhitespaceSplit", WHITE_SPACE, split_regex(WHITE_SPACE, "Removed"))
    raise TableError(f"{path}: its pre-tokenizer has a {clip(kind)} step, which bpe-tui does not read.")


def _behavior(behavior: Any, kind: str, path: str) -> str:
    if behavior not in BEHAVIORS:
        raise TableError(f"{path}: its {kind}'s behavior is {quote(str(behavior))}, not one of {', '.join(BEHAVIORS)}.")
    return str(behavior)


def split_cut(split: dict[str, Any], path: str) -> Cut:
    """A Split step: its own regex and the regex whose matches are its pieces (`pretokenize.split_regex`), checked."""
    pattern, invert = split.get("pattern"), split.get("invert", False)
    kinds = list(pattern) if isinstance(pattern, dict) else []
    given = pattern[kinds[0]] if isinstance(pattern, dict) and kinds in (["Regex"], ["String"]) else None
    if not isinstance(given, str):
        raise TableError(f'{path}: its Split\'s pattern is {json_type(pattern)}, not {{"Regex": …}} or {{"String": …}} with a string.')
    behavior = _behavior(split.get("behavior"), "Split", path)
    if type(invert) is not bool:
        raise TableError(f"{path}: its Split's invert is {json_type(invert)}, not true or false.")
    import regex  # a tokenizer.json's Split is the first thing that needs it

    regex_text = given if kinds == ["Regex"] else regex.escape(given)
    _check_regex(regex_text, "Split regex", path)
    if behavior == "Isolated" and regex_text in COVERING and not invert:
        return Cut("Split", regex_text, regex_text, behavior)  # every character is in a match: the pieces are the matches
    built = split_regex(regex_text, behavior, invert)
    try:
        for probe in PROBES:
            chunker(built, probe).findall(probe)
    except CaptureError as exc:
        raise TableError(f"{path}, tried on a sample text: {exc}") from None
    return Cut("Split", regex_text, built, f"{behavior}, inverted" if invert else behavior)


#: The longest Split regex read (characters): the longest in a real tokenizer.json is under 500; a 2.6 MB alternation
#: took 23.7 s and 1.5 GB to compile (tokenizers: 0.54 s), so a longer one is refused before it is compiled (the hostile
#: tables test draws one of 80,000 characters).
LONGEST_REGEX = 131_072


def _check_regex(regex_text: str, what: str, path: str) -> None:
    import regex

    if len(regex_text) > LONGEST_REGEX:
        raise TableError(
            f"{path}: its {what} is {len(regex_text):,} characters long; bpe-tui compiles regexes of {LONGEST_REGEX:,} "
            "characters at most (the longest real pre-tokenizer's is under 500)."
        )
    try:
        regex.compile(regex_text)
    except (regex.error, ValueError, OverflowError, RecursionError) as exc:
        raise TableError(f"{path}: its {what} {quote(regex_text)} is not a valid regex ({exc}).") from None
    if regex.search(ONIGURUMA_REPEAT, regex_text):
        raise TableError(
            f"{path}: its {what} {quote(regex_text)} puts + after a {{n,m}} count, a second repetition for "
            "Oniguruma (which tokenizers runs) but possessive for Python's regex module, so the chunks would differ."
        )
    for construct, named, why in DIALECT:
        if regex.search(construct, regex_text):
            raise TableError(
                f"{path}: its {what} {quote(regex_text)} uses {named}, {why}; bpe-tui refuses it rather than cut other chunks."
            )


def normalizer(norm: Any, path: str, prefix_space: bool = False) -> Normalizer | None:
    """The table's normaliser (ByteLevel's prefix space last), or None when it changes nothing."""
    steps = [] if norm is None else [_step(s, path) for s in flat_steps(norm, "normalizers", "normalizer", path)]
    if prefix_space:
        steps.append(Step("PrefixSpace"))
    return Normalizer(tuple(steps)) if steps else None


def _step(step: Any, path: str) -> Step:
    kind = _kind(step, "normalizer", path)
    if kind in FORMS or kind == "Lowercase":
        return Step(kind)
    if kind == "Replace":
        pattern, content = step.get("pattern"), step.get("content")
        kinds = list(pattern) if isinstance(pattern, dict) else []
        given = pattern[kinds[0]] if kinds in (["Regex"], ["String"]) else None
        if not (isinstance(given, str) and given and isinstance(content, str)):
            raise TableError(
                f'{path}: its Replace normalizer needs a non-empty {{"Regex": …}} or {{"String": …}} pattern and a string content.'
            )
        if kinds == ["String"]:
            return Step("Replace", (given, content))
        _check_regex(given, "Replace regex", path)
        return Step("ReplaceRegex", (given, content))
    if kind == "Prepend":
        prepend = step.get("prepend")
        if not isinstance(prepend, str):
            raise TableError(f"{path}: its Prepend normalizer's prepend is {json_type(prepend)}, not a string.")
        return Step("Prepend", (prepend,))
    if kind == "Strip":
        sides = (step.get("strip_left", True), step.get("strip_right", True))
        if any(type(side) is not bool for side in sides):
            raise TableError(f"{path}: its Strip normalizer's strip_left and strip_right must be true or false.")
        return Step("Strip", sides)
    raise TableError(f"{path}: its normalizer has a {clip(kind)} step, which bpe-tui does not read.")
