"""Lambda function for the community routes: players, leaderboards, the daily challenge, health.

Routes only parse the request and shape the answer; the rules live in the packages
``dames_backend.players``, ``dames_backend.boards`` and ``dames_backend.daily``.

A board is served in two halves: the public top (the same bytes for everyone, no token read,
``Cache-Control: public, max-age=5`` so CloudFront absorbs a crowd of viewers) and the
player's own rank under ``…/me`` (``no-store``, never cached anywhere).
"""

from __future__ import annotations

import gc

# Every cold start runs this import: the collector would walk the young objects of the
# framework, the engine and the models again and again while they are being built, and none
# of them is garbage. It runs again, with those objects frozen out of its way, below.
gc.disable()

import os
from typing import Annotated

import puzzle_routes
import report_routes
from community_params import NO_STORE, BoardDate, PlayerToken
from dames_backend.boards import ranking
from dames_backend.boards.views import BoardName, BoardView, MyRankView
from dames_backend.daily import challenge as daily
from dames_backend.daily import views as daily_views
from dames_backend.daily.views import DailyView, PastDays
from dames_backend.errors import ApiError, error_responses
from dames_backend.games import archive
from dames_backend.games import variants as variant_views
from dames_backend.games.claim import registration_voucher
from dames_backend.games.pdn_export import seed_is_public
from dames_backend.games.store import GameRecord
from dames_backend.games.variants import VariantsView
from dames_backend.limits import clients as client_limits
from dames_backend.players import accounts as players
from dames_backend.players import rename
from dames_backend.players import transfer as player_transfer
from dames_backend.players.export import DataPage, data_page
from dames_backend.players.views import (
    ControllerView,
    CreatedPlayer,
    ErasureView,
    PlayerView,
    RenamedView,
)
from dames_backend.privacy import erasure
from dames_backend.web.app_factory import StrictModel, create_app, make_handler, record_event
from fastapi import Header, Query, Request, Response
from pydantic import BaseModel, Field

# The stack's ControllerName and ControllerContact parameters (the deploy refuses empty ones).
CONTROLLER_NAME_ENV = "DAMES_CONTROLLER_NAME"
CONTROLLER_CONTACT_ENV = "DAMES_CONTROLLER_CONTACT"
LOG_RETENTION_ENV = "DAMES_LOG_RETENTION_DAYS"  # the stack's LogRetentionDays
# A few seconds in CloudFront: a crowd of viewers costs one table read per edge and period.
PUBLIC_BOARD_CACHE = "public, max-age=5"


Pseudonym = Annotated[
    str,
    Field(
        max_length=200,
        description="3–20 letters, digits, spaces and - _ . (trimmed, NFC); unique up to case "
        "and accents.",
        json_schema_extra={
            "minLength": players.MIN_PSEUDONYM_LENGTH,
            "maxLength": players.MAX_PSEUDONYM_LENGTH,
            "pattern": players.PSEUDONYM_SCHEMA_PATTERN,
        },
    ),
]


class CreatePlayerRequest(StrictModel):
    """Register a pseudonym (3–20 letters, digits, spaces, ``-_.``; checked by the server)."""

    pseudonym: Pseudonym
    gameId: str | None = Field(
        default=None, max_length=64,
        description="A won game of this browser (its token as Authorization: Bearer), for "
        "the per-browser allowance beyond the network's: one pseudonym per won game.",
    )


class TransferCodeView(BaseModel):
    """A one-time code that moves the player to another device; shown once, never again."""

    code: str = Field(description="16 letters and digits in groups of four (ABCD-EFGH-…).")
    expiresAt: str = Field(description="When the code stops working (ISO instant, UTC).")


class RedeemTransferRequest(StrictModel):
    """A transfer code, as typed on the new device (case, spaces and dashes do not matter)."""

    code: str = Field(min_length=1, max_length=64)


class TransferredPlayer(BaseModel):
    """The new device's identity: the player's token (the old device's no longer works)."""

    playerId: str
    pseudonym: str
    playerToken: str = Field(description="Sent back as X-Player-Token; stored only hashed.")


class Health(BaseModel):
    ok: bool


app = create_app(
    "Dames du jour — community",
    service="community",
    openapi_url="/api/openapi.json",
    description="Players, leaderboards and the daily challenge.",
)


