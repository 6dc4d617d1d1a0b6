"""The key of a player's profile item, spelt once for the players package and its users."""

from __future__ import annotations

PROFILE_SK = "PROFILE"
PLAYER_PK_PREFIX = "PLAYER#"


def profile_key(player_id: str) -> dict[str, str]:
    """``PLAYER#<id>`` / ``PROFILE``: the player's profile."""
    return {"pk": f"{PLAYER_PK_PREFIX}{player_id}", "sk": PROFILE_SK}
