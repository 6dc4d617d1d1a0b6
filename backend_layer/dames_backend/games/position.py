"""The analysis board's engine: any position, set up by hand or reached by moves on the board.

No game is stored and no token is needed: the page sends the position it started from (a FEN,
checked by ``dames.setup`` so a hand-made set-up that cannot be played gets every reason at
once) and the moves played on it since, and the server answers the position they reach, its
legal moves (the page knows no rule) and the engine's view of it at the depth asked for.

The work is bounded twice: the depth by the request model, and every search by a node budget
(``ANALYSIS_NODE_BUDGET``), past which the search keeps its last completed iteration, so even
a position full of flying kings costs a bounded fraction of a second. The searches go through
the engine's search gate like a hint (the local server's thinking limiter counts this route).
"""

from __future__ import annotations

from typing import Literal

import dames
from dames import draws
from dames.ai.levels import native_level
from dames.ai.player import search_position
from dames.ai.results import IterationInfo
from dames.ai.search import MATE, MATE_BOUND
from dames.analysis.scoring import EVAL_CAP
from dames.native import available as native_available
from dames.native.endings import ending_verdict
from dames.setup import check_setup
from pydantic import BaseModel, Field

from dames_backend.errors import ApiError
from dames_backend.games.enums import Side
from dames_backend.games.views import Color, MoveView, VariantName, move_view

MAX_DEPTH = 10
# The endgame tables' verdict, from White's side: the side that wins, or a draw.
Ending = Literal["white", "black", "draw"]
MAX_FORCED = 40  # forced moves played out before the search
MAX_MOVES = 600  # a whole game and more: each one is replayed, a few microseconds apiece
MAX_BODY_BYTES = 32 * 1024  # MAX_MOVES moves of a dozen characters and their quotes
# Work units (nodes plus capture landings, see dames.ai.search) per request, a little over the
# `fort` level's 80 000: bench/position_analysis.py times the deepest requests.
ANALYSIS_NODE_BUDGET = 100_000
# The native core's nodes per request where it is built (about 0.2 s of a core: depth 10 and
# more in every position measured by bench/position_analysis.py).
ANALYSIS_NATIVE_NODES = 1_000_000


class SetupProblemView(BaseModel):
    """One reason a set-up cannot be played from (``dames.setup``): the page words it by
    ``code`` in its language, the message being the English fallback."""

    code: str
    message: str
    color: Color | None
    squares: list[int]


class OutcomeView(BaseModel):
    winner: Color | None = Field(description="Null for a draw.")
    reason: str


class PositionAnalysis(BaseModel):
    """The position reached, its legal moves and the engine's view of it."""

    variant: VariantName
    fen: str = Field(description="The position after the moves sent.")
    turn: Color
    ply: int = Field(description="How many of the moves sent were played (all of them).")
    legalMoves: list[MoveView]
    outcome: OutcomeView | None = Field(description="Set when the game is over there.")
    eval: int | None = Field(
        description="Centi-men from White's side (100 = one man), within ±2000 but for a"
        " forced win (then `mate` is set); null once the game is over."
    )
    mate: int | None = Field(
        description="Plies to a forced win, positive when White wins; null when none is seen."
    )
    ending: Ending | None = Field(
        default=None,
        description="The endgame tables' verdict with perfect play, for positions of four"
        " pieces or fewer: the side that wins, or a draw; null where they hold none (more"
        " pieces, the game over, or a server without the native core). The tables count no"
        " moves: where the federation's 16- or 5-move count runs, it may still draw a won"
        " ending (`eval` and `bestLine` are the search's, which sees the count).",
    )
    bestMove: MoveView | None
    bestLine: list[str] = Field(description="The line the engine expects, official notation.")
    depth: int = Field(description="The depth the search completed (0: one legal move).")
    depthCut: bool = Field(
        default=False,
        description="The search stopped short of the depth asked: its work is bounded "
        f"({ANALYSIS_NODE_BUDGET:,} units a request), and `depth` is the last it completed.",
    )
    nodes: int
    problems: list[SetupProblemView] = Field(
        default_factory=list, description="Always empty here: a faulty set-up is refused (422)."
    )


def _start_board(variant: str, fen: str | None) -> dames.Board:
    """The board of ``fen`` (the variant's start when absent), or 422 with every fault."""
    start = fen if fen is not None else dames.get_variant(variant).start_fen
    problems = check_setup(variant, start)
    if problems:
        raise ApiError(
            422, "illegal-setup", " ".join(p.message for p in problems),
            problems=[
                SetupProblemView(code=p.code, message=p.message,
                                 color=None if p.color is None else Side(p.color),
                                 squares=list(p.squares)).model_dump()
                for p in problems
            ],
        )
    return dames.Board(start, variant=variant, draw_rules=draws.FMJD)


