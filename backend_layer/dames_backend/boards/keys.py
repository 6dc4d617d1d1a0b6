"""The items a claim writes beside the board's entry, each key spelt once.

- ``CLAIM#<id>`` / ``CLAIM``: the one claim of a won game, and its fair-play state (a held
  claim also carries ``gsi1pk = fairplay.keys.HELD_REVIEW_PK``, for the moderation's list).
- ``LINE#<board pk>#<hash>`` / ``PLAYER#<id>``: a claimed move list, to find the same line
  claimed by another player on the same board.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

CLAIM_SK = "CLAIM"


def claim_key(game_id: str) -> dict[str, str]:
    """The one claim of a won game (written by ``boards.claims.record_claim``)."""
    return {"pk": f"CLAIM#{game_id}", "sk": CLAIM_SK}


def moves_hash(moves: Sequence[str]) -> str:
    """A short digest of a move list: two games with the same moves have the same hash."""
    return hashlib.sha256("\n".join(moves).encode("utf-8")).hexdigest()[:32]


def line_key(board_pk: str, digest: str, player_id: str) -> dict[str, str]:
    """Who claimed the line ``digest`` on board ``board_pk``."""
    return {"pk": line_pk(board_pk, digest), "sk": f"PLAYER#{player_id}"}


def line_pk(board_pk: str, digest: str) -> str:
    return f"LINE#{board_pk}#{digest}"
