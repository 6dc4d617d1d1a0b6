"""The puzzle routes (``/api/puzzles…``), served by the community function.

They sit beside the players and the daily challenge they depend on, and none of them
searches: a puzzle's solution is stored, so a move costs a few table reads and one
transaction, like a leaderboard claim, not a game function's engine time. The rules live in
``dames_backend.puzzles``; these routes parse the request and shape the answer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from dames_backend.errors import error_responses
from dames_backend.limits.clients import scope_address_key
from dames_backend.puzzles import attempts, start, summary
from dames_backend.puzzles.views import (
    AttemptView,
    DailyPuzzleView,
    MoveResult,
    PuzzleHintView,
    PuzzleProfileView,
    StartedAttempt,
)
from dames_backend.web.app_factory import StrictModel, record_event
from fastapi import FastAPI, Header, Path, Request
from pydantic import Field

AttemptId = Annotated[str, Path(min_length=1, max_length=64, description="The attempt (pa_…).")]
Authorization = Annotated[
    str | None, Header(description="Bearer <attempt token>", max_length=300)
]
PlayerToken = Annotated[
    str | None,
    Header(alias="X-Player-Token", description="The player's token (rated play)", max_length=300),
]
PuzzleVariant = Literal["international", "brazilian", "english", "italian"]
MAX_SKIPPED = 200



_ROUTES: list[tuple[str, str, Callable[..., Any], dict[str, Any]]] = []


def _route(method: str, path: str, **options: Any) -> Callable[[Callable[..., Any]],
                                                              Callable[..., Any]]:
    """Remember a route for ``install`` (an ``APIRouter`` would reach the app as one opaque
    included router, and the template's route check reads the app's own routes)."""
    def remember(endpoint: Callable[..., Any]) -> Callable[..., Any]:
        _ROUTES.append((method, path, endpoint, options))
        return endpoint
    return remember


def install(app: FastAPI) -> None:
    """Add every puzzle route to the community app."""
    for method, path, endpoint, options in _ROUTES:
        app.add_api_route(path, endpoint, methods=[method], **options)


class StartAttemptRequest(StrictModel):
    """Start « le coup du jour » (``daily``), a named training puzzle (``puzzleId``), or one
    drawn near the player's rating in ``variant``. ``skip``: puzzles this page has just
    played without a player token, so an anonymous player is not given them again."""

    daily: bool = False
    variant: PuzzleVariant = "international"
    puzzleId: str | None = Field(default=None, min_length=1, max_length=32)
    skip: list[Annotated[str, Field(min_length=1, max_length=32)]] = Field(
        default_factory=list, max_length=MAX_SKIPPED
    )


class PuzzleMoveRequest(StrictModel):
    """The solver's move at ``ply`` (the attempt's ``ply``), in any unambiguous notation."""

    ply: int = Field(ge=0, le=1_000)
    move: str = Field(min_length=1, max_length=200)


class PuzzleAtPly(StrictModel):
    ply: int = Field(ge=0, le=1_000)


@_route("GET", "/api/puzzles/daily", response_model=DailyPuzzleView,
            responses=error_responses(403, 422))
def daily_puzzle(player_token: PlayerToken = None) -> DailyPuzzleView:
    return summary.daily_view(player_token)


@_route("GET", "/api/puzzles/me", response_model=PuzzleProfileView,
            responses=error_responses(401, 403, 422))
def puzzle_profile(player_token: PlayerToken = None) -> PuzzleProfileView:
    return summary.profile_view(player_token)


@_route("POST", "/api/puzzles/attempts", status_code=201, response_model=StartedAttempt,
             responses=error_responses(400, 403, 404, 409, 413, 422, 429))
def start_attempt(body: StartAttemptRequest, request: Request,
                  player_token: PlayerToken = None) -> StartedAttempt:
    """The answer holds the position and its legal moves, never the solution."""
    started = start.start(
        client=scope_address_key(request.scope), player_token=player_token,
        want_daily=body.daily, variant=body.variant, puzzle_id=body.puzzleId,
        skip=body.skip,
    )
    record_event("PuzzleStarted", puzzle_id=started.attempt.puzzle.id,
                 daily=body.daily, rated=started.attempt.rated)
    return started


@_route("GET", "/api/puzzles/attempts/{attempt_id}", response_model=AttemptView,
            responses=error_responses(401, 403, 404, 410, 422))
def read_attempt(attempt_id: AttemptId, authorization: Authorization = None) -> AttemptView:
    return attempts.read(attempt_id, authorization)


@_route("POST", "/api/puzzles/attempts/{attempt_id}/moves", response_model=MoveResult,
             responses=error_responses(400, 401, 403, 404, 409, 410, 413, 422))
def play_puzzle_move(attempt_id: AttemptId, body: PuzzleMoveRequest,
                     authorization: Authorization = None) -> MoveResult:
    """A wrong move is not played: ``result`` is ``wrong`` and the position stays."""
    result = attempts.play(attempt_id, authorization, body.ply, body.move)
    if result.result == "solved":
        record_event("PuzzleSolved", puzzle_id=result.attempt.puzzle.id,
                     failed=result.attempt.failed)
    return result


@_route("POST", "/api/puzzles/attempts/{attempt_id}/hint", response_model=PuzzleHintView,
             responses=error_responses(400, 401, 403, 404, 409, 410, 413, 422))
def puzzle_hint(attempt_id: AttemptId, body: PuzzleAtPly,
                authorization: Authorization = None) -> PuzzleHintView:
    """The square of the piece to move; a rated attempt counts as lost."""
    return attempts.hint(attempt_id, authorization, body.ply)


@_route("POST", "/api/puzzles/attempts/{attempt_id}/solution", response_model=AttemptView,
             responses=error_responses(401, 403, 404, 409, 410, 422))
def show_solution(attempt_id: AttemptId, authorization: Authorization = None) -> AttemptView:
    """Ends the attempt and returns it with its solution, themes and source."""
    return attempts.reveal(attempt_id, authorization)
