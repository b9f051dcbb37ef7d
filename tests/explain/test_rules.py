"""Rules as the Tables view reads them (tui/engine/rules.py), with seed 000 and 002 values."""

from __future__ import annotations

from tests.engine.support import CAFE
from tui.engine.bpe import capture
from tui.engine.tables import Table, get_table
from tui.explain.rules import init_summary, rank_id_check, rank_of_id, search_rules, used_ranks
from tui.screens.tables_text import rank_id_meaning


def test_init_summary_sizes(gpt2_table: Table) -> None:
    """byte encoder/decoder 256, encoder/decoder 50,257, ranks 50,000; the chunk cache is per text."""
    trace = capture(CAFE, gpt2_table)
    sizes = {b.name: b.size for b in init_summary(gpt2_table, trace)}
    assert sizes == {
        "byte_encoder": 256, "byte_decoder": 256, "encoder": 50257, "decoder": 50257,
        "bpe_ranks": 50000, "cache": 2, "lru_cache": 1,
    }  # fmt: skip
    assert {b.name: b.size for b in init_summary(gpt2_table)}["cache"] == 0


def test_init_summary_under_tiktokens_rule_lists_what_corebpe_holds_and_no_cache(o200k_table: Table) -> None:
    """o200k_base: its byte strings ranked, its two specials; no alias maps, no merge list, no chunk cache."""
    built = {b.name: (b.size, b.maps) for b in init_summary(o200k_table, capture("hello hello", o200k_table))}
    assert built == {
        "encoder": (200000, "bytes → rank"),
        "decoder": (200000, "rank → bytes"),
        "special_tokens": (2, "special → id"),
    }


def test_init_summary_of_a_byte_level_tokenizer_json_is_tokenizers_model() -> None:
    """DeepSeek V4's tokenizer.json: ByteLevel's 256 aliases, 129,280 tokens, 127,741 merges, 1,283 added tokens,
    and a cache of the words encoded ('hello', ' hello' and ' world': three)."""
    table = get_table("deepseek-v4")
    built = {b.name: (b.size, b.source) for b in init_summary(table, capture("hello hello world", table))}
    assert built == {
        "bytes_char": (256, "the ByteLevel pre-tokenizer"),
        "vocab": (129280, "model.vocab"),
        "vocab_r": (129280, "vocab inverted"),
        "merges": (127741, "model.merges"),
        "cache": (3, "per model, filled by encode()"),
        "added_tokens": (1283, "added_tokens"),
    }


def test_rank_id_check_over_all_rules(gpt2_table: Table) -> None:
    """encoder[left + right] == 256 + rank holds for all 50,000 rules; bytes have no rank; 50256 is special."""
    check = rank_id_check(gpt2_table)
    assert (check.total, check.passing, check.holds, check.first_failure) == (50000, 50000, True, None)
    assert check.base == 256 and dict(check.special) == {"<|endoftext|>": 50256}
    assert rank_of_id(gpt2_table, 50256) is None and rank_of_id(gpt2_table, 64) is None
    assert rank_of_id(gpt2_table, 45609) == 45353 and rank_of_id(gpt2_table, 256) == 0


def test_rank_id_check_teaching(teaching_table: Table) -> None:
    check = rank_id_check(teaching_table)
    assert (check.total, check.passing, dict(check.special)) == (9, 9, {})


def test_rank_id_check_on_tekken_counts_its_1000_special_ids() -> None:
    """Tekken's ids start at 1,000: a rule's token is 1,256 + its rank, for every rule; bytes are ids 1,000–1,255."""
    check = rank_id_check(get_table("tekken"))
    assert (check.total, check.passing, check.offset) == (129_816, 129_816, 1256)
    assert rank_id_meaning(get_table("tekken"), check).startswith(
        "yet a rank says which rule comes first, an id names the model's token (the file's rank plus 1,000 is the id): "
        "ids 1,000–1,255 (bytes) and the 1,000 special tokens have no rank."
    )


def test_search_rules(gpt2_table: Table) -> None:
    """A rank, an id, a rule, a symbol as typed or as GPT-2 writes it."""
    assert search_rules(gpt2_table, "26").ranks == (26,)
    assert search_rules(gpt2_table, "id 45609").ranks == (45353,)
    assert search_rules(gpt2_table, "Ġ t").ranks == (0,)
    assert search_rules(gpt2_table, " the").ranks[0] == 6  # Ġt + he → Ġthe, rank 6
    assert search_rules(gpt2_table, "Ġthe").ranks[0] == 6
    assert search_rules(gpt2_table, "60000").ranks == () and search_rules(gpt2_table, "id 50256").ranks == ()


def test_used_ranks_internationalization(gpt2_table: Table) -> None:
    """Seed 000: the input uses ranks 3 … 45353, fourteen rounds; it never scans rows 0 … 13."""
    trace = capture("internationalization", gpt2_table)
    assert used_ranks(trace) == [3, 5, 7, 9, 26, 39, 85, 97, 272, 503, 608, 1378, 22868, 45353]
