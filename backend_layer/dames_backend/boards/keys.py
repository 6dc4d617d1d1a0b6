"""The items a claim writes beside the board's entry, each key spelt once.

- ``CLAIM#<id>`` / ``CLAIM``: the one claim of a won game, and its fair-play state. On the
  index (``gsi1pk``) while someone must look at it: ``REVIEW#pending`` while its analysis
  runs, ``REVIEW#held`` once held, ``REVIEW#queue`` when published but worth a moderator's
  look (near a bar in the day's top ten, or reported); nowhere once settled.
- ``LINE#<board pk>#<mark>`` / ``GAME#<id>``: one of a claim's line marks
  (``fairplay.lines``: the hash of the position every ten plies), with ``playerId``, to find
  another entry's line on the same board; expires ``LINE_MARK_DAYS`` after the board's day.
- ``LINE#<board pk>#<moves hash>`` / ``PLAYER#<id>``: *older items only*, the former
  same-line item (the claim's ``movesHash``); no longer written, still erased with its player.
"""

from __future__ import annotations

import datetime

from dames_backend import clock

CLAIM_SK = "CLAIM"
PENDING_REVIEW_PK = "REVIEW#pending"
HELD_REVIEW_PK = "REVIEW#held"
QUEUE_REVIEW_PK = "REVIEW#queue"
# A daily board takes claims for a day or so; the marks serve the claims judged after.
LINE_MARK_DAYS = 30


def claim_key(game_id: str) -> dict[str, str]:
    """The one claim of a won game (written by ``boards.claims.record_claim``)."""
    return {"pk": f"CLAIM#{game_id}", "sk": CLAIM_SK}


def line_mark_pk(board_pk: str, mark: str) -> str:
    return f"LINE#{board_pk}#{mark}"


def line_mark_key(board_pk: str, mark: str, game_id: str) -> dict[str, str]:
    """Claim ``game_id`` reached the position ``mark`` names, on board ``board_pk``."""
    return {"pk": line_mark_pk(board_pk, mark), "sk": f"GAME#{game_id}"}


def same_line_key(board_pk: str, digest: str, player_id: str) -> dict[str, str]:
    """*Older items only*: who claimed the move list ``digest`` (a claim's ``movesHash``)."""
    return {"pk": line_mark_pk(board_pk, digest), "sk": f"PLAYER#{player_id}"}


def line_mark_expiry(date: str | None) -> int:
    """When a mark may go (epoch seconds): ``LINE_MARK_DAYS`` after the board's day, or
    after now for the free board."""
    start = (
        datetime.datetime.fromisoformat(date).replace(tzinfo=datetime.UTC)
        if date else clock.utc_now()
    )
    return int((start + datetime.timedelta(days=LINE_MARK_DAYS)).timestamp())
