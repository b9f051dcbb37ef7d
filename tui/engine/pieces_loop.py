"""The chunk loop on a rule on characters (SentencePiece's, or a tokenizer.json's BPE with byte fallback): the
text's characters, not its bytes, merged word by word.

The table's pattern cuts the normalised text into words no merge crosses (sentencepiece_bpe.chunk_pattern);
each word's characters are its first symbols, merged by the same kernel as tokenizers' order
(`heap.merge_leftmost`, ranks by the joined piece's score); a final symbol that is no piece falls back to
its bytes' pieces (`piece_ids`). A user-defined symbol is its own word, one symbol from
the start (recorded as `single`). Under a tokenizer.json's ignore_merges a word that is an entry is that
entry, unmerged (recorded as `whole`): its pattern then cuts the text into the very words tokenizers merges.

SentencePiece keeps no cache: a word seen before is merged again with the same steps, so its record shares
the first occurrence's steps (as tiktoken's rule does), and only the plain encode skips the work.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence

from .chunk import CacheState, chunk_trace
from .heap import cut_at, merge_leftmost
from .pretokenize import Split, chunker
from .rounds import Round, RoundLog
from .tables import Table

Record = tuple[bytes, CacheState, Sequence[Round], tuple[str, ...], tuple[int, ...], "array | None"]


def loop_pieces(text: str, table: Table, record: bool, traces: bool, placed: bool = False, split: Split | None = None) -> Iterator:
    """Each word's ChunkTrace (`traces`), or only its ids (with `placed`, its start, end and ids); `text` is
    already normalised."""
    model = table.pieces
    assert model is not None, f"{table.name} is not a table on characters"
    ranks, whole, ids_of = model.ranks, model.user_defined, model.ids.get
    piece_ids, fallback = model.piece_ids, model.fallback_ids
    entries = table.ignore_merges  # a tokenizer.json's ignore_merges: a word that is an entry is taken whole
    seen: dict[str, Record] = {}
    for index, match in enumerate(chunker(table.pattern, text).finditer(text) if split is None else split(text)):
        word = match.group()
        known = seen.get(word)
        if known is None:
            taken = entries and len(word) > 1 and ids_of(word) is not None and ids_of(word) not in fallback
            log = RoundLog(word, 0) if record and len(word) > 1 and word not in whole and not taken else None
            state: CacheState = "whole" if taken else "single"  # single: a character, or a user-defined piece
            symbols: tuple[str, ...] = (word,)
            if len(word) > 1 and word not in whole and not taken:
                state = "miss"
                symbols = cut_at(word, merge_leftmost(word, ranks, log))
            ids: list[int] = []
            for symbol in symbols:
                ident = ids_of(symbol)
                if ident is not None and ident not in fallback:
                    ids.append(ident)
                else:
                    ids += piece_ids(symbol)
            steps: Sequence[Round] = log if log is not None and len(log) else ()
            known = seen[word] = (
                word.encode("utf-8") if traces else b"",
                state,
                steps,
                symbols,
                tuple(ids),
                log.cuts() if steps and log else None,
            )
        data, state, steps, symbols, chunk_ids, cuts = known
        if traces:
            yield chunk_trace(index, match.start(), word, data, word, state, steps, symbols, chunk_ids, cuts=cuts)
        else:
            yield (match.start(), match.end(), chunk_ids) if placed else chunk_ids
