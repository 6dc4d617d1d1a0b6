"""The daily privacy job: finish what a request left half-done, erase the long inactive.

Run once a day by ``functions/player_retention`` (EventBridge) and by hand as
``./dames privacy sweep`` against a table, in this order, within a time budget
(what is left waits for the next day):

1. renames whose boards may still show the old name (``rename.pending``) are synced again;
2. erasures that began and did not finish (``erasure.unfinished``) are finished;
3. players inactive for ``activity.INACTIVE_MONTHS`` (no game started with their pseudonym,
   no claim) are erased like a player who asked for it. The profiles sit under
   ``ACTIVE#<month>`` on ``gsi1``; the job reads the months from ``FIRST_MONTH`` (this rule's
   first month: every older profile was put there by ``ops.backfill_player_index``) up to
   the month ``INACTIVE_MONTHS`` back, and erases those whose last active day is that far
   back. Why 13 months: a player who comes back for the same season every year keeps their
   name and scores, and an account unused for over a year is the CNIL's example of data kept
   longer than its purpose needs.

An erased player's entries are removed from old boards, not kept as "erased player": an
anonymous line would still carry the exact second of a win and its score, which with the day
can point to the person; and the remaining ranks stay exact because each removal moves the
histogram in the same transaction (``boards.removal.remove_entry``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from boto3.dynamodb.conditions import Key

from dames_backend import clock, db
from dames_backend.players import activity, rename
from dames_backend.privacy import erasure
from dames_backend.tables import GSI1_NAME

FIRST_MONTH = "2026-11"
DEFAULT_BUDGET_S = 600.0
_PER_PLAYER_BUDGET_S = 20.0


@dataclass
class SweepReport:
    """What one run did; ``complete`` is False when the budget ran out first."""

    renames_synced: int = 0
    erasures_finished: int = 0
    inactive_erased: int = 0
    complete: bool = True


def _months(first: str, last: str) -> list[str]:
    months: list[str] = []
    year, month = int(first[:4]), int(first[5:])
    while f"{year:04d}-{month:02d}" <= last:
        months.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return months


def _inactive_in(month: str, cutoff_day: str) -> list[str]:
    """The players last active in ``month`` no later than ``cutoff_day``."""
    query: dict[str, Any] = {
        "IndexName": GSI1_NAME,
        "KeyConditionExpression": Key("gsi1pk").eq(f"{activity.ACTIVE_PK_PREFIX}{month}"),
    }
    found: list[str] = []
    while True:
        page = db.get_table().query(**query)
        found.extend(
            db.as_str(item["playerId"]) for item in page.get("Items", [])
            if db.as_str(item.get(activity.DAY_ATTRIBUTE, "")) <= cutoff_day
        )
        last = page.get("LastEvaluatedKey")
        if not last:
            return found
        query["ExclusiveStartKey"] = last


def sweep(*, budget_s: float = DEFAULT_BUDGET_S) -> SweepReport:
    """One day's run (see the module's docstring)."""
    deadline = time.monotonic() + budget_s
    report = SweepReport()

    def left() -> float:
        return min(_PER_PLAYER_BUDGET_S, deadline - time.monotonic())

    for player_id, pseudonym in rename.pending():
        if left() <= 0 or not rename.finish(player_id, pseudonym, budget_s=left()):
            report.complete = False
            return report
        report.renames_synced += 1
    for player_id in erasure.unfinished():
        if left() <= 0 or not erasure.run(player_id, budget_s=left()).done:
            report.complete = False
            return report
        report.erasures_finished += 1
    today = clock.iso_now()[:10]
    cutoff_day = activity.inactive_since(today)
    for month in _months(FIRST_MONTH, cutoff_day[:7]):
        for player_id in _inactive_in(month, cutoff_day):
            if left() <= 0 or not erasure.run(player_id, budget_s=left()).done:
                report.complete = False
                return report
            report.inactive_erased += 1
    return report
