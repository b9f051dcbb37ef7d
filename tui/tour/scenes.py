"""The guided tour's scenes, in the order the seeds tell the story (000, then 002's figures, then 004).

Each scene is a text and a table to capture, the frame to start on, the view it needs, and a caption;
entering it is two requests the app understands (`requests`). Tests check every number a caption
states against the engine.

>>> [s.view for s in SCENES][:3]
['encode', 'aliases', 'encode']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.bpe import Trace, capture
from ..engine.tables import Table
from ..explain.position import Position
from ..messages import DecodeIds, LookUp, PositionRequested, Then, TrainRounds, ViewRequested


@dataclass(frozen=True)
class Scene:
    """One stop of the tour: `text` captured under `table`, shown in `view` from frame `start`.

    `start` counts from the end when negative (-1: the last frame). `lookup` is what the aliases view
    looks up, `ids` what the decode view decodes, `merges` how many merges the training view learns
    (it shows the last round).
    """

    title: str
    caption: str
    table: str
    text: str
    view: str
    start: int = 0
    detail: bool = False
    lookup: str = ""
    ids: tuple[int, ...] = ()
    merges: int = 0

    def trace(self, resolve: Callable[[str], Table]) -> Trace:
        return capture(self.text, resolve(self.table))

    def position(self, trace: Trace) -> Position:
        """Where the scene starts on its trace (scan detail on when the scene is about the scan)."""
        at = Position.of(trace, detail=self.detail)
        return at.at(self.start if self.start >= 0 else len(at.frames) + self.start)

    def then(self) -> Then | None:
        """What the scene's view is to show once it is shown: a look-up, ids to decode, a number of merges."""
        if self.lookup:
            return LookUp(self.lookup)
        if self.ids:
            return DecodeIds(self.ids, self.table)
        return TrainRounds(self.merges) if self.view == "train" else None

    def requests(self, trace: Trace) -> tuple[PositionRequested, ViewRequested]:
        """Entering the scene, on its captured `trace`: its starting position, then its view."""
        return PositionRequested(self.position(trace)), ViewRequested(self.view, self.then())


SCENES: tuple[Scene, ...] = (
    Scene(
        "One round trip: Hi 你!",
        "3 chunks, 7 bytes as aliases (' 你' is Ġä½ł), merged per chunk: ids [17250, 220, 19526, 254, 0]; 你 takes two.",
        "gpt2",
        "Hi 你!",
        "encode",
    ),
    Scene(
        "What Ġ is",
        "In the vocabulary Ġ is the alias of byte 32, a space. Typed as text, Ġ is two bytes, c4 a0, aliases Ä ł: ids [128, 254].",
        "gpt2",
        "Ġ",
        "aliases",
        lookup="Ġ",
    ),
    Scene(
        "Seven rounds, two idle rules",
        "9 rules, 7 rounds: aaababc | ab | xyz. b c and c a never fire: earlier rules take their symbols.",
        "teaching",
        "aaababcabxyz",
        "encode",
    ),
    Scene(
        "aaa: a new rule waits",
        "a a merges once: aa | a. The new aa is written while the scan still reads the old word; it pairs next round.",
        "teaching",
        "aaa",
        "encode",
        start=1,
        detail=True,
    ),
    Scene(
        "internationalization on GPT-2",
        "14 rounds, ranks 3 to 45,353 of 50,000, lowest first: international | ization = [45609, 1634].",
        "gpt2",
        "internationalization",
        "encode",
    ),
    Scene(
        "A cache hit, a single symbol",
        "'!' is one symbol: returned at once, not cached. The second 'abc' is read from the cache: no rounds.",
        "teaching",
        "abc!abc",
        "encode",
    ),
    Scene(
        "A token ends inside 你",
        "19526 is ä½ (e4 bd), 254 is ł (a0): alone, each is �. The bytes are joined first, then decoded once: 你.",
        "gpt2",
        "你",
        "decode",
        ids=(19526, 254),
    ),
    Scene(
        "<|endoftext|>, ordinary text",
        "encode has no special branch: the text is 7 ordinary ids [27, 91, 437, 1659, 5239, 91, 29], never 50256.",
        "gpt2",
        "<|endoftext|>",
        "special",
    ),
    Scene(
        "····if, 3 spaces",
        r"\s+(?!\S) leaves one space for the word: chunks ··· and ·if. The 3 spaces are 3 ids in GPT-2, 1 in cl100k_base (262).",
        "gpt2",
        "    if",
        "explore",
    ),
    Scene(
        "Digits: GPT-2, cl100k_base",
        r"GPT-2 keeps 1234567 one chunk: 123|45|67. cl100k_base cuts 123|456|7 first (\p{N}{1,3}). 3 tokens each.",
        "gpt2",
        "1234567",
        "explore",
    ),
    Scene(
        "Training the cat the hat",
        "Counted inside 4 chunks, chosen for all: th, the, at; 15 bytes → 9 tokens. Unchunked, round 3 takes the·.",
        "gpt2",
        "the cat the hat",
        "train",
        merges=3,
    ),
)
