"""The community routes' shared request parameters (the player's token header, a daily
board's date in the path) and cache header, spelt once for ``community_app`` and the route
modules it installs (``report_routes``)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Header, Path

PlayerToken = Annotated[
    str | None,
    Header(alias="X-Player-Token", description="The player's token", max_length=300),
]
# The schema's pattern spells the real calendar days (29 February aside, which the server
# also accepts in leap years) so that generated requests match what the server takes.
DATE_SCHEMA_PATTERN = (
    r"^[1-9][0-9]{3}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])"
    r"|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))$"
)
BoardDate = Annotated[
    str,
    Path(
        min_length=1,
        max_length=40,
        description="The challenge date, yyyy-mm-dd (UTC). A day to come has an empty board.",
        json_schema_extra={"pattern": DATE_SCHEMA_PATTERN},
    ),
]
NO_STORE = "no-store"
