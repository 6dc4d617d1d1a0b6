"""From a position to a puzzle's solution, or to nothing (lichess's ``cook_advantage``).

The solver is the side to move. At each choice the engine ranks the moves; the line goes on
while the best is an only move (``criteria.is_only_move``), accepting every move tied with the
best (up to ``MAX_ALTERNATIVES``; the first choice must have a single best move), and stops at
the first choice where it is not: the combination is over there. The defender answers with the
engine's best reply, and a forced move of the solver is played for it. Then, as lichess trims
a final only-move, nothing after the last choice is asked of the player: the rest of the line
(forced moves, pending captures played out by the engine) is shown as the combination's end.

A line is a puzzle when it wins at least ``criteria.MIN_GAIN_MEN`` of material or the game,
the position at its end is still won (``MIN_BEST_WIN``), the root search saw it within its
depth (the plies with a choice up to the last accepted move are no more than the depth the
search completed), and it asks for more than one capture: a puzzle of one move that is a
capture (choosing among captures) is left out, so one-move puzzles are the quiet shots only.
"""

from __future__ import annotations

from dataclasses import dataclass

from dames.ai.search import MATE_BOUND
from dames.board import Board
from dames.color import Color
from dames.puzzles import criteria
from dames.puzzles.engine import PuzzleEngine, Ranking
from dames.puzzles.solution import Branch, Choice

MAX_CHOICES = 8  # moves asked of the solver at most
MAX_ALTERNATIVES = 3  # equally good moves accepted at one choice
MAX_LINE_PLIES = 40  # a line is cut here whatever happens (long king manoeuvres)
EPILOGUE_PLIES = 12  # plies played after the last choice while captures are pending


@dataclass(frozen=True)
class Cooked:
    """A solution and what was measured on its main line."""

    solution: Choice
    root: Ranking
    gain: float  # men won by the main line (kings at the variant's value)
    horizon: int  # plies with a choice, from the start to the last accepted move
    end_score: int  # the solver's value at the line's end (search score)


class _Cook:
    def __init__(self, engine: PuzzleEngine, solver: Color) -> None:
        self.engine = engine
        self.solver = solver
        self.end_score = 0

    def choice(self, board: Board, ranking: Ranking, depth: int,
               main: bool = True) -> Choice | None:
        """The accepted moves at ``board`` and their lines, or None: no only move here.
        ``main``: this choice is on the main line (whose end value is kept)."""
        if not criteria.is_only_move(ranking.score, ranking.second):
            return None
        if len(ranking.best) > (1 if depth == 0 else MAX_ALTERNATIVES):
            return None
        branches = []
        for index, move in enumerate(ranking.best):
            after = board.copy()
            after.push(move)
            reply, following = self.follow(after, depth + 1, main and index == 0)
            branches.append(Branch(str(move), tuple(reply), following))
        return Choice(tuple(branches))

    def follow(self, board: Board, depth: int, main: bool) -> tuple[list[str], Choice | None]:
        """The plies after an accepted move, up to the next choice (or the line's end)."""
        plies: list[str] = []
        while board.ply < MAX_LINE_PLIES:
            moves = board.legal_moves()
            if not moves:
                if main:
                    self.end_score = MATE_BOUND if board.turn != self.solver else -MATE_BOUND
                return plies, None
            if board.turn != self.solver or len(moves) == 1:
                move = moves[0] if len(moves) == 1 else self.engine.reply(board)[0]
            elif depth >= MAX_CHOICES:
                break
            else:
                ranking = self.engine.rank(board)
                if main:
                    self.end_score = ranking.score
                following = self.choice(board, ranking, depth, main)
                if following is not None:
                    return plies, following
                break  # no only move: the combination is over here
            plies.append(str(move))
            board.push(move)
        plies += _epilogue(board, self.engine)
        return plies, None


def _captures_pending(board: Board) -> bool:
    moves = board.legal_moves()
    return bool(moves) and moves[0].is_capture


def _epilogue(board: Board, engine: PuzzleEngine) -> list[str]:
    """The captures still pending at the line's end, played out by the engine."""
    plies: list[str] = []
    while len(plies) < EPILOGUE_PLIES and _captures_pending(board):
        move = engine.reply(board)[0]
        plies.append(str(move))
        board.push(move)
    return plies


def horizon_of(board: Board, solution: Choice) -> int:
    """The plies with a choice on the main line, up to and including its last accepted move."""
    replay = board.copy()
    count = seen = 0
    choice: Choice | None = solution
    while choice is not None:
        branch = choice.branches[0]
        for ply, text in enumerate((branch.move, *branch.reply)):
            if len(replay.legal_moves()) > 1:
                count += 1
            if ply == 0:
                seen = count
            replay.push(replay.parse_move(text))
        choice = branch.next
    return seen


def cook(board: Board, engine: PuzzleEngine) -> Cooked | None:
    """The puzzle of ``board`` (searched from its FEN alone, under the federation's draw
    rules), or None when it is not one."""
    start = Board(board.fen(), board.variant.name, "fmjd")
    if len(start.legal_moves()) < 2:
        return None
    root = engine.rank(start)
    solver = start.turn
    cooking = _Cook(engine, solver)
    solution = cooking.choice(start, root, 0)
    if solution is None:
        return None
    first = solution.branches[0].move
    if solution.choices() == 1 and "x" in first:
        return None
    end = start.copy()
    for text in solution.main_line():
        end.push(end.parse_move(text))
    won = not end.legal_moves() and end.turn != solver
    gain = criteria.material(end, solver) - criteria.material(start, solver)
    if not won and (gain < criteria.MIN_GAIN_MEN
                    or criteria.win_of(cooking.end_score) < criteria.MIN_BEST_WIN):
        return None
    horizon = horizon_of(start, solution)
    if horizon > root.depth:
        return None
    return Cooked(solution, root, gain, horizon, cooking.end_score)
