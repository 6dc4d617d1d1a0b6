"""Lambda function for ``/api/games…``: create, read, move, resign, claim.

The routes only parse and validate the request (pydantic, unknown fields rejected) and pass
it to ``dames_backend.games``, where the server referees the game.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from dames_backend import games
from dames_backend.app_factory import StrictModel, create_app, make_handler
from dames_backend.errors import error_responses
from fastapi import Header, Path
from pydantic import BaseModel, Field

GameId = Annotated[str, Path(min_length=1, max_length=64, description="The game id (g_…).")]
Authorization = Annotated[str | None, Header(description="Bearer <game token>")]
PlayerToken = Annotated[
    str | None, Header(alias="X-Player-Token", description="The player's token")
]

LevelName = Literal["debutant", "facile", "defi", "fort", "maitre"]
VariantName = Literal["international", "brazilian", "english", "italian"]


class CreateGameRequest(StrictModel):
    """Start a game. ``fen``, ``level`` and ``variant`` are for practice games only."""

    mode: Literal["daily", "free", "practice"]
    fen: str | None = Field(default=None, min_length=1, max_length=300)
    level: LevelName | None = None
    variant: VariantName | None = None


class MoveRequest(StrictModel):
    """The player's move at ``ply`` (half-moves played so far), in any unambiguous notation."""

    ply: int = Field(ge=0, le=100_000)
    move: str = Field(min_length=1, max_length=200)
    thinkMs: int = Field(ge=0, le=86_400_000)


class MoveView(BaseModel):
    notation: str
    hub: str
    path: list[int]
    captures: list[int]
    promotes: bool


class ScoreView(BaseModel):
    total: int
    base: int
    perPiece: int
    pieces: int
    seconds: int


class PiecesView(BaseModel):
    white: int
    black: int


class ClockView(BaseModel):
    elapsedMs: int


class GameView(BaseModel):
    """The whole state of a game; every game route returns it."""

    id: str
    mode: Literal["daily", "free", "practice"]
    variant: str
    level: str
    date: str | None
    playerColor: Literal["white", "black"]
    status: Literal["playing", "won", "lost", "draw", "resigned"]
    reason: str | None
    fen: str
    turn: Literal["white", "black"]
    ply: int
    moves: list[str]
    lastComputerMove: MoveView | None
    legalMoves: list[MoveView]
    pieces: PiecesView
    clock: ClockView
    score: ScoreView | None
    claimed: bool
    createdAt: str


class CreatedGame(BaseModel):
    token: str
    game: GameView


class ClaimResult(BaseModel):
    board: Literal["daily", "free"]
    date: str | None
    score: int
    rank: int
    best: int


app = create_app(
    "Dames du jour — games",
    service="games",
    description="Games against the computer, refereed by the server.",
)


@app.post(
    "/api/games",
    status_code=201,
    response_model=CreatedGame,
    responses=error_responses(400, 413, 422),
)
def create_game(body: CreateGameRequest) -> dict[str, Any]:
    token, view = games.create_game(
        body.mode, fen=body.fen, level=body.level, variant=body.variant
    )
    return {"token": token, "game": view}


@app.get(
    "/api/games/{game_id}",
    response_model=GameView,
    responses=error_responses(401, 403, 404, 410, 422),
)
def get_game(game_id: GameId, authorization: Authorization = None) -> dict[str, Any]:
    return games.read_game(game_id, authorization)


@app.post(
    "/api/games/{game_id}/moves",
    response_model=GameView,
    responses=error_responses(400, 401, 403, 404, 409, 410, 413, 422),
)
def play_move(
    game_id: GameId, body: MoveRequest, authorization: Authorization = None
) -> dict[str, Any]:
    return games.play_move(
        game_id, authorization, ply=body.ply, move_text=body.move, think_ms=body.thinkMs
    )


@app.post(
    "/api/games/{game_id}/resign",
    response_model=GameView,
    responses=error_responses(401, 403, 404, 409, 410, 422),
)
def resign_game(game_id: GameId, authorization: Authorization = None) -> dict[str, Any]:
    return games.resign_game(game_id, authorization)


@app.post(
    "/api/games/{game_id}/claim",
    response_model=ClaimResult,
    responses=error_responses(401, 403, 404, 409, 422),
)
def claim_game(
    game_id: GameId,
    authorization: Authorization = None,
    player_token: PlayerToken = None,
) -> dict[str, Any]:
    return games.claim_game(game_id, authorization, player_token)


handler = make_handler(app)
