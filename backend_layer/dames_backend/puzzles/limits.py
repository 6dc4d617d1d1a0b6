"""The per-client limits of the puzzles (``limits.clients``'s counters, one write each).

Moves, hints and solutions cost one read and one write and no search (the server holds
every solution), so only starting attempts is counted: per network, so a script cannot
collect the solutions of the whole set from one address in a day, and, for rated attempts,
per player and per network, so many pseudonyms cannot farm ratings (past the limit an
attempt is still played, unrated). The day's pseudonyms per network are limited already
(``PSEUDONYMS_PER_ADDRESS``).
"""

from __future__ import annotations

from dames_backend.limits.clients import DAY_SECONDS, Limit

ATTEMPTS_PER_ADDRESS = Limit(
    "puzzle-attempts-address", 500, DAY_SECONDS, "DAMES_LIMIT_PUZZLE_ATTEMPTS_PER_DAY",
    "Too many puzzles were started from this network today.",
)
RATED_PER_PLAYER = Limit(
    "puzzle-rated-player", 150, DAY_SECONDS, "DAMES_LIMIT_RATED_PUZZLES_PER_PLAYER_DAY",
    "This pseudonym has played its rated puzzles for today.",
)
RATED_PER_ADDRESS = Limit(
    "puzzle-rated-address", 300, DAY_SECONDS, "DAMES_LIMIT_RATED_PUZZLES_PER_ADDRESS_DAY",
    "This network has played its rated puzzles for today.",
)
