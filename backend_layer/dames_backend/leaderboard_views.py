"""The leaderboard's answers, defined once: the backend builds them and FastAPI documents them.

Each model is both what ``ranking``/``leaderboard`` return and the ``response_model`` of the
routes that send it (``community_app`` for boards and ranks, ``games_app`` for the claim), so
the OpenAPI document, the JSON on the wire and the code cannot describe three different
shapes. Field names are the wire names (camelCase), as elsewhere in the API.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

BoardName = Literal["daily", "free"]


class View(BaseModel):
    """Immutable once built; ``as_json`` is the body the route sends."""

    model_config = ConfigDict(frozen=True)

    def as_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


class LeaderboardEntry(View):
    """One public line of a board: no player id, pseudonyms are the public face."""

    rank: int = Field(description="Competition rank: 1 + the entries strictly ahead.")
    pseudonym: str
    score: int
    pieces: int = Field(description="The player's pieces left at the end of the game.")
    seconds: int = Field(description="Seconds of play counted in the score.")
    pauses: int = Field(0, description="Pauses credited by the clock (page hidden).")
    pausedMs: int = Field(0, description="Milliseconds those pauses took off the clock.")
    at: str = Field(description="When the game was won (ISO, UTC); older ranks first on ties.")


class OwnRank(View):
    """A player's own best entry on a board and its rank (sent only to that player)."""

    rank: int
    score: int
    pieces: int
    seconds: int
    pauses: int = 0
    pausedMs: int = 0
    at: str


class BoardView(View):
    """The public top of a board: the same for everyone, so CloudFront may cache it."""

    board: BoardName
    date: str | None
    entries: list[LeaderboardEntry]


class MyRankView(View):
    """The personal half of a board page: ``me`` is null when the player has no entry."""

    me: OwnRank | None


class ClaimResult(View):
    """What a claim answers: the board, the claimed score, the player's rank and best."""

    board: BoardName
    date: str | None
    score: int = Field(description="The claimed game's score.")
    rank: int = Field(description="The player's rank on the board after this claim.")
    best: int = Field(description="The player's best score on the board (this one or older).")
