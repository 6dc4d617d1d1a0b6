"""Give every game finished before the retention classes the ``expiresAt`` of its class.

Games finished before ``dames_backend.games.retention`` existed got no ``expiresAt`` at all, so
DynamoDB's TTL would keep them for ever; so did every analysis item (``sk = ANALYSIS``) written
before its job took its game's expiry. This one-off pass gives each finished, unclaimed game
the expiry its class gives it, counted from its ``finishedAt`` (``state.finished_expiry``):
a casual game finished more than 30 days ago, or an unclaimed win more than 90 days ago, is
gone at once (reads answer 404, TTL deletes it). Claimed games and unfinished ones are left
as they are. Each write is conditional on the game still having no expiry and no claim, so a
claim landing meanwhile keeps its game; running it again changes nothing. Then each analysis
without an expiry takes its game's (none if the game has none: claimed); one whose game is
gone already expires now.

Run against the deployed table with the stack's credentials:
``TABLE_NAME=<table> AWS_REGION=<region> ./dames backfill retention``; beside a running
``make run``, ``./dames backfill retention`` alone works on its table (``ops.target``). It reads
the table with a Scan, which is why it lives here and not in a Lambda function, whose role
may not scan.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

from local.paths import add_code_paths
from ops.scanning import scan, summary


def _unexpiring_finished_games(table: Any) -> Iterator[dict[str, Any]]:
    """Every game item that is finished, unclaimed and has no ``expiresAt``."""
    from boto3.dynamodb.conditions import Attr

    return scan(table, Attr("sk").eq("GAME")
                & Attr("expiresAt").not_exists()
                & Attr("status").ne("playing")
                & (Attr("claimed").not_exists() | Attr("claimed").eq(False)))


def backfill_expiries() -> Counter[str]:
    """Set the missing expiries on the configured table; counts by outcome."""
    add_code_paths()
    from botocore.exceptions import ClientError
    from dames_backend import clock, db
    from dames_backend.games import state
    from dames_backend.games.store import GameRecord, game_key

    table = db.get_table()
    report: Counter[str] = Counter()
    now_ms = clock.now_ms()
    for item in _unexpiring_finished_games(table):
        record = GameRecord.from_item(item)
        finished_ms = clock.ms_from_iso(record.finished_at) if record.finished_at else now_ms
        expires_at = state.finished_expiry(record, finished_ms)
        if expires_at is None:  # pragma: no cover - only a claimed game has none
            continue
        try:
            table.update_item(
                Key=game_key(record.id),
                UpdateExpression="SET expiresAt = :e",
                ConditionExpression="attribute_not_exists(expiresAt) AND "
                "(attribute_not_exists(claimed) OR claimed = :f)",
                ExpressionAttributeValues={":e": expires_at, ":f": False},
            )
        except ClientError as exc:
            if db.error_code(exc) != "ConditionalCheckFailedException":
                raise
            report["changed meanwhile"] += 1
            continue
        report["gone now" if expires_at <= now_ms // 1000 else "expiring later"] += 1
    report.update(_backfill_analyses(table, now_ms // 1000))
    return report


def _backfill_analyses(table: Any, now_s: int) -> Counter[str]:
    """Each analysis item without an expiry takes its game's, after the games' pass."""
    from boto3.dynamodb.conditions import Attr
    from botocore.exceptions import ClientError
    from dames_backend import db
    from dames_backend.games.store import game_key

    report: Counter[str] = Counter()
    unexpiring = Attr("sk").eq("ANALYSIS") & Attr("expiresAt").not_exists()
    for item in scan(table, unexpiring):
        game = table.get_item(Key=game_key(str(item["gameId"])), ConsistentRead=True).get("Item")
        if game is not None and "expiresAt" not in game:
            continue  # claimed: kept with its game
        expires_at = int(game["expiresAt"]) if game is not None else now_s
        try:
            table.update_item(
                Key={"pk": item["pk"], "sk": item["sk"]},
                UpdateExpression="SET expiresAt = :e",
                # A claim meanwhile adds its reason and removes the expiry: either order holds.
                ConditionExpression="attribute_exists(pk) AND attribute_not_exists(expiresAt) "
                "AND NOT contains(reasons, :claim)",
                ExpressionAttributeValues={":e": expires_at, ":claim": "claim"},
            )
        except ClientError as exc:
            if db.error_code(exc) != "ConditionalCheckFailedException":
                raise
            report["analyses changed meanwhile"] += 1
            continue
        report["analyses gone now" if expires_at <= now_s else "analyses expiring later"] += 1
    return report


def main() -> int:
    report = backfill_expiries()
    print(summary(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
