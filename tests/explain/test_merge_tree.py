"""The merge tree of a token (tui/explain/merge_tree.py): the rules that build it from its bytes, their ranks
checked against vocab.bpe itself, a rank file's recovered parts checked against tiktoken's own merging, and
the outline drawn within 80 and 60 columns."""

from __future__ import annotations

import json

import pytest
import tiktoken

from tui.engine.aliases import from_aliases
from tui.engine.tables import OFFSET, Table, byte_symbol_order, gpt2_files
from tui.explain.merge_tree import Node, TreeError, drawing, rows, summary, tree


def vocab_ranks() -> dict[tuple[str, str], int]:
    """Each rule of GPT-2's vocab.bpe by its line (the header skipped), read here from the file itself."""
    lines = gpt2_files()[0].read_text(encoding="utf-8").splitlines()[1:]
    return {(left, right): rank for rank, (left, right) in enumerate(line.split(" ") for line in lines if line)}


def inner(node: Node) -> list[Node]:
    """Every node made by a rule, root first."""
    return [node, *(n for part in node.parts for n in inner(part))] if node.parts else []


def test_gpt2_the_is_built_from_g_t_and_h_e_by_ranks_0_2_and_6(gpt2_table: Table) -> None:
    """' the' (262) = 'Ġt' (rank 0: Ġ t) + 'he' (rank 2: h e), joined by rank 6, the ranks of vocab.bpe's lines."""
    node = tree(gpt2_table, 262)
    assert node.as_json() == {
        "id": 262,
        "text": "Ġthe",
        "rank": 6,
        "parts": [
            {
                "id": 256,
                "text": "Ġt",
                "rank": 0,
                "parts": [{"id": 220, "text": "Ġ", "rank": None, "parts": []}, {"id": 83, "text": "t", "rank": None, "parts": []}],
            },
            {
                "id": 258,
                "text": "he",
                "rank": 2,
                "parts": [{"id": 71, "text": "h", "rank": None, "parts": []}, {"id": 68, "text": "e", "rank": None, "parts": []}],
            },
        ],
    }
    ranks = vocab_ranks()
    assert [(n.text, ranks[(n.parts[0].text, n.parts[1].text)]) for n in inner(node)] == [("Ġthe", 6), ("Ġt", 0), ("he", 2)]
    assert (summary(node), node.height, node.merges) == ("id 262 ' the': 4 bytes, 3 merges, 2 levels", 2, 3)


@pytest.mark.parametrize(
    "ident", [15496, 45609, 447, 50255]
)  # 'Hello', 'internationalization' (a long one), 'âĢ' (a fragment), the last rule
def test_every_gpt2_node_is_a_vocab_bpe_rule_with_its_rank_and_its_id(gpt2_table: Table, ident: int) -> None:
    """Each inner node is the rule (left, right) on vocab.bpe's line `rank`, its id the encoder's; the leaves spell the token."""
    node = tree(gpt2_table, ident)
    ranks = vocab_ranks()
    for n in inner(node):
        left, right = n.parts
        assert (ranks[(left.text, right.text)], n.text, gpt2_table.encoder[n.text]) == (n.rank, left.text + right.text, n.id)
    assert "".join(leaf.text for leaf in node.leaves()) == gpt2_table.decoder[ident]
    assert all(leaf.rank is None and leaf.parts == () and len(leaf.text) == 1 for leaf in node.leaves())


def test_the_teaching_tables_longest_token_and_its_drawing(teaching_table: Table) -> None:
    """'aaababc' (264): rank 8 joins 'aaabab' and 'c', down to seven bytes, four levels, six merges."""
    node = tree(teaching_table, 264)
    assert (node.height, node.merges, [leaf.text for leaf in node.leaves()]) == (4, 6, list("aaababc"))
    assert summary(node) == "id 264 'aaababc': 7 bytes, 6 merges, 4 levels"
    assert drawing(node) == [
        "aaababc · id 264 · rank 8",
        "├─ aaabab · id 263 · rank 7",
        "│  ├─ aaab · id 262 · rank 6",
        "│  │  ├─ aa · id 256 · rank 0",
        "│  │  │  ├─ a · id 64 · byte 0x61",
        "│  │  │  └─ a · id 64 · byte 0x61",
        "│  │  └─ ab · id 257 · rank 1",
        "│  │     ├─ a · id 64 · byte 0x61",
        "│  │     └─ b · id 65 · byte 0x62",
        "│  └─ ab · id 257 · rank 1",
        "│     ├─ a · id 64 · byte 0x61",
        "│     └─ b · id 65 · byte 0x62",
        "└─ c · id 66 · byte 0x63",
    ]
    assert drawing(node, height=6) == [
        "aaababc · id 264 · rank 8",
        "├─ aaabab · id 263 · rank 7",
        "│  └─ … 3 more levels, 4 merges",
        "└─ c · id 66 · byte 0x63",
    ]
    assert drawing(node, height=3) == ["aaababc · id 264 · rank 8", "└─ … 4 more levels, 5 merges"]
    folded = rows(node, height=6)  # what a view styles: the lead as it is, the label or the folded line
    assert [(row.lead, row.node.id, row.folded) for row in folded] == [
        ("", 264, False),
        ("├─ ", 263, False),
        ("│  └─ ", 263, True),
        ("└─ ", 66, False),
    ]