@app.post(
    "/api/players",
    status_code=201,
    response_model=CreatedPlayer,
    responses=error_responses(400, 409, 413, 422, 429),
)
def create_player(
    body: CreatePlayerRequest, request: Request, response: Response,
    authorization: Annotated[str | None, Header(max_length=300)] = None,
) -> CreatedPlayer:
    """A few pseudonyms created a day per network, and one per won game of the browser
    (``gameId`` and its token), then 429 ``rate-limited`` with Retry-After."""
    response.headers["Cache-Control"] = NO_STORE
    client = client_limits.scope_address_key(request.scope)
    voucher = registration_voucher(body.gameId, authorization) if body.gameId else None
    created = players.create_player(body.pseudonym, client=client, voucher=voucher)
    record_event("PlayerCreated", player_id=created.player.player_id)
    return CreatedPlayer.of(created)


@app.get(
    "/api/players/me",
    response_model=PlayerView,
    responses=error_responses(401, 403, 422),
)
def read_me(response: Response, player_token: PlayerToken = None) -> PlayerView:
    response.headers["Cache-Control"] = NO_STORE
    return PlayerView.of(players.authenticate_player(player_token), daily.oldest_open_day())


@app.get(
    "/api/players/me/games",
    response_model=archive.GamesPage,
    responses=error_responses(401, 403, 422),
)
def my_games(
    response: Response,
    player_token: PlayerToken = None,
    after: Annotated[str | None, Query(
        max_length=80, description="The `next` of the page before (none: the newest games).",
    )] = None,
    limit: Annotated[int, Query(ge=1, le=archive.MAX_PAGE_SIZE)] = archive.PAGE_SIZE,
) -> archive.GamesPage:
    """The player's own finished games (started with their pseudonym), newest first, a page at
    a time: one index query a page, whatever the player's history."""
    response.headers["Cache-Control"] = NO_STORE
    player = players.authenticate_player(player_token)
    return archive.player_games(player.player_id, after, limit)


@app.post(
    "/api/players/me/transfer-code",
    status_code=201,
    response_model=TransferCodeView,
    responses=error_responses(401, 403, 409, 422),
)
def create_transfer_code(response: Response, player_token: PlayerToken = None) -> TransferCodeView:
    response.headers["Cache-Control"] = NO_STORE
    issued = player_transfer.issue_code(player_token)
    return TransferCodeView(code=issued.code, expiresAt=issued.expires_at)


@app.post(
    "/api/players/transfer",
    response_model=TransferredPlayer,
    responses=error_responses(400, 403, 409, 413, 422),
)
def redeem_transfer_code(body: RedeemTransferRequest, response: Response) -> TransferredPlayer:
    response.headers["Cache-Control"] = NO_STORE
    moved = player_transfer.redeem_code(body.code)
    record_event("PlayerTransferred", player_id=moved.player_id)
    return TransferredPlayer(
        playerId=moved.player_id, pseudonym=moved.pseudonym, playerToken=moved.token
    )


class RenameRequest(StrictModel):
    """The new pseudonym, under the registration's rules."""

    pseudonym: Pseudonym


@app.get(
    "/api/players/me/data",
    response_model=DataPage,
    responses=error_responses(401, 403, 422, 429),
)
def read_my_data(
    response: Response,
    player_token: PlayerToken = None,
    cursor: Annotated[str | None, Query(max_length=600)] = None,
) -> DataPage:
    """Everything the table holds about the player, page by page (follow ``next``)."""
    response.headers["Cache-Control"] = NO_STORE
    player = players.authenticate_player(player_token)
    return data_page(player, cursor, daily.oldest_open_day(), GameRecord.from_item,
                     seed_is_public)


@app.post(
    "/api/players/me/pseudonym",
    response_model=RenamedView,
    responses=error_responses(400, 401, 403, 409, 413, 422, 429),
)
def rename_me(
    body: RenameRequest, request: Request, response: Response, player_token: PlayerToken = None
) -> RenamedView:
    """A new pseudonym; the old one is quarantined, every board shows the new one."""
    response.headers["Cache-Control"] = NO_STORE
    player = players.authenticate_player(player_token)
    client = client_limits.scope_address_key(request.scope)
    renamed = rename.rename(player, body.pseudonym, client=client)
    return RenamedView(pseudonym=renamed.pseudonym, boardsUpdated=renamed.boards_updated)


@app.delete(
    "/api/players/me",
    response_model=ErasureView,
    responses={202: {"model": ErasureView}, **error_responses(401, 403)},
)
def erase_me(response: Response, player_token: PlayerToken = None) -> ErasureView:
    """Erase the player; 202 while it goes on (send it again), 200 once done."""
    response.headers["Cache-Control"] = NO_STORE
    player = players.authenticate_player(player_token, erasing_ok=True)
    progress = erasure.run(player.player_id)
    if not progress.done:
        response.status_code = 202
    return ErasureView(erased=progress.done, removed=progress.removed)


