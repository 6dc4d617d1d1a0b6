"""The requests where the computer thinks, and their per-client bound on AWS.

The computer searches for a move's reply, a hint and a draw offer, and reading a PDN file
resolves every move of it: seconds of CPU each. API Gateway's route throttles bound their sum
for everyone together, so one client flooding would take the whole allowance and every other
player would get 429. In front of those throttles each client has its own allowance, counted
in DynamoDB (``limits.clients``): a fixed window of ``THINKING_PER_ADDRESS`` requests per
network, and inside that same item and write a smaller count per game, so a crowd behind one
address (a school, a mobile operator's NAT) still shares the network's allowance game by
game. One ``UpdateItem`` per thinking request; docs/architecture.md prices it against WAF.

The local server bounds the same routes by concurrency instead (``local/limiter.py``): one
process, whose threads it can count. The count is made by the games app's middleware
(``dames_backend.web.thinking_limit``), only where ``DAMES_THINKING_LIMIT=dynamodb``
(template.yaml sets it on GamesFunction).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

from dames_backend.limits import clients as client_limits

# Where the computer searches (a move's reply, a hint, a draw offer) or a PDN file is read.
THINKING_ROUTE = re.compile(
    r"^/api/games/(?:[^/]+/(?:moves|hint|draw-offer)|pdn/read|position/analyse)$"
)
PDN_READ_ROUTE = re.compile(r"^/api/games/pdn/read$")
_GAME_ROUTE = re.compile(r"^/api/games/(g_[A-Za-z0-9_-]{8,40})/(?:moves|hint|draw-offer)$")
ENABLE_ENV = "DAMES_THINKING_LIMIT"
PER_GAME_ENV = "DAMES_LIMIT_THINKING_PER_GAME"
# A person plays a move every second or so at their fastest; 60 in 10 s is a dozen players
# behind one address at that pace, 20 for one game is three times a human's.
THINKING_PER_ADDRESS = client_limits.Limit(
    "thinking-address", 60, 10, "DAMES_LIMIT_THINKING_PER_ADDRESS",
    "Too many requests for the computer from this network at once.",
)
THINKING_PER_GAME = 20


def is_thinking(scope: Mapping[str, Any]) -> bool:
    """True for the requests this module (and the local limiter) bound."""
    return (
        scope["type"] == "http"
        and scope["method"] == "POST"
        and THINKING_ROUTE.match(scope["path"]) is not None
    )


def game_of(path: str) -> str | None:
    """The game a thinking route is about (None for the PDN reader)."""
    match = _GAME_ROUTE.match(path)
    return match.group(1) if match else None


def per_game_cap() -> int:
    text = os.environ.get(PER_GAME_ENV, "")
    return int(text) if text.isdigit() and int(text) > 0 else THINKING_PER_GAME


def charge_thinking(scope: Mapping[str, Any]) -> None:
    """Count one thinking request of the scope's client (``LimitReached`` past its share)."""
    game = game_of(scope["path"])
    extra = {game: per_game_cap()} if game else None
    client_limits.charge(THINKING_PER_ADDRESS, client_limits.scope_address_key(scope),
                         extra_counts=extra)
