"""The search's window on the rules engine.

All coupling between the search and the engine lives here: reading a `Board` into the internal
bitboards the search works on, the Zobrist keys of the positions behind it (for repetitions),
how far its draw rules let the game go, and translating between the engine's internal moves and
its public `Move` objects.
"""

from __future__ import annotations

from dataclasses import dataclass

from dames import draws
from dames.board import Board
from dames.geometry import Geometry
from dames.move import Move
from dames.movegen import InternalMove

MoveIdentity = tuple[int, int, frozenset[int]]
NO_LIMIT = 1 << 30  # a draw limit the search can never reach


@dataclass(frozen=True)
class RootPosition:
    """A board as the search sees it: bitboards, side to move, key and reversible history."""

    white: int
    black: int
    kings: int
    color: int
    key: int
    history: tuple[int, ...]  # keys since the last man move or capture, oldest first, excl. root
    quiet_limit: int = NO_LIMIT  # plies without a man move or capture that draw the game
    plies_left: int = NO_LIMIT  # plies the game may still last before it is drawn by its length
    # Plies before the federation's endgame count (16 or 5 moves each against a lone king)
    # draws the game; only the strong search reads it (`dames.ai.strong`).
    endgame_plies_left: int = NO_LIMIT
    # The positions of `history` as bitboards (white, black, kings): the native core keys them
    # with its own constants (`dames.native.search`).
    history_boards: tuple[tuple[int, int, int], ...] = ()


def read_board(board: Board) -> RootPosition:
    """Take the bitboards and the reversible stretch of history from an engine `Board`."""
    replay = board.copy()
    history: list[int] = []
    boards: list[tuple[int, int, int]] = []
    for move in reversed(board.move_stack):
        replay.pop()
        piece = replay.piece_at(move.start)
        if move.is_capture or piece is None or not piece.king:
            break
        history.append(replay.zobrist)
        boards.append((replay.white, replay.black, replay.kings))
    history.reverse()
    boards.reverse()
    rules = draws.rule_set(board.draw_rules, board.variant.federation_draws)
    length = draws.game_length_limit(rules)
    counters = board.draw_counters
    endgame_left = NO_LIMIT
    if rules == draws.FMJD and counters.endgame:
        endgame_left = draws.ENDGAME_PLIES[counters.endgame] - counters.endgame_plies
    return RootPosition(
        white=board.white,
        black=board.black,
        kings=board.kings,
        color=int(board.turn),
        key=board.zobrist,
        history=tuple(history),
        quiet_limit=draws.quiet_ply_limit(rules),
        plies_left=NO_LIMIT if length is None else length - board.ply,
        endgame_plies_left=endgame_left,
        history_boards=tuple(boards),
    )


def identity_of_move(move: Move) -> MoveIdentity:
    """What makes two moves the same move: start, end and the set of captured squares."""
    return move.start, move.end, frozenset(move.captures)


def identity_of_internal(move: InternalMove, geometry: Geometry) -> MoveIdentity:
    squares = geometry.square_of_bit
    frm, to, _captured, _path, caps = move
    captured = frozenset(squares[b] for b in caps) if caps else frozenset()
    return squares[frm.bit_length() - 1], squares[to.bit_length() - 1], captured


def hub_of_internal(move: InternalMove, geometry: Geometry) -> str:
    """Hub form of an internal move (for search output): `32-28` or `32x14x19x28`."""
    start, end, captured = identity_of_internal(move, geometry)
    if not captured:
        return f"{start}-{end}"
    return "x".join(str(s) for s in (start, end, *sorted(captured)))


def root_moves(board: Board, root: RootPosition) -> tuple[list[Move], list[InternalMove]]:
    """The legal moves in the engine's public order, and the same moves as internal tuples."""
    from dames.movegen import get_generator

    moves = board.legal_moves()
    us, them = (root.white, root.black) if root.color == 0 else (root.black, root.white)
    internal = get_generator(board.variant).generate(us, them, root.kings, root.color)
    geometry = board.variant.geometry
    by_identity = {identity_of_internal(m, geometry): m for m in internal}
    try:
        return moves, [by_identity[identity_of_move(m)] for m in moves]
    except KeyError as missing:
        raise RuntimeError(f"the engine's move lists disagree on {missing}") from None
