"""Command line: ``python -m dames perft|divide|moves|verify …`` (``bestmove``/``hub`` come from
dames.ai, ``verify`` from dames.verify).

Errors in the user's input (bad FEN, unknown variant, bad depth) print a one-line reason on
stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from dames.ai.cli import register as register_ai_commands
from dames.board import Board
from dames.errors import DamesError
from dames.perft import divide, perft
from dames.variants import VARIANTS
from dames.verify import register as register_verify_command


def _depth(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"depth must be a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("depth must be >= 0")
    return value


def _add_position_arguments(parser: argparse.ArgumentParser, fen_required: bool = False) -> None:
    parser.add_argument(
        "--variant", default="international", choices=sorted(VARIANTS), help="rule set"
    )
    parser.add_argument(
        "--fen", required=fen_required, default=None, help="PDN FEN (default: start position)"
    )


def _board(args: argparse.Namespace) -> Board:
    return Board(args.fen, variant=args.variant)


def _cmd_perft(args: argparse.Namespace) -> int:
    board = _board(args)
    started = time.perf_counter()
    nodes = perft(board, args.depth)
    elapsed = time.perf_counter() - started
    rate = nodes / elapsed if elapsed > 0 else 0.0
    print(f"# {args.variant} depth {args.depth}: {elapsed:.3f} s, {rate:,.0f} leaf nodes/s")
    print(nodes)
    return 0


def _cmd_divide(args: argparse.Namespace) -> int:
    if args.depth < 1:
        raise DamesError("divide needs depth >= 1")
    board = _board(args)
    total = 0
    for move, nodes in divide(board, args.depth):
        print(f"{board.notation(move)}: {nodes}")
        total += nodes
    print(total)
    return 0


def _cmd_moves(args: argparse.Namespace) -> int:
    board = _board(args)
    for move in board.legal_moves():
        print(move.hub())
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m dames", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("perft", help="count the leaves of the move tree (last line: the count)")
    _add_position_arguments(p)
    p.add_argument("depth", type=_depth)
    p.set_defaults(handler=_cmd_perft)

    p = sub.add_parser("divide", help="perft of each legal move, then the total")
    _add_position_arguments(p)
    p.add_argument("depth", type=_depth)
    p.set_defaults(handler=_cmd_divide)

    p = sub.add_parser("moves", help="every legal move in Hub form, one per line")
    _add_position_arguments(p, fen_required=True)
    p.set_defaults(handler=_cmd_moves)

    register_ai_commands(sub)
    register_verify_command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None) or getattr(args, "func", None)
    if handler is None:
        parser.error(f"command {args.command!r} has no handler")
    try:
        return int(handler(args) or 0)
    except DamesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
