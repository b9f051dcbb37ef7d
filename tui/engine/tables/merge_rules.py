"""The merge rules, as objects: a table names its rule (`Table.rule`), and what differs between rules (how ranks
are keyed, what one loop iteration is called, what a table of that rule holds, whether chunks are cached)
is asked of it, never decided by comparing names. `RULES` is the one registry, by the name a command line
gives (`--rule gpt2`).

>>> GPT2.label, TIKTOKEN.label, HF.label, TIKTOKEN.step, RULES["gpt2"] is GPT2
("GPT-2's rule", "tiktoken's rule", "Hugging Face tokenizers' rule", 'step', True)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, eq=False)
class MergeRule:
    """One merge rule and what the views say about it."""

    name: str  # its name in the registry and on a command line
    owner: str  # whose encoder runs it: "GPT-2", "tiktoken"
    label: str  # "GPT-2's rule"
    summary: str  # the rule in plain words (the Tables view's facts)
    step: str  # what one iteration of its merge loop is called: "round" (every occurrence) or "step" (one)
    by_bytes: bool  # ranks keyed by a token's bytes (a rank file: no merge list); else by the pair of symbols
    one_at_a_time: bool  # each step merges one occurrence (the lowest rank, leftmost); else every occurrence of it
    caches_chunks: bool  # a chunk's text seen before is a cache hit (GPT-2's bpe() cache)
    legend: str  # the Chunks pane's key to its marks
    holds: str  # what a table of this rule is, in a few words (the Tables view)
    on_characters: bool = False  # its first symbols are the text's characters ('▁' a space), not byte aliases
    falls_back: bool = False  # a final symbol that is no piece becomes its bytes' pieces (<0xF0> …)
    picks: str = ""  # on characters, which pair a step takes, said after "the one": "whose joined piece scores highest"
    rank_is: str = ""  # on characters, what its rank is: "in score order"
    code: str = ""  # the code pane's listing of its loop (loop_code.LISTINGS), when it is not its name's
    returns: str = ""  # the function whose result is the final word as a string ("bpe": GPT-2's, space-joined), if any

    def __repr__(self) -> str:
        return f"MergeRule({self.name!r})"


GPT2 = MergeRule(
    name="gpt2",
    owner="GPT-2",
    label="GPT-2's rule",
    summary="GPT-2 rule: each round merges every occurrence of the lowest-ranked pair",
    step="round",
    by_bytes=False,
    one_at_a_time=False,
    caches_chunks=True,
    legend="·space ↵newline →tab ↺hit ¹single",
    holds="a merge list",
    returns="bpe",
)
TIKTOKEN = MergeRule(
    name="tiktoken",
    owner="tiktoken",
    label="tiktoken's rule",
    summary="tiktoken rule: each step merges the one adjacent join of lowest rank (leftmost on ties)",
    step="step",
    by_bytes=True,
    one_at_a_time=True,
    caches_chunks=False,
    legend="·space ↵newline →tab ¹single ■token",
    holds="a tiktoken rank file, no merge list, no per-chunk cache",
)
HF = MergeRule(
    name="hf",
    owner="tokenizers",
    label="Hugging Face tokenizers' rule",
    summary="tokenizers rule: each step merges the one adjacent pair of lowest merge rank (leftmost on ties)",
    step="step",
    by_bytes=False,
    one_at_a_time=True,
    caches_chunks=True,
    legend="·space ↵newline →tab ↺hit ¹single",
    holds="a merge list, merged one occurrence at a time",
)
SENTENCEPIECE = MergeRule(
    name="sentencepiece",
    owner="SentencePiece",
    label="SentencePiece's rule",
    summary="SentencePiece rule: characters, not bytes; each step joins the one adjacent pair whose joined piece scores highest (leftmost on ties); a character that is no piece falls back to its bytes",
    step="step",
    by_bytes=False,
    one_at_a_time=True,
    caches_chunks=False,
    legend="▁space ↵newline →tab ¹single ■symbol",
    holds="a SentencePiece model: pieces with scores, no merge list, byte pieces for the fallback",
    on_characters=True,
    falls_back=True,
    picks="whose joined piece scores highest",
    rank_is="in score order",
)
HF_FALLBACK = MergeRule(
    name="hf-fallback",
    owner="tokenizers",
    label="Hugging Face tokenizers' rule with byte fallback",
    summary="tokenizers rule with byte fallback: characters, not bytes; each step merges the one adjacent pair of lowest merge rank (leftmost on ties); a character that is no token falls back to its bytes",
    step="step",
    by_bytes=False,
    one_at_a_time=True,
    caches_chunks=False,
    legend="▁space ↵newline →tab ¹single ■symbol",
    holds="a tokenizer.json merge list on characters, byte tokens <0x00>…<0xFF> for the fallback",
    on_characters=True,
    falls_back=True,
    picks="of lowest merge rank",
    rank_is="in the merges list",
)
RULES: dict[str, MergeRule] = {rule.name: rule for rule in (GPT2, TIKTOKEN, HF, SENTENCEPIECE, HF_FALLBACK)}
