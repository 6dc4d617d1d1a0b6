"""A player's items, listed page by page from the ``byPlayer`` index, at a bounded cost.

Every item that belongs to a player carries ``playerId`` (profile, pseudonyms, transfer code,
board entries, claims, the games they started or claimed), and ``byPlayer`` (hash
``playerId``, range ``pk``, keys only) lists them, so neither the export nor the erasure scans
the table. One page is one ``Query`` of at most ``PAGE_ITEMS`` keys and one
``BatchGetItem`` of those items (and, for a game, its other items such as its analysis:
``GAME#<id>`` is one query each), whatever the player holds: a player with 5 000 games is
about 100 pages, each the same cost.

The index is eventually consistent: an item written in the last second may not be listed
yet. The erasure stops every new write first (``erasing`` on the profile) and lists again
until nothing is left, so a late item is met by the next pass.
"""

from __future__ import annotations

import base64
import binascii
import json
import time
from dataclasses import dataclass
from typing import Any

from boto3.dynamodb.conditions import Key

from dames_backend import db
from dames_backend.errors import ApiError
from dames_backend.tables import BY_PLAYER_INDEX

PAGE_ITEMS = 50
_BATCH_ATTEMPTS = 6
_MAX_CURSOR = 600


@dataclass(frozen=True)
class Page:
    """The keys (``pk``, ``sk``) of one page, and where the next one starts (None: last)."""

    keys: tuple[dict[str, str], ...]
    after: dict[str, str] | None


def list_page(
    player_id: str, *, after: dict[str, str] | None = None, limit: int = PAGE_ITEMS
) -> Page:
    """At most ``limit`` of the player's item keys, in ``pk`` order, after ``after``."""
    query: dict[str, Any] = {
        "IndexName": BY_PLAYER_INDEX,
        "KeyConditionExpression": Key("playerId").eq(player_id),
        "Limit": limit,
    }
    if after is not None:
        query["ExclusiveStartKey"] = {**after, "playerId": player_id}
    page = db.get_table().query(**query)
    keys = tuple(
        {"pk": db.as_str(item["pk"]), "sk": db.as_str(item["sk"])}
        for item in page.get("Items", [])
    )
    last = page.get("LastEvaluatedKey")
    following = {"pk": db.as_str(last["pk"]), "sk": db.as_str(last["sk"])} if last else None
    return Page(keys, following)


def fetch(keys: list[dict[str, str]]) -> list[dict[str, Any]]:
    """The items of ``keys`` (at most 100), strongly consistent; absent ones are skipped."""
    if not keys:
        return []
    name = db.get_table().name
    found: list[dict[str, Any]] = []
    # The table resource's client: keys and items in plain Python, as elsewhere.
    request: dict[str, Any] = {name: {"Keys": keys, "ConsistentRead": True}}
    for attempt in range(_BATCH_ATTEMPTS):
        answer = db.get_client().batch_get_item(RequestItems=request)
        found.extend(answer.get("Responses", {}).get(name, []))
        request = dict(answer.get("UnprocessedKeys") or {})
        if not request:
            return found
        time.sleep(0.05 * (attempt + 1))  # throttled: DynamoDB asks to come back later
    raise ApiError(409, "busy", "The server is busy: nothing was lost, try again.")


def game_items(game_id_pk: str) -> list[dict[str, Any]]:
    """Every item of a game's partition (the game, its analysis)."""
    query: dict[str, Any] = {
        "KeyConditionExpression": Key("pk").eq(game_id_pk), "ConsistentRead": True,
    }
    items: list[dict[str, Any]] = []
    while True:
        page = db.get_table().query(**query)
        items.extend(page.get("Items", []))
        last = page.get("LastEvaluatedKey")
        if not last:
            return items
        query["ExclusiveStartKey"] = last


def encode_cursor(after: dict[str, str] | None) -> str | None:
    """The next page's place, as the API hands it out (opaque to the page)."""
    if after is None:
        return None
    text = json.dumps([after["pk"], after["sk"]], separators=(",", ":"))
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def decode_cursor(cursor: str | None) -> dict[str, str] | None:
    """A cursor from ``encode_cursor``; 422 for anything else. A made-up one can only start
    the listing elsewhere in the caller's own items: the query is keyed by their id."""
    if not cursor:
        return None
    try:
        if len(cursor) > _MAX_CURSOR:
            raise ValueError("too long")
        padded = cursor + "=" * (-len(cursor) % 4)
        pk, sk = json.loads(base64.urlsafe_b64decode(padded.encode()).decode())
        if not (isinstance(pk, str) and isinstance(sk, str) and pk and sk):
            raise ValueError("not a key")
    except (ValueError, TypeError, binascii.Error, UnicodeDecodeError):
        raise ApiError(422, "bad-cursor", "This page cursor was not given by the server.") from None
    return {"pk": pk, "sk": sk}
