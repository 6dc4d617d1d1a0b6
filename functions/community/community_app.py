"""Lambda function for the community routes: players, leaderboards, the daily challenge, health.

Routes only parse the request and shape the answer; the rules live in
``dames_backend.players``, ``dames_backend.leaderboard`` and ``dames_backend.daily``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from dames_backend import daily, leaderboard, players
from dames_backend.app_factory import StrictModel, create_app, make_handler
from dames_backend.errors import ApiError, error_responses
from fastapi import Header, Path, Response
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


class PlayerView(BaseModel):
    playerId: str
    pseudonym: str


class CreatedPlayer(BaseModel):
    playerId: str
    pseudonym: str
    token: str


class EntryView(BaseModel):
    rank: int
    pseudonym: str
    score: int
    pieces: int
    seconds: int
    at: str


class OwnRankView(BaseModel):
    rank: int
    score: int
    pieces: int
    seconds: int
    at: str


class LeaderboardView(BaseModel):
    board: Literal["daily", "free"]
    date: str | None
    entries: list[EntryView]
    me: OwnRankView | None


class RevealedSeed(BaseModel):
    """Yesterday's challenge: ``seed`` is null only when no challenge existed that day."""

    date: str
    seed: str | None


class DailyView(BaseModel):
    date: str
    secondsUntilNext: int
    yesterday: RevealedSeed


class Health(BaseModel):
    ok: bool


app = create_app(
    "Dames du jour — community",
    service="community",
    description="Players, leaderboards and the daily challenge.",
)


@app.post(
    "/api/players",
    status_code=201,
    response_model=CreatedPlayer,
    responses=error_responses(400, 409, 413, 422),
)
def create_player(body: CreatePlayerRequest, response: Response) -> dict[str, Any]:
    response.headers["Cache-Control"] = NO_STORE
    return players.create_player(body.pseudonym).as_json()


@app.get(
    "/api/players/me",
    response_model=PlayerView,
    responses=error_responses(401, 403, 422),
)
def read_me(response: Response, player_token: PlayerToken = None) -> dict[str, Any]:
    response.headers["Cache-Control"] = NO_STORE
    return players.authenticate_player(player_token).as_json()


def _board_view(
    board: Literal["daily", "free"], date: str | None, player_token: str | None
) -> dict[str, Any]:
    player = players.optional_player(player_token)
    own = leaderboard.rank_of(board, date, player.player_id) if player else None
    return {
        "board": board,
        "date": date,
        "entries": [entry.as_json() for entry in leaderboard.top(board, date)],
        "me": own.as_json() if own else None,
    }


@app.get(
    "/api/leaderboards/daily/{date}",
    response_model=LeaderboardView,
    responses=error_responses(403, 422),
)
def daily_board(
    date: BoardDate, response: Response, player_token: PlayerToken = None
) -> dict[str, Any]:
    parsed = daily.parse_date(date)
    if parsed is None:
        raise ApiError(422, "invalid-date", "The date must be a real day written yyyy-mm-dd.")
    response.headers["Cache-Control"] = NO_STORE
    day = parsed.isoformat()
    if day > daily.today_utc():
        # Nobody can have played a day that has not begun: answer its (empty) board without
        # reading the table, but still check a presented token like every other board read.
        players.optional_player(player_token)
        return {"board": "daily", "date": day, "entries": [], "me": None}
    return _board_view("daily", day, player_token)


@app.get(
    "/api/leaderboards/free",
    response_model=LeaderboardView,
    responses=error_responses(403, 422),
)
def free_board(response: Response, player_token: PlayerToken = None) -> dict[str, Any]:
    response.headers["Cache-Control"] = NO_STORE
    return _board_view("free", None, player_token)


@app.get("/api/daily", response_model=DailyView)
def daily_challenge(response: Response) -> dict[str, Any]:
    """Today's date and yesterday's revealed seed; creates today's challenge if the midnight
    schedule has not (the on-demand fallback), without ever revealing it."""
    now = daily.utc_now()
    today = daily.today_utc(now)
    daily.get_or_create_daily(today)
    yesterday = daily.yesterday_utc(now)
    response.headers["Cache-Control"] = NO_STORE
    return {
        "date": today,
        "secondsUntilNext": daily.seconds_until_next(now),
        "yesterday": {"date": yesterday, "seed": daily.seed_for_public(yesterday, now)},
    }


@app.get("/api/health", response_model=Health)
def health() -> dict[str, bool]:
    return {"ok": True}


handler = make_handler(app)
