"""Give the items stored before the ``byPlayer`` index and the retention rule what they need.

Two passes over the configured table, each write conditional so running it again (or while
the site runs) changes nothing twice:

- every game item with an ``ownerId`` or a ``claimedBy`` and no ``playerId`` gets
  ``playerId`` (the owner, else the claimer), so the export and the erasure find it on
  ``byPlayer`` (``dames_backend.players.index``);
- every profile without ``lastActiveDay`` gets the activity attributes of *today*
  (``players.activity.attributes``): a player registered before the rule counts as active on
  the day it started, so nobody is erased for inactivity sooner than 13 months after it.

Run against the deployed table with the stack's credentials, once after the deploy that
adds the index: ``TABLE_NAME=<table> AWS_REGION=<region> ./dames backfill player-index``;
beside a running ``make run``, ``./dames backfill player-index`` alone works on its table
(``ops.target``). It scans, which is why it lives here and not in a Lambda function, whose
role may not scan.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from local.paths import add_code_paths
from ops.scanning import scan, summary


def _conditional(table: Any, report: Counter[str], done: str, **update: Any) -> None:
    from botocore.exceptions import ClientError
    from dames_backend import db

    try:
        table.update_item(**update)
    except ClientError as exc:
        if not db.is_conditional_failure(exc):
            raise
        report["changed meanwhile"] += 1
        return
    report[done] += 1


def backfill_player_index() -> Counter[str]:
    """Both passes on the configured table; counts by outcome."""
    add_code_paths()
    from boto3.dynamodb.conditions import Attr
    from dames_backend import clock, db
    from dames_backend.players import activity

    table = db.get_table()
    report: Counter[str] = Counter()
    unlisted_games = (
        Attr("sk").eq("GAME") & Attr("playerId").not_exists()
        & (Attr("ownerId").exists() | Attr("claimedBy").exists())
    )
    for game in scan(table, unlisted_games):
        player_id = str(game.get("ownerId") or game["claimedBy"])
        _conditional(
            table, report, "games listed",
            Key={"pk": game["pk"], "sk": game["sk"]},
            UpdateExpression="SET playerId = :p",
            ConditionExpression="attribute_exists(pk) AND attribute_not_exists(playerId)",
            ExpressionAttributeValues={":p": player_id},
        )
    today = clock.iso_now()[:10]
    undated = Attr("sk").eq("PROFILE") & Attr(activity.DAY_ATTRIBUTE).not_exists()
    for profile in scan(table, undated):
        attributes = activity.attributes(str(profile["playerId"]), today)
        _conditional(
            table, report, "profiles dated",
            Key={"pk": profile["pk"], "sk": profile["sk"]},
            UpdateExpression="SET " + ", ".join(f"#{n} = :{n}" for n in attributes),
            ConditionExpression="attribute_exists(pk) AND attribute_not_exists(#day) "
            "AND attribute_not_exists(erasing)",
            ExpressionAttributeNames={
                **{f"#{n}": n for n in attributes}, "#day": activity.DAY_ATTRIBUTE,
            },
            ExpressionAttributeValues={f":{n}": v for n, v in attributes.items()},
        )
    return report


def main() -> int:
    report = backfill_player_index()
    print(summary(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
