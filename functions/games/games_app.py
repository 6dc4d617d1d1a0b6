"""Lambda function for ``/api/games…``: create, read, move, clock, resign, claim.

The routes only parse and validate the request (pydantic, unknown fields rejected), pass it
to ``dames_backend.games``, where the server referees the game, and record what happened
(one structured log line and a metric per event). The response shapes are defined once, in
``dames_backend.games.views``.
"""

from __future__ import annotations

import gc

# Every cold start runs this import: the collector would walk the young objects of the
# framework, the engine and the models again and again while they are being built, and none
# of them is garbage. It runs again, with those objects frozen out of its way, below.
gc.disable()

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from dames_backend.boards.views import ClaimResult
from dames_backend.errors import error_responses
from dames_backend.fairplay.analysis_views import AnalysisView, ask_analysis, read_analysis
from dames_backend.games import assist, claim, create, pdn_export, pdn_import, play, position
from dames_backend.games.enums import GameStatus
from dames_backend.games.pdn_import import PDN_BODY_MAX_BYTES, PDN_MAX_BYTES, PdnReadResult
from dames_backend.games.views import (
    ClockView,
    Color,
    CreatedGame,
    DrawOfferResult,
    GameView,
    HintView,
    LevelName,
    Mode,
    VariantName,
)
from dames_backend.limits.clients import scope_address_key
from dames_backend.web.app_factory import StrictModel, create_app, make_handler, record_event
from dames_backend.web.thinking_limit import ClientThinkingLimit
from fastapi import Header, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

GameId = Annotated[str, Path(min_length=1, max_length=64, description="The game id (g_…).")]
Authorization = Annotated[str | None, Header(description="Bearer <game token>")]
PlayerToken = Annotated[
    str | None, Header(alias="X-Player-Token", description="The player's token")
]
RefusalReceipt = Annotated[
    str | None,
    Header(
        alias="X-Refusal",
        max_length=300,
        description="The `refusal` of this move's last 429/503, sent back with the retry: "
        "the wait it imposed is not charged to the player's clock.",
    ),
]


class CreateGameRequest(StrictModel):
    """Start a game. The daily challenge takes no option but ``date``, which replays a past
    day once it has closed (unranked). Free play chooses ``level``, ``color``, ``variant`` and
    a start ``fen``; a duo game (two players, no computer) ``variant`` and ``fen``."""

    mode: Mode
    fen: str | None = Field(default=None, min_length=1, max_length=300)
    level: LevelName | None = None
    variant: VariantName | None = None
    color: Color | None = Field(
        default=None, description="The player's colour; the computer opens when it is White."
    )
    date: str | None = Field(
        default=None, min_length=10, max_length=10, description="yyyy-mm-dd, daily games only."
    )


class MoveRequest(StrictModel):
    """The player's move at ``ply`` (half-moves played so far), in any unambiguous notation.
    The move's time is the server's own: from its last answer to this request's arrival."""

    ply: int = Field(ge=0, le=100_000)
    move: str = Field(min_length=1, max_length=200)


class AtPly(StrictModel):
    """A request about the position at ``ply``: a stale page gets 409 ``stale-ply``."""

    ply: int = Field(ge=0, le=100_000)


class PdnReadRequest(StrictModel):
    """A PDN file (or a bare FEN) as pasted or opened, and which of its games to give in full."""

    pdn: str = Field(
        min_length=1,
        # Counted in bytes by read_pdn (413 pdn-too-large), within the route's body limit.
        description=f"At most {PDN_MAX_BYTES} bytes of UTF-8 text (413 `pdn-too-large`).",
    )
    game: int | None = Field(
        default=None,
        ge=1,
        le=100_000,
        description="1-based game of the file; by default the first one that can be read.",
    )
    variant: VariantName | None = Field(
        default=None,
        description="The variant of games without a GameType tag, and of a bare FEN "
        "(international when absent); a GameType tag wins.",
    )


class PositionRequest(StrictModel):
    """A position for the analysis board: ``fen`` (the variant's start when absent), the
    ``moves`` played on it since (any unambiguous notation) and the search ``depth``."""

    variant: VariantName = "international"
    fen: str | None = Field(default=None, min_length=1, max_length=300)
    moves: list[Annotated[str, Field(min_length=1, max_length=200)]] = Field(
        default_factory=list, max_length=position.MAX_MOVES
    )
    depth: int = Field(default=6, ge=1, le=position.MAX_DEPTH)


class ClockRequest(StrictModel):
    """The page's visibility, sent as it changes (``paused`` while the tab is hidden)."""

    paused: bool


