"""An analysis that cannot finish never leaves its claim waiting unseen.

A claim's entry is on no public board until its analysis publishes it (``boards.entries``),
so a failed or stuck job hides nothing from the public; what it must not do is leave the
claim waiting forever with nobody told. A job is tried ``MAX_ATTEMPTS`` times (SQS's
``maxReceiveCount`` in template.yaml, the local worker's retries), then ``give_up`` holds
the claim with the reason ``analysis-failed`` on the moderators' list and says so in the log
(the AWS alarm counts the ``AnalysisGivenUp`` metric). ``waiting_claims`` lists the claims
still waiting: the local worker takes them up again, and ``moderation list`` shows the ones
waiting for longer than ``STUCK_AFTER_MS``.
"""

from __future__ import annotations

import logging
from typing import Any

from boto3.dynamodb.conditions import Key

from dames_backend import clock, db
from dames_backend.boards.keys import PENDING_REVIEW_PK
from dames_backend.fairplay import reasons
from dames_backend.fairplay.review import decide, load_claim
from dames_backend.tables import GSI1_NAME

MAX_ATTEMPTS = 3
STUCK_AFTER_MS = 30 * 60 * 1000
logger = logging.getLogger(__name__)


def give_up(game_id: str, attempts: int) -> bool:
    """Hold a still-provisional claim whose analysis failed ``attempts`` times; True when
    one was held (a game nobody claimed has nothing to hold)."""
    item = load_claim(game_id)
    if item is None or item.get("state") != "provisional":
        return False
    decide(item, "held", (reasons.analysis_failed(attempts),))
    logger.error(
        "Fair-play analysis of claimed game %s failed %d times: the claim is held "
        "'analysis failed' for a moderator (./dames moderation list)",
        game_id, attempts,
    )
    return True


def waiting_claims(limit: int = 100, claimed_before: str | None = None) -> list[dict[str, Any]]:
    """Claims whose analysis has not decided them, oldest first (claimed before an ISO
    time, when given)."""
    partition = Key("gsi1pk").eq(PENDING_REVIEW_PK)
    condition = partition if claimed_before is None else \
        partition & Key("gsi1sk").lt(claimed_before)
    page = db.get_table().query(IndexName=GSI1_NAME, KeyConditionExpression=condition,
                                Limit=limit)
    return list(page.get("Items", []))


def stuck_claims(limit: int = 100) -> list[dict[str, Any]]:
    """Claims waiting for longer than any analysis takes."""
    return waiting_claims(limit, clock.iso_from_ms(clock.now_ms() - STUCK_AFTER_MS))
