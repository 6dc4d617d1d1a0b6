"""Erasing a player: everything the table holds about them, in steps that a rerun finishes.

``begin`` marks the profile ``erasing`` (and moves it to the ``ERASING`` partition of
``gsi1``, where the schedule finds erasures left half-done): from then on the token opens
nothing but the erasure, no claim can be entered (a claim's transaction checks the profile,
``activity.profile_update``) and no new game is bound to the player. If the player was
banned, the same transaction writes the ban's anonymous hashes (``reservations``).

``run`` then removes, page by page from the ``byPlayer`` index (``index``), each item by
its kind, each removal idempotent (a rerun meets "already gone" and goes on):

- board entries: deleted with their histogram counts in one transaction
  (``boards.removal.remove_entry``), so every rank below moves up and no count drifts;
- claims: the claim, its line marks (``LINE#…`` / ``GAME#<id>``; and an older claim's
  same-line item), and the erased player's id in the fair-play signals of the other claims
  that share a mark (``copy_of``, older ``same_line_as``: replaced by ``"erased"``, so they
  still know another player had the line); a mark that outlived its claim is deleted too;
- reports the player made (``REPORT#<game>`` / ``PLAYER#<id>``): deleted (the reported
  claim's ``reports`` count stays: it names nobody);
- games the player started or claimed: every item of the game's partition (the game, its
  analysis);
- pseudonyms: quarantined (``reservations``), or deleted for a banned player (the ban's
  hash keeps the name out of reach);
- the transfer code: deleted; any other item that carries the id: the id removed;
- last, the counters keyed by the player and the profile itself.

A request does as much as ``budget_s`` allows and says whether it finished; the page asks
again, and the daily schedule finishes what is left (``inactivity.sweep``). Items restorable
from point-in-time recovery stay so for its 35 days (docs/privacy.md).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from boto3.dynamodb.conditions import Key
from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.boards.keys import line_mark_key, line_mark_pk, same_line_key
from dames_backend.boards.ranking import board_pk
from dames_backend.boards.removal import remove_entry
from dames_backend.limits import clients as client_limits
from dames_backend.players import index, reservations
from dames_backend.players.accounts import ERASING_ATTRIBUTE, pseudonym_keys
from dames_backend.players.keys import PLAYER_PK_PREFIX, profile_key
from dames_backend.players.rename import renaming_key
from dames_backend.tables import GSI1_NAME

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

ERASING_PK = "ERASING"
ERASED_MARK = "erased"
DEFAULT_BUDGET_S = 8.0
# The counters keyed by a player (``clients.player_key``), erased with them.
PLAYER_LIMITS: list[client_limits.Limit] = [
    client_limits.CLAIMS_PER_PLAYER, client_limits.REPORTS_PER_PLAYER,
]


@dataclass(frozen=True)
class Progress:
    """Where an erasure stands after a call: ``done`` once the profile is gone."""

    done: bool
    removed: int


def begin(profile: dict[str, Any]) -> None:
    """Mark the player as being erased (idempotent); a banned player's name hashes kept."""
    if ERASING_ATTRIBUTE in profile:
        return
    player_id = db.as_str(profile["playerId"])
    table_name = db.get_table().name
    items: list[TransactWriteItemTypeDef] = [{
        "Update": {
            "TableName": table_name,
            "Key": profile_key(player_id),
            "UpdateExpression": "SET #erasing = :now, gsi1pk = :pk, gsi1sk = :id",
            "ConditionExpression": "attribute_exists(pk)",
            "ExpressionAttributeNames": {"#erasing": ERASING_ATTRIBUTE},
            "ExpressionAttributeValues": {
                ":now": clock.iso_now(), ":pk": ERASING_PK, ":id": player_id,
            },
        }
    }]
    if profile.get("banned"):
        keys = pseudonym_keys(db.as_str(profile["pseudonym"]))
        items.extend(reservations.banned_items(table_name, keys))
    try:
        db.get_client().transact_write_items(TransactItems=items)
    except ClientError as exc:
        if db.error_code(exc) != "TransactionCanceledException":
            raise
        # The profile went meanwhile (a simultaneous erasure finished): nothing to begin.


def run(player_id: str, *, budget_s: float = DEFAULT_BUDGET_S) -> Progress:
    """Remove the player's items until done or out of time (see the module's docstring)."""
    deadline = time.monotonic() + budget_s
    profile = db.get_table().get_item(Key=profile_key(player_id), ConsistentRead=True).get(
        "Item"
    )
    if profile is None:
        return Progress(done=True, removed=0)
    begin(profile)
    banned = bool(profile.get("banned"))
    removed = 0
    after: dict[str, str] | None = None
    while True:
        page = index.list_page(player_id, after=after)
        for item in index.fetch(_not_profile(page.keys)):
            _remove(player_id, item, banned=banned)
            removed += 1
            if time.monotonic() > deadline:
                return Progress(done=False, removed=removed)
        if page.after is None:
            break
        after = page.after
    # A second look from the start: an item the index listed late, or one written while the
    # erasure began, is left for the next call (the index may still list removed ones).
    if index.fetch(_not_profile(index.list_page(player_id).keys)):
        return Progress(done=False, removed=removed)
    _remove_counters(player_id)
    db.get_table().delete_item(Key=renaming_key(player_id))
    _remove_own_items(player_id)
    db.get_table().delete_item(Key=profile_key(player_id))
    return Progress(done=True, removed=removed)


