"""Moderation without a web admin (``./dames moderation …``; IAM on the
deployed table is the access control): list and show held claims, release one, ban a player.

Only the command line imports this module: no function may scan the table.
"""

from __future__ import annotations

from typing import Any

from boto3.dynamodb.conditions import Attr, Key
from botocore.exceptions import ClientError

from dames_backend import db
from dames_backend.boards.claims import update_entry
from dames_backend.boards.entries import BANNED_REASON, Entry
from dames_backend.boards.keys import claim_key
from dames_backend.fairplay.keys import HELD_REVIEW_PK
from dames_backend.fairplay.review import decide, load_claim
from dames_backend.tables import GSI1_NAME

RELEASED_REASON = "Released by a moderator."


def held_claims(limit: int = 100) -> list[dict[str, Any]]:
    """The held claims awaiting a moderator, oldest first."""
    page = db.get_table().query(
        IndexName=GSI1_NAME, KeyConditionExpression=Key("gsi1pk").eq(HELD_REVIEW_PK),
        Limit=limit,
    )
    return list(page.get("Items", []))


def release(game_id: str) -> Entry:
    """Publish a held (or provisional) claim: it takes its place if it is the player's best."""
    item = load_claim(game_id)
    if item is None:
        raise LookupError(f"no claim for game {game_id}")
    return decide(item, "published", (RELEASED_REASON,))


def _player_items(player_id: str) -> list[dict[str, Any]]:
    """A player's entries on every board and their claims: a scan (moderation is rare)."""
    condition = (Attr("sk").eq(f"PLAYER#{player_id}") & Attr("pk").begins_with("BOARD#")) | (
        Attr("pk").begins_with("CLAIM#") & Attr("playerId").eq(player_id)
    )
    table = db.get_table()
    query: dict[str, Any] = {"FilterExpression": condition}
    found: list[dict[str, Any]] = []
    while True:
        page = table.scan(**query)
        found.extend(page.get("Items", []))
        last = page.get("LastEvaluatedKey")
        if not last:
            return found
        query["ExclusiveStartKey"] = last


def ban(player_id: str) -> int:
    """Withdraw a player's entries from every board and hold their claims, now and to come;
    returns the number of boards changed."""
    table = db.get_table()
    try:
        table.update_item(
            Key={"pk": f"PLAYER#{player_id}", "sk": "PROFILE"},
            UpdateExpression="SET banned = :t",
            ConditionExpression="attribute_exists(pk)",
            ExpressionAttributeValues={":t": True},
        )
    except ClientError as exc:
        if db.is_conditional_failure(exc):
            raise LookupError(f"no player {player_id}") from None
        raise
    boards = 0
    for item in _player_items(player_id):
        pk = db.as_str(item["pk"])
        if pk.startswith("BOARD#"):
            update_entry(pk=pk, player_id=player_id, identity={}, change=Entry.with_ban)
            boards += 1
        elif item.get("state") != "held":
            table.update_item(
                Key=claim_key(db.as_str(item["gameId"])),
                UpdateExpression="SET #state = :held, reasons = :reasons",
                ExpressionAttributeNames={"#state": "state"},
                ExpressionAttributeValues={":held": "held", ":reasons": [BANNED_REASON]},
            )
    return boards
