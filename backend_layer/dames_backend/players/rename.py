"""Renaming a player: a new pseudonym under the registration's rules, the old one quarantined.

The new name passes what a registration passes (``accounts.clean_pseudonym``: characters,
length, invisible and stacked marks; ``reservations``: uniqueness up to case, accents and
look-alikes, quarantined and banned names) and counts as a created pseudonym of the network
(``allowance``), in one transaction that also writes the profile and quarantines the old
name's keys for ``reservations.QUARANTINE_DAYS``, so nobody can take it to pass for the
player. A player may rename once every ``RENAME_INTERVAL_DAYS``: at most two names are held
at a time (the current one and one in quarantine), so renames cannot hoard names.

Then every board shows the new name: the pseudonym copied on the player's entries and claims
is rewritten (``sync_name``), claims first, then entries, and nothing else of them changes
(scores, times, ranks, histograms). A request syncs within its budget; a ``RENAMING`` item
names the player until the daily schedule has synced once more after it (which also mends a
verdict that raced the rename with the old name), so a sync cut short always finishes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from boto3.dynamodb.conditions import Key
from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.errors import ApiError
from dames_backend.players import allowance, index, reservations
from dames_backend.players.accounts import (
    ERASING_ATTRIBUTE,
    Player,
    clean_pseudonym,
    name_keys,
    pseudonym_keys,
)
from dames_backend.players.keys import profile_key
from dames_backend.players.name_writes import run_name_transaction

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

RENAME_INTERVAL_DAYS = 30
RENAMING_PK = "RENAMING"
_SYNCED_PREFIXES = ("CLAIM#", "BOARD#")  # claims first: a verdict copies a claim's name


@dataclass(frozen=True)
class Renamed:
    pseudonym: str
    boards_updated: bool


def renaming_key(player_id: str) -> dict[str, str]:
    return {"pk": RENAMING_PK, "sk": player_id}


def _too_soon(player: Player) -> ApiError | None:
    if player.renamed_at is None:
        return None
    allowed = clock.ms_from_iso(player.renamed_at) + RENAME_INTERVAL_DAYS * 86_400_000
    wait_s = (allowed - clock.now_ms()) // 1000
    if wait_s <= 0:
        return None
    error = ApiError(
        429, "rename-too-soon",
        f"A pseudonym can be changed once every {RENAME_INTERVAL_DAYS} days: the next change "
        f"is possible in {wait_s // 86_400 + 1} day(s). Nothing was changed.",
        retryAfter=wait_s,
    )
    error.headers = {"Retry-After": str(wait_s), "Cache-Control": "no-store"}
    return error


def rename(
    player: Player, raw_pseudonym: str, *, client: str | None, budget_s: float = 5.0
) -> Renamed:
    """Give ``player`` the pseudonym ``raw_pseudonym`` (see the module's docstring); the same
    name again only finishes showing it on every board."""
    pseudonym = clean_pseudonym(raw_pseudonym)
    if pseudonym == player.pseudonym:
        return Renamed(pseudonym, sync_name(player.player_id, pseudonym, budget_s=budget_s))
    refusal = _too_soon(player)
    if refusal is not None:
        raise refusal
    new_keys, old_keys = name_keys(pseudonym), pseudonym_keys(player.pseudonym)
    counted = allowance.registration_counts(client, None)
    now_ms = clock.now_ms()
    now_iso = clock.iso_from_ms(now_ms)
    table_name = db.get_table().name
    items = reservations.claim_items(
        table_name, new_keys, player.player_id, pseudonym, now_iso, now_ms // 1000
    )
    items.append(_profile_write(table_name, player, pseudonym, new_keys[0], now_iso))
    given_up = [key for key in old_keys if key not in new_keys]
    items.extend(reservations.quarantine_items(table_name, given_up, now_ms // 1000))
    items.append({"Put": {
        "TableName": table_name,
        "Item": {**renaming_key(player.player_id), "pseudonym": pseudonym, "at": now_iso},
    }})
    run_name_transaction(items, len(new_keys), counted.tail(player.player_id))
    return Renamed(pseudonym, sync_name(player.player_id, pseudonym, budget_s=budget_s))


def _profile_write(
    table_name: str, player: Player, pseudonym: str, key: str, now_iso: str
) -> TransactWriteItemTypeDef:
    """The profile's new name, on condition it still has the old one, is not being erased
    and was not renamed within the interval (the race guard of ``_too_soon``)."""
    cutoff = clock.iso_utc(clock.utc_now() - timedelta(days=RENAME_INTERVAL_DAYS))
    return {
        "Update": {
            "TableName": table_name,
            "Key": profile_key(player.player_id),
            "UpdateExpression": "SET pseudonym = :new, pseudonymKey = :key, renamedAt = :now",
            "ConditionExpression": "pseudonym = :old AND attribute_not_exists(#erasing) AND "
            "(attribute_not_exists(renamedAt) OR renamedAt < :cutoff)",
            "ExpressionAttributeNames": {"#erasing": ERASING_ATTRIBUTE},
            "ExpressionAttributeValues": {
                ":new": pseudonym, ":key": key, ":now": now_iso, ":old": player.pseudonym,
                ":cutoff": cutoff,
            },
        }
    }


def sync_name(player_id: str, pseudonym: str, *, budget_s: float) -> bool:
    """Write ``pseudonym`` on the player's claims, then entries; False when out of time."""
    deadline = time.monotonic() + budget_s
    table = db.get_table()
    for prefix in _SYNCED_PREFIXES:
        after: dict[str, str] | None = None
        while True:
            page = index.list_page(player_id, after=after)
            for key in page.keys:
                if not key["pk"].startswith(prefix):
                    continue
                _write_name(table, key, pseudonym)
                if time.monotonic() > deadline:
                    return False
            if page.after is None:
                break
            after = page.after
    return True


def _write_name(table: Any, key: dict[str, str], pseudonym: str) -> None:
    try:
        table.update_item(
            Key=key, UpdateExpression="SET pseudonym = :name",
            ConditionExpression="attribute_exists(pk) AND pseudonym <> :name",
            ExpressionAttributeValues={":name": pseudonym},
        )
    except ClientError as exc:
        if not db.is_conditional_failure(exc):
            raise  # gone meanwhile, or already named: nothing to write


def pending(limit: int = 100) -> list[tuple[str, str]]:
    """The renames the schedule syncs once more: (player id, pseudonym)."""
    page = db.get_table().query(
        KeyConditionExpression=Key("pk").eq(RENAMING_PK), Limit=limit, ConsistentRead=True
    )
    return [(db.as_str(item["sk"]), db.as_str(item["pseudonym"])) for item in page["Items"]]


def finish(player_id: str, pseudonym: str, *, budget_s: float) -> bool:
    """The schedule's sync of one rename; the ``RENAMING`` item goes once it is complete
    (and only if no newer rename replaced it)."""
    profile = db.get_table().get_item(Key=profile_key(player_id), ConsistentRead=True).get(
        "Item"
    )
    if profile is not None and not sync_name(player_id, pseudonym, budget_s=budget_s):
        return False
    try:
        db.get_table().delete_item(
            Key=renaming_key(player_id), ConditionExpression="pseudonym = :name",
            ExpressionAttributeValues={":name": pseudonym},
        )
    except ClientError as exc:
        if not db.is_conditional_failure(exc):
            raise
    return True
