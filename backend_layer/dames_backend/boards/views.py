"""The leaderboard's answers, defined once: the backend builds them and FastAPI documents them.

Each model is both what ``ranking``/``claims`` return and the ``response_model`` of the
routes that send it (``community_app`` for boards and ranks, ``games_app`` for the claim), so
the OpenAPI document, the JSON on the wire and the code cannot describe three different
shapes. Field names are the wire names (camelCase), as elsewhere in the API.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

BoardName = Literal["daily", "free"]
ClaimStatus = Literal["provisional", "published", "held"]


class View(BaseModel):
    """Immutable once built; ``as_json`` is the body the route sends."""

    model_config = ConfigDict(frozen=True)

    def as_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


class Reason(View):
    """Why a claim is held (or how it was decided): a ``code`` and its ``figures``, which the
    page words in the reader's language (docs/fair-play.md, "Reasons", lists every code),
    and ``text``, the same in English for the command line and older pages. A figure quoted
    beside a bar is rounded away from it, so the two never read alike."""

    code: str = Field(description="What tripped: e.g. score, judge-agreement, near-copy.")
    figures: dict[str, float | int | str] = Field(
        default_factory=dict, description="The figures the words quote (shares are 0–1)."
    )
    text: str = Field(description="The reason in English words.")

    def stored(self) -> str:
        """As a claim's item keeps it: compact JSON (DynamoDB takes no floats)."""
        return json.dumps(self.as_json(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_stored(cls, value: object) -> Reason:
        """A stored reason; one written as plain words (before reasons were data) is a
        ``note``."""
        text = str(value)
        if text.startswith("{"):
            return cls.model_validate(json.loads(text))
        return cls(code="note", text=text)


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
    provisional: bool = Field(
        False, description="Always false: a win is public once its fair-play analysis has "
        "published it (kept for older pages)."
    )


class OwnRank(View):
    """A player's own best entry on a board and its rank (sent only to that player)."""

    rank: int
    score: int
    pieces: int
    seconds: int
    pauses: int = 0
    pausedMs: int = 0
    at: str
    provisional: bool = Field(
        False, description="Not public yet: ``rank`` is where it will stand if its "
        "analysis publishes it."
    )


class UnderReview(View):
    """A claim of the player's that is held: on no public board, shown only to them."""

    score: int
    seconds: int
    at: str
    reasons: list[Reason] = Field(description="Why it is held.")


class BoardView(View):
    """The public top of a board: the same for everyone, so CloudFront may cache it."""

    board: BoardName
    date: str | None
    entries: list[LeaderboardEntry]


class MyRankView(View):
    """The personal half of a board page: ``me`` is null when the player has no entry."""

    me: OwnRank | None = Field(description="The player's public entry and its rank.")
    pending: OwnRank | None = Field(
        default=None, description="The player's best win still being analysed, above the "
        "public entry: shown to them only, with the rank it will take if published."
    )
    underReview: UnderReview | None = Field(
        default=None, description="The player's best held claim above their shown entry, if any."
    )


class ClaimResult(View):
    """What a claim answers: the board, the claimed score, the player's rank and best."""

    board: BoardName
    date: str | None
    score: int = Field(description="The claimed game's score.")
    rank: int | None = Field(
        description="The player's rank once this claim is published (null: held)."
    )
    best: int | None = Field(
        description="The player's best score on the board once this claim is published "
        "(this one or an older published one; a held claim leaves the published best)."
    )
    status: ClaimStatus = Field(
        "provisional",
        description="provisional: on no public board until its analysis publishes it; "
        "held: on no public board (a banned player).",
    )
    reasons: list[Reason] = Field(default_factory=list, description="Why it is held.")
