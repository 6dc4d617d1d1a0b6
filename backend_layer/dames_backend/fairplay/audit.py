"""The moderation's audit trail: who released, held, dismissed or banned what, when, why.

One item per decision (``fairplay.keys.audit_pk``: a partition per month, sorted by time),
written before the decision is applied, so that no decision is ever without its line (a
decision that then fails leaves a line saying it was attempted, with ``outcome``). Kept
``AUDIT_DAYS`` (docs/personal-data.md): long enough for a player to contest a decision
and for moderators to be accountable, then it goes.
"""

from __future__ import annotations

import datetime
import secrets
import time
from dataclasses import dataclass
from typing import Any

from boto3.dynamodb.conditions import Key

from dames_backend import clock, db
from dames_backend.fairplay.keys import audit_pk

AUDIT_DAYS = 730
ACTIONS = ("release", "hold", "dismiss", "ban")


@dataclass(frozen=True)
class AuditLine:
    at: str
    actor: str
    action: str
    target: str
    reason: str
    outcome: str

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> AuditLine:
        return cls(*(db.as_str(item[name]) for name in
                     ("at", "actor", "action", "target", "reason", "outcome")))


def record(actor: str, action: str, target: str, reason: str) -> dict[str, str]:
    """Write a decision's line (outcome "attempted"); returns its key for ``settle``."""
    if action not in ACTIONS:
        raise ValueError(f"unknown moderation action {action!r}")
    if not actor.strip() or not reason.strip():
        raise ValueError("a moderation decision needs who decides and why")
    now = clock.utc_now()
    at = clock.iso_now()
    # Nanoseconds after the second: two decisions in one second keep their order.
    order = f"{time.time_ns():020d}{secrets.token_hex(2)}"
    key = {"pk": audit_pk(at), "sk": f"{at}#{order}#{target}"}
    expires = now + datetime.timedelta(days=AUDIT_DAYS)
    db.get_table().put_item(Item={
        **key, "at": at, "actor": actor.strip()[:100], "action": action, "target": target,
        "reason": reason.strip()[:500], "outcome": "attempted",
        "expiresAt": int(expires.timestamp()),
    })
    return key


def settle(key: dict[str, str], outcome: str) -> None:
    """What the decision did ("done", or why it failed)."""
    db.get_table().update_item(Key=key, UpdateExpression="SET outcome = :o",
                               ExpressionAttributeValues={":o": outcome[:300]})


def recent(months: int = 2, limit: int = 100) -> list[AuditLine]:
    """The latest decisions, newest first, over this month and the ``months - 1`` before."""
    table = db.get_table()
    lines: list[AuditLine] = []
    month = clock.utc_now().replace(day=1)
    for _ in range(months):
        page = table.query(KeyConditionExpression=Key("pk").eq(audit_pk(month.isoformat())),
                           ScanIndexForward=False, Limit=limit - len(lines))
        lines += [AuditLine.from_item(item) for item in page.get("Items", [])]
        if len(lines) >= limit:
            break
        month = (month - datetime.timedelta(days=1)).replace(day=1)
    return lines