def test_a_byte_is_a_leaf_and_a_special_token_or_an_unknown_id_has_no_tree(gpt2_table: Table, teaching_table: Table) -> None:
    assert tree(gpt2_table, 220) == Node(220, "Ġ", None)
    assert drawing(tree(gpt2_table, 220)) == ["Ġ · id 220 · byte 0x20"]
    assert summary(tree(gpt2_table, 220)) == "id 220 ' ': 1 byte, no merge"
    assert refusal(gpt2_table, 50256) == "id 50256 is the special token '<|endoftext|>' of gpt2: no rule made it, so it has no merge tree."
    assert refusal(gpt2_table, 999999) == "id 999999 is not in the gpt2 vocabulary."
    assert refusal(teaching_table, 265) == "id 265 is not in the teaching vocabulary."


def refusal(table: Table, ident: int) -> str:
    """The sentence `tree` refuses `ident` with."""
    with pytest.raises(TreeError) as refused:
        tree(table, ident)
    return str(refused.value)


def tiktoken_below(table: Table, limit: int) -> tiktoken.Encoding:
    """tiktoken's encoder over the table's ranks below `limit` only: what merging could use before that rank existed."""
    ranks = {token: rank for token, rank in (table.byte_ranks or {}).items() if rank < limit}
    return tiktoken.Encoding(f"below-{limit}", pat_str=table.pattern, mergeable_ranks=ranks, special_tokens={})


@pytest.mark.parametrize(("ident", "left", "right"), [(279, "Ġth", "e"), (15339, "h", "ello")])
def test_a_cl100k_tree_comes_from_the_recovered_parts_which_tiktoken_builds_too(ident: int, left: str, right: str) -> None:
    """cl100k_base has no rules: ' the' (279) is 'Ġth' + 'e' (not GPT-2's 'Ġt' + 'he'), 'hello' (15339) is 'h' + 'ello'.
    Each inner node's parts are what tiktoken itself makes of its bytes with only the lower ranks, its rank is
    id - 256, and the leaves join to the token's bytes."""
    from tui.engine.tables import cl100k_base

    table = cl100k_base()
    node = tree(table, ident)
    assert (node.parts[0].text, node.parts[1].text, node.rank) == (left, right, ident - OFFSET)
    assert b"".join(from_aliases(leaf.text) for leaf in node.leaves()) == from_aliases(table.decoder[ident])
    for n in inner(node):
        below = tiktoken_below(table, n.id)._encode_single_piece(from_aliases(n.text))
        assert below == [n.parts[0].id, n.parts[1].id], n.text
        assert n.rank == n.id - OFFSET


def chain(length: int) -> Table:
    """A table whose rules build 'a' * length one 'a' at a time: a tree `length - 1` levels deep."""
    merges = tuple(("a" * k, "a") for k in range(1, length))
    encoder = {s: i for i, s in enumerate(byte_symbol_order())}
    encoder.update({left + right: OFFSET + rank for rank, (left, right) in enumerate(merges)})
    return Table(name="chain", merges=merges, encoder=encoder, sha256="0" * 64)


def test_a_deep_tree_folds_to_fit_60_and_80_columns_and_a_height() -> None:
    """A 40-level tree: at 80 columns 16 levels are drawn, at 60 columns 10, the rest folded into one line that says
    how much is hidden; with a height, the deepest drawing that fits those lines."""
    node = tree(chain(41), OFFSET + 39)
    assert (node.height, node.merges) == (40, 40)
    for width, levels in ((80, 16), (60, 10)):
        lines = drawing(node, width)
        assert (len(lines), max(len(line) for line in lines)) == (2 * levels + 2, width)
        assert lines[levels + 1] == "│  " * levels + f"└─ … {40 - levels} more levels, {39 - levels} merges"
        assert lines[-1] == "└─ a · id 64 · byte 0x61"
    assert drawing(node, 60, height=7) == [
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa · id 295 · rank 39",
        "├─ aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa… · id 294 · rank 38",
        "│  ├─ aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa… · id 293 · rank 37",
        "│  │  └─ … 38 more levels, 37 merges",
        "│  └─ a · id 64 · byte 0x61",
        "└─ a · id 64 · byte 0x61",
    ]


def test_a_long_token_is_clipped_before_its_id_and_rank() -> None:
    """o200k_base's 128 spaces (72056): the text is cut with '…', the id and rank stay, within 60 columns."""
    from tui.engine.tables import o200k_base

    lines = drawing(tree(o200k_base(), 72056), 60)
    assert lines[0] == "Ġ" * 35 + "… · id 72056 · rank 71800"
    assert max(len(line) for line in lines) <= 60


def test_a_custom_table_that_cannot_build_its_token_or_is_too_deep_is_one_sentence() -> None:
    """A rule whose part has no id, a part no rule makes, a token of over 256 bytes: a TreeError each, not a crash."""
    encoder = {s: i for i, s in enumerate(byte_symbol_order())}
    broken = Table(
        name="broken", merges=(("q", "rs"), ("xy", "z")), encoder={**encoder, "qrs": 256, "xy": 257, "xyz": 258}, sha256="0" * 64
    )
    assert refusal(broken, 256) == "rule 0 of broken joins 'rs', which has no id, so 'qrs' has no merge tree."
    assert refusal(broken, 258) == "no rule of broken makes 'xy' (id 257), so it has no merge tree."
    assert refusal(chain(300), OFFSET + 298) == "id 554 is 300 bytes long; merge trees are drawn for tokens of up to 256 bytes."
    deepest = tree(chain(256), OFFSET + 254)
    assert (deepest.height, deepest.merges, len(drawing(deepest)), len(list(deepest.leaves()))) == (255, 255, 34, 256)
    assert json.loads(json.dumps(deepest.as_json())) == deepest.as_json()
