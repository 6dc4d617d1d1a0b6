"""The puzzle items for the data-model walk (``data_model_walk.extra_walk``): every puzzle item
and attribute written through the routes, as a page does.

The coup du jour found at the first try (the day's item, the used set, a rated result: the
profile's ``dailySolved``, both ratings), a training puzzle with a hint and a wrong move then
given up (``hintAt``, ``failed``, the network's ``PSEEN#``), and one left open
(``openAttempt``).
"""

from __future__ import annotations

from typing import Any

from dames.puzzles import catalog
from dames.puzzles.solution import Choice
from wire_scenario import Recorder, bearer

ATTEMPTS = "/api/puzzles/attempts"


def _solve(record: Recorder, token: str, attempt: dict[str, Any]) -> None:
    choice: Choice | None = catalog.by_id()[attempt["puzzle"]["id"]].solution
    while choice is not None:
        branch = choice.branches[0]
        answer = record.call("POST", f"{ATTEMPTS}/{attempt['attemptId']}/moves",
                             {"ply": attempt["ply"], "move": branch.move}, **bearer(token))
        attempt = answer["attempt"]
        choice = branch.next


def _wrong_move(puzzle_id: str) -> str:
    puzzle = catalog.by_id()[puzzle_id]
    board = puzzle.board()
    accepted = {board.parse_move(b.move) for b in puzzle.solution.branches}
    return next(str(m) for m in board.legal_moves() if m not in accepted)


def puzzle_walk(record: Recorder, player_token: str) -> None:
    """``player_token``: a player who may play rated attempts (not banned)."""
    me = {"X-Player-Token": player_token}
    record.call("GET", "/api/puzzles/daily", **me)
    daily = record.call("POST", ATTEMPTS, {"daily": True}, **me)
    _solve(record, daily["token"], daily["attempt"])

    trained = record.call("POST", ATTEMPTS, {}, **me)
    token, attempt = trained["token"], trained["attempt"]
    path = f"{ATTEMPTS}/{attempt['attemptId']}"
    record.call("POST", f"{path}/hint", {"ply": attempt["ply"]}, **bearer(token))
    record.call("POST", f"{path}/moves",
                {"ply": attempt["ply"], "move": _wrong_move(attempt["puzzle"]["id"])},
                **bearer(token))
    record.call("POST", f"{path}/solution", {"ply": attempt["ply"]}, **bearer(token))
    record.call("POST", ATTEMPTS, {}, **me)  # left open
