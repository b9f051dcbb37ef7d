"""Which tokens can come out (tui/explain/reach.py): every ordinary token in one of four classes, counted by hand
on small tables, checked on GPT-2 against the independent reference encoder and on o200k_base against tiktoken."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import regex
import tiktoken

from tests.engine.reference import BYTE_ENCODER, reference_chunks, reference_encode
from tui.engine.aliases import from_aliases
from tui.engine.bpe import encode
from tui.engine.tables import OFFSET, Table, byte_symbol_order
from tui.explain.reach import CLASSES, classify, reach_of

#: A table with one token of each kind among its rules: 'bc' and 'ab' come out; 'abc' is taken apart ('b c' has
#: the lower rank, and 'a' + 'bc' is no rule); 'a ' is cut by the regex ('a', ' '); 'âĢ' is the bytes e2 80,
#: the first two of a three-byte character.
HAND_RULES = (("b", "c"), ("a", "b"), ("ab", "c"), ("a", "Ġ"), ("â", "Ģ"))


def hand_table() -> Table:
    encoder = {s: i for i, s in enumerate(byte_symbol_order())}
    encoder.update({left + right: OFFSET + rank for rank, (left, right) in enumerate(HAND_RULES)})
    return Table(name="hand", merges=HAND_RULES, encoder=encoder, sha256="0" * 64)


def test_the_teaching_table_by_hand(teaching_table: Table) -> None:
    """The 128 ASCII bytes are each one chunk and come out; the 128 bytes 0x80-0xff are pieces of characters; all
    nine rules come out (each rule's text merges back to it: 'aaababc' by ranks 0, 1, 6, 7, 8)."""
    found = classify(teaching_table, examples=3)
    assert [found.count(c) for c in CLASSES] == [137, 128, 0, 0]
    assert found.as_json() == {
        "reachable": {"count": 137, "examples": [{"id": 256, "text": "aa"}, {"id": 257, "text": "ab"}, {"id": 258, "text": "bc"}]},
        "fragment": {"count": 128, "examples": [{"id": 94, "text": "¡"}, {"id": 95, "text": "¢"}, {"id": 96, "text": "£"}]},
        "split_by_regex": {"count": 0, "examples": []},
        "taken_apart": {"count": 0, "examples": []},
    }
    assert (found.total, found.complete, list(found.ids["reachable"][-9:])) == (265, True, list(range(256, 265)))


def test_a_hand_made_table_has_one_token_of_each_kind() -> None:
    table = hand_table()
    assert encode("abc", table) == [64, 256]  # 'a' + 'bc': the rule 'ab c' never gets its turn
    assert encode("a ", table) == [64, 220]
    found = classify(table)
    assert [found.count(c) for c in CLASSES] == [130, 129, 1, 1]
    assert [found.examples[c][0] for c in CLASSES] == [(256, "bc"), (260, "âĢ"), (259, "aĠ"), (258, "abc")]
    assert [reach_of(table, i) for i in range(256, 261)] == ["reachable", "reachable", "taken_apart", "split_by_regex", "fragment"]
    assert [found.of(i) for i in range(256, 262)] == ["reachable", "reachable", "taken_apart", "split_by_regex", "fragment", None]
    assert (reach_of(table, 261), reach_of(table, 32), reach_of(table, 94)) == (None, "reachable", "fragment")  # 261: no such id; "A"; 0xa1


def test_progress_is_reported_and_cancelling_stops_early(gpt2_table: Table) -> None:
    """From a worker: progress every 4,096 tokens up to the total; cancelled after the first batch, the counts
    cover that batch only and say so."""
    seen: list[tuple[int, int]] = []
    found = classify(gpt2_table, progress=lambda done, total: seen.append((done, total)), cancelled=lambda: True)
    assert (seen, found.complete, found.total) == ([(4096, 50256)], False, 4096)
    seen.clear()
    found = classify(hand_table(), progress=lambda done, total: seen.append((done, total)))
    assert (seen, found.complete) == ([(261, 261)], True)


@pytest.mark.parametrize(
    ("ident", "kind"),
    [(262, "reachable"), (15496, "reachable"), (628, "reachable"), (447, "fragment"), (564, "fragment"), (94, "fragment"), (50256, None)],
)
def test_known_gpt2_tokens(gpt2_table: Table, ident: int, kind: str | None) -> None:
    """' the', 'Hello' and '\\n\\n' come out whole; 'âĢ' (e2 80) and 'ĠâĢ' are the start of '—' and ' —' (e2 80 94), the
    byte 0xa1 alone is no character; the special token is no ordinary token. Checked with the reference encoder."""
    assert reach_of(gpt2_table, ident) == kind
    if kind is None:
        return
    data = from_aliases(gpt2_table.decoder[ident])
    if kind == "fragment":
        with pytest.raises(UnicodeDecodeError):
            data.decode("utf-8")
    else:
        assert reference_encode(data.decode("utf-8"), gpt2_table.ranks, gpt2_table.encoder) == [ident]


#: o200k_base's twelve tokens its regex never leaves whole: " I'" (' I' then "'"), line breaks before slashes
#: ('\n//': '\n', '//'), and Chinese words ending in capitals ('亚洲AV': '亚洲', 'AV').
O200K_SPLIT = [3413, 3914, 24091, 48235, 63100, 65447, 99494, 125141, 147008, 175653, 182292, 193819]


def test_o200k_tokens_split_by_its_regex_as_tiktoken_splits_them(tiktoken_o200k: tiktoken.Encoding) -> None:
    from tui.engine.tables import o200k_base

    table = o200k_base()
    assert [reach_of(table, i) for i in O200K_SPLIT[:3]] == ["split_by_regex"] * 3
    assert reach_of(table, 200000) is None
    for ident in O200K_SPLIT:
        text = tiktoken_o200k.decode_single_token_bytes(ident).decode("utf-8")
        assert len(tiktoken_o200k.encode_ordinary(text)) > 1 and len(regex.findall(table.pattern, text)) > 1, text


def reference_class(data: bytes, ident: int, chunks: Callable[[str], list[str]], ids: Callable[[str], list[int]]) -> str:
    """The class by its definition, from a peer's chunker and encoder."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "fragment"
    if len(chunks(text)) != 1:
        return "split_by_regex"
    return "reachable" if ids(text) == [ident] else "taken_apart"


@pytest.mark.slow
def test_every_gpt2_token_as_the_reference_encoder_sorts_it(gpt2_table: Table) -> None:
    """All 50,256: 49,912 come out, 344 are pieces of characters; none is cut by the regex or taken apart."""
    found = classify(gpt2_table)
    assert [found.count(c) for c in CLASSES] == [49912, 344, 0, 0]
    aliases = {v: k for k, v in BYTE_ENCODER.items()}

    def encoded(text: str) -> list[int]:
        return reference_encode(text, gpt2_table.ranks, gpt2_table.encoder)

    for kind in CLASSES:
        for ident in found.ids[kind]:
            data = bytes(aliases[c] for c in gpt2_table.decoder[ident])
            assert reference_class(data, ident, reference_chunks, encoded) == kind, ident


@pytest.mark.slow
@pytest.mark.parametrize(("name", "counts"), [("cl100k_base", [99483, 773, 0, 0]), ("o200k_base", [198424, 1562, 12, 0])])
def test_every_tiktoken_table_token_as_tiktoken_sorts_it(name: str, counts: list[int], request: pytest.FixtureRequest) -> None:
    """Every token of cl100k_base and o200k_base, sorted by tiktoken's own encoder and the regex: the same classes."""
    from tui.engine.tables import get_table

    table = get_table(name)
    peer: tiktoken.Encoding = request.getfixturevalue(f"tiktoken_{name.split('_')[0]}")
    chunker = regex.compile(table.pattern)
    found = classify(table)
    assert [found.count(c) for c in CLASSES] == counts
    assert list(found.ids["split_by_regex"]) == (O200K_SPLIT if name == "o200k_base" else [])
    for kind in CLASSES:
        for ident in found.ids[kind]:
            assert reference_class(peer.decode_single_token_bytes(ident), ident, chunker.findall, peer.encode_ordinary) == kind, ident
