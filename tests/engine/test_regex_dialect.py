"""Split regexes that Python's regex module and Oniguruma (what tokenizers runs) read differently are refused by name
(issue 36, items 5 and 13), one row of `hf_steps.DIALECT` each: tokenizers' pieces on a sample beside what the regex
module would cut, then the refusal of a tokenizer.json that uses the construct, by the loader and by `chunks`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tui.engine.pretokenize import compiled, split_regex
from tui.engine.tables import TableError
from tui.engine.tables.hf_steps import DIALECT
from tui.engine.tables.tokenizer_json import load_tokenizer_json

from .test_split_behaviours import hf_split, trained

#: Each construct's name in DIALECT, a pattern using it, a sample, and the pieces tokenizers and the regex module cut
#: (a back-reference cuts the same in both: it is refused because each branch is explained in a group of its own).
ROWS = [
    ("\\h", r"\h+", "xyz  ab", ["xyz  ", "ab"], ["xyz", "  ", "ab"]),
    ("\\N", r"\N", "a\nb", ["a", "\n", "b"], ["a\nb"]),
    ("&& (a class intersection)", r"[\w&&[^a]]+", "abc&&d", ["a", "bc", "&&", "d"], ["abc&&d"]),
    ("a back-reference", r"(a)\1|\s+|[^\sa]+", "aab", ["aa", "b"], ["aa", "b"]),
]


def test_every_row_of_the_table_is_tested() -> None:
    assert [named for _, named, _ in DIALECT] == [row[0] for row in ROWS]


@pytest.mark.parametrize(("named", "pattern", "sample", "theirs", "ours"), ROWS, ids=[row[0] for row in ROWS])
def test_a_construct_read_two_ways_is_refused_by_name(
    cli, tmp_path: Path, named: str, pattern: str, sample: str, theirs: list[str], ours: list[str]
) -> None:  # type: ignore[no-untyped-def]
    assert [piece for piece, _ in hf_split(pattern, "Isolated", False).pre_tokenize_str(sample)] == theirs
    assert [m.group() for m in compiled(split_regex(pattern, "Isolated", False)).finditer(sample)] == ours
    path = tmp_path / "t.json"
    trained(pattern, "Isolated", False, path)
    why = next(why for _, name, why in DIALECT if name == named)
    said = f"{path}: its Split regex {pattern!r} uses {named}, {why}; bpe-tui refuses it rather than cut other chunks."
    with pytest.raises(TableError) as caught:
        load_tokenizer_json(path)
    assert str(caught.value) == said
    assert cli("chunks", "--tokenizer-json", str(path), "--text", sample) == (2, "", f"bpe-tui: {said}\n")


@pytest.mark.parametrize("pattern", [r"\\h+", r"\p{L}+|\\N", r"[a&]+", r" ?\p{L}+|\s+"])
def test_the_same_letters_escaped_or_alone_are_not_refused(pattern: str) -> None:
    import regex

    assert not [named for construct, named, _ in DIALECT if regex.search(construct, pattern)]


def test_a_split_regex_too_long_to_compile_quickly_is_refused_before_it_is_compiled(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A 300,000-way alternation (2.6 MB) took 23.7 s and 1.5 GB to load (issue 36, item 9): refused from its length."""
    import regex

    path = tmp_path / "t.json"
    trained(r"\p{L}+|\s+", "Isolated", False, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    alternation = "|".join(f"w{n}" for n in range(300_000))
    doc["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"] = alternation
    path.write_text(json.dumps(doc), encoding="utf-8")
    compiled_any = []
    monkeypatch.setattr(regex, "compile", lambda *a, **k: compiled_any.append(a) or (_ for _ in ()).throw(AssertionError))
    with pytest.raises(TableError) as caught:
        load_tokenizer_json(path)
    assert str(caught.value) == (
        f"{path}: its Split regex is {len(alternation):,} characters long; bpe-tui compiles regexes of 131,072 characters at most "
        "(the longest real pre-tokenizer's is under 500)."
    )
    assert compiled_any == []
