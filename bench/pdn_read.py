"""Cost of the PDN reader route's work (``dames_backend.games.pdn_import.read_pdn``) on files up
to the route's 256 KB body limit, to check it stays far inside the games function's 20 s timeout.

    .venv/bin/python bench/pdn_read.py [--passes 3]

Builds files of 80-ply games (played by the ``debutant`` level from a fixed seed) of about
16, 64 and 250 KB, reads each --passes times and prints the best CPU time and wall time, the
games read and the size of the JSON answer, or the route's refusal: a file whose games cost more
than the reader's CPU budget (``PDN_CPU_SECONDS``) is a 422 after about that much work, which is
what bounds the route whatever the file. Times are noisy on a shared machine: the best pass is
kept.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "engine_layer"), str(REPO / "backend_layer")]

import dames  # noqa: E402
from dames.ai import choose_move  # noqa: E402
from dames_backend.errors import ApiError  # noqa: E402
from dames_backend.games.pdn_import import PDN_CPU_SECONDS, read_pdn  # noqa: E402


def one_game() -> str:
    board = dames.Board(None)
    notations = []
    while board.outcome() is None and board.ply < 80:
        move = choose_move(board, seed="bench", level="debutant")
        notations.append(board.notation(move))
        board.push(move)
    return '[Event "bench"]\n' + " ".join(notations) + " *\n\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()
    game = one_game()
    for size in (16_000, 64_000, 250_000):
        text = game * max(1, size // len(game))
        best_cpu = best_wall = float("inf")
        outcome = ""
        for _ in range(args.passes):
            cpu, wall = time.process_time(), time.perf_counter()
            try:
                result = read_pdn(text)
                outcome = (f"{result.count:4d} games  answer "
                           f"{len(result.model_dump_json()) / 1000:6.1f} KB")
            except ApiError as refused:
                outcome = (f"refused {refused.status} {refused.code} "
                           f"(budget {PDN_CPU_SECONDS} s CPU)")
            best_cpu = min(best_cpu, time.process_time() - cpu)
            best_wall = min(best_wall, time.perf_counter() - wall)
        print(
            f"{len(text) / 1000:7.1f} KB  cpu {best_cpu:6.2f} s  wall {best_wall:6.2f} s  {outcome}"
        )


if __name__ == "__main__":
    main()