@app.get("/api/privacy/controller", response_model=ControllerView)
def controller(response: Response) -> ControllerView:
    """The privacy notice's controller, as the stack was deployed with it."""
    response.headers["Cache-Control"] = PUBLIC_BOARD_CACHE
    name = os.environ.get(CONTROLLER_NAME_ENV, "").strip()
    contact = os.environ.get(CONTROLLER_CONTACT_ENV, "").strip()
    days = os.environ.get(LOG_RETENTION_ENV, "")
    deployed = bool(name and contact)
    return ControllerView(
        name=name if deployed else None,
        contact=contact if deployed else None,
        local=not deployed,
        region=os.environ.get("AWS_REGION") or None,
        logRetentionDays=int(days) if days.isdigit() else None,
    )


def _board_day(date: str) -> tuple[str, bool]:
    """The day of a daily board path and whether it has begun: nobody can have played a day
    to come, so its board is empty without reading the table."""
    parsed = daily.parse_date(date)
    if parsed is None:
        raise ApiError(422, "invalid-date", "The date must be a real day written yyyy-mm-dd.")
    day = parsed.isoformat()
    return day, day <= daily.today_utc()


def _public_board(board: BoardName, date: str | None, response: Response) -> BoardView:
    response.headers["Cache-Control"] = PUBLIC_BOARD_CACHE
    return BoardView(board=board, date=date, entries=ranking.top(board, date))


def _my_rank(
    board: BoardName, date: str | None, response: Response, player_token: str | None
) -> MyRankView:
    response.headers["Cache-Control"] = NO_STORE
    player = players.authenticate_player(player_token)
    return ranking.my_rank(board, date, player.player_id)


@app.get(
    "/api/leaderboards/daily/{date}",
    response_model=BoardView,
    responses=error_responses(422),
)
def daily_board(date: BoardDate, response: Response) -> BoardView:
    day, begun = _board_day(date)
    if not begun:
        response.headers["Cache-Control"] = PUBLIC_BOARD_CACHE
        return BoardView(board="daily", date=day, entries=[])
    return _public_board("daily", day, response)


@app.get(
    "/api/leaderboards/daily/{date}/me",
    response_model=MyRankView,
    responses=error_responses(401, 403, 422),
)
def daily_board_me(
    date: BoardDate, response: Response, player_token: PlayerToken = None
) -> MyRankView:
    day, begun = _board_day(date)
    if not begun:
        response.headers["Cache-Control"] = NO_STORE
        players.authenticate_player(player_token)
        return MyRankView(me=None)
    return _my_rank("daily", day, response, player_token)


@app.get("/api/leaderboards/free", response_model=BoardView)
def free_board(response: Response) -> BoardView:
    return _public_board("free", None, response)


@app.get(
    "/api/leaderboards/free/me",
    response_model=MyRankView,
    responses=error_responses(401, 403, 422),
)
def free_board_me(response: Response, player_token: PlayerToken = None) -> MyRankView:
    return _my_rank("free", None, response, player_token)


report_routes.install(app, _board_day)  # fair play: reporting an entry (report_routes.py)


@app.get("/api/daily", response_model=DailyView)
def daily_challenge(response: Response) -> DailyView:
    response.headers["Cache-Control"] = NO_STORE
    return daily_views.daily_view(daily.utc_now())


@app.get("/api/daily/days", response_model=PastDays)
def closed_days(response: Response) -> PastDays:
    """The last 30 closed days with their seeds: replayable, unranked, checkable."""
    response.headers["Cache-Control"] = NO_STORE
    return daily_views.past_days(daily.utc_now())


@app.get("/api/variants", response_model=VariantsView)
def variants(response: Response) -> VariantsView:
    """What the pages draw boards from: the engine's own numbering and rules, never the
    site's; the same for everyone and changed only by a deploy."""
    response.headers["Cache-Control"] = variant_views.VARIANTS_CACHE
    return variant_views.variants_view()


@app.get("/api/health", response_model=Health)
def health() -> dict[str, bool]:
    return {"ok": True}


puzzle_routes.install(app)  # « le coup du jour » and the puzzles (puzzle_routes.py)

handler = make_handler(app)

gc.freeze()
gc.enable()
