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

from typing import Annotated

from dames_backend.boards import ranking
from dames_backend.boards.views import BoardName, BoardView, MyRankView
from dames_backend.daily import challenge as daily
from dames_backend.daily import views as daily_views
from dames_backend.daily.views import DailyView, PastDays
from dames_backend.errors import ApiError, error_responses
from dames_backend.fairplay import reports as fairplay_reports
from dames_backend.games import variants as variant_views
from dames_backend.games.variants import VariantsView
from dames_backend.limits import clients as client_limits
from dames_backend.players import accounts as players
from dames_backend.players import transfer as player_transfer
from dames_backend.players.views import CreatedPlayer, PlayerView
from dames_backend.web.app_factory import StrictModel, create_app, make_handler, record_event
from fastapi import Header, Path, Request, Response
from pydantic import BaseModel, Field

PlayerToken = Annotated[
    str | None,
    Header(alias="X-Player-Token", description="The player's token", max_length=300),
]
# The schema's pattern spells the real calendar days (29 February aside, which the server
# also accepts in leap years) so that generated requests match what the server takes.
DATE_SCHEMA_PATTERN = (
    r"^[1-9][0-9]{3}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])"
    r"|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))$"
)
BoardDate = Annotated[
    str,
    Path(
        min_length=1,
        max_length=40,
        description="The challenge date, yyyy-mm-dd (UTC). A day to come has an empty board.",
        json_schema_extra={"pattern": DATE_SCHEMA_PATTERN},
    ),
]
NO_STORE = "no-store"
# A few seconds in CloudFront: a crowd of viewers costs one table read per edge and period.
PUBLIC_BOARD_CACHE = "public, max-age=5"


class CreatePlayerRequest(StrictModel):
    """Register a pseudonym (3–20 letters, digits, spaces, ``-_.``; checked by the server)."""

    pseudonym: str = Field(
        max_length=200,
        description="3–20 letters, digits, spaces and - _ . (trimmed, NFC); unique up to case "
        "and accents.",
        json_schema_extra={
            "minLength": players.MIN_PSEUDONYM_LENGTH,
            "maxLength": players.MAX_PSEUDONYM_LENGTH,
            "pattern": players.PSEUDONYM_SCHEMA_PATTERN,
        },
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
def create_player(body: CreatePlayerRequest, request: Request, response: Response) -> CreatedPlayer:
    """A few registrations a day per network, then 429 ``rate-limited`` with Retry-After."""
    response.headers["Cache-Control"] = NO_STORE
    client = client_limits.scope_address_key(request.scope)
    created = players.create_player(body.pseudonym, client=client)
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


class ReportRequest(StrictModel):
    """A public entry a player doubts: the pseudonym as the board shows it, and why."""

    pseudonym: str = Field(min_length=1, max_length=200)
    kind: fairplay_reports.ReportKind = Field(
        "other", description="engine: an engine's moves; copy: another's line; other."
    )


class ReportReceived(BaseModel):
    """Only that it was received: neither the count nor what the moderators decide."""

    received: bool = True


def _report(board: BoardName, date: str | None, body: ReportRequest, request: Request,
            response: Response, player_token: str | None) -> ReportReceived:
    response.headers["Cache-Control"] = NO_STORE
    fairplay_reports.report_entry(
        board=board, date=date, pseudonym=body.pseudonym, kind=body.kind,
        player_token=player_token, client=client_limits.scope_address_key(request.scope),
    )
    record_event("EntryReported")
    return ReportReceived()


@app.post(
    "/api/leaderboards/daily/{date}/reports",
    status_code=201,
    response_model=ReportReceived,
    responses=error_responses(401, 403, 404, 409, 413, 422, 429),
)
def report_daily_entry(
    date: BoardDate, body: ReportRequest, request: Request, response: Response,
    player_token: PlayerToken = None,
) -> ReportReceived:
    """Report a public entry of a day's board (one report per entry and player, a few a
    day); a moderator looks at it (docs/fair-play.md)."""
    day, _ = _board_day(date)
    return _report("daily", day, body, request, response, player_token)


@app.post(
    "/api/leaderboards/free/reports",
    status_code=201,
    response_model=ReportReceived,
    responses=error_responses(401, 403, 404, 409, 413, 422, 429),
)
def report_free_entry(
    body: ReportRequest, request: Request, response: Response,
    player_token: PlayerToken = None,
) -> ReportReceived:
    """Report a public entry of the free board (as the daily's)."""
    return _report("free", None, body, request, response, player_token)


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


handler = make_handler(app)

gc.freeze()
gc.enable()