PDN_READ_PATH = "/api/games/pdn/read"
POSITION_ANALYSE_PATH = "/api/games/position/analyse"

app = create_app(
    "Dames du jour — games",
    service="games",
    openapi_url="/api/games/openapi.json",
    description="Games against the computer, refereed by the server.",
    body_limits={
        PDN_READ_PATH: PDN_BODY_MAX_BYTES,
        POSITION_ANALYSE_PATH: position.MAX_BODY_BYTES,
    },
)
# Each client's share of the thinking routes, on AWS (see dames_backend.limits.thinking).
app.add_middleware(ClientThinkingLimit)

# What a request with a body on one game can meet: bad JSON, its token, an unknown or
# expired game, another request first, a body too large, a refused move or request.
GAME_WRITE_ERRORS = error_responses(400, 401, 403, 404, 409, 410, 413, 422)
Route = TypeVar("Route", bound=Callable[..., Any])


def game_write(action: str, response_model: type[BaseModel]) -> Callable[[Route], Route]:
    """``POST /api/games/{game_id}/<action>``: a request with a body on one game."""
    path = f"/api/games/{{game_id}}/{action}"
    return app.post(path, response_model=response_model, responses=GAME_WRITE_ERRORS)


def _ended(view: GameView) -> None:
    if view.status is not GameStatus.PLAYING:
        record_event(
            f"Game{view.status.capitalize()}",
            game_id=view.id,
            mode=view.mode,
            outcome=view.status,
            reason=view.reason,
            ranked=view.ranked,
        )


@app.post(
    "/api/games",
    status_code=201,
    response_model=CreatedGame,
    responses=error_responses(400, 404, 413, 422),
)
def create_game(body: CreateGameRequest, player_token: PlayerToken = None) -> CreatedGame:
    """With ``X-Player-Token`` (a browser that has a pseudonym) the game is bound to that
    player: only they can claim it."""
    options = body.model_dump(exclude={"mode"})  # the request's fields are create_game's
    token, view = create.create_game(body.mode, **options, player_token=player_token)
    record_event("GameCreated", game_id=view.id, mode=view.mode, ai_level=view.level)
    return CreatedGame(token=token, game=view)


@app.get(
    "/api/games/{game_id}",
    response_model=GameView,
    responses=error_responses(401, 403, 404, 410, 422),
)
def get_game(game_id: GameId, authorization: Authorization = None) -> GameView:
    return play.read_game(game_id, authorization)


@game_write("moves", GameView)
def play_move(
    game_id: GameId, body: MoveRequest, authorization: Authorization = None,
    refusal: RefusalReceipt = None,
) -> GameView:
    view = play.play_move(
        game_id, authorization, ply=body.ply, move_text=body.move, refusal=refusal
    )
    record_event("MovePlayed", game_id=view.id, ply=view.ply, outcome=view.status)
    _ended(view)
    return view


@game_write("clock", ClockView)
def set_clock(
    game_id: GameId, body: ClockRequest, authorization: Authorization = None
) -> ClockView:
    view = play.set_paused(game_id, authorization, paused=body.paused)
    record_event("ClockPaused" if body.paused else "ClockResumed", game_id=game_id)
    return view


@game_write("hint", HintView)
def hint(game_id: GameId, body: AtPly, authorization: Authorization = None) -> HintView:
    """The server's suggestion for the player's move (not in the daily challenge); the game
    becomes casual."""
    view = assist.hint(game_id, authorization, ply=body.ply)
    record_event("HintGiven", game_id=game_id, ply=body.ply)
    return view


@game_write("takeback", GameView)
def takeback(game_id: GameId, body: AtPly, authorization: Authorization = None) -> GameView:
    """Undo the player's last move and the computer's reply (not in the daily challenge);
    the game becomes casual."""
    view = assist.takeback(game_id, authorization, ply=body.ply)
    record_event("MoveTakenBack", game_id=game_id, ply=view.ply)
    return view


@game_write("draw-offer", DrawOfferResult)
def draw_offer(
    game_id: GameId, body: AtPly, authorization: Authorization = None
) -> DrawOfferResult:
    """The computer accepts or declines at once (not in the daily challenge); between two
    players on one device, whose page asked them both, the game ends drawn by agreement."""
    result = assist.offer_draw(game_id, authorization, ply=body.ply)
    record_event("DrawOffered", game_id=game_id, accepted=result.accepted)
    _ended(result.game)
    return result


class PdnResponse(Response):
    media_type = "application/x-draughts-pdn"


