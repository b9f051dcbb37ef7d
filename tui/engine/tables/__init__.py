"""Rule tables: which adjacent pair merges first (rank) and which id each symbol has.

A table is data, not behaviour: the one merge loop in `bpe.py` asks it only for `ranks`
(pair -> rank) and `encoder` (symbol -> id). The package holds

- `table.py`: the `Table` type and `TableError`;
- one loader module per kind of table: `teaching_rules.py` (built in) and `two_files.py`
  (GPT-2's vocab.bpe + encoder.json: the official table and custom files);
- `registry.py`: one entry per built-in table (name, label, loader, place in the `t` cycle).

Adding a kind of table (cl100k_base or o200k_base from a tiktoken rank file, a table trained in
the app) is one loader module here that builds a `Table`, and one `Entry` in `registry.ENTRIES`;
the CLI's `--table`, the app's `t` cycle and every label follow from the registry.
"""

from .registry import DEFAULT, ENTRIES, Entry, get_table, label, names, resolver, short_name, table_cycle
from .table import Pair, Table, TableError, byte_symbol_order, vocab_bpe_text
from .teaching_rules import TEACHING_RULES, teaching
from .two_files import (
    GPT2_CARRIER,
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
    "DEFAULT",
    "ENTRIES",
    "GPT2_CARRIER",
    "GPT2_ENCODER_SHA256",
    "GPT2_VOCAB_SHA256",
    "TEACHING_RULES",
    "Entry",
    "Pair",
    "Table",
    "TableError",
    "byte_symbol_order",
    "check_consistent",
    "get_table",
    "gpt2",
    "gpt2_files",
    "label",
    "load_two_files",
    "names",
    "parse_encoder_json",
    "parse_vocab_bpe",
    "resolver",
    "short_name",
    "table_cycle",
    "teaching",
    "vocab_bpe_text",
]
