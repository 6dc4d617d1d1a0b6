"""Entering a won game in its leaderboard (``POST /api/games/{id}/claim``): the game's own
figures, never the request's, under the player's pseudonym, then its fair-play analysis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dames_backend import clock, db
from dames_backend.errors import ApiError
from dames_backend.games import store as game_store
from dames_backend.games.access import authorize
from dames_backend.games.enums import GameMode, GameStatus
from dames_backend.games.state import closes_at, is_ranked
from dames_backend.games.store import GameRecord
from dames_backend.limits import clients as client_limits
from dames_backend.players.allowance import Voucher

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

    from dames_backend.boards.views import ClaimResult


def claim_game(
    game_id: str, authorization: str | None, player_token: str | None,
    client: str | None = None,
) -> ClaimResult:
    """Enter a won daily/free game in its leaderboard under the player's pseudonym.

    The figures come from the stored game; the leaderboard's own transaction guarantees one
    claim per game (a second claim is 409) and flags the game ``claimed`` with it. A game
    bound to a player (``create_game``) is theirs alone (403 ``not-your-game``); claims are
    limited per player and per ``client`` (its address key, ``limits.clients``) and day.
    """
    # Imported here: the boards and fair play sit above the games (they read game records).
    from dames_backend.boards.claims import record_claim
    from dames_backend.fairplay.jobs import request_claim_analysis
    from dames_backend.fairplay.lines import line_marks
    from dames_backend.players.accounts import authenticate_player

    record = authorize(game_id, authorization)
    if not player_token or not player_token.strip():
        raise ApiError(401, "missing-player-token", "This request needs an X-Player-Token header.")
    player = authenticate_player(player_token.strip())
    score = _claimable_score(record, player.player_id)
    if client is not None:
        client_limits.charge(client_limits.CLAIMS_PER_ADDRESS, client)
    client_limits.charge(
        client_limits.CLAIMS_PER_PLAYER, client_limits.player_key(player.player_id)
    )
    try:
        result = record_claim(
            game_id=record.id,
            player=player,
            board=record.mode,
            date=record.date if record.mode is GameMode.DAILY else None,
            score=int(score["total"]),
            pieces=int(score["pieces"]),
            seconds=int(score["seconds"]),
            pauses=record.clock.pauses,
            paused_ms=record.clock.paused_ms,
            achieved_at=record.finished_at,
            line_marks=line_marks(record.variant, record.start_fen or None, record.moves),
            also=[game_store.claimed_write(db.get_table().name, record.id, player.player_id)],
        )
    except ApiError as exc:
        if exc.code == "already-claimed":
            # A claim written before the game's flag joined its transaction, flag unset: set
            # it now so the GameView tells the truth and the game loses its expiry.
            game_store.mark_claimed(record.id, None)
        raise
    if result.status == "provisional":
        request_claim_analysis(record.id)
    return result


def claim_state(game_id: str, authorization: str | None) -> ClaimResult:
    """Where a game's claim stands now (``GET /api/games/{id}/claim``): the end screen asks
    until the fair-play verdict is in, so it never says "provisional" after a hold. Only the
    game's token may ask (it names no player); 404 ``not-claimed`` before any claim."""
    from dames_backend.boards.ranking import claim_status

    record = authorize(game_id, authorization)
    found = claim_status(record.id)
    if found is None:
        raise ApiError(404, "not-claimed", "This game was not entered in a leaderboard.")
    return found


def _claimable_score(record: GameRecord, player_id: str) -> dict[str, int]:
    """The score of a game this player may enter; else 403, 409 or 422 with the reason."""
    if record.owner_id is not None and record.owner_id != player_id:
        raise ApiError(
            403,
            "not-your-game",
            "This game was started by another player: only they can enter it in a leaderboard.",
        )
    if record.mode in (GameMode.PRACTICE, GameMode.DUO):
        raise ApiError(422, "not-claimable", f"A {record.mode} game never enters a leaderboard.")
    if record.status is not GameStatus.WON or record.score is None:
        raise ApiError(422, "not-claimable", "Only a won game can be entered in a leaderboard.")
    if record.ai_changed:
        raise ApiError(
            422,
            "computer-changed",
            f"The computer was updated during this game (it began with version "
            f"{record.ai_version}): its replies cannot all be checked, so it does not count.",
        )
    if record.mode is GameMode.FREE and not is_ranked(record, clock.now_ms()):
        raise ApiError(
            422,
            "casual-game",
            "Only free games as the free leaderboard is set up (White against defi, "
            "international, from the start, no hint, no takeback) enter it: this one is casual.",
        )
    if not is_ranked(record, clock.now_ms()):
        raise ApiError(
            422,
            "daily-closed",
            f"The challenge of {record.date} closed at {closes_at(record)} before this game was "
            "won: it no longer counts for that day's leaderboard.",
        )
    if record.claimed:
        raise ApiError(409, "already-claimed", "This game was already entered in a leaderboard.")
    return record.score


def registration_voucher(game_id: str, authorization: str | None) -> Voucher:
    """A won game of this browser offered for a pseudonym (``players.allowance``): a game
    that could enter its board now, started without a pseudonym; else the claim's refusal.

    Its ``bind`` makes the game the new player's in the registration's transaction, on
    condition that it is still unowned and unclaimed: a game gives one name.
    """
    record = authorize(game_id, authorization)
    if record.owner_id is not None:
        raise ApiError(409, "voucher-used", "This game already belongs to a player.")
    _claimable_score(record, "")

    def bind(player_id: str) -> TransactWriteItemTypeDef:
        return {"Update": {
            "TableName": db.get_table().name,
            "Key": game_store.game_key(record.id),
            "UpdateExpression": "SET ownerId = :p, playerId = :p ADD version :one",
            "ConditionExpression": "attribute_exists(pk) AND attribute_not_exists(ownerId) "
            "AND claimed = :no",
            "ExpressionAttributeValues": {":p": player_id, ":one": 1, ":no": False},
        }}

    return Voucher(record.id, bind)