@app.get(
    "/api/games/{game_id}/pdn",
    response_class=PdnResponse,
    responses={
        200: {
            "description": "The PDN text (UTF-8).",
            "content": {"application/x-draughts-pdn": {"schema": {"type": "string"}}},
        },
        **error_responses(401, 403, 404, 410, 422),
    },
)
def pdn(game_id: GameId, authorization: Authorization = None) -> PdnResponse:
    """The game as a standard PDN file, finished or not (the seed only once it is public)."""
    return PdnResponse(
        pdn_export.game_pdn(game_id, authorization).encode("utf-8"),
        headers={
            "Content-Disposition": f'attachment; filename="{game_id}.pdn"',
            "Cache-Control": "no-store",
        },
    )


@app.post(
    PDN_READ_PATH,
    response_model=PdnReadResult,
    responses=error_responses(400, 413, 422),
)
def read_pdn(body: PdnReadRequest) -> PdnReadResult:
    """Read a PDN file for review: no game is created and no token is needed. Each position
    comes from the server, so the page replays a game without knowing the rules; texts up to
    256 KB. A game that cannot be read is listed with its error and refuses the request only
    when it is the one asked for (or when no game of the file reads)."""
    result = pdn_import.read_pdn(body.pdn, body.game, body.variant)
    record_event("PdnRead", games=result.count, plies=len(result.game.moves))
    return result


@app.post(
    POSITION_ANALYSE_PATH,
    response_model=position.PositionAnalysis,
    responses=error_responses(400, 413, 422, 429),
)
def analyse_position(body: PositionRequest) -> position.PositionAnalysis:
    """The analysis board: the position ``moves`` reach from ``fen``, its legal moves and the
    engine's evaluation and line at ``depth`` (work bounded by a node budget). No game is
    created and no token is needed; a set-up that cannot be played gets 422
    ``illegal-setup`` with every fault in ``problems``."""
    view = position.analyse_position(body.variant, body.fen, body.moves, body.depth)
    record_event("PositionAnalysed", depth=view.depth, nodes=view.nodes, plies=view.ply)
    return view


@app.post(
    "/api/games/{game_id}/resign",
    response_model=GameView,
    responses=error_responses(401, 403, 404, 409, 410, 422),
)
def resign_game(game_id: GameId, authorization: Authorization = None) -> GameView:
    view = play.resign_game(game_id, authorization)
    _ended(view)
    return view


@app.post(
    "/api/games/{game_id}/claim",
    response_model=ClaimResult,
    responses=error_responses(401, 403, 404, 409, 422, 429),
)
def claim_game(
    game_id: GameId,
    request: Request,
    authorization: Authorization = None,
    player_token: PlayerToken = None,
) -> ClaimResult:
    """Only the game's player (when it was started with one) may claim it; claims are
    limited per player and per network and day (429 ``rate-limited``)."""
    client = scope_address_key(request.scope)
    result = claim.claim_game(game_id, authorization, player_token, client)
    record_event("GameClaimed", game_id=game_id, board=result.board, rank=result.rank)
    return result


@app.get(
    "/api/games/{game_id}/claim",
    response_model=ClaimResult,
    responses=error_responses(401, 403, 404),
)
def read_claim(game_id: GameId, response: Response,
               authorization: Authorization = None) -> ClaimResult:
    """The game's claim as it stands: ``provisional`` until its fair-play analysis publishes
    or holds it (then the reasons, as data). The end screen asks until it is decided."""
    response.headers["Cache-Control"] = "no-store"
    return claim.claim_state(game_id, authorization)


@app.post(
    "/api/games/{game_id}/analysis",
    status_code=202,
    response_model=AnalysisView,
    responses=error_responses(401, 403, 404, 422),
)
def ask_for_analysis(
    game_id: GameId, response: Response, authorization: Authorization = None
) -> AnalysisView:
    """Queue the engine's analysis of a finished game (a daily game once its day has
    closed); asking again costs nothing. Poll ``GET`` for progress and the result."""
    view = ask_analysis(game_id, authorization)
    response.headers["Cache-Control"] = "no-store"
    record_event("AnalysisRequested", game_id=game_id, status=view.status)
    return view


@app.get(
    "/api/games/{game_id}/analysis",
    response_model=AnalysisView,
    responses=error_responses(401, 403, 404, 422),
)
def get_analysis(
    game_id: GameId, response: Response, authorization: Authorization = None
) -> AnalysisView:
    """The analysis of a game as it stands: status, progress, and the result once done."""
    response.headers["Cache-Control"] = "no-store"
    return read_analysis(game_id, authorization)


handler = make_handler(app)

gc.freeze()
gc.enable()
