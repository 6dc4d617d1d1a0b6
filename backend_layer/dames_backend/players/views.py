"""The players API's shapes, defined once for the routes and their documentation."""

from __future__ import annotations

from pydantic import BaseModel, Field

from dames_backend.players.accounts import NewPlayer, Player
from dames_backend.players.streaks import StreakView, streak_of


class CreatedPlayer(BaseModel):
    """A registration: the only answer that ever carries the player's token."""

    playerId: str
    pseudonym: str
    token: str = Field(description="Sent back as X-Player-Token; stored only hashed.")

    @classmethod
    def of(cls, created: NewPlayer) -> CreatedPlayer:
        player = created.player
        return cls(playerId=player.player_id, pseudonym=player.pseudonym, token=created.token)


class PlayerView(BaseModel):
    """A player as they see themselves, with the daily streak the server counted."""

    playerId: str
    pseudonym: str
    streak: StreakView

    @classmethod
    def of(cls, player: Player, open_day: str) -> PlayerView:
        """``open_day``: the oldest challenge still open (``daily.oldest_open_day``)."""
        return cls(
            playerId=player.player_id,
            pseudonym=player.pseudonym,
            streak=streak_of(player.won_days, open_day),
        )


class RenamedView(BaseModel):
    """A rename's answer: the name now shown, and whether every board already shows it
    (false: the rest follows within a day, or at once by sending the same name again)."""

    pseudonym: str
    boardsUpdated: bool


class ErasureView(BaseModel):
    """An erasure's answer: ``erased`` once nothing of the player is left; false means the
    erasure goes on: send the same request again (or the daily job finishes it)."""

    erased: bool
    removed: int = Field(description="Items removed by this request.")


class ControllerView(BaseModel):
    """Who is responsible for the data (the privacy notice's controller) and the figures the
    notice takes from the deployed stack; ``local`` when the server is a local run, which has
    no controller."""

    name: str | None
    contact: str | None
    local: bool
    region: str | None = Field(None, description="The AWS region that stores the data.")
    logRetentionDays: int | None = Field(
        None, description="How long the function and access logs are kept (the stack's "
        "LogRetentionDays).",
    )
