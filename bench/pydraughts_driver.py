"""py-draughts 1.10.1's TurboEngine behind a line protocol, run by bench/match.py.

Runs in py-draughts' OWN virtualenv (its import name `draughts` clashes with pydraughts, and
it is a measuring instrument, never a dependency of the project): this file imports nothing from
the project. One request per line on stdin:

    go <depth|-> <seconds|-> <move> <move> ...    (the game so far, from the start position)

answered by one line `move <from> <to> <captured,...|->` (squares 1..50). Moves on the request
line are written the same way joined by `:` (`32:28:-`, `28:19:23`), so nothing depends on
either side's notation for captures.
"""

from __future__ import annotations

import sys

from draughts import StandardBoard, TurboEngine


def identity(move: object) -> str:
    squares = move.square_list  # type: ignore[attr-defined]
    captured = sorted(c + 1 for c in move.captured_list)  # type: ignore[attr-defined]
    caps = ",".join(str(c) for c in captured) or "-"
    return f"{squares[0] + 1}:{squares[-1] + 1}:{caps}"


def main() -> int:
    engines: dict[tuple[str, str], TurboEngine] = {}
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            return 0
        if words[0] != "go":
            print(f"error unknown command {words[0]}", flush=True)
            continue
        depth, seconds, played = words[1], words[2], words[3:]
        key = (depth, seconds)
        if key not in engines:
            engines[key] = TurboEngine(
                depth_limit=None if depth == "-" else int(depth),
                time_limit=None if seconds == "-" else float(seconds),
            )
        board = StandardBoard()
        for text in played:
            matches = [m for m in board.legal_moves if identity(m) == text]
            if len(matches) != 1:
                print(f"error illegal move {text}", flush=True)
                break
            board.push(matches[0])
        else:
            move = engines[key].get_best_move(board)
            print(f"move {identity(move).replace(':', ' ')}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
