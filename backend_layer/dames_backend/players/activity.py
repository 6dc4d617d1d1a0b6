"""When a player was last active, so an inactive player's data can be erased on schedule.

Active means: registered, started a game with the player's token, or claimed a game (the
moments a person uses their pseudonym; reading one's own rank is not using it). A player
inactive for ``INACTIVE_MONTHS`` is erased by ``retention`` with the same erasure a player
can ask for (``erasure``).

The profile keeps the day (``lastActiveDay``) and sits on the ``gsi1`` index under
``ACTIVE#<yyyy-mm>`` (sort key: the player id), so the schedule finds the players of an old
month with one query per month instead of a scan of the table. Starting a game writes the
profile only on the first game of a UTC day (``touch``), a claim always (it writes the profile
anyway); both are conditioned on a profile that exists and is not being erased, so nothing
revives a player the erasure is removing.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from dames_backend import clock, db
from dames_backend.players.keys import profile_key

if TYPE_CHECKING:
    from types_boto3_dynamodb.type_defs import TransactWriteItemTypeDef

INACTIVE_MONTHS = 13
DAY_ATTRIBUTE = "lastActiveDay"
ACTIVE_PK_PREFIX = "ACTIVE#"
WON_DAYS_ATTRIBUTE = "wonDays"
_LIVE_PROFILE = "attribute_exists(pk) AND attribute_not_exists(erasing)"


def month_pk(day: str) -> str:
    """The index partition of the players last active in ``day``'s month."""
    return f"{ACTIVE_PK_PREFIX}{day[:7]}"


def attributes(player_id: str, day: str) -> dict[str, str]:
    """The profile's activity attributes for a player active on ``day`` (yyyy-mm-dd)."""
    return {DAY_ATTRIBUTE: day, "gsi1pk": month_pk(day), "gsi1sk": player_id}


def _set_active(day: str, player_id: str) -> tuple[str, dict[str, Any], dict[str, str]]:
    values = {":day": day, ":month": month_pk(day), ":id": player_id}
    names = {"#day": DAY_ATTRIBUTE}
    return "SET #day = :day, gsi1pk = :month, gsi1sk = :id", values, names


def profile_update(
    table_name: str, player_id: str, pseudonym: str, *, won_day: str | None = None
) -> TransactWriteItemTypeDef:
    """A claim's write of the profile: active today, and ``won_day`` added to the daily wins
    (the streak); cancels the claim when the profile is gone, being erased or renamed since
    ``pseudonym`` was read (the entry would get the old name)."""
    today = clock.iso_now()[:10]
    update, values, names = _set_active(today, player_id)
    values[":name"] = pseudonym
    if won_day is not None:
        update += " ADD #won :won"
        names["#won"] = WON_DAYS_ATTRIBUTE
        values[":won"] = {won_day}  # a string set
    return {
        "Update": {
            "TableName": table_name,
            "Key": profile_key(player_id),
            "UpdateExpression": update,
            "ConditionExpression": f"{_LIVE_PROFILE} AND pseudonym = :name",
            "ExpressionAttributeNames": names,
            "ExpressionAttributeValues": values,
        }
    }


def touch(player_id: str, active_day: str | None) -> None:
    """Record that the player started a game today, once a day (``active_day``: the day the
    profile holds). A profile gone or being erased is left alone."""
    today = clock.iso_now()[:10]
    if active_day == today:
        return
    update, values, names = _set_active(today, player_id)
    try:
        db.get_table().update_item(
            Key=profile_key(player_id),
            UpdateExpression=update,
            ConditionExpression=_LIVE_PROFILE,
            ExpressionAttributeNames=names,
            ExpressionAttributeValues=values,
        )
    except ClientError as exc:
        if not db.is_conditional_failure(exc):
            raise


def months_back(day: str, months: int) -> str:
    """The month (yyyy-mm) ``months`` before ``day``'s."""
    current = date.fromisoformat(day)
    index = current.year * 12 + current.month - 1 - months
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def inactive_since(day: str) -> str:
    """The last day a player may have been active and still be erased on ``day``: the same
    day of the month ``INACTIVE_MONTHS`` earlier (the month's last day when shorter)."""
    month = months_back(day, INACTIVE_MONTHS)
    year, number = int(month[:4]), int(month[5:])
    wanted = int(day[8:10])
    for candidate in range(wanted, 27, -1):
        try:
            return date(year, number, candidate).isoformat()
        except ValueError:
            continue
    return date(year, number, wanted).isoformat()
