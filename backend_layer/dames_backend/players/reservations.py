"""Who may take a pseudonym: the reservation items, the quarantine of a name given up, and
the names a moderator's ban keeps out of reach.

- ``PSEUDO#<key>`` / ``PSEUDO`` with ``playerId``: the name is that player's.
- ``PSEUDO#<key>`` / ``PSEUDO`` without ``playerId``, with ``expiresAt``: a name its player
  gave up (a rename or an erasure), *quarantined* for ``QUARANTINE_DAYS`` so that nobody can
  take it at once and pass for its former holder on the boards and in people's memory. The
  item holds the uniqueness key only (no player id, no link to anyone) and DynamoDB's TTL
  removes it; a reservation treats an expired one as free at once.
- ``BANNEDNAME#<hash>`` / ``BANNEDNAME``: what stays of a banned player who was erased: the
  SHA-256 of each uniqueness key of their name, nothing else (no player id, no date). A
  registration or rename whose name has such a hash is refused as taken, so erasing is no
  way round a ban to come back under the same name. It is a hash, not the name: whoever holds
  the table can test a guessed name against it (that is its purpose), not read one.

Every check is a condition of the same transaction that writes the player's name, so two
simultaneous requests for look-alike names get one winner, whatever else they change.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from dames_backend.tables import TTL_ATTRIBUTE

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

QUARANTINE_DAYS = 30
_DAY_S = 86_400
PSEUDO_SK = "PSEUDO"
BANNED_NAME_SK = "BANNEDNAME"
# A name's own item may be a quarantined one whose time is up (TTL deletes it late).
FREE_NAME_CONDITION = (
    "attribute_not_exists(pk) OR (attribute_not_exists(playerId) AND #ttl < :now)"
)


def pseudonym_item_key(key: str) -> dict[str, str]:
    """The DynamoDB key of the item that reserves one uniqueness key."""
    return {"pk": f"PSEUDO#{key}", "sk": PSEUDO_SK}


def banned_name_key(key: str) -> dict[str, str]:
    """The item that keeps a banned name out of reach: a hash of its key, not the key."""
    digest = hashlib.sha256(f"banned-name\x00{key}".encode()).hexdigest()
    return {"pk": f"BANNEDNAME#{digest}", "sk": BANNED_NAME_SK}


def claim_items(
    table_name: str, keys: Sequence[str], player_id: str, pseudonym: str, now_iso: str,
    now_s: int,
) -> list[TransactWriteItemTypeDef]:
    """The items that make ``keys`` the player's, each conditioned on the key being free
    (or already this player's: a rename that changes only case or accents keeps its key),
    then one check per key that no banned name shares it. The first ``len(keys)`` items
    are the reservations, the next ``len(keys)`` the ban checks (``refused_as_taken``)."""
    items: list[TransactWriteItemTypeDef] = [
        {
            "Put": {
                "TableName": table_name,
                "Item": {
                    **pseudonym_item_key(key),
                    "playerId": player_id,
                    "pseudonym": pseudonym,
                    "createdAt": now_iso,
                },
                "ConditionExpression": f"{FREE_NAME_CONDITION} OR playerId = :me",
                "ExpressionAttributeNames": {"#ttl": TTL_ATTRIBUTE},
                "ExpressionAttributeValues": {":now": now_s, ":me": player_id},
            }
        }
        for key in keys
    ]
    items.extend(
        {
            "ConditionCheck": {
                "TableName": table_name,
                "Key": banned_name_key(key),
                "ConditionExpression": "attribute_not_exists(pk)",
            }
        }
        for key in keys
    )
    return items


def refused_as_taken(codes: Sequence[str], key_count: int) -> bool:
    """Whether a cancelled reservation failed on a name (taken, quarantined or banned)."""
    return "ConditionalCheckFailed" in codes[: 2 * key_count]


def quarantine_items(
    table_name: str, keys: Sequence[str], now_s: int
) -> list[TransactWriteItemTypeDef]:
    """The given-up ``keys`` replaced by quarantine items (no player id), free again after
    ``QUARANTINE_DAYS``."""
    return [
        {
            "Put": {
                "TableName": table_name,
                "Item": {
                    **pseudonym_item_key(key),
                    "quarantined": True,
                    TTL_ATTRIBUTE: now_s + QUARANTINE_DAYS * _DAY_S,
                },
            }
        }
        for key in keys
    ]


def banned_items(table_name: str, keys: Sequence[str]) -> list[TransactWriteItemTypeDef]:
    """The hashes that outlive an erased banned player (see the module's docstring)."""
    return [
        {"Put": {"TableName": table_name, "Item": banned_name_key(key)}} for key in keys
    ]
