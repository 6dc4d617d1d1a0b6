"""Players: a pseudonym and a secret token, no account, no e-mail.

A pseudonym is shown on public leaderboards, so it is checked strictly: NFC-normalised,
trimmed, 3–20 characters of letters, digits, spaces and ``-_.``. It must be unique in a way
people perceive: "Élodie", "elodie" and "ELODIE" are one name. The uniqueness key
(``pseudonym_key``) drops case (casefold) and accents (NFKD minus combining marks), and the
player item and its ``PSEUDO#<key>`` item are written in one transaction conditioned on both
being new, so two simultaneous registrations of one name give one winner and one 409.

The player token is ``<playerId>.<secret>``: the id part makes authentication one GetItem by
key (no scan, no index on hashes); the whole token is stored only as SHA-256 and compared in
constant time. A wrong token of any kind (unknown id, wrong secret, malformed) gets the same
403, so a caller learns nothing about which players exist.
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from botocore.exceptions import ClientError

from dames_backend import db
from dames_backend.errors import ApiError, busy_error
from dames_backend.security import (
    MAX_TOKEN_LENGTH,
    hash_token,
    new_id,
    new_token,
    token_matches,
)

MIN_PSEUDONYM_LENGTH = 3
MAX_PSEUDONYM_LENGTH = 20
ALLOWED_PUNCTUATION = frozenset(" -_.")
PLAYER_ID_PREFIX = "p"
TOKEN_SEPARATOR = "."
# A token-shaped hash that no token produces, compared against when the player id is unknown
# so that the unknown-id path does the same work as the wrong-secret path.
_ABSENT_HASH = "0" * 64
_TRANSACTION_ATTEMPTS = 4

BAD_TOKEN_MESSAGE = "This player token is not valid."

# The rule as a JSON-schema pattern (Python ``re`` dialect: ``\w`` is Unicode alphanumerics
# and ``_``) for the OpenAPI document: a name of word characters, spaces and ``.-``, not
# starting or ending with a space, with at least one letter or digit. Length (3–20) is
# ``minLength``/``maxLength``. The server also accepts what it can clean into such a name
# (surrounding spaces, decomposed accents).
PSEUDONYM_SCHEMA_PATTERN = r"^(?:[\w.-][\w. -]*)?[^\W_](?:[\w. -]*[\w.-])?$"


@dataclass(frozen=True)
class Player:
    """A registered player, as the rest of the server sees it (never with the token)."""

    player_id: str
    pseudonym: str

    def as_json(self) -> dict[str, str]:
        return {"playerId": self.player_id, "pseudonym": self.pseudonym}


@dataclass(frozen=True)
class NewPlayer:
    """The result of a registration: the only moment the token exists outside the browser."""

    player: Player
    token: str

    def as_json(self) -> dict[str, str]:
        return {**self.player.as_json(), "token": self.token}


def _character_problem(text: str) -> str | None:
    """The reason ``text`` (already NFC and trimmed) is not an acceptable pseudonym, or None.

    Letters and digits are Unicode alphanumerics (``str.isalnum``: "Zoë", "Łukasz", "李"),
    exactly what ``\\w`` means in ``PSEUDONYM_SCHEMA_PATTERN``, so the published schema and
    the server agree. A combining mark is accepted right after a letter or digit (letters
    without a precomposed form); spaces are plain U+0020 only, so look-alike blanks
    (no-break, ideographic) cannot make twin names.
    """
    has_alphanumeric = False
    after_alphanumeric = False
    for char in text:
        if char.isalnum():
            has_alphanumeric = after_alphanumeric = True
        elif unicodedata.combining(char) and after_alphanumeric:
            continue
        elif char in ALLOWED_PUNCTUATION:
            after_alphanumeric = False
        else:
            return (
                f"The character {char!r} is not allowed: use letters, digits, spaces "
                "and - _ . only."
            )
    if not has_alphanumeric:
        return "A pseudonym needs at least one letter or digit."
    return None


def clean_pseudonym(raw: str) -> str:
    """The pseudonym as it will be stored and shown: NFC, trimmed, validated.

    Raises ``ApiError`` 422 ``invalid-pseudonym`` with the reason when it breaks a rule.
    """
    text = unicodedata.normalize("NFC", raw).strip(" ")
    if not MIN_PSEUDONYM_LENGTH <= len(text) <= MAX_PSEUDONYM_LENGTH:
        raise ApiError(
            422,
            "invalid-pseudonym",
            f"A pseudonym has {MIN_PSEUDONYM_LENGTH} to {MAX_PSEUDONYM_LENGTH} characters "
            f"(this one has {len(text)}).",
        )
    problem = _character_problem(text)
    if problem is not None:
        raise ApiError(422, "invalid-pseudonym", problem)
    return text


def _strip_marks(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def pseudonym_key(pseudonym: str) -> str:
    """The uniqueness key: no case, no accents, runs of spaces as one.

    Casefolding can produce new decomposable characters and decomposition can produce new
    case pairs, so marks are stripped on both sides of the casefold.
    """
    folded = _strip_marks(_strip_marks(pseudonym).casefold())
    return " ".join(folded.split())


def _player_key(player_id: str) -> dict[str, str]:
    return {"pk": f"PLAYER#{player_id}", "sk": "PROFILE"}


def _pseudonym_item_key(key: str) -> dict[str, str]:
    return {"pk": f"PSEUDO#{key}", "sk": "PSEUDO"}


def create_player(raw_pseudonym: str) -> NewPlayer:
    """Register a pseudonym; returns the player and its token (shown once, never stored).

    Raises 422 ``invalid-pseudonym`` for a bad name and 409 ``pseudonym-taken`` when the name
    (up to case and accents) belongs to someone else, including a registration that won a
    simultaneous race for it.
    """
    pseudonym = clean_pseudonym(raw_pseudonym)
    key = pseudonym_key(pseudonym)
    player_id = new_id(PLAYER_ID_PREFIX)
    token = f"{player_id}{TOKEN_SEPARATOR}{new_token()}"
    created_at = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    table_name = db.get_table().name
    items: list[dict[str, Any]] = [
        {
            "Put": {
                "TableName": table_name,
                "Item": {
                    **_pseudonym_item_key(key),
                    "playerId": player_id,
                    "pseudonym": pseudonym,
                    "createdAt": created_at,
                },
                "ConditionExpression": "attribute_not_exists(pk)",
            }
        },
        {
            "Put": {
                "TableName": table_name,
                "Item": {
                    **_player_key(player_id),
                    "playerId": player_id,
                    "pseudonym": pseudonym,
                    "pseudonymKey": key,
                    "tokenHash": hash_token(token),
                    "createdAt": created_at,
                },
                "ConditionExpression": "attribute_not_exists(pk)",
            }
        },
    ]
    for attempt in range(_TRANSACTION_ATTEMPTS):
        try:
            db.get_client().transact_write_items(TransactItems=items)
            return NewPlayer(Player(player_id, pseudonym), token)
        except ClientError as exc:
            if db.error_code(exc) != "TransactionCanceledException":
                raise
            codes = db.cancellation_codes(exc)
            if codes and codes[0] == "ConditionalCheckFailed":
                raise ApiError(
                    409,
                    "pseudonym-taken",
                    "This pseudonym (or one that differs only by case or accents) is taken.",
                ) from None
            if not db.is_retryable_cancellation(exc):
                raise
            if attempt == _TRANSACTION_ATTEMPTS - 1:
                raise busy_error() from None
            # Another transaction touched the same name at the same instant: once it settles,
            # the retry either wins or sees the name taken.
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable: the loop returns or raises")


def _split_token(token: str) -> tuple[str, str] | None:
    player_id, separator, secret = token.partition(TOKEN_SEPARATOR)
    if not separator or not secret or not player_id.startswith(f"{PLAYER_ID_PREFIX}_"):
        return None
    return player_id, secret


def authenticate_player(token: str | None) -> Player:
    """The player a ``X-Player-Token`` value belongs to.

    Raises 401 ``missing-player-token`` when there is no token, 403 ``bad-player-token`` for
    any token that does not match (the same answer whatever the reason).
    """
    if token is None or not token.strip():
        raise ApiError(
            401, "missing-player-token", "This request needs an X-Player-Token header."
        )
    token = token.strip()
    parts = _split_token(token) if len(token) <= MAX_TOKEN_LENGTH else None
    item: dict[str, Any] | None = None
    if parts is not None:
        item = db.get_table().get_item(Key=_player_key(parts[0]), ConsistentRead=True).get("Item")
    stored_hash = str(item["tokenHash"]) if item else _ABSENT_HASH
    if not token_matches(token, stored_hash) or item is None:
        raise ApiError(403, "bad-player-token", BAD_TOKEN_MESSAGE)
    return Player(player_id=str(item["playerId"]), pseudonym=str(item["pseudonym"]))


def optional_player(token: str | None) -> Player | None:
    """The player of an optional token (leaderboards): absent → None, present → must be valid.

    A present but wrong token still gets 403, so a client learns its token went bad instead
    of silently losing its own rank.
    """
    if token is None or not token.strip():
        return None
    return authenticate_player(token)
