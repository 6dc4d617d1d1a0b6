"""Moderation without a web admin (``./dames moderation …``; IAM on the
deployed table is the access control): what needs a person, by urgency, and the decisions.

People decide the hard cases: held claims (an ``analysis-failed`` one first: nobody judged
it), claims still waiting past any analysis's time, a master's game held in a top ten (a
player, most likely honest, waits for it), and published ones queued for a look (reported by
players, or near the hold bar in the day's top ten). Every decision names who
took it and why, in the audit trail (``audit``), before it is applied.

Only the command line imports this module: no function may scan the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from boto3.dynamodb.conditions import Attr, Key
from botocore.exceptions import ClientError

from dames_backend import db
from dames_backend.boards.claims import update_entry
from dames_backend.boards.entries import BANNED_REASON, Entry
from dames_backend.boards.keys import HELD_REVIEW_PK, QUEUE_REVIEW_PK, claim_key
from dames_backend.boards.views import Reason
from dames_backend.fairplay import audit, reasons
from dames_backend.fairplay.failures import stuck_claims
from dames_backend.fairplay.review import decide, load_claim
from dames_backend.tables import GSI1_NAME


@dataclass(frozen=True)
class ReviewItem:
    """One claim that needs a person: why (``kind``), how urgent (higher first)."""

    kind: str  # "analysis-failed", "stuck", "masterly", "held", "reported", "near-bar"
    urgency: float
    item: dict[str, Any]


def _listed(partition: str, limit: int) -> list[dict[str, Any]]:
    page = db.get_table().query(
        IndexName=GSI1_NAME, KeyConditionExpression=Key("gsi1pk").eq(partition), Limit=limit,
    )
    return list(page.get("Items", []))


def held_claims(limit: int = 100) -> list[dict[str, Any]]:
    """The held claims awaiting a moderator, oldest first."""
    return _listed(HELD_REVIEW_PK, limit)


def _codes(item: dict[str, Any]) -> set[str]:
    return {Reason.from_stored(r).code for r in item.get("reasons") or ()}


def _fair_score(item: dict[str, Any]) -> float:
    return float(item.get("fairScore", 0) or 0)


def review_list(limit: int = 100) -> list[ReviewItem]:
    """Everything that needs a person, most urgent first (then the oldest)."""
    found: list[ReviewItem] = []
    for item in held_claims(limit):
        codes = _codes(item)
        if reasons.ANALYSIS_FAILED in codes:
            found.append(ReviewItem("analysis-failed", 100.0, item))
        elif codes == {reasons.MASTERLY_TOP_TEN}:  # held for its strength alone: a person waits
            found.append(ReviewItem("masterly", 70.0, item))
        else:
            found.append(ReviewItem("held", 50.0 + 10 * _fair_score(item), item))
    found += [ReviewItem("stuck", 90.0, item) for item in stuck_claims(limit)]
    for item in _listed(QUEUE_REVIEW_PK, limit):
        reports = db.as_int(item.get("reports", 0))
        kind = "reported" if reports else "near-bar"
        found.append(ReviewItem(kind, 20.0 + 5 * min(reports, 6) + 20 * _fair_score(item),
                                item))
    found.sort(key=lambda row: (-row.urgency, str(row.item.get("gsi1sk", ""))))
    return found[:limit]


def _decided(actor: str, action: str, target: str, why: str,
             apply: Callable[[], Any]) -> Any:
    """Apply a decision after its audit line; the line says how it ended."""
    key = audit.record(actor, action, target, why)
    try:
        outcome = apply()
    except Exception as exc:
        audit.settle(key, f"failed: {exc}")
        raise
    audit.settle(key, "done")
    return outcome


def _claim(game_id: str) -> dict[str, Any]:
    item = load_claim(game_id)
    if item is None:
        raise LookupError(f"no claim for game {game_id}")
    return item


def release(game_id: str, actor: str, why: str) -> Entry:
    """Publish a held (or provisional, or queued) claim: it takes its place if it is the
    player's best."""
    item = _claim(game_id)
    result: Entry = _decided(actor, "release", game_id, why,
                             lambda: decide(item, "published", (reasons.RELEASED,)))
    return result


def hold(game_id: str, actor: str, why: str) -> Entry:
    """Hold a claim (a published one leaves the board; the player sees it under review)."""
    item = _claim(game_id)
    result: Entry = _decided(actor, "hold", game_id, why,
                             lambda: decide(item, "held", (reasons.MODERATOR_HOLD,)))
    return result


def dismiss(game_id: str, actor: str, why: str) -> None:
    """Take a published claim off the queue: looked at, it stands."""
    item = _claim(game_id)
    if item.get("state") != "published":
        raise LookupError(f"the claim of {game_id} is {item.get('state')}: release or hold it")

    def apply() -> None:
        db.get_table().update_item(Key=claim_key(game_id), UpdateExpression="REMOVE gsi1pk, "
                                   "gsi1sk")

    _decided(actor, "dismiss", game_id, why, apply)


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


def _ban(player_id: str) -> int:
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
                UpdateExpression="SET #state = :held, reasons = :reasons REMOVE gsi1pk, gsi1sk",
                ExpressionAttributeNames={"#state": "state"},
                ExpressionAttributeValues={":held": "held",
                                           ":reasons": [BANNED_REASON.stored()]},
            )
    return boards


def ban(player_id: str, actor: str, why: str) -> int:
    """Withdraw a player's entries from every board and hold their claims, now and to come;
    returns the number of boards changed."""
    result: int = _decided(actor, "ban", player_id, why, lambda: _ban(player_id))
    return result
