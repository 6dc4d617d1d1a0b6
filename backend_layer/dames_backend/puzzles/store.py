"""The puzzle items in the table (docs/puzzles.md, "Items"), read and written here only.

- ``PLAYER#<id>`` / ``PUZZLES``: a player's puzzle profile: Glicko-2 ``rating``,
  ``deviation``, ``volatility``, ``rated`` (first attempts played), ``seen`` (the puzzles
  they have started: a later attempt is never rated), ``dailySolved`` (the days whose coup
  they found: the streak), ``openAttempt``, ``version``. Under the player's own key, so the
  transfer code (which gives the same player a new token) moves it with the rest.
- ``PATTEMPT#<id>`` / ``ATTEMPT``: one attempt, owned by the server (its token's hash, the
  moves played, every timestamp); expires ``ATTEMPT_TTL_DAYS`` after it began.
- ``PUZZLE#<id>`` / ``RATING``: a puzzle's live Glicko-2 rating (absent: its first rating).
- ``PSEEN#<client>`` / ``PUZZLE#<id>``: the solution was shown on this network (an HMAC of
  the address, ``limits.clients``); an attempt from it is no longer rated. Expires after
  ``SEEN_TTL_DAYS``.
- ``PUZZLEDAY#<date>`` / ``PUZZLEDAY``: the day's puzzle (written once); ``PUZZLEDAY#USED``
  / ``USED``: the set of every day's puzzle so far, in the same transaction.

Writes are conditioned on the ``version`` that was read, so two requests never both apply.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.errors import ApiError, busy_error
from dames_backend.puzzles.glicko import Rating
from dames_backend.tables import TTL_ATTRIBUTE

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

ATTEMPT_TTL_DAYS = 7
SEEN_TTL_DAYS = 30
DAY_S = 86_400


@dataclass(frozen=True)
class Profile:
    player_id: str
    rating: Rating = field(default_factory=Rating)
    rated: int = 0
    seen: frozenset[str] = frozenset()
    daily_solved: frozenset[str] = frozenset()
    open_attempt: str | None = None
    version: int = 0


@dataclass(frozen=True)
class Attempt:
    attempt_id: str
    token_hash: str
    puzzle_id: str
    player_id: str | None
    client: str
    first: bool  # the player's first attempt at this puzzle (what the day's streak needs)
    rated: bool  # first, and not shown on this network, and within the day's limits
    daily: str | None
    started_ms: int
    path: tuple[str, ...] = ()  # the solver's accepted moves, choice by choice (``progress``)
    status: str = "playing"  # playing | solved | revealed (``views.Status``)
    failed: bool = False
    hinted: bool = False
    hint_at: int | None = None  # the choice (index into the path) the last hint was for
    outcome: str | None = None  # win | loss | void, once the rated result is known
    rating_before: float | None = None
    rating_after: float | None = None
    ended_ms: int | None = None
    moves_ms: tuple[int, ...] = field(default=())  # when each move of the player arrived
    version: int = 0


def _num(value: float) -> Decimal:
    return Decimal(str(round(value, 6)))


def profile_key(player_id: str) -> dict[str, str]:
    return {"pk": f"PLAYER#{player_id}", "sk": "PUZZLES"}


def attempt_key(attempt_id: str) -> dict[str, str]:
    return {"pk": f"PATTEMPT#{attempt_id}", "sk": "ATTEMPT"}


def puzzle_rating_key(puzzle_id: str) -> dict[str, str]:
    return {"pk": f"PUZZLE#{puzzle_id}", "sk": "RATING"}


def seen_key(client: str, puzzle_id: str) -> dict[str, str]:
    return {"pk": f"PSEEN#{client}", "sk": f"PUZZLE#{puzzle_id}"}


def day_key(day: str) -> dict[str, str]:
    return {"pk": f"PUZZLEDAY#{day}", "sk": "PUZZLEDAY"}


USED_KEY = {"pk": "PUZZLEDAY#USED", "sk": "USED"}


def read_item(key: dict[str, str], *, consistent: bool = True) -> dict[str, Any] | None:
    """One item by key, as plain Python values (the table's resource deserialises them)."""
    item: dict[str, Any] | None = db.get_table().get_item(
        Key=key, ConsistentRead=consistent).get("Item")
    return item


def _rating_of(item: dict[str, Any]) -> Rating:
    return Rating(float(item["rating"]), float(item["deviation"]), float(item["volatility"]))


def _strings(item: dict[str, Any], name: str) -> frozenset[str]:
    return frozenset(str(v) for v in item.get(name, ()))


def read_profile(player_id: str) -> Profile:
    item = read_item(profile_key(player_id))
    if item is None:
        return Profile(player_id)
    return Profile(
        player_id, _rating_of(item), db.as_int(item.get("rated", 0)), _strings(item, "seen"),
        _strings(item, "dailySolved"), str(item["openAttempt"]) if item.get("openAttempt")
        else None, db.as_int(item["version"]),
    )


def _profile_item(new: Profile, version: int) -> dict[str, Any]:
    item: dict[str, Any] = {
        **profile_key(new.player_id), "rating": _num(new.rating.rating),
        "deviation": _num(new.rating.deviation), "volatility": _num(new.rating.volatility),
        "rated": new.rated, "version": version,
    }
    for name, values in (("seen", new.seen), ("dailySolved", new.daily_solved)):
        if values:
            item[name] = set(values)
    if new.open_attempt:
        item["openAttempt"] = new.open_attempt
    return item


Write = tuple[dict[str, Any], str, dict[str, Any]]  # item, condition, condition's values


def profile_write(old: Profile, new: Profile) -> Write:
    """Put ``new`` if the stored profile is still ``old``."""
    if old.version == 0:
        return _profile_item(new, 1), "attribute_not_exists(pk)", {}
    return _profile_item(new, old.version + 1), "version = :v", {":v": old.version}


def attempt_write(old: Attempt | None, new: Attempt) -> tuple[Write, Attempt]:
    """Put ``new`` if the stored attempt is still ``old`` (None: a new attempt)."""
    if old is None:
        return (_attempt_item(new), "attribute_not_exists(pk)", {}), new
    stored = replace(new, version=old.version + 1)
    return (_attempt_item(stored), "version = :v", {":v": old.version}), stored


def commit(writes: list[Write]) -> None:
    """All ``writes`` or none (one transaction); 409 ``attempt-changed`` when another request
    of the same page or player changed one of the items first."""
    name = db.get_table().name
    items: list[TransactWriteItemTypeDef] = []
    for item, condition, values in writes:
        put: dict[str, Any] = {"TableName": name, "Item": item, "ConditionExpression": condition}
        if values:
            put["ExpressionAttributeValues"] = values
        items.append({"Put": put})  # type: ignore[typeddict-item]
    try:
        db.get_client().transact_write_items(TransactItems=items)
    except ClientError as exc:
        if db.error_code(exc) != "TransactionCanceledException":
            raise
        if "ConditionalCheckFailed" in db.cancellation_codes(exc):
            raise ApiError(409, "attempt-changed", "This attempt or your puzzle profile was "
                           "changed by another request at the same moment; nothing was saved. "
                           "Read the attempt again.") from None
        raise busy_error() from None


def _attempt_item(attempt: Attempt) -> dict[str, Any]:
    item: dict[str, Any] = {
        **attempt_key(attempt.attempt_id), "tokenHash": attempt.token_hash,
        "puzzleId": attempt.puzzle_id, "client": attempt.client, "rated": attempt.rated,
        "first": attempt.first, "startedAt": attempt.started_ms, "path": list(attempt.path),
        "status": attempt.status, "failed": attempt.failed, "hinted": attempt.hinted,
        "movesAt": list(attempt.moves_ms), "version": attempt.version,
        TTL_ATTRIBUTE: attempt.started_ms // 1000 + ATTEMPT_TTL_DAYS * DAY_S,
    }
    optional = {"playerId": attempt.player_id, "daily": attempt.daily,
                "hintAt": attempt.hint_at, "outcome": attempt.outcome, "endedAt": attempt.ended_ms}
    item.update({k: v for k, v in optional.items() if v is not None})
    for name, value in (("ratingBefore", attempt.rating_before),
                        ("ratingAfter", attempt.rating_after)):
        if value is not None:
            item[name] = _num(value)
    return item


def read_attempt(attempt_id: str) -> Attempt:
    item = read_item(attempt_key(attempt_id))
    if item is None or db.as_int(item[TTL_ATTRIBUTE]) * 1000 <= clock.now_ms():
        raise ApiError(404, "attempt-not-found", "No such puzzle attempt (or it has expired).")
    number = {k: float(item[k]) if k in item else None for k in ("ratingBefore", "ratingAfter")}
    return Attempt(
        attempt_id=attempt_id, token_hash=str(item["tokenHash"]),
        puzzle_id=str(item["puzzleId"]),
        player_id=str(item["playerId"]) if "playerId" in item else None,
        client=str(item["client"]), first=bool(item["first"]), rated=bool(item["rated"]),
        daily=str(item["daily"]) if "daily" in item else None,
        started_ms=db.as_int(item["startedAt"]), path=tuple(map(str, item["path"])),
        status=str(item["status"]),
        failed=bool(item["failed"]), hinted=bool(item["hinted"]),
        hint_at=db.as_int(item["hintAt"]) if "hintAt" in item else None,
        outcome=str(item["outcome"]) if "outcome" in item else None,
        rating_before=number["ratingBefore"], rating_after=number["ratingAfter"],
        ended_ms=db.as_int(item["endedAt"]) if "endedAt" in item else None,
        moves_ms=tuple(db.as_int(v) for v in item.get("movesAt", ())),
        version=db.as_int(item["version"]),
    )


def read_puzzle_rating(puzzle_id: str, first: int) -> tuple[Rating, int]:
    """A puzzle's live rating and its version (0: never rated, at its first rating)."""
    item = read_item(puzzle_rating_key(puzzle_id), consistent=False)
    if item is None:
        return Rating(float(first), 350.0, 0.06), 0
    return _rating_of(item), db.as_int(item["version"])


def write_puzzle_rating(puzzle_id: str, rating: Rating, version: int) -> bool:
    """Store a puzzle's new rating if nobody rated it meanwhile; False if someone did (the
    player's own rating is what matters: that attempt simply does not move the puzzle's)."""
    item: dict[str, Any] = {**puzzle_rating_key(puzzle_id), "rating": _num(rating.rating),
            "deviation": _num(rating.deviation), "volatility": _num(rating.volatility),
            "version": version + 1}
    condition = "attribute_not_exists(pk)" if version == 0 else "version = :v"
    try:
        if version == 0:
            db.get_table().put_item(Item=item, ConditionExpression=condition)
        else:
            db.get_table().put_item(Item=item, ConditionExpression=condition,
                                    ExpressionAttributeValues={":v": version})
    except ClientError as exc:
        if db.error_code(exc) != "ConditionalCheckFailedException":
            raise
        return False
    return True


def mark_seen(client: str, puzzle_id: str) -> None:
    db.get_table().put_item(Item={
        **seen_key(client, puzzle_id),
        TTL_ATTRIBUTE: clock.now_ms() // 1000 + SEEN_TTL_DAYS * DAY_S,
    })


def seen_on_network(client: str, puzzle_id: str) -> bool:
    item = read_item(seen_key(client, puzzle_id), consistent=False)
    return item is not None and db.as_int(item[TTL_ATTRIBUTE]) * 1000 > clock.now_ms()