def _remove_own_items(player_id: str) -> None:
    """Every other item under the player's own key (the puzzle profile, and whatever a later
    feature keeps there), before the profile: the profile goes last, so a rerun finds it."""
    own = profile_key(player_id)
    query: dict[str, Any] = {"KeyConditionExpression": Key("pk").eq(own["pk"]),
                             "ProjectionExpression": "pk, sk", "ConsistentRead": True}
    table = db.get_table()
    while True:
        page = table.query(**query)
        for item in page.get("Items", []):
            if item["sk"] != own["sk"]:
                table.delete_item(Key={"pk": item["pk"], "sk": item["sk"]})
        last = page.get("LastEvaluatedKey")
        if last is None:
            return
        query["ExclusiveStartKey"] = last


def _not_profile(keys: tuple[dict[str, str], ...]) -> list[dict[str, str]]:
    return [key for key in keys if not key["pk"].startswith(PLAYER_PK_PREFIX)]


def _remove(player_id: str, item: dict[str, Any], *, banned: bool) -> None:
    pk = db.as_str(item["pk"])
    key = {"pk": pk, "sk": db.as_str(item["sk"])}
    table = db.get_table()
    if pk.startswith("BOARD#"):
        if not remove_entry(pk, player_id):
            table.delete_item(Key=key)
    elif pk.startswith("CLAIM#"):
        _remove_claim(player_id, item)
    elif pk.startswith("GAME#"):
        for part in index.game_items(pk):
            table.delete_item(Key={"pk": part["pk"], "sk": part["sk"]})
    elif pk.startswith("PSEUDO#"):
        if banned:
            table.delete_item(Key=key)
        else:
            name_key = pk.removeprefix("PSEUDO#")
            now_s = clock.now_ms() // 1000
            (put,) = reservations.quarantine_items(table.name, [name_key], now_s)
            table.put_item(Item=put["Put"]["Item"])
    elif pk.startswith(("TRANSFER#", "REPORT#", "LINE#")):
        table.delete_item(Key=key)
    else:
        # An item this version does not know (a newer feature's): it stops naming them.
        table.update_item(Key=key, UpdateExpression="REMOVE playerId")


def _remove_claim(player_id: str, claim: dict[str, Any]) -> None:
    """The claim, its line marks (an older claim: its same-line item), and its player's id
    in the signals of the other claims sharing a mark."""
    table = db.get_table()
    game_id = db.as_str(claim["pk"]).removeprefix("CLAIM#")
    if "board" in claim:
        board = board_pk(db.as_str(claim["board"]), claim.get("date"))
        marks = [str(mark) for mark in claim.get("lineMarks") or ()]
        others: set[str] = set()
        for mark in marks:
            others.update(_line_games(line_mark_pk(board, mark)))
        digest = claim.get("movesHash")
        if digest:
            others.update(_line_games(line_mark_pk(board, str(digest))))
        for other in sorted(others - {game_id}):
            _forget_in_signals(other, player_id)
        for mark in marks:
            table.delete_item(Key=line_mark_key(board, mark, game_id))
        if digest:
            table.delete_item(Key=same_line_key(board, str(digest), player_id))
    table.delete_item(Key={"pk": db.as_str(claim["pk"]), "sk": db.as_str(claim["sk"])})


def _line_games(pk: str) -> set[str]:
    """The games of the claims that went through one line mark (or older same-line item)."""
    return {db.as_str(line["gameId"]) for line in _line_holders(pk) if "gameId" in line}


def _line_holders(pk: str) -> list[dict[str, Any]]:
    query: dict[str, Any] = {"KeyConditionExpression": Key("pk").eq(pk)}
    found: list[dict[str, Any]] = []
    while True:
        page = db.get_table().query(**query)
        found.extend(page.get("Items", []))
        last = page.get("LastEvaluatedKey")
        if not last:
            return found
        query["ExclusiveStartKey"] = last


def _replaced(value: Any, player_id: str) -> Any:
    if value == player_id:
        return ERASED_MARK
    if isinstance(value, dict):
        return {name: _replaced(inner, player_id) for name, inner in value.items()}
    if isinstance(value, list):
        return [_replaced(inner, player_id) for inner in value]
    return value


def _forget_in_signals(game_id: str, player_id: str) -> None:
    """Another player's claim may name this one in its signals (``copy_of``, the near-copy's
    source; older claims: ``same_line_as``)."""
    table = db.get_table()
    key = {"pk": f"CLAIM#{game_id}", "sk": "CLAIM"}
    other = table.get_item(Key=key, ConsistentRead=True).get("Item")
    if other is None or "signals" not in other:
        return
    text = db.as_str(other["signals"])
    if player_id not in text:
        return
    cleaned = json.dumps(_replaced(json.loads(text), player_id), separators=(",", ":"))
    try:
        table.update_item(
            Key=key, UpdateExpression="SET signals = :new",
            ConditionExpression="signals = :old",
            ExpressionAttributeValues={":new": cleaned, ":old": text},
        )
    except ClientError as exc:
        if not db.is_conditional_failure(exc):
            raise
        _forget_in_signals(game_id, player_id)  # a verdict rewrote them meanwhile


def _remove_counters(player_id: str) -> None:
    now_s = clock.now_ms() // 1000
    for limit in PLAYER_LIMITS:
        for key in client_limits.counter_keys_of(
            limit, lambda at: client_limits.player_key(player_id, at_s=at), now_s
        ):
            db.get_table().delete_item(Key=key)


def unfinished(limit: int = 100) -> list[str]:
    """The players whose erasure began and has not finished (for the schedule)."""
    page = db.get_table().query(
        IndexName=GSI1_NAME, KeyConditionExpression=Key("gsi1pk").eq(ERASING_PK), Limit=limit
    )
    return [db.as_str(item["gsi1sk"]) for item in page.get("Items", [])]
