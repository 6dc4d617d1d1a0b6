"""Benchmark of the games API against a running server (``make run``, or any base URL).

Plays ``--games`` games (default 20) of free play, first one at a time, then ``--parallel``
(default 4) at a time. The player's moves are drawn from the legal moves the server returns,
with a seeded random generator, so the run needs no engine on the client side. Every move
request includes the computer's reply, which is what the latency measures.

Prints, for each phase: move requests, p50/p95/max latency, moves per second, errors, and the
result of the lost-move check (each finished game is read back and must hold exactly the moves
that were answered). Exit status 1 if any error or lost move was seen.

    .venv/bin/python bench/api.py --url http://127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import httpx


@dataclass
class PhaseStats:
    """What one phase measured (shared by its worker threads under a lock)."""

    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lost_moves: list[str] = field(default_factory=list)
    games: int = 0
    wall_s: float = 0.0
    results: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add_latency(self, ms: float) -> None:
        with self.lock:
            self.latencies_ms.append(ms)

    def add_error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)

    def finish_game(self, status: str) -> None:
        with self.lock:
            self.games += 1
            self.results[status] = self.results.get(status, 0) + 1


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile (no interpolation: a figure that was really measured)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, round(fraction * len(ordered) + 0.5))
    return ordered[min(rank, len(ordered)) - 1]


def play_one_game(
    client: httpx.Client, stats: PhaseStats, rng: random.Random, max_moves: int
) -> None:
    """Create a free game and play random legal moves until it ends (or resign at the cap)."""
    response = client.post("/api/games", json={"mode": "free"})
    if response.status_code != 201:
        stats.add_error(f"create: {response.status_code} {response.text[:120]}")
        return
    token = response.json()["token"]
    view = response.json()["game"]
    headers = {"Authorization": f"Bearer {token}"}
    game_url = f"/api/games/{view['id']}"
    answered: list[str] = []
    for _ in range(max_moves):
        if view["status"] != "playing":
            break
        move = rng.choice(view["legalMoves"])["notation"]
        body = {"ply": view["ply"], "move": move}
        started = time.perf_counter()
        try:
            reply = client.post(f"{game_url}/moves", json=body, headers=headers)
        except httpx.HTTPError as exc:
            stats.add_error(f"move: {type(exc).__name__}: {exc}")
            # the same request again is safe: the server answers a retry idempotently
            reply = client.post(f"{game_url}/moves", json=body, headers=headers)
        stats.add_latency((time.perf_counter() - started) * 1000)
        if reply.status_code != 200:
            stats.add_error(f"move: {reply.status_code} {reply.text[:120]}")
            return
        view = reply.json()
        answered = view["moves"]
    if view["status"] == "playing":
        resigned = client.post(f"{game_url}/resign", headers=headers)
        if resigned.status_code != 200:
            stats.add_error(f"resign: {resigned.status_code} {resigned.text[:120]}")
            return
    stored = client.get(game_url, headers=headers)
    if stored.status_code != 200:
        stats.add_error(f"read back: {stored.status_code} {stored.text[:120]}")
        return
    if stored.json()["moves"] != answered:
        stats.lost_moves.append(view["id"])
    stats.finish_game(stored.json()["status"])


def run_phase(url: str, games: int, parallel: int, seed: int, max_moves: int) -> PhaseStats:
    stats = PhaseStats()

    def worker(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        with httpx.Client(base_url=url, timeout=30.0) as client:
            play_one_game(client, stats, rng, max_moves)

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=parallel) as pool:
        for future in [pool.submit(worker, i) for i in range(games)]:
            try:
                future.result()
            except Exception as exc:  # a crashed worker is an error, not a crashed benchmark
                stats.add_error(f"worker: {type(exc).__name__}: {exc}")
    stats.wall_s = time.perf_counter() - started
    return stats


def report(title: str, stats: PhaseStats) -> None:
    wall_s = stats.wall_s
    moves = len(stats.latencies_ms)
    lat = stats.latencies_ms
    print(f"== {title}")
    print(f"   games finished: {stats.games}  results: {dict(sorted(stats.results.items()))}")
    print(f"   move requests: {moves} in {wall_s:.1f} s -> {moves / wall_s:.2f} moves/s")
    if lat:
        print(
            f"   move latency ms: p50 {percentile(lat, 0.50):.0f}  "
            f"p95 {percentile(lat, 0.95):.0f}  max {max(lat):.0f}  "
            f"mean {statistics.fmean(lat):.0f}"
        )
    print(f"   errors: {len(stats.errors)}  lost moves: {len(stats.lost_moves)}")
    for error in stats.errors[:5]:
        print(f"     {error}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="server base URL")
    parser.add_argument("--games", type=int, default=20, help="games per phase")
    parser.add_argument("--parallel", type=int, default=4, help="games at a time, phase 2")
    parser.add_argument("--max-moves", type=int, default=150, help="player moves per game")
    parser.add_argument("--seed", type=int, default=1, help="seed of the player's moves")
    args = parser.parse_args(argv)

    try:
        health = httpx.get(f"{args.url}/api/health", timeout=5.0)
    except httpx.HTTPError as exc:
        print(f"cannot reach {args.url}: {exc} (start the server with `make run`)")
        return 2
    if health.status_code != 200:
        print(f"unexpected answer from {args.url}: {health.status_code} {health.text[:200]}")
        return 2

    failures = 0
    for title, parallel in (("one game at a time", 1), (f"{args.parallel} at a time",
                                                           args.parallel)):
        stats = run_phase(args.url, args.games, parallel, args.seed, args.max_moves)
        failures += len(stats.errors) + len(stats.lost_moves)
        report(title, stats)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
