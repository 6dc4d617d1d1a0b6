"""A puzzle as shipped: one JSON object per line in ``data/<variant>.jsonl``.

``{"id", "variant", "fen", "solution", "themes", "source", "rating", "check"}``:

- ``id``: ``<variant letter>`` + 10 base-32 characters of the SHA-256 of variant and FEN, so
  the same position found twice is one puzzle and an id never changes between runs;
- ``solution``: ``solution.Choice.to_data`` (never sent to a page before the end);
- ``themes``: ``themes.Themes.to_data``;
- ``source``: ``{"kind": "game", "event", "white", "black", "year", "site"}`` for a published
  game (missing tags left out) or ``{"kind": "self-play", "game": n}``, with ``ply`` (where
  in the game the position stood) for both;
- ``rating``: the first estimate of its difficulty (``initial_rating``), before any attempt;
- ``check``: what the generator's search said at the start (``depth``, ``score``, ``second``):
  the verification test searches again and must find the same.
"""

from __future__ import annotations

import base64
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from dames.board import Board
from dames.puzzles.solution import Choice
from dames.puzzles.themes import Themes

ID_LETTERS = {"international": "i", "brazilian": "b", "english": "e", "italian": "t"}
ID_HASH_CHARS = 10
# The first rating: lichess's puzzles start around 1500; here from what makes a shot hard:
# each further move to find, each man given, the choice at the start.
BASE_RATING = 1000
PER_EXTRA_MOVE = 200
PER_MAN_GIVEN = 75
PER_LEGAL_MOVE = 5
QUIET_START_BONUS = 100  # a quiet first move (a sacrifice) hides the shot better
RATING_RANGE = (600, 2400)


def puzzle_id(variant: str, fen: str) -> str:
    digest = hashlib.sha256(f"{variant}\x00{fen}".encode()).digest()
    return ID_LETTERS[variant] + base64.b32encode(digest).decode("ascii")[:ID_HASH_CHARS].lower()


def initial_rating(board: Board, solution: Choice, themes: Themes) -> int:
    quiet = "x" not in solution.branches[0].move
    raw = (BASE_RATING + PER_EXTRA_MOVE * (themes.moves - 1) + PER_MAN_GIVEN * themes.men_given
           + PER_LEGAL_MOVE * len(board.legal_moves()) + (QUIET_START_BONUS if quiet else 0))
    low, high = RATING_RANGE
    return max(low, min(high, raw))


@dataclass(frozen=True)
class Puzzle:
    id: str
    variant: str
    fen: str
    solution: Choice
    themes: dict[str, Any]
    source: dict[str, Any]
    rating: int
    check: dict[str, Any]

    @property
    def first_move(self) -> str:
        return self.solution.branches[0].move

    def board(self) -> Board:
        """The puzzle's position, without history, under the federation's draw rules."""
        return Board(self.fen, self.variant, "fmjd")

    def to_json(self) -> str:
        return json.dumps({
            "id": self.id, "variant": self.variant, "fen": self.fen,
            "solution": self.solution.to_data(), "themes": self.themes,
            "source": self.source, "rating": self.rating, "check": self.check,
        }, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, line: str) -> Puzzle:
        data = json.loads(line)
        return cls(
            id=str(data["id"]), variant=str(data["variant"]), fen=str(data["fen"]),
            solution=Choice.from_data(data["solution"]), themes=dict(data["themes"]),
            source=dict(data["source"]), rating=int(data["rating"]), check=dict(data["check"]),
        )
