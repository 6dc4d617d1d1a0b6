"""The fair-play items of the single table, each key spelt once (a claim's own items and
its review partitions are ``boards.keys``).

- ``GAME#<id>`` / ``ANALYSIS``: the analysis job of a game and its stored result.
- ``REPORT#<game id>`` / ``PLAYER#<reporter id>``: one player's report of a published entry
  (``fairplay.reports``), kept ``REPORT_DAYS``.
- ``AUDIT#<yyyy-mm>`` / ``<ISO time>#<ns>#<target>``: one moderation decision (``fairplay.audit``).
"""

from __future__ import annotations

ANALYSIS_SK = "ANALYSIS"


def analysis_key(game_id: str) -> dict[str, str]:
    """The analysis job of a game, beside the game's own item."""
    return {"pk": f"GAME#{game_id}", "sk": ANALYSIS_SK}


def report_key(game_id: str, reporter_id: str) -> dict[str, str]:
    """One player's report of the claim of ``game_id`` (one per player and entry)."""
    return {"pk": f"REPORT#{game_id}", "sk": f"PLAYER#{reporter_id}"}


def audit_pk(iso_time: str) -> str:
    """The month partition of the moderation audit trail."""
    return f"AUDIT#{iso_time[:7]}"
