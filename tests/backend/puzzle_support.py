"""Playing the shipped puzzles through the community app, as a page does."""

from __future__ import annotations

from typing import Any

from clock_support import ManualClock
from dames.puzzles import catalog
from dames.puzzles.model import Puzzle
from dames.puzzles.solution import Choice
from dames_backend.puzzles import pool
from fastapi.testclient import TestClient

ATTEMPTS = "/api/puzzles/attempts"
THINK_MS = 2_000  # a human's pause before each move (above clock.MIN_MOVE_MS)


def register(client: TestClient, pseudonym: str) -> str:
    response = client.post("/api/players", json={"pseudonym": pseudonym})
    assert response.status_code == 201, response.text
    token: str = response.json()["token"]
    return token


def start(client: TestClient, player: str | None = None, **body: Any) -> tuple[str, dict[str, Any]]:
    """(attempt token, attempt view) of a new attempt."""
    headers = {"X-Player-Token": player} if player else {}
    response = client.post(ATTEMPTS, json=body, headers=headers)
    assert response.status_code == 201, response.text
    started = response.json()
    return started["token"], started["attempt"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def send_move(client: TestClient, token: str, attempt: dict[str, Any], move: str) -> Any:
    return client.post(f"{ATTEMPTS}/{attempt['attemptId']}/moves", headers=bearer(token),
                       json={"ply": attempt["ply"], "move": move})


def puzzle_of(attempt: dict[str, Any]) -> Puzzle:
    return catalog.by_id()[attempt["puzzle"]["id"]]


def solve(client: TestClient, token: str, attempt: dict[str, Any],
          clock: ManualClock | None = None) -> list[dict[str, Any]]:
    """Play the main line's solver moves; every answer, in order."""
    answers = []
    choice: Choice | None = puzzle_of(attempt).solution
    while choice is not None:
        branch = choice.branches[0]
        if clock is not None:
            clock.now += THINK_MS
        response = send_move(client, token, attempt, branch.move)
        assert response.status_code == 200, response.text
        answer = response.json()
        answers.append(answer)
        attempt = answer["attempt"]
        choice = branch.next
    return answers


def wrong_move(puzzle: Puzzle) -> str:
    """A legal first move the solution does not accept (a puzzle has at least two moves)."""
    board = puzzle.board()
    accepted = {board.parse_move(b.move) for b in puzzle.solution.branches}
    return next(str(m) for m in board.legal_moves() if m not in accepted)


def training_ids(variant: str = "international") -> list[str]:
    return [p.id for p in pool.training_pool(variant, ())]
