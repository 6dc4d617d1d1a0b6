"""Daily and free-play leaderboards: claims, best-only entries, a histogram that never drifts.

Interface used by the games claim route (``POST /api/games/{id}/claim``)::

    record_claim(
        *,
        game_id: str,            # the won game's id ("g_…"); one claim per game
        player: Player,          # from players.authenticate_player(token)
        board: str,              # "daily" or "free" (practice never reaches here)
        date: str | None,        # "yyyy-mm-dd" for daily (the game's own date), None for free
        score: int,              # the figures come from the stored game item,
        pieces: int,             # computed by the server: never from the request
        seconds: int,
        achieved_at: str | None = None,  # ISO time the game was won; defaults to now (UTC)
        pauses: int = 0,         # pauses credited by the game's clock, shown beside the time
        paused_ms: int = 0,
    ) -> ClaimResult             # leaderboard_views.ClaimResult; .as_json() is the body
    # raises ApiError 409 "already-claimed" when that game was claimed before.

A claim is one transaction: ``CLAIM#<gameId>`` (condition: new), and when the score beats the
player's best, the entry (condition: exactly the entry that was read, absent or with its old
score) together with the histogram moves of ``ranking`` (+1 on the new score and its block,
−1 on the old ones). Because the entry's condition pins the very state the histogram update
was computed from, a count changes if and only if an entry does: concurrent claims, retries
and conflicts can cancel a whole transaction, never half of one. An equal score never replaces
the older entry, which keeps its earlier time and so its place. A daily claim also adds its
date to the player's ``wonDays`` (the streak, see ``streaks``) in the same transaction.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.errors import ApiError, busy_error
from dames_backend.leaderboard_views import ClaimResult
from dames_backend.players import Player
from dames_backend.ranking import (
    SCORE_CEILING,
    block_key,
    block_of,
    board_pk,
    entry_key,
    rank_at,
    ranking_key,
    score_key,
)

if TYPE_CHECKING:  # the boto3 stubs are in requirements-dev.txt only, for mypy
    from types_boto3_dynamodb.type_defs import PutTypeDef, TransactWriteItemTypeDef

_CLAIM_ATTEMPTS = 5
WON_DAYS_ATTRIBUTE = "wonDays"


def _validate_figures(score: int, pieces: int, seconds: int, pauses: int, paused_ms: int) -> None:
    if not 0 <= score <= SCORE_CEILING:
        raise ValueError(f"score out of range: {score}")
    if min(pieces, seconds, pauses, paused_ms) < 0:
        raise ValueError("pieces, seconds and pauses cannot be negative")


def _count_move(table_name: str, key: dict[str, str], delta: int) -> TransactWriteItemTypeDef:
    """A transaction item adding ``delta`` to a histogram count (created at 0 if absent)."""
    return {
        "Update": {
            "TableName": table_name,
            "Key": key,
            "UpdateExpression": "ADD #n :delta",
            "ExpressionAttributeNames": {"#n": "n"},
            "ExpressionAttributeValues": {":delta": delta},
        }
    }


def _histogram_moves(
    table_name: str, pk: str, old_score: int | None, new_score: int
) -> list[TransactWriteItemTypeDef]:
    """The count changes of an entry going from ``old_score`` (None: a new entry) to
    ``new_score``; a block count that would get −1 and +1 is left alone (one transaction may
    not touch an item twice)."""
    moves = [_count_move(table_name, score_key(pk, new_score), 1)]
    if old_score is not None:
        moves.append(_count_move(table_name, score_key(pk, old_score), -1))
    if old_score is None or block_of(old_score) != block_of(new_score):
        moves.append(_count_move(table_name, block_key(pk, new_score), 1))
        if old_score is not None:
            moves.append(_count_move(table_name, block_key(pk, old_score), -1))
    return moves


def _won_day(table_name: str, player_id: str, day: str) -> TransactWriteItemTypeDef:
    """Adds a daily win's date to the player's profile (a set: a second win adds nothing)."""
    return {
        "Update": {
            "TableName": table_name,
            "Key": {"pk": f"PLAYER#{player_id}", "sk": "PROFILE"},
            "UpdateExpression": "ADD #days :day",
            "ConditionExpression": "attribute_exists(pk)",
            "ExpressionAttributeNames": {"#days": WON_DAYS_ATTRIBUTE},
            "ExpressionAttributeValues": {":day": {day}},
        }
    }


def record_claim(
    *,
    game_id: str,
    player: Player,
    board: str,
    date: str | None,
    score: int,
    pieces: int,
    seconds: int,
    achieved_at: str | None = None,
    pauses: int = 0,
    paused_ms: int = 0,
) -> ClaimResult:
    """Enter a won game's score on its board (see the module docstring for the contract)."""
    _validate_figures(score, pieces, seconds, pauses, paused_ms)
    pk = board_pk(board, date)
    at = achieved_at or clock.iso_now()
    table = db.get_table()
    key = entry_key(pk, player.player_id)
    claim_put: TransactWriteItemTypeDef = {
        "Put": {
            "TableName": table.name,
            "Item": {
                "pk": f"CLAIM#{game_id}",
                "sk": "CLAIM",
                "gameId": game_id,
                "playerId": player.player_id,
                "board": board,
                "date": date,
                "score": score,
                "claimedAt": clock.iso_now(),
            },
            "ConditionExpression": "attribute_not_exists(pk)",
        }
    }
    entry_item: dict[str, Any] = {
        **key,
        "gsi1pk": pk,
        "gsi1sk": ranking_key(score, at),
        "board": board,
        "date": date,
        "playerId": player.player_id,
        "pseudonym": player.pseudonym,
        "score": score,
        "pieces": pieces,
        "seconds": seconds,
        "pauses": pauses,
        "pausedMs": paused_ms,
        "at": at,
        "gameId": game_id,
    }
    streak_items: list[TransactWriteItemTypeDef] = []
    if board == "daily" and date:  # a daily win counts for the streak of its challenge day
        streak_items.append(_won_day(table.name, player.player_id, date))
    for attempt in range(_CLAIM_ATTEMPTS):
        current = table.get_item(Key=key, ConsistentRead=True).get("Item")
        old_score = None if current is None else db.as_int(current["score"])
        improves = old_score is None or old_score < score
        items = [claim_put]
        if improves:
            entry_put: PutTypeDef = {"TableName": table.name, "Item": entry_item}
            if old_score is None:
                entry_put["ConditionExpression"] = "attribute_not_exists(pk)"
            else:
                entry_put["ConditionExpression"] = "score = :old"
                entry_put["ExpressionAttributeValues"] = {":old": old_score}
            items.append({"Put": entry_put})
            items.extend(_histogram_moves(table.name, pk, old_score, score))
        items.extend(streak_items)
        try:
            db.get_client().transact_write_items(TransactItems=items)
        except ClientError as exc:
            if db.error_code(exc) != "TransactionCanceledException":
                raise
            codes = db.cancellation_codes(exc)
            if codes[:1] == ["ConditionalCheckFailed"]:
                raise ApiError(
                    409, "already-claimed", "This game was already entered in a leaderboard."
                ) from None
            entry_changed = improves and codes[1:2] == ["ConditionalCheckFailed"]
            if not (entry_changed or db.is_retryable_cancellation(exc)):
                raise
            if attempt == _CLAIM_ATTEMPTS - 1:
                raise busy_error() from None
            # The entry changed under us (another claim of the same player landed first) or
            # another transaction held one of the items (a histogram count is shared by every
            # claim of its score): read again and redo the decision.
            time.sleep(0.02 * (attempt + 1))
            continue
        best = entry_item if improves else current
        assert best is not None
        best_score = db.as_int(best["score"])
        return ClaimResult(
            board="daily" if board == "daily" else "free",
            date=date,
            score=score,
            rank=rank_at(pk, best_score, db.as_str(best["at"])),
            best=best_score,
        )
    raise AssertionError("unreachable: the loop returns or raises")
