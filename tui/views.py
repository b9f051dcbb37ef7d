"""The views: each view's name, number key, view-bar label, palette title, screen class and help paragraph.

Plain data, re-exported by tui/commands.py (the one registry), which makes each view's key a command.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class View:
    """One view: its name (module tui/screens/NAME.py), number key, view-bar label, palette title, screen
    class, and the help page's paragraph on what it shows (its keys are added from its commands)."""

    name: str
    key: str
    label: str
    title: str
    screen: str
    help: str


#: The views, in the order of the view bar and the number keys. Adding a view is one entry here,
#: its commands in BY_VIEW (tui/commands.py), and one module in tui/screens.
VIEWS = (
    View(
        "encode",
        "1",
        "Encode",
        "View 1: Encode (the animator)",
        "EncodeScreen",
        "this animator; g shows this round's rule in view 4.",
    ),
    View(
        "decode",
        "2",
        "Decode",
        "View 2: Decode, frame by frame",
        "DecodeScreen",
        "each id → alias string → bytes → one buffer → one UTF-8 decode. ✓/✗: a token's bytes are complete "
        "UTF-8 alone or not; released/held: what a stream lets out or keeps. Wrong way (decode each token, "
        "join) vs right way (join bytes, decode once). Unknown ids are named (KeyError).",
    ),
    View(
        "aliases",
        "3",
        "Aliases",
        "View 3: the 256 byte aliases",
        "AliasesScreen",
        "the 256 bytes in a 16 × 16 grid: 188 keep their code point, 68 (marked *) move to 256+n; arrows "
        "select. Alias Ġ is byte 32; the text Ġ is the bytes c4 a0.",
    ),
    View(
        "tables",
        "4",
        "Tables",
        "View 4: tables, rank vs id, all rules",
        "TablesScreen",
        "what initialisation builds, with sizes; the check encoder[left+right] == 256 + rank over all rules "
        "and what a rank and an id each mean; what GPT-2's split('\\n')[1:-1] would drop from this vocab.bpe; "
        "every rule by rank, • used by this text; p: the ids (ordinary, special, unused), the entries made "
        "only of spaces, the merge rule (both rules compared on this text), the regex.",
    ),
    View(
        "special",
        "5",
        "Special",
        "View 5: special tokens",
        "SpecialScreen",
        "'<|endoftext|>' typed as text is 7 ordinary ids; id 50256 is inserted by the caller.",
    ),
    View(
        "explore",
        "6",
        "Explore",
        "View 6: explore chunks and tokens of up to six tokenizers",
        "ExploreScreen",
        "the text edited in place, cut by GPT-2, cl100k_base and o200k_base, one row each, boundaries aligned "
        "(│ a chunk boundary, ¦ a token boundary, blank where that row does not cut); arrows select a chunk, "
        "whose regex branch and match are explained beneath.",
    ),
    View(
        "train",
        "7",
        "Train",
        "View 7: train a table, round by round",
        "TrainScreen",
        "Training round by round, with regex chunks and without them side by side: ⟦ ⟧ marks this "
        "round's pair in the text, ▶ the chosen pair among the leading counts (= a tie), ▲ the round on the "
        "plots of bytes per token and of the chosen count. The code pane (on from 140 columns) is the loop, "
        "get_stats and merge, ▶ on the line this round runs, its values beside.",
    ),
    View(
        "compare",
        "8",
        "Compare",
        "View 8: compare two tables on this text, in lock-step",
        "CompareScreen",
        "two tables on the text: each side's chunks (│ where it cuts, ▲ under a cut only one side makes), the "
        "chunks both cut alike stepped in lock-step (each side's round, pair and rank, ⟦ ⟧ the symbols just "
        "merged), both id lists, and where the two part ways, with its cause in one sentence. A table name "
        "NAME@gpt2 / NAME@tiktoken on the command line's compare is the same tokens under the other merge rule.",
    ),
    View(
        "chat",
        "9",
        "Chat",
        "View 9: a conversation in the table's chat format",
        "ChatScreen",
        "a conversation framed by the table's chat format (f: the next format that fits), in the order the format "
        "writes it: ⟦special⟧ tokens bold in brackets, template text underlined, the messages' content plain, each "
        "part's ids after = marked alike; each message's counts, the total, and the template and special ids the "
        "format adds (why an API counts more than the text). g leaves out the generation prompt; e edits the "
        "conversation as 'role: content' lines (a line without a role goes on with the message above) or as JSON, "
        '[{"role": …, "content": …}]; o opens such a JSON file; enter animates the message\'s content in view 1.',
    ),
)
VIEW_RANGE = f"{VIEWS[0].key}-{VIEWS[-1].key}"
#: '1–9' and '2–9': all the views, and those after the animator, as sentences name them.
ALL_VIEWS = f"{VIEWS[0].key}–{VIEWS[-1].key}"
LATER_VIEWS = f"{VIEWS[1].key}–{VIEWS[-1].key}"
