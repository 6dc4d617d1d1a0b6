"""The fair-play items of the single table, each key spelt once.

- ``GAME#<id>`` / ``ANALYSIS``: the analysis job of a game and its stored result.
- ``REVIEW#held``: the index partition of the held claims (``boards.keys.claim_key`` items),
  so the moderation lists them with one query.
"""

from __future__ import annotations

ANALYSIS_SK = "ANALYSIS"
HELD_REVIEW_PK = "REVIEW#held"


def analysis_key(game_id: str) -> dict[str, str]:
    """The analysis job of a game, beside the game's own item."""
    return {"pk": f"GAME#{game_id}", "sk": ANALYSIS_SK}
