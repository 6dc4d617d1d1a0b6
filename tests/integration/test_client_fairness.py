"""No client starves the others: while one client floods the local server with
`maitre` hints and large PDN files, another player's daily moves are answered within 2 s.

The local run as ``make run`` starts it (``python -m local.run``: uvicorn, the
``ThinkingLimiter``, DynamoDB Local), in its own process, and real concurrent HTTP requests
from this one. The two clients are told apart as the local server tells them apart: by their
address (``X-Forwarded-For``, believed from 127.0.0.1 because this run names it as its proxy
in ``DAMES_TRUSTED_PROXIES``: without it no forwarded header is believed, docs/privacy.md).
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from pathlib import Path

import dames
import httpx
import pytest
from dames_backend.limits.clients import TRUSTED_PROXIES_ENV

from tests.integration.local_run import LocalRun

pytestmark = pytest.mark.integration

FLOODER = {"X-Forwarded-For": "198.51.100.66"}
PLAYER = {"X-Forwarded-For": "203.0.113.5"}
HINT_THREADS = 8
PDN_THREADS = 4
MOVES = 6
ANSWER_WITHIN_S = 2.0
REFUSED_PAUSE_S = 0.1  # a flooder ignoring Retry-After (3 s), retrying 10 times a second
# A guard against a hang, not a speed goal: the flood's first refusal comes within a second.
FLOOD_STARTS_WITHIN_S = 60.0


def large_pdn(approx_bytes: int) -> str:
    """Copies of one long game of random legal moves: every move is resolved when read."""
    rng = random.Random(17)
    board = dames.Board()
    words: list[str] = []
    while len(words) < 150 and board.legal_moves() and board.outcome() is None:
        move = rng.choice(board.legal_moves())
        if board.ply % 2 == 0:
            words.append(f"{board.ply // 2 + 1}.")
        words.append(board.notation(move))
        board.push(move)
    game = '[Event "Flood"]\n' + " ".join(words) + " *\n\n"
    return game * max(1, approx_bytes // len(game))


def flood(base: str, stop: threading.Event, games: list[tuple[str, str]], pdn: str,
          answers: list[int], refused: threading.Event) -> list[threading.Thread]:
    """Threads asking without pause, but for a breath after a 429 (this process is not the
    server: its own CPU is only spared for the machine the server runs on). ``refused`` is
    set at the first 429: the flooder's places are all taken, its searches running."""

    def hints(game_id: str, token: str) -> None:
        with httpx.Client(base_url=base, timeout=60) as http:
            while not stop.is_set():
                response = http.post(f"/api/games/{game_id}/hint", json={"ply": 0},
                                     headers={**FLOODER, "Authorization": f"Bearer {token}"})
                answers.append(response.status_code)
                if response.status_code == 429:
                    refused.set()
                    stop.wait(REFUSED_PAUSE_S)

    def reads() -> None:
        with httpx.Client(base_url=base, timeout=60) as http:
            while not stop.is_set():
                response = http.post("/api/games/pdn/read", json={"pdn": pdn}, headers=FLOODER)
                answers.append(response.status_code)
                if response.status_code == 429:
                    refused.set()
                    stop.wait(REFUSED_PAUSE_S)

    threads = [threading.Thread(target=hints, args=games[i % len(games)], daemon=True)
               for i in range(HINT_THREADS)]
    threads += [threading.Thread(target=reads, daemon=True) for _ in range(PDN_THREADS)]
    for thread in threads:
        thread.start()
    return threads


def test_a_flooding_client_does_not_starve_another_players_moves(
    dynamodb_local: str, run_log: Path
) -> None:
    run = LocalRun(run_log, DYNAMODB_ENDPOINT=dynamodb_local,
                   TABLE_NAME=f"it-{uuid.uuid4().hex[:8]}",
                   **{TRUSTED_PROXIES_ENV: "127.0.0.1/32"}).start()
    try:
        latencies, answers = moves_under_flood(run.base_url)
    finally:
        run.stop()
    # The flood was real: the flooder got answers and refusals all along.
    assert answers.count(200) >= 2 and answers.count(429) > len(latencies)
    assert max(latencies) < ANSWER_WITHIN_S, [round(s, 2) for s in latencies]


def moves_under_flood(base: str) -> tuple[list[float], list[int]]:
    """The player's move latencies (s) while the flood runs, and the flooder's statuses."""
    with httpx.Client(base_url=base, timeout=60) as http:
        flood_games = []
        for _ in range(3):
            # Hints for a `fort` opponent are searched at `maitre`: 2.5 s each.
            created = http.post("/api/games", json={"mode": "practice", "level": "fort"},
                                headers=FLOODER).json()
            flood_games.append((created["game"]["id"], created["token"]))
        daily = http.post("/api/games", json={"mode": "daily"}, headers=PLAYER).json()
    pdn = large_pdn(80_000)

    stop, refused = threading.Event(), threading.Event()
    answers: list[int] = []
    threads = flood(base, stop, flood_games, pdn, answers, refused)
    latencies: list[float] = []
    try:
        # The flood is in full swing once the server turns the flooder away.
        assert refused.wait(FLOOD_STARTS_WITHIN_S), f"no 429 for the flooder: {answers}"
        view, token = daily["game"], daily["token"]
        with httpx.Client(base_url=base, timeout=60) as http:
            for _ in range(MOVES):
                move = {"ply": view["ply"], "move": view["legalMoves"][0]["notation"]}
                started = time.monotonic()
                response = http.post(f"/api/games/{view['id']}/moves", json=move,
                                     headers={**PLAYER, "Authorization": f"Bearer {token}"})
                latencies.append(time.monotonic() - started)
                assert response.status_code == 200, response.text
                view = response.json()
                if view["status"] != "playing":
                    break
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    return latencies, answers
