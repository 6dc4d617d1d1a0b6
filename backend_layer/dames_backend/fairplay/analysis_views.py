"""The player's analysis of a finished game: who may ask, when, and the answer's shape.

``POST /api/games/{id}/analysis`` asks (202), ``GET`` reads; both with the game's token.
A running game is never analysed (it would be a hint), nor a daily game before its day has
closed: its analysis would be a hint for the next attempt at the same challenge. Free and
two-player games are analysable as soon as they end.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from dames_backend import clock
from dames_backend.daily import challenge as daily
from dames_backend.errors import ApiError
from dames_backend.fairplay.jobs import AnalysisJob, load_job, request_analysis
from dames_backend.games import access
from dames_backend.games.enums import GameMode, GameStatus
from dames_backend.games.store import GameRecord


class AnalysisProgress(BaseModel):
    done: int = Field(description="Positions analysed so far.")
    total: int = Field(description="Positions to analyse (0 until the run starts).")


class AnalysisView(BaseModel):
    """A game's analysis job: ``result`` is ``GameAnalysis.to_dict(compact=False)`` once
    ``done`` (docs/engine-api.md, "Game analysis")."""

    status: Literal["none", "queued", "running", "done", "failed"] = Field(
        description="none: never asked; failed: ask again (error says why)."
    )
    progress: AnalysisProgress
    result: dict[str, Any] | None = None
    error: str | None = None

    @classmethod
    def of(cls, job: AnalysisJob | None) -> AnalysisView:
        if job is None:
            return cls(status="none", progress=AnalysisProgress(done=0, total=0))
        return cls(
            status=job.status,
            progress=AnalysisProgress(done=job.done, total=job.total),
            result=_full(job.result) if job.status == "done" else None,
            error=job.error if job.status == "failed" else None,
        )


def _full(stored: dict[str, Any] | None) -> dict[str, Any] | None:
    """The stored (compact) analysis with every move field, as the page reads it."""
    from dames.analysis import GameAnalysis

    return None if stored is None else GameAnalysis.from_dict(stored).to_dict(compact=False)


def _check_analysable(record: GameRecord) -> None:
    if record.status is GameStatus.PLAYING:
        raise ApiError(
            422, "game-running",
            "A game is analysed once it has ended: the analysis would be a hint.",
        )
    if record.mode is GameMode.DAILY and record.date and not daily.is_closed(
        record.date, clock.utc_now()
    ):
        closes = daily.closes_at(record.date)
        raise ApiError(
            422, "daily-open",
            f"The challenge of {record.date} is open until {clock.iso_utc(closes)}: its "
            "games are analysed once it has closed, so that no analysis helps the next "
            "attempt.",
        )


def ask_analysis(game_id: str, authorization: str | None) -> AnalysisView:
    """Queue the analysis of a finished game (idempotent: a second request costs nothing)."""
    record = access.authorize(game_id, authorization)
    _check_analysable(record)
    return AnalysisView.of(request_analysis(record.id, "player", record.expires_at))


def read_analysis(game_id: str, authorization: str | None) -> AnalysisView:
    """The analysis job of a game as it stands (same rules as asking)."""
    record = access.authorize(game_id, authorization)
    _check_analysable(record)
    job = load_job(record.id)
    # A claim's job judges the claimer's moves only: no analysis until the player asks.
    return AnalysisView.of(job if job is not None and "player" in job.reasons else None)