def _play_moves(board: dames.Board, moves: list[str]) -> None:
    for index, text in enumerate(moves):
        if board.outcome() is not None:
            raise ApiError(422, "game-over", f"Move {index + 1} ({text}) comes after the end.")
        try:
            board.push(board.parse_move(text))
        except dames.MoveError as error:
            raise ApiError(422, "illegal-move", f"Move {index + 1} ({text}): {error}") from None


def _white_side(score: int, turn: dames.Color) -> int:
    return score if turn == dames.WHITE else -score


def _line_notation(board: dames.Board, hubs: list[str]) -> list[str]:
    """The engine's line (full paths) in official notation, read on a copy of ``board``."""
    replay = board.copy()
    line = []
    for hub in hubs:
        move = replay.parse_move(hub)
        line.append(replay.notation(move))
        replay.push(move)
    return line


def _search(board: dames.Board, depth: int) -> tuple[list[str], int, int, int]:
    """The engine's line from ``board`` (full paths), its score for the side to move there,
    the depth completed and the nodes searched. Forced moves (the only legal one) are played
    first, at most ``MAX_FORCED`` of them, so a forced capture is not scored 0 unseen."""
    replay = board.copy()
    forced: list[str] = []
    while len(forced) < MAX_FORCED and replay.outcome() is None:
        legal = replay.legal_moves()
        if len(legal) != 1:
            break
        forced.append(legal[0].hub())
        replay.push(legal[0])
    over = replay.outcome()
    if over is not None:
        won = over.winner is not None
        score = (-MATE + len(forced)) if won else 0  # the side to move there has lost
        return forced, _signed_for(board, replay, score), 0, 0
    level = native_level("analysis", depth, ANALYSIS_NATIVE_NODES, ANALYSIS_NODE_BUDGET)
    iterations: list[IterationInfo] = []
    ordered, result = search_position(replay, level, iterations.append)
    best = ordered[result.best[0]]
    pv = iterations[-1].pv if iterations and result.depth else [best.hub()]
    score = result.score
    if abs(score) >= MATE_BOUND:  # mate counted from the board asked about
        score += -len(forced) if score > 0 else len(forced)
    return forced + pv, _signed_for(board, replay, score), result.depth, result.nodes


def _signed_for(board: dames.Board, later: dames.Board, score: int) -> int:
    """A score for the side to move in ``later`` as seen by the side to move in ``board``."""
    return score if later.turn == board.turn else -score


def _ending(board: dames.Board) -> Ending | None:
    """The tables' verdict from White's side (the side to move's, turned like ``eval``)."""
    verdict = ending_verdict(board) if native_available() else None
    if verdict is None or verdict == "draw":
        return verdict
    winner = board.turn if verdict == "win" else board.turn.opponent
    return "white" if winner == dames.WHITE else "black"


def analyse_position(
    variant: str, fen: str | None, moves: list[str], depth: int
) -> PositionAnalysis:
    """The position ``moves`` reach from ``fen`` and the engine's evaluation and line at
    ``depth`` (bounded by ``ANALYSIS_NODE_BUDGET``)."""
    board = _start_board(variant, fen)
    _play_moves(board, moves)
    legal = board.legal_moves()
    view = PositionAnalysis(
        variant=variant, fen=board.fen(), turn=Side.of(board.turn), ply=len(moves),
        legalMoves=[move_view(board, m) for m in legal], outcome=None, eval=None, mate=None,
        bestMove=None, bestLine=[], depth=0, nodes=0,
    )
    over = board.outcome()
    if over is not None:
        winner = None if over.winner is None else Side.of(over.winner)
        view.outcome = OutcomeView(winner=winner, reason=over.reason.value)
        return view
    hubs, score, view.depth, view.nodes = _search(board, depth)
    view.ending = _ending(board)
    view.bestMove = move_view(board, board.parse_move(hubs[0]))
    view.bestLine = _line_notation(board, hubs)
    # Clamped as the game analysis clamps (a won ending the bitbases know scores 200 men).
    view.eval = _white_side(score if abs(score) >= MATE_BOUND
                            else max(-EVAL_CAP, min(EVAL_CAP, score)), board.turn)
    # Short of the depth asked with no end in sight: the node budget stopped it (a forced
    # win found early ends the search too, and says so by itself).
    view.depthCut = 0 < view.depth < depth and abs(score) < MATE_BOUND
    if abs(score) >= MATE_BOUND:
        plies = MATE - abs(score)
        view.mate = _white_side(plies if score > 0 else -plies, board.turn)
    return view
