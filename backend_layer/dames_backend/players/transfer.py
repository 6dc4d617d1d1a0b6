"""Moving a player's identity to another device with a one-time transfer code.

A player is a token kept in one browser: lose the browser and the pseudonym, its scores and
its streak are lost with it. On the device that holds the token, the player asks for a code
(shown once); typed on the other device within ``CODE_LIFETIME_S``, it gives that device a
fresh player token, and the old token stops working: the identity moves, it is not copied.

The code is 16 characters of Crockford's base 32 (no I, L, O, U; read back case-blind, with
O as 0 and I, L as 1), written ``ABCD-EFGH-JKMN-PQRS``. Its first ``LOCATOR_LENGTH``
characters find the code's item (one GetItem, keyed by their hash); the whole code is stored
only as a SHA-256 hash and compared in constant time. Guessing is bounded twice: 80 random
bits, and a code is destroyed after ``MAX_ATTEMPTS`` wrong tries of its locator, so even one
who saw the first half cannot search the rest. Every refusal is the same 403, whatever the
reason (unknown, mistyped, used, replaced or expired), so a caller learns nothing.

Single use holds under races: redeeming deletes the code's item and replaces the token in
one transaction conditioned on the item still existing and still being the player's latest
code, so two simultaneous redemptions give one token and one 403. Asking for a new code
replaces the previous one. The item carries ``expiresAt``, the table's TTL attribute, so an
unused code also leaves the table.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.errors import ApiError, busy_error
from dames_backend.players.accounts import TOKEN_SEPARATOR, authenticate_player
from dames_backend.players.keys import profile_key
from dames_backend.security import hash_token, new_token, token_matches

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32
CODE_LENGTH = 16  # 80 bits
LOCATOR_LENGTH = 6
GROUP = 4  # shown in groups of four, dashes between
CODE_LIFETIME_S = 15 * 60
MAX_ATTEMPTS = 5
# What a person may type for a character (Crockford's reading rules).
_READ_AS = {"O": "0", "I": "1", "L": "1"}

BAD_CODE_MESSAGE = (
    "This transfer code is not valid: it may be mistyped, already used, replaced by a newer "
    "one or expired (a code lasts 15 minutes). Ask for a new one on your other device."
)


@dataclass(frozen=True)
class TransferCode:
    """A code as shown to the player, once."""

    code: str
    expires_at: str  # ISO instant


@dataclass(frozen=True)
class Transferred:
    """What the new device receives: its player token (the old one no longer works)."""

    player_id: str
    pseudonym: str
    token: str


def _code_key(locator: str) -> dict[str, str]:
    return {"pk": f"TRANSFER#{hash_token(locator)}", "sk": "TRANSFER"}


def _new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown(code: str) -> str:
    """``ABCD-EFGH-JKMN-PQRS``: easier to read out and type."""
    return "-".join(code[i : i + GROUP] for i in range(0, len(code), GROUP))


def read_code(text: str) -> str:
    """The code a person typed, as issued; raises 422 ``invalid-transfer-code`` when it
    cannot be one (wrong length or characters), before anything is read or counted."""
    cleaned = "".join(ch for ch in text.upper() if ch not in " -\t")
    cleaned = "".join(_READ_AS.get(ch, ch) for ch in cleaned)
    if len(cleaned) != CODE_LENGTH or any(ch not in ALPHABET for ch in cleaned):
        raise ApiError(
            422, "invalid-transfer-code",
            f"A transfer code has {CODE_LENGTH} letters and digits, like "
            f"{shown('ABCD' * (CODE_LENGTH // GROUP))}.",
        )
    return cleaned


def issue_code(player_token: str | None) -> TransferCode:
    """A new code for the player of ``player_token``; the player's previous code, if any,
    stops working."""
    player = authenticate_player(player_token)
    table = db.get_table()
    profile = table.get_item(Key=profile_key(player.player_id), ConsistentRead=True).get("Item")
    previous = str(profile["transferKey"]) if profile and "transferKey" in profile else None
    code = _new_code()
    key = _code_key(code[:LOCATOR_LENGTH])
    now_ms = clock.now_ms()
    expires_s = now_ms // 1000 + CODE_LIFETIME_S
    name = table.name
    items: list[TransactWriteItemTypeDef] = [
        {
            "Put": {
                "TableName": name,
                "Item": {
                    **key,
                    "playerId": player.player_id,
                    "codeHash": hash_token(code),
                    "attempts": 0,
                    "createdAt": clock.iso_from_ms(now_ms),
                    "expiresAt": expires_s,
                },
                "ConditionExpression": "attribute_not_exists(pk)",
            }
        },
        {
            "Update": {
                "TableName": name,
                "Key": profile_key(player.player_id),
                "UpdateExpression": "SET transferKey = :key",
                "ConditionExpression": "attribute_exists(pk)",
                "ExpressionAttributeValues": {":key": key["pk"]},
            }
        },
    ]
    if previous is not None and previous != key["pk"]:
        items.append(
            {"Delete": {"TableName": name, "Key": {"pk": previous, "sk": "TRANSFER"}}}
        )
    try:
        db.get_client().transact_write_items(TransactItems=items)
    except ClientError as exc:
        if db.error_code(exc) != "TransactionCanceledException":
            raise
        # A locator already in use (one chance in a billion) or a simultaneous request for a
        # code: nothing was written; asking again works.
        raise busy_error() from None
    return TransferCode(shown(code), clock.iso_from_ms(expires_s * 1000))


def _refuse() -> ApiError:
    return ApiError(403, "bad-transfer-code", BAD_CODE_MESSAGE)


def _count_wrong_attempt(item: dict[str, Any]) -> None:
    """One more wrong try of this locator; the code is destroyed at ``MAX_ATTEMPTS``."""
    key = {"pk": item["pk"], "sk": item["sk"]}
    attempts = db.as_int(item.get("attempts", 0)) + 1
    table = db.get_table()
    try:
        if attempts >= MAX_ATTEMPTS:
            table.delete_item(Key=key, ConditionExpression="attribute_exists(pk)")
        else:
            table.update_item(
                Key=key,
                UpdateExpression="ADD attempts :one",
                ConditionExpression="attribute_exists(pk)",
                ExpressionAttributeValues={":one": 1},
            )
    except ClientError as exc:
        if not db.is_conditional_failure(exc):
            raise  # already gone: used, replaced or destroyed meanwhile


def redeem_code(text: str) -> Transferred:
    """Give the device that typed ``text`` a fresh token of the code's player.

    Raises 422 for text that cannot be a code and 403 ``bad-transfer-code`` for every code
    that does not (or no longer) transfer anything.
    """
    code = read_code(text)
    table = db.get_table()
    key = _code_key(code[:LOCATOR_LENGTH])
    item = table.get_item(Key=key, ConsistentRead=True).get("Item")
    if item is None:
        raise _refuse()
    if db.as_int(item["expiresAt"]) * 1000 <= clock.now_ms():
        raise _refuse()  # TTL deletes it in its own time
    if not token_matches(code, db.as_str(item["codeHash"])):
        _count_wrong_attempt(item)
        raise _refuse()
    player_id = db.as_str(item["playerId"])
    token = f"{player_id}{TOKEN_SEPARATOR}{new_token()}"
    name = table.name
    try:
        db.get_client().transact_write_items(TransactItems=[
            {
                "Delete": {
                    "TableName": name,
                    "Key": key,
                    "ConditionExpression": "attribute_exists(pk)",
                }
            },
            {
                "Update": {
                    "TableName": name,
                    "Key": profile_key(player_id),
                    "UpdateExpression": "SET tokenHash = :hash REMOVE transferKey",
                    "ConditionExpression": "transferKey = :key",
                    "ExpressionAttributeValues": {":hash": hash_token(token), ":key": key["pk"]},
                }
            },
        ])
    except ClientError as exc:
        if db.error_code(exc) != "TransactionCanceledException":
            raise
        if "ConditionalCheckFailed" in db.cancellation_codes(exc):
            raise _refuse() from None  # used by a simultaneous request, or replaced
        raise busy_error() from None  # met another write; nothing changed, the code still works
    player = authenticate_player(token)
    return Transferred(player.player_id, player.pseudonym, token)
