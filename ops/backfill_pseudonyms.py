"""Give every player registered before skeleton keys the ``PSEUDO#`` items of those keys.

Before, a name reserved one item under its case-and-accent key (``alice0d5adc``); now a name
is unique by its UTS #39 skeleton keys (``aliceod5adc``), and a registration checks only
those. Without this one-off pass, a look-alike of an old name, or the old name itself, would
find nothing in its way. Players are taken oldest first, so when two old names turn out to be
look-alikes (both registered before the check existed) the first registered keeps the key
and the clash is reported; neither player loses a name. Running it again changes nothing.

Run against the deployed table with the stack's credentials:
``TABLE_NAME=<table> AWS_REGION=<region> ./dames backfill pseudonyms``; beside a running
``make run``, ``./dames backfill pseudonyms`` alone works on its table (``ops.target``). It reads
the table with a Scan, which is why it lives here and not in a Lambda function, whose role
may not scan.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

from local.paths import add_code_paths

PROFILE_SK = "PROFILE"


@dataclass
class BackfillReport:
    """What a pass did: keys written, keys already right, keys held by another player."""

    players: int = 0
    written: int = 0
    already: int = 0
    clashes: list[tuple[str, str, str]] = field(default_factory=list)

    def summary(self) -> str:
        lines = [
            f"{self.players} players, {self.written} keys written, "
            f"{self.already} already in place, {len(self.clashes)} clashes"
        ]
        lines += [
            f"  {name!r}: key {key!r} belongs to {owner!r}" for name, key, owner in self.clashes
        ]
        return "\n".join(lines)


def _profiles(table: Any) -> list[dict[str, Any]]:
    """Every player profile, oldest registration first (ties by id, for a stable order)."""
    from boto3.dynamodb.conditions import Attr

    found: list[dict[str, Any]] = []
    scan: dict[str, Any] = {"FilterExpression": Attr("sk").eq(PROFILE_SK)}
    while True:
        page = table.scan(**scan)
        found += [item for item in page["Items"] if str(item["pk"]).startswith("PLAYER#")]
        if "LastEvaluatedKey" not in page:
            break
        scan["ExclusiveStartKey"] = page["LastEvaluatedKey"]
    found.sort(key=lambda item: (str(item.get("createdAt", "")), str(item["playerId"])))
    return found


def backfill_pseudonym_keys() -> BackfillReport:
    """Write the missing skeleton-key items of every player, on the configured table."""
    add_code_paths()
    from botocore.exceptions import ClientError
    from dames_backend import db
    from dames_backend.players import accounts as players

    table = db.get_table()
    report = BackfillReport()
    for profile in _profiles(table):
        report.players += 1
        player_id, pseudonym = str(profile["playerId"]), str(profile["pseudonym"])
        for key in players.pseudonym_keys(pseudonym):
            item_key = players.pseudonym_item_key(key)
            try:
                table.put_item(
                    Item={
                        **item_key,
                        "playerId": player_id,
                        "pseudonym": pseudonym,
                        "createdAt": str(profile.get("createdAt", "")),
                    },
                    ConditionExpression="attribute_not_exists(pk)",
                )
                report.written += 1
            except ClientError as exc:
                if db.error_code(exc) != "ConditionalCheckFailedException":
                    raise
                owner = table.get_item(Key=item_key, ConsistentRead=True)["Item"]
                if str(owner["playerId"]) == player_id:
                    report.already += 1
                else:
                    report.clashes.append((pseudonym, key, str(owner["pseudonym"])))
    return report


def main() -> int:
    print(backfill_pseudonym_keys().summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
