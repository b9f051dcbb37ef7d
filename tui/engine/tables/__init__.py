"""Rule tables: which adjacent pair merges first (rank) and which id each symbol has.

A table is data, not behaviour: the one merge loop in `bpe.py` asks it only for `ranks`
(pair -> rank) and `encoder` (symbol -> id). The package holds

- `ranks.py`: what every table's ranks share (`Pair`, `OFFSET`, `NO_RULE`);
- `table.py`: the `Table` type and `TableError`;
- one loader module per kind of table: `teaching_rules.py` (built in) and `two_files.py`
  (GPT-2's vocab.bpe + encoder.json: the official table, whose two files ship in `data/gpt2/`, and custom files);
- `registry.py`: one entry per built-in table (name, label, loader, place in the `t` cycle).

- `tiktoken_files.py` (cl100k_base and o200k_base from tiktoken rank files, on tiktoken's rule),
  `tiktoken_parts.py` (their rules' left and right parts, recovered lazily) and `facts.py` (rule
  name, id space, space-only entries).

Adding a kind of table (a table trained in the app) is one loader module here that builds a `Table`, and one `Entry` in `registry.ENTRIES`;
the CLI's `--table`, the app's `t` cycle and every label follow from the registry.
"""

from .facts import IdSpace, id_space, rule_name, space_only_entries
from .merge_rules import GPT2, HF, RULES, SENTENCEPIECE, TIKTOKEN, MergeRule
from .ranks import NO_RULE, OFFSET, Pair
from .registry import DEFAULT, ENTRIES, Entry, get_table, label, names, resolver, short_name, table_cycle
from .table import Table, TableError, byte_symbol_order, vocab_bpe_text
from .teaching_rules import TEACHING_RULES, teaching
from .tiktoken_files import CL100K_PATTERN, CL100K_VIDEO_PATTERN, O200K_PATTERN, cl100k_base, o200k_base
from .tiktoken_parts import parts, recover_all
from .two_files import (
    GPT2_ENCODER_SHA256,
    GPT2_VOCAB_SHA256,
    check_consistent,
    gpt2,
    gpt2_files,
    load_two_files,
    parse_encoder_json,
    parse_vocab_bpe,
)

__all__ = [
    "CL100K_PATTERN",
    "CL100K_VIDEO_PATTERN",
    "DEFAULT",
    "ENTRIES",
    "GPT2",
    "GPT2_ENCODER_SHA256",
    "GPT2_VOCAB_SHA256",
    "HF",
    "NO_RULE",
    "O200K_PATTERN",
    "OFFSET",
    "RULES",
    "SENTENCEPIECE",
    "TEACHING_RULES",
    "TIKTOKEN",
    "Entry",
    "IdSpace",
    "MergeRule",
    "Pair",
    "Table",
    "TableError",
    "byte_symbol_order",
    "check_consistent",
    "cl100k_base",
    "get_table",
    "gpt2",
    "gpt2_files",
    "id_space",
    "label",
    "load_two_files",
    "names",
    "o200k_base",
    "parse_encoder_json",
    "parse_vocab_bpe",
    "parts",
    "recover_all",
    "resolver",
    "rule_name",
    "short_name",
    "space_only_entries",
    "table_cycle",
    "teaching",
    "vocab_bpe_text",
]
