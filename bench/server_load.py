"""The local server under a flood of `maitre` searches: does the rest stay responsive?

    .venv/bin/python bench/server_load.py [--url http://127.0.0.1:8000] [--flood 40]

Sends `--flood` move requests at once, each in its own practice game at level `maitre` past the
opening (so each asks for a real 2.5 s search), and while they are in flight measures a health
check and a `debutant` move in another game. Prints how many moves were answered (200) and how
many refused (429 with Retry-After, see local/limiter.py), the slowest answered move, and the
latency of the health checks and of the debutant move (goal: under 1 s each). Without `--url`
it starts a fresh local server for the run (`python -m local.with_server`).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

TIMEOUT = 120.0


def new_game(client: httpx.Client, level: str) -> tuple[str, str, dict[str, Any]]:
    response = client.post("/api/games", json={"mode": "practice", "level": level})
    response.raise_for_status()
    body = response.json()
    return body["game"]["id"], body["token"], body["game"]


def play_first(client: httpx.Client, game: tuple[str, str, dict[str, Any]]) -> httpx.Response:
    game_id, token, view = game
    return client.post(
        f"/api/games/{game_id}/moves", headers={"Authorization": f"Bearer {token}"},
        json={"ply": view["ply"], "move": view["legalMoves"][0]["notation"]},
    )


def past_opening(client: httpx.Client, level: str) -> tuple[str, str, dict[str, Any]]:
    """A game where the computer's next reply is searched (its first two are drawn)."""
    game = new_game(client, level)
    for _ in range(2):
        response = play_first(client, game)
        while response.status_code == 429:  # the setup's own searches met the thinking limit
            time.sleep(float(response.headers.get("retry-after") or 1))
            response = play_first(client, game)
        response.raise_for_status()
        game = (game[0], game[1], response.json())
    return game


def timed(call: Any) -> tuple[float, Any]:
    started = time.perf_counter()
    result = call()
    return time.perf_counter() - started, result


def run(url: str, flood: int) -> int:
    limits = httpx.Limits(max_connections=flood + 10)
    with httpx.Client(base_url=url, timeout=TIMEOUT, limits=limits) as client:
        with ThreadPoolExecutor(max_workers=4) as pool:
            games = list(pool.map(lambda _: past_opening(client, "maitre"), range(flood)))
        debutant = new_game(client, "debutant")
        results: list[tuple[float, httpx.Response]] = []
        lock = threading.Lock()

        def flood_one(game: tuple[str, str, dict[str, Any]]) -> None:
            outcome = timed(lambda: play_first(client, game))
            with lock:
                results.append(outcome)

        threads = [threading.Thread(target=flood_one, args=(g,)) for g in games]
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # let the flood reach the server
        health = [timed(lambda: client.get("/api/health"))[0] for _ in range(5)]
        debutant_s, debutant_response = timed(lambda: play_first(client, debutant))
        for thread in threads:
            thread.join()
    statuses: dict[int, int] = {}
    for _s, response in results:
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
    answered = [s for s, r in results if r.status_code == 200]
    retry_after = {r.headers.get("retry-after") for _s, r in results if r.status_code == 429}
    print(f"# {flood} maitre moves at once against {url}")
    print(f"answered {statuses.get(200, 0)}, refused {statuses.get(429, 0)} "
          f"(Retry-After {sorted(x or '-' for x in retry_after)}), other "
          f"{sum(v for k, v in statuses.items() if k not in (200, 429))}; slowest answered "
          f"{max(answered, default=0) * 1000:.0f} ms")
    print(f"during the flood: health max {max(health) * 1000:.0f} ms over {len(health)}, "
          f"debutant move {debutant_s * 1000:.0f} ms (status {debutant_response.status_code})")
    bad = any(k not in (200, 429) for k in statuses) or debutant_response.status_code != 200
    return 1 if bad else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--url", default=None)
    parser.add_argument("--flood", type=int, default=40)
    args = parser.parse_args()
    if args.url is None:
        repo = Path(__file__).resolve().parents[1]
        return subprocess.call(
            [sys.executable, "-m", "local.with_server", "--", sys.executable, __file__,
             "--url", "{url}", "--flood", str(args.flood)],
            cwd=repo,
        )
    return run(args.url.rstrip("/"), args.flood)


if __name__ == "__main__":
    raise SystemExit(main())
