"""A player reports a public entry they doubt; a moderator looks (``moderation list``).

One report per entry and player (``REPORT#<game id>`` / ``PLAYER#<reporter>``, a
conditional put), a few a day per player and per network (``limits.clients``), never one's
own entry. A report counts on the entry's claim (``reports``) and puts a published claim on
the moderators' queue (``REVIEW#queue``); a claim still being analysed is queued when it is
published (``review``). The reporter learns only that the report was received: neither the
count nor the outcome, so reports cannot probe the verdict.
"""

from __future__ import annotations

import datetime
from typing import Literal

from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.boards.keys import QUEUE_REVIEW_PK, claim_key
from dames_backend.boards.ranking import board_pk, entry_key
from dames_backend.errors import ApiError
from dames_backend.fairplay.keys import report_key
from dames_backend.limits import clients as client_limits
from dames_backend.players import accounts as players

ReportKind = Literal["engine", "copy", "other"]
REPORT_DAYS = 90
REPORTS_PER_PLAYER = client_limits.REPORTS_PER_PLAYER
REPORTS_PER_ADDRESS = client_limits.Limit(
    "reports-address", 30, client_limits.DAY_SECONDS, "DAMES_LIMIT_REPORTS_PER_ADDRESS_DAY",
    "Too many entries were reported from this network today.",
)


def _reported_player(pseudonym: str) -> str:
    """The player id behind a board's pseudonym (404 when nobody has it)."""
    try:
        key = players.pseudonym_key(players.clean_pseudonym(pseudonym))
    except ApiError:
        key = ""
    item = db.get_table().get_item(Key=players.pseudonym_item_key(key)).get("Item") \
        if key else None
    if item is None:
        raise ApiError(404, "no-such-entry", "Nobody with this pseudonym is on this board.")
    return db.as_str(item["playerId"])


def _shown_game(pk: str, player_id: str) -> str:
    """The game of the player's public entry on board ``pk`` (404 when nothing is shown)."""
    entry = db.get_table().get_item(Key=entry_key(pk, player_id), ConsistentRead=True).get(
        "Item")
    if entry is None or "gsi1pk" not in entry or not entry.get("gameId"):
        raise ApiError(404, "no-such-entry", "Nobody with this pseudonym is on this board.")
    return db.as_str(entry["gameId"])


def _queue(game_id: str) -> None:
    """Count the report on the claim; a published claim joins the moderators' queue (a held
    one is listed already, a provisional one is queued when published)."""
    table = db.get_table()
    table.update_item(Key=claim_key(game_id), UpdateExpression="ADD reports :one",
                      ExpressionAttributeValues={":one": 1})
    claim = table.get_item(Key=claim_key(game_id), ConsistentRead=True).get("Item") or {}
    if claim.get("state") != "published":
        return
    try:
        table.update_item(
            Key=claim_key(game_id),
            UpdateExpression="SET gsi1pk = :queue, gsi1sk = :order",
            ConditionExpression="#state = :published",
            ExpressionAttributeNames={"#state": "state"},
            ExpressionAttributeValues={
                ":queue": QUEUE_REVIEW_PK, ":published": "published",
                ":order": f"{db.as_str(claim['at'])}#{game_id}",
            },
        )
    except ClientError as exc:
        if not db.is_conditional_failure(exc):
            raise


def report_entry(
    *, board: str, date: str | None, pseudonym: str, kind: ReportKind,
    player_token: str | None, client: str | None,
) -> None:
    """Record ``player_token``'s report of ``pseudonym``'s public entry on a board."""
    reporter = players.authenticate_player(player_token)
    pk = board_pk(board, date)
    reported = _reported_player(pseudonym)
    if reported == reporter.player_id:
        raise ApiError(422, "own-entry", "A player cannot report their own entry.")
    game_id = _shown_game(pk, reported)
    table = db.get_table()
    key = report_key(game_id, reporter.player_id)
    if table.get_item(Key=key).get("Item") is not None:
        raise ApiError(409, "already-reported", "You have already reported this entry.")
    if client is not None:
        client_limits.charge(REPORTS_PER_ADDRESS, client)
    client_limits.charge(REPORTS_PER_PLAYER, client_limits.player_key(reporter.player_id))
    expires = clock.utc_now() + datetime.timedelta(days=REPORT_DAYS)
    try:
        table.put_item(
            # playerId: the reporter's, for the byPlayer index (export, erasure).
            Item={**key, "playerId": reporter.player_id, "gameId": game_id, "kind": kind,
                  "at": clock.iso_now(),
                  "board": board, "date": date, "expiresAt": int(expires.timestamp())},
            ConditionExpression="attribute_not_exists(pk)",
        )
    except ClientError as exc:
        if db.is_conditional_failure(exc):
            raise ApiError(409, "already-reported",
                           "You have already reported this entry.") from None
        raise
    _queue(game_id)
