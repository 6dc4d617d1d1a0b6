"""The computer player's commands for `python -m dames`: `bestmove` and `hub`.

`register(subparsers)` is called by the engine's argparse CLI (dames.cli); each command's
handler returns the process exit status. Bad input raises a `DamesError`/`ValueError` subclass,
which the engine's CLI prints as a one-line reason with status 2.
"""

from __future__ import annotations

import argparse
import sys
import time

from dames import draws
from dames.ai.levels import LEVELS
from dames.ai.player import choose_move
from dames.errors import DamesError
from dames.variants import VARIANTS


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "bestmove",
        help="the computer's move for a position (last line: the move in Hub form)",
        description="Prints the move the computer plays in this position with this seed, ply "
        "and level; the last line is the move in Hub form (e.g. 32-28 or 32x14x19x28).",
    )
    parser.add_argument("--variant", default="international", choices=sorted(VARIANTS))
    parser.add_argument("--fen", default=None, help="PDN FEN (default: the start position)")
    parser.add_argument("--seed", default="0", help="the game's seed (any text)")
    parser.add_argument(
        "--ply", type=int, default=None,
        help="the game's ply number (default: the number of --moves; below 4 the move is drawn "
        "at random)",
    )
    parser.add_argument("--level", default="defi", choices=list(LEVELS))
    parser.add_argument(
        "--moves", default="",
        help="moves played from the FEN, space-separated (they count for repetitions and the "
        "draw rules' counters)",
    )
    parser.add_argument(
        "--draw-rules", default=draws.FMJD, choices=draws.DRAW_RULES,
        help="the game's draw rules: the federation's (default; every game but the daily) or "
        "the daily challenge's (to replay a daily game's replies)",
    )
    parser.set_defaults(handler=run_bestmove)

    hub = subparsers.add_parser(
        "hub", help="speak the Hub engine protocol (version 2) on stdin/stdout"
    )
    hub.set_defaults(handler=run_hub)


def run_bestmove(args: argparse.Namespace) -> int:
    from dames.board import Board

    board = Board(args.fen, variant=args.variant, draw_rules=args.draw_rules)
    for text in args.moves.split():
        board.push(board.parse_move(text))
    if not board.legal_moves():
        raise DamesError("the side to move has no legal move")
    if args.ply is not None and args.ply < 0:
        raise DamesError("--ply must be >= 0")
    started = time.perf_counter()
    move = choose_move(board, seed=args.seed, level=args.level, ply=args.ply)
    elapsed = time.perf_counter() - started
    print(f"# level {args.level}, {elapsed * 1000:.0f} ms, {board.notation(move)}")
    print(move.hub())
    return 0


def run_hub(args: argparse.Namespace) -> int:
    from dames.ai.hub import HubSession

    return HubSession(sys.stdin, sys.stdout).run()
